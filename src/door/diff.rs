//! Where an engine's swap record first differs from the reference's, named
//! by the record's field and stage.

use m3_model::door::{Board, Stage, SwapRecord};

use super::draw::{grid, stage_start, LEGEND};
use super::rules::{swapped, validity};
use crate::diff::Fields;
use crate::draw::{before_and_after, cells, side_by_side};
use crate::game::Difference;

/// `before` is the grid both sides started the swap from.
pub fn record_difference(before: &Board, engine: &SwapRecord, reference: &SwapRecord) -> Difference {
    Fields::new()
        .debug("swap", &engine.swap, &reference.swap)
        .debug("status", &engine.status, &reference.status)
        .steps_on(
            &engine.stages,
            &reference.stages,
            || match validity(before, engine.swap) {
                Ok(()) => swapped(before, engine.swap),
                Err(_) => before.clone(),
            },
            |stage| &stage.board,
            |start, e, r| stage_difference(e, r).finish(|| stage_boards(start, e, r)),
        )
        .debug("stages", &engine.stages.len(), &reference.stages.len())
        .debug("vanished", &engine.vanished, &reference.vanished)
        .finish_on("the grid before the swap", plain, before, &engine.board, &reference.board)
}

fn stage_difference(engine: &Stage, reference: &Stage) -> Fields {
    Fields::new()
        .debug("kind", &engine.kind, &reference.kind)
        .shown("exploded", &engine.exploded[..], &reference.exploded[..], cells)
        .shown("vanished", &engine.vanished[..], &reference.vanished[..], cells)
        .shown("activated", &engine.activated[..], &reference.activated[..], cells)
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

/// A grid with nothing marked.
fn plain(board: &Board) -> Vec<String> {
    grid(board, &[], &[])
}
