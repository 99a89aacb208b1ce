//! Where an engine's swap record first differs from the reference's, named
//! by the record's field and stage.

use m3_model::door::{Board, Stage, SwapRecord};

use super::draw::{grid, stage_start, LEGEND};
use super::rules::{swapped, validity};
use crate::draw::{before_and_after, cells, side_by_side};
use crate::game::Difference;

/// `before` is the grid both sides started the swap from.
pub fn record_difference(before: &Board, engine: &SwapRecord, reference: &SwapRecord) -> Difference {
    // Every difference outside a stage shows the grid the swap started from
    // and where each side left it.
    let plain = |field, e: &dyn std::fmt::Debug, r: &dyn std::fmt::Debug| {
        let start = grid(before, &[], &[]);
        let grids = before_and_after(Some(("the grid before the swap", &start)), &afters(engine), &afters(reference));
        Difference::plain(field, e, r).with_boards(grids)
    };
    if engine.swap != reference.swap {
        return plain("swap", &engine.swap, &reference.swap);
    }
    if engine.status != reference.status {
        return plain("status", &engine.status, &reference.status);
    }
    // The stages before the one that differs agree, so both sides start each
    // stage from the same grid.
    let mut start = if validity(before, engine.swap).is_ok() { swapped(before, engine.swap) } else { before.clone() };
    for (index, (e, r)) in engine.stages.iter().zip(&reference.stages).enumerate() {
        if let Some((field, engine, reference)) = stage_difference(e, r) {
            return Difference::in_step(index + 1, field, engine, reference).with_boards(stage_boards(&start, e, r));
        }
        start = r.board.clone();
    }
    if engine.stages.len() != reference.stages.len() {
        return plain("stages", &engine.stages.len(), &reference.stages.len());
    }
    if engine.vanished != reference.vanished {
        return plain("vanished", &engine.vanished, &reference.vanished);
    }
    plain("board", &"see below", &"see below")
}

/// The first field of a stage that the two sides record differently, and
/// each side's value.
fn stage_difference(engine: &Stage, reference: &Stage) -> Option<(&'static str, String, String)> {
    if engine.kind != reference.kind {
        return Some(("kind", format!("{:?}", engine.kind), format!("{:?}", reference.kind)));
    }
    let lists = [
        ("exploded", &engine.exploded, &reference.exploded),
        ("vanished", &engine.vanished, &reference.vanished),
        ("activated", &engine.activated, &reference.activated),
    ];
    if let Some((field, e, r)) = lists.into_iter().find(|(_, e, r)| e != r) {
        return Some((field, cells(e), cells(r)));
    }
    let below = || "see the grids below".to_string();
    (engine.board != reference.board).then(|| ("board", below(), below()))
}

/// The stage's starting grid as each side emptied it, then each side's grid
/// after the fall.
fn stage_boards(start: &Board, engine: &Stage, reference: &Stage) -> String {
    let mut text = side_by_side(
        "engine vanished",
        &stage_start(start, engine),
        "reference vanished",
        &stage_start(start, reference),
    );
    text.push_str(&before_and_after(None, &grid(&engine.board, &[], &[]), &grid(&reference.board, &[], &[])));
    text.push_str(&format!("    {LEGEND}\n"));
    text
}

/// The grid a swap left.
fn afters(record: &SwapRecord) -> Vec<String> {
    grid(&record.board, &[], &[])
}
