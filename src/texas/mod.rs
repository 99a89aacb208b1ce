//! Texas Match-3 (THUPC 2022) in the harness.

mod check;
mod count;
mod diff;
mod draw;
mod generate;
mod hand;
mod runs;
mod shrink;

use m3_model::texas::{Board, Instance, OperationRecord, Outcome, Swap, Texas};

use crate::game::{Difference, Verdict};

pub use check::{TexasChecker, LEFTOVER_RUN, RUNS, SPECIALS};
pub use count::TexasCounter;
use generate::Shape;

/// Texas between two operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub board: Board,
    /// The points scored so far.
    pub score: i64,
    /// The main colours of the valid operations since the last hand (TX10).
    pub hand: Vec<Vec<u8>>,
}

/// The board after `swap`, or `None` when the swap names a cell off the
/// board. Checker, trace and diff all follow a record from the board before.
fn swapped(board: &Board, swap: &Swap) -> Option<Board> {
    let (a, b) = (board.cell_at(swap.first)?, board.cell_at(swap.second)?);
    let mut after = board.clone();
    after.set(a, board.get(b));
    after.set(b, board.get(a));
    Some(after)
}

impl crate::Game for Texas {
    const OPERATION: &'static str = "operation";
    const STEP: &'static str = "round";
    type Checker = TexasChecker;
    type Counter = TexasCounter;
    type State = Standing;
    type Shape = Shape;
    type Trace = draw::TexasTrace;

    fn operations(instance: &Instance) -> Vec<Swap> {
        instance.swaps.clone()
    }

    fn opening(instance: &Instance) -> Instance {
        Instance { swaps: Vec::new(), ..instance.clone() }
    }

    fn start_state(instance: &Instance) -> Standing {
        Standing { board: instance.board.clone(), score: 0, hand: Vec::new() }
    }

    fn next_state(before: &Standing, record: &OperationRecord) -> Standing {
        let mut hand = before.hand.clone();
        if record.is_valid() {
            hand.push(record.main_colours.clone());
        }
        if record.hand_points.is_some() {
            hand.clear();
        }
        Standing { board: record.board.clone(), score: before.score + record.points(), hand }
    }

    fn record_difference(before: &Standing, engine: &OperationRecord, reference: &OperationRecord) -> Difference {
        diff::record_difference(&before.board, engine, reference)
    }

    fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
        diff::outcome_difference(engine, reference)
    }

    fn shrink_candidates(instance: &Instance) -> Vec<Instance> {
        shrink::candidates(instance)
    }

    fn answer(outcome: &Outcome) -> Verdict {
        Verdict::answer(outcome.total)
    }

    fn solve(instance: &Instance) -> Verdict {
        Verdict::answer(m3_engine::texas::solve(instance))
    }
}
