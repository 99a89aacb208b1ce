//! Texas Match-3 (THUPC 2022) in the harness.

mod check;
mod diff;
mod draw;
mod generate;
mod shrink;
mod stats;

use arbitrary::Unstructured;
use m3_model::texas::{self, Board, Instance, OperationRecord, Outcome, Swap, Texas};
use m3_model::ParseError;

pub use check::{TexasChecker, CONSERVATION, GRAVITY, LEFTOVER_RUN, RECORD, RUNS, SCORE_BOOK};
pub use draw::{grid, trace};
pub use generate::{generate, Shape};
pub use stats::TexasStats;

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
    const NAME: &'static str = "texas";
    type Engine = m3_engine::texas::Game;
    type Reference = m3_reference::texas::Game;
    type Checker = TexasChecker;
    type Stats = TexasStats;
    type Shape = Shape;

    fn parse(input: &str) -> Result<Instance, ParseError> {
        texas::parse(input)
    }

    fn operations(instance: &Instance) -> &[Swap] {
        &instance.swaps
    }

    fn shape(size: crate::Size) -> Shape {
        Shape { size, ..Shape::default() }
    }

    fn generate(u: &mut Unstructured<'_>, shape: &Shape) -> arbitrary::Result<Instance> {
        generate::<m3_engine::texas::Game>(u, shape)
    }

    fn record_difference(
        instance: &Instance,
        previous: Option<&OperationRecord>,
        engine: &OperationRecord,
        reference: &OperationRecord,
    ) -> crate::Difference {
        let before = previous.map_or(&instance.board, |record| &record.board);
        diff::record_difference(before, engine, reference)
    }

    fn outcome_difference(engine: &Outcome, reference: &Outcome) -> crate::Difference {
        diff::outcome_difference(engine, reference)
    }

    fn shrink_candidates(instance: &Instance) -> Vec<Instance> {
        shrink::candidates(instance)
    }

    fn describe_size(instance: &Instance) -> String {
        let board = &instance.board;
        format!(
            "{}x{} board, {} colours, {} operations",
            board.rows(),
            board.cols(),
            instance.colours,
            instance.swaps.len()
        )
    }

    fn measure(instance: &Instance) -> usize {
        // An operation weighs like a few cells: a reader follows a cell at a
        // glance and an operation round by round.
        instance.board.rows() * instance.board.cols() + 4 * instance.swaps.len()
    }

    fn trace(instance: &Instance, records: &[OperationRecord], outcome: &Outcome) -> String {
        trace(instance, records, outcome)
    }

    fn answer(outcome: &Outcome) -> String {
        outcome.total.to_string()
    }

    fn solve(instance: &Instance) -> String {
        m3_engine::texas::solve(instance).to_string()
    }
}
