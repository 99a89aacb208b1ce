//! Where an engine's turn record first differs from the reference's.

use m3_model::square::{Outcome, TurnRecord};

use super::render::{before_adjust, grid};
use super::state::Standing;
use crate::check::diff::Fields;
use crate::game::Difference;
use crate::kit::render::before_and_after;

pub fn record_difference(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> Difference {
    Fields::of(engine, reference)
        .debug("turn", |r| &r.turn)
        .debug("status", |r| &r.status)
        .steps("squares", |r| &r.squares, |_, e, r| Difference::plain("squares", e, r))
        .debug("buffer", |r| &r.buffer)
        .finish(|| boards(before, engine, reference))
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    Fields::of(engine, reference)
        .debug("score", |o| &o.score)
        .debug("first_invalid", |o| &o.first_invalid)
        .or_whole("outcome")
}

/// The board the turn adjusted, then each side's board after it.
fn boards(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> String {
    let adjusted = before_adjust(before, engine).map(|(board, moved)| grid(&board, &[], &moved));
    let heading = "the board the turn adjusts, ( ) the tiles its move swapped";
    let after = |record: &TurnRecord| grid(&record.board, &[], &[]);
    before_and_after(adjusted.as_deref().map(|board| (heading, board)), &after(engine), &after(reference))
}
