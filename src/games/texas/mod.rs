//! Texas Match-3 (THUPC 2022) in the harness.

mod check;
mod count;
pub(crate) mod diff;
mod generate;
mod hand;
mod knobs;
mod max_tests;
mod render;
mod round;
mod runs;
pub(crate) mod shrink;
mod state;
mod swapped;
mod swaps;

use m3_model::texas::{At, Instance, OperationRecord, Outcome, Swap, Texas};

use crate::game::{Beyond, Verdict};

pub use check::{Checker, LEFTOVER_RUN};
pub use count::Counter;
pub use knobs::{EdgeField, Knobs};
pub use render::Trace;
pub use round::{RUNS, SPECIALS};
pub use state::Standing;

impl crate::Rulebook for Texas {
    const OPERATION: &'static str = "operation";
    const STEP: &'static str = "round";
    type State = Standing;

    fn with_operations(instance: &Instance, swaps: Vec<Swap>) -> Instance {
        Instance { swaps, ..instance.clone() }
    }

    fn dimensions(instance: &Instance) -> Vec<(&'static str, usize)> {
        let pieces = || instance.board.cells().iter().flatten();
        let mut in_play: Vec<u8> = pieces().map(|piece| piece.colour).collect();
        in_play.sort_unstable();
        in_play.dedup();
        vec![
            ("rows", instance.board.rows()),
            ("columns", instance.board.cols()),
            ("colours", usize::from(instance.colours)),
            ("colours in play", in_play.len()),
            ("specials", pieces().filter(|piece| piece.special != m3_model::texas::Special::None).count()),
            ("operations", instance.swaps.len()),
        ]
    }

    fn start_state(instance: &Instance) -> Standing {
        Standing { board: instance.board.clone(), score: 0, hand: Vec::new(), colours: instance.colours, operations: 0 }
    }

    fn advance(state: &mut Standing, record: &OperationRecord) {
        if record.is_valid() {
            state.hand.push(record.main_colours.clone());
        }
        if record.hand_points.is_some() {
            state.hand.clear();
        }
        state.board.clone_from(&record.board);
        state.score += record.points();
        state.operations += 1;
    }

    /// The points so far: TX7 to TX10 of the operations played; the
    /// endgame points (TX11) come with the answer only.
    fn running_total(before: &Standing, record: &OperationRecord) -> Option<String> {
        Some((before.score + record.points()).to_string())
    }

    fn answer(outcome: &Outcome) -> Verdict {
        Verdict::answer(outcome.total)
    }

    fn solve(instance: &Instance) -> Verdict {
        Verdict::answer(m3_engine::texas::solve(instance))
    }

    /// The statement's swaps name cells on the board: 1 <= x <= n, 1 <= y <= m.
    fn beyond_statement(instance: &Instance) -> Option<Beyond> {
        let (rows, cols) = (instance.board.rows(), instance.board.cols());
        let off = |at: At| [!(1..=rows).contains(&(at.row as usize)), !(1..=cols).contains(&(at.col as usize))];
        // Words before the swaps: `n m k q`, then n rows of colours and n of specials.
        let before = 4 + 2 * rows * cols;
        instance.swaps.iter().enumerate().find_map(|(index, swap)| {
            let coordinate = [off(swap.first), off(swap.second)].concat().iter().position(|&off| off)?;
            let (x, y) = if coordinate % 2 == 0 { ("x", rows) } else { ("y", cols) };
            Some(Beyond::new(
                format!("swap {} names a cell off the board: 1 <= {x} <= {y}", index + 1),
                before + 4 * index + coordinate,
            ))
        })
    }
}
