//! Tests of the engine's own machinery that no game file reaches. The rules
//! are pinned by the rule cases (`corpus/door/`, run by `crate::cases`);
//! generated games against the reference, the invariants, the quiet path
//! against the stepped one and the quiet path's allocations are the
//! harness's (`tests/door.rs`), which runs every engine through the same
//! suites.

mod machinery;

use m3_model::door::{Board, Cell, Instance, MagicDoor, Outcome, Pos, Swap, SwapRecord};
use m3_model::Stepper;

use crate::door::{solve, Engine};

/// A grid from rows of characters: `1`..`9` a regular gem, `0` a bomb, `*`
/// an armed bomb, `#` vibranium, `.` an empty cell. Spaces are ignored.
fn board(rows: &[&str]) -> Board {
    let lines: Vec<Vec<Cell>> = rows
        .iter()
        .map(|row| {
            row.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    '.' => Cell::Empty,
                    '0' => Cell::Bomb,
                    '*' => Cell::ArmedBomb,
                    '#' => Cell::Vibranium,
                    digit => Cell::Gem(digit.to_digit(10).expect("a cell character") as u8),
                })
                .collect()
        })
        .collect();
    let cols = lines.first().map_or(0, Vec::len);
    assert!(lines.iter().all(|line| line.len() == cols), "ragged board");
    Board::from_cells(lines.len(), cols, lines.concat())
}

/// A cell, 1-based as the format writes it.
fn pos(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

fn positions(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| pos(row, col)).collect()
}

/// A swap between two 1-based cells, as the format writes it.
fn swap(r1: usize, c1: usize, r2: usize, c2: usize) -> Swap {
    Swap::new(pos(r1, c1), pos(r2, c2))
}

fn instance(rows: &[&str], swaps: &[Swap]) -> Instance {
    Instance { board: board(rows), swaps: swaps.to_vec() }
}

/// Every swap of `instance` through the stepper. Also checks that the quiet
/// path gives the same answer.
fn play(instance: &Instance) -> (Vec<SwapRecord>, Outcome) {
    let mut game = <Engine as Stepper<MagicDoor>>::start(instance);
    let records: Vec<SwapRecord> = instance.swaps.iter().map(|swap| game.step(swap)).collect();
    let outcome = game.finish();
    assert_eq!(solve(instance), outcome.result(), "solve and the stepper disagree on\n{instance}");
    assert_eq!(outcome.vanished, records.iter().map(|record| record.vanished).sum::<u64>());
    (records, outcome)
}
