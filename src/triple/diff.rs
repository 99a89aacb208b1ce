//! Where an engine's command record or outcome first differs from the
//! reference's, named by the field and, inside a chain, by the merge.

use m3_model::triple::{CommandRecord, Outcome};

use super::draw::{after, map, LEGEND};
use super::Town;
use crate::diff::Fields;
use crate::draw::{before_and_after, cells};
use crate::game::Difference;

/// `before` is the town both sides started the command from.
pub fn record_difference(before: &Town, engine: &CommandRecord, reference: &CommandRecord) -> Difference {
    Fields::new()
        .debug("command", &engine.command, &reference.command)
        .debug("status", &engine.status, &reference.status)
        .debug("placed", &engine.placed, &reference.placed)
        .debug("bombed", &engine.bombed, &reference.bombed)
        .steps(&engine.merges, &reference.merges, |_, e, r| {
            let level = |level: &u8| format!("L{level}");
            Fields::new()
                .shown("level", &e.level, &r.level, level)
                .shown("emptied", &e.emptied[..], &r.emptied[..], cells)
                .or_whole("merge", e, r)
        })
        .debug("merges", &engine.merges.len(), &reference.merges.len())
        .debug("points", &engine.points, &reference.points)
        .debug("score", &engine.score, &reference.score)
        .finish(|| {
            // The map the command started from and where each side left it.
            let start = map(&before.map, None, &[]);
            let mut boards =
                before_and_after(Some(("the map before the command", &start)), &after(engine), &after(reference));
            boards.push_str(&format!("    {LEGEND}\n"));
            boards
        })
}

/// The outcome's fields in the checker's order: a refusal (TT7) decides the
/// answer before the score does.
pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    Fields::new()
        .debug("rejection", &engine.rejection, &reference.rejection)
        .debug("ended", &engine.ended, &reference.ended)
        .debug("score", &engine.score, &reference.score)
        .or_whole("outcome", engine, reference)
}
