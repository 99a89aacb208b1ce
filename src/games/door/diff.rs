//! Where an engine's swap record first differs from the reference's, named
//! by the record's field and stage.

use m3_model::door::{Board, Outcome, Stage, SwapRecord};

use super::render::{grid, stage_start, LEGEND};
use super::rules::{swapped, validity};
use super::state::Settled;
use crate::check::diff::Fields;
use crate::game::Difference;
use crate::kit::render::{before_and_after, cells, side_by_side};

/// `before` is where both sides started the swap from.
pub fn record_difference(before: &Settled, engine: &SwapRecord, reference: &SwapRecord) -> Difference {
    let before = &before.board;
    let first = || match validity(before, engine.swap) {
        Ok(()) => swapped(before, engine.swap),
        Err(_) => before.clone(),
    };
    Fields::of(engine, reference)
        .debug("swap", |r| &r.swap)
        .debug("status", |r| &r.status)
        .steps_on("stages", |r| &r.stages, first, |stage| &stage.board, stage_difference, stage_boards)
        .debug("vanished", |r| &r.vanished)
        .finish_on("the grid before the swap", plain, before, |r| &r.board)
}

/// The outcome is the answer alone: the gems and bombs that vanished (MD7).
pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    Difference::plain("vanished", &engine.vanished, &reference.vanished)
}

fn stage_difference<'a>(engine: &'a Stage, reference: &'a Stage) -> Fields<'a, Stage> {
    Fields::of(engine, reference)
        .debug("kind", |s| &s.kind)
        .shown("exploded", |s| &s.exploded[..], cells)
        .shown("vanished", |s| &s.vanished[..], cells)
        .shown("activated", |s| &s.activated[..], cells)
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
