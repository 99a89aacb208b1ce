//! Where an engine's command record or outcome first differs from the
//! reference's, named by the field and, inside a chain, by the merge.

use m3_model::triple::{CommandRecord, Merge, Outcome};

use super::draw::{after, map, LEGEND};
use super::Town;
use crate::draw::{before_and_after, cells};
use crate::game::Difference;

/// `before` is the town both sides started the command from.
pub fn record_difference(before: &Town, engine: &CommandRecord, reference: &CommandRecord) -> Difference {
    // Every difference shows the map the command started from and where
    // each side left it.
    let start = map(&before.map, None, &[]);
    let mut boards = before_and_after(Some(("the map before the command", &start)), &after(engine), &after(reference));
    boards.push_str(&format!("    {LEGEND}\n"));
    let shown = |value: &dyn std::fmt::Debug| format!("{value:?}");
    // The fields before the chain, then the chain merge by merge, then the
    // fields after it: the first that differs names the difference.
    let before_chain = [
        ("command", shown(&engine.command), shown(&reference.command)),
        ("status", shown(&engine.status), shown(&reference.status)),
        ("placed", shown(&engine.placed), shown(&reference.placed)),
        ("bombed", shown(&engine.bombed), shown(&reference.bombed)),
    ];
    let chain = engine.merges.iter().zip(&reference.merges).enumerate().find(|(_, (e, r))| e != r);
    let after_chain = [
        ("merges", shown(&engine.merges.len()), shown(&reference.merges.len())),
        ("points", shown(&engine.points), shown(&reference.points)),
        ("score", shown(&engine.score), shown(&reference.score)),
    ];
    let first = |fields: &[(&'static str, String, String)]| fields.iter().find(|(_, e, r)| e != r).cloned();
    let differing = first(&before_chain);
    if let (None, Some((index, (e, r)))) = (&differing, chain) {
        let (field, engine, reference) = merge_difference(e, r);
        return Difference::in_step(index + 1, field, engine, reference).with_boards(boards);
    }
    let differing = differing.or_else(|| first(&after_chain));
    let (field, engine, reference) = differing.unwrap_or(("map", "see below".into(), "see below".into()));
    Difference { step: None, field, engine, reference, boards: Some(boards) }
}

fn merge_difference(engine: &Merge, reference: &Merge) -> (&'static str, String, String) {
    if engine.level != reference.level {
        return ("level", format!("L{}", engine.level), format!("L{}", reference.level));
    }
    ("emptied", cells(&engine.emptied), cells(&reference.emptied))
}

/// The outcome's fields in the checker's order: a refusal (TT7) decides the
/// answer before the score does.
pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    if engine.rejection != reference.rejection {
        return Difference::plain("rejection", &engine.rejection, &reference.rejection);
    }
    if engine.ended != reference.ended {
        return Difference::plain("ended", &engine.ended, &reference.ended);
    }
    Difference::plain("score", &engine.score, &reference.score)
}
