//! Magic Door (ICPC 2025 Seoul Regional) in the harness.

mod cell_set;
mod check;
mod completing;
mod count;
pub(crate) mod diff;
mod extremes;
mod generate;
#[cfg(test)]
mod grids;
mod groups;
mod knobs;
mod max_tests;
mod render;
mod rules;
pub(crate) mod shrink;
mod state;

use m3_model::door::{Cell, Instance, MagicDoor, Outcome, Swap, SwapRecord};

use crate::game::{Beyond, Verdict};

pub use check::{Checker, ARMING, BEAMS, GROUPS, LEFTOVER, VIBRANIUM};
pub use count::Counter;
pub use knobs::Knobs;
pub use render::Trace;
pub use state::Settled;

impl crate::Rulebook for MagicDoor {
    fn with_operations(instance: &Instance, swaps: Vec<Swap>) -> Instance {
        Instance { swaps, ..instance.clone() }
    }

    fn dimensions(instance: &Instance) -> Vec<(&'static str, usize)> {
        let cells = instance.board.cells();
        let mut colours: Vec<u8> = cells.iter().filter_map(|cell| cell.colour()).collect();
        colours.sort_unstable();
        colours.dedup();
        let count = |kind: Cell| cells.iter().filter(|&&cell| cell == kind).count();
        vec![
            ("rows", instance.board.rows()),
            ("columns", instance.board.cols()),
            ("highest colour", colours.last().map_or(0, |&colour| usize::from(colour))),
            ("colours in play", colours.len()),
            ("bombs", count(Cell::Bomb)),
            ("vibranium", count(Cell::Vibranium)),
            ("swaps", instance.swaps.len()),
        ]
    }

    /// Gems vanished so far (MD7): after the statement's one swap, the
    /// answer.
    fn running_total(before: &Settled, record: &SwapRecord) -> Option<String> {
        Some((before.vanished + record.vanished).to_string())
    }

    fn answer(outcome: &Outcome) -> Verdict {
        Verdict::answer(outcome.result())
    }

    fn solve(instance: &Instance) -> Verdict {
        Verdict::answer(m3_engine::door::solve(instance))
    }

    /// The statement's input ends in one swap of two distinct regular gems.
    fn beyond_statement(instance: &Instance) -> Option<Beyond> {
        let regular = |pos: m3_model::grid::Pos| matches!(instance.board.get(pos.row, pos.col), Cell::Gem(_));
        // The words: `m n`, the m x n grid, then four for each swap.
        let first_swap = 2 + instance.board.rows() * instance.board.cols();
        match instance.swaps.as_slice() {
            [swap] if swap.first != swap.second && regular(swap.first) && regular(swap.second) => None,
            [swap] => {
                let at = if !regular(swap.first) { 0 } else { 2 };
                Some(Beyond::new("a swap that is not of two distinct regular gems", first_swap + at))
            }
            swaps => Some(Beyond::new(
                format!("{} swaps, where the statement makes one", swaps.len()),
                first_swap + 4 * swaps.len().min(1),
            )),
        }
    }

    const OPERATION: &'static str = "swap";
    const STEP: &'static str = "stage";
    type State = Settled;

    fn start_state(instance: &Instance) -> Settled {
        Settled { swaps: 0, board: instance.board.clone(), vanished: 0 }
    }

    fn advance(state: &mut Settled, record: &SwapRecord) {
        state.swaps += 1;
        state.board.clone_from(&record.board);
        state.vanished += record.vanished;
    }
}
