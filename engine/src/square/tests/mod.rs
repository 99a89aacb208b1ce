//! Tests named after the rule they pin, and of the engine's own machinery.
//! The hand-made boards' expected values were worked out by hand from
//! docs/RULES.md. Generated games against the reference, the quiet path against
//! the stepped one and the quiet path's allocations are the harness's
//! (`tests/square.rs`), which runs every engine through the same suites.

mod rules;

use m3_model::square::{Board, Instance, Move, Outcome, Square, SquareRemover, Turn, TurnRecord};
use m3_model::Stepper;

use crate::square::Engine;

/// A board from rows of digits, one digit a tile.
fn board(rows: &[&str]) -> Board {
    let cols = rows.first().map_or(0, |row| row.len());
    let cells = rows
        .iter()
        .flat_map(|row| {
            assert_eq!(row.len(), cols, "ragged board");
            row.bytes().map(|digit| digit - b'0')
        })
        .collect();
    Board::from_cells(rows.len(), cols, cells)
}

fn instance(colours: u8, seed: u64, rows: &[&str], moves: &[(i32, i32, i32)]) -> Instance {
    Instance {
        colours,
        seed,
        board: board(rows),
        moves: moves.iter().map(|&(row, col, dir)| Move::new(row, col, dir)).collect(),
    }
}

fn squares(list: &[(usize, usize)]) -> Vec<Square> {
    list.iter().map(|&(row, col)| Square::new(row, col)).collect()
}

/// Every turn of `instance` (the opening, then the moves) through the
/// stepper.
fn play(instance: &Instance) -> (Vec<TurnRecord>, Outcome) {
    play_turns(instance, &instance.turns())
}

fn play_turns(instance: &Instance, turns: &[Turn]) -> (Vec<TurnRecord>, Outcome) {
    let mut game = <Engine as Stepper<SquareRemover>>::start(instance);
    let records = turns.iter().map(|turn| game.step(turn)).collect();
    (records, game.finish())
}
