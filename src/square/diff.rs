//! Where an engine's turn record first differs from the reference's.

use m3_model::square::{Outcome, TurnRecord};

use super::draw::{before_adjust, grid};
use super::Standing;
use crate::draw::before_and_after;
use crate::game::Difference;

pub fn record_difference(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> Difference {
    let plain = Difference::plain;
    let boards = || boards(before, engine, reference);
    if engine.turn != reference.turn {
        return plain("turn", &engine.turn, &reference.turn).with_boards(boards());
    }
    if engine.status != reference.status {
        return plain("status", &engine.status, &reference.status).with_boards(boards());
    }
    if engine.squares != reference.squares {
        let first = engine.squares.iter().zip(&reference.squares).take_while(|(e, r)| e == r).count();
        return Difference {
            step: Some(first + 1),
            ..plain("squares", &engine.squares.get(first), &reference.squares.get(first))
        }
        .with_boards(boards());
    }
    if engine.buffer != reference.buffer {
        return plain("buffer", &engine.buffer, &reference.buffer).with_boards(boards());
    }
    plain("board", &"see below", &"see below").with_boards(boards())
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    if engine.score != reference.score {
        return Difference::plain("score", &engine.score, &reference.score);
    }
    Difference::plain("first_invalid", &engine.first_invalid, &reference.first_invalid)
}

/// The board the turn adjusted, then each side's board after it.
fn boards(before: &Standing, engine: &TurnRecord, reference: &TurnRecord) -> String {
    let adjusted = before_adjust(before, engine).map(|(board, moved)| grid(&board, &[], &moved));
    let heading = "the board the turn adjusts, ( ) the tiles its move swapped";
    let after = |record: &TurnRecord| grid(&record.board, &[], &[]);
    before_and_after(adjusted.as_deref().map(|board| (heading, board)), &after(engine), &after(reference))
}
