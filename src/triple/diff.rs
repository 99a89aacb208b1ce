//! Where an engine's command record first differs from the reference's,
//! named by the record's field and, inside a chain, by the merge.

use m3_model::triple::{CommandRecord, Merge};

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
