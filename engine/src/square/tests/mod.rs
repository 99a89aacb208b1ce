//! Tests of the engine's own machinery, on states no game file can hold:
//! a buffer seeded outside the format's range, tiles of values the buffer
//! never hands out, boards with no room for a move, and a first move made
//! before any adjust. The rules themselves are pinned by the case files
//! (`corpus/square/`, see `crate::cases`), which hold the engine and the
//! reference to the same records.

mod buffer;
mod machinery;

use m3_model::square::{parse, Instance, Outcome, Turn, TurnRecord};
use m3_model::Stepper;

use crate::square::Engine;

/// An instance in the problem's own format; the tests then change what the
/// format cannot hold.
fn instance(text: &str) -> Instance {
    parse(text).expect("a test instance in the problem's format")
}

/// `turns` through the stepper, whatever the instance's own moves are.
fn play_turns(instance: &Instance, turns: &[Turn]) -> (Vec<TurnRecord>, Outcome) {
    let mut game = <Engine as Stepper<m3_model::square::SquareRemover>>::start(instance);
    let records = turns.iter().map(|turn| game.step(turn)).collect();
    (records, game.finish())
}

/// Every turn of `instance`: the opening, then its moves.
fn play(instance: &Instance) -> (Vec<TurnRecord>, Outcome) {
    play_turns(instance, &instance.turns())
}
