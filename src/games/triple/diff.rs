//! Where an engine's command record or outcome first differs from the
//! reference's, named by the field and, inside a chain, by the merge.

use m3_model::triple::{CommandRecord, Outcome};

use super::render::{after, map, LEGEND};
use super::state::Town;
use crate::check::diff::Fields;
use crate::game::Difference;
use crate::kit::render::{before_and_after, cells};

/// `before` is the town both sides started the command from.
pub fn record_difference(before: &Town, engine: &CommandRecord, reference: &CommandRecord) -> Difference {
    Fields::of(engine, reference)
        .debug("command", |r| &r.command)
        .debug("status", |r| &r.status)
        .debug("placed", |r| &r.placed)
        .debug("bombed", |r| &r.bombed)
        .steps(
            "merges",
            |r| &r.merges,
            |_, e, r| {
                Fields::of(e, r)
                    .shown("level", |m| &m.level, |level| format!("L{level}"))
                    .shown("emptied", |m| &m.emptied[..], cells)
                    .or_whole("merge")
            },
        )
        .debug("points", |r| &r.points)
        .debug("score", |r| &r.score)
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
    Fields::of(engine, reference)
        .debug("rejection", |o| &o.rejection)
        .debug("ended", |o| &o.ended)
        .debug("score", |o| &o.score)
        .or_whole("outcome")
}
