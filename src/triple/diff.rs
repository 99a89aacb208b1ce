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
    let plain = |field, e: &dyn std::fmt::Debug, r: &dyn std::fmt::Debug| {
        Difference::plain(field, e, r).with_boards(boards.clone())
    };
    if engine.command != reference.command {
        return plain("command", &engine.command, &reference.command);
    }
    if engine.status != reference.status {
        return plain("status", &engine.status, &reference.status);
    }
    if engine.placed != reference.placed {
        return plain("placed", &engine.placed, &reference.placed);
    }
    if engine.bombed != reference.bombed {
        return plain("bombed", &engine.bombed, &reference.bombed);
    }
    for (index, (e, r)) in engine.merges.iter().zip(&reference.merges).enumerate() {
        if e != r {
            let (field, engine, reference) = merge_difference(e, r);
            return Difference::in_step(index + 1, field, engine, reference).with_boards(boards);
        }
    }
    if engine.merges.len() != reference.merges.len() {
        return plain("merges", &engine.merges.len(), &reference.merges.len());
    }
    if engine.points != reference.points {
        return plain("points", &engine.points, &reference.points);
    }
    if engine.score != reference.score {
        return plain("score", &engine.score, &reference.score);
    }
    plain("map", &"see below", &"see below")
}

fn merge_difference(engine: &Merge, reference: &Merge) -> (&'static str, String, String) {
    if engine.level != reference.level {
        return ("level", format!("L{}", engine.level), format!("L{}", reference.level));
    }
    ("emptied", cells(&engine.emptied), cells(&reference.emptied))
}
