//! Where an engine's turn record first differs from the reference's.

use m3_model::square::{Outcome, TurnRecord};

use super::draw::{before_adjust, grid};
use super::Standing;
use crate::diff::Fields;
use crate::draw::before_and_after;
use crate::game::Difference;

pub fn record_difference(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> Difference {
    Fields::new()
        .debug("turn", &engine.turn, &reference.turn)
        .debug("status", &engine.status, &reference.status)
        .steps(&engine.squares, &reference.squares, |_, e, r| Difference::plain("squares", e, r))
        .debug("squares", &engine.squares.len(), &reference.squares.len())
        .debug("buffer", &engine.buffer, &reference.buffer)
        .finish(|| boards(before, engine, reference))
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    Fields::new()
        .debug("score", &engine.score, &reference.score)
        .debug("first_invalid", &engine.first_invalid, &reference.first_invalid)
        .or_whole("outcome", engine, reference)
}

/// The board the turn adjusted, then each side's board after it.
fn boards(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> String {
    let adjusted = before_adjust(before, engine).map(|(board, moved)| grid(&board, &[], &moved));
    let heading = "the board the turn adjusts, ( ) the tiles its move swapped";
    let after = |record: &TurnRecord| grid(&record.board, &[], &[]);
    before_and_after(adjusted.as_deref().map(|board| (heading, board)), &after(engine), &after(reference))
}
