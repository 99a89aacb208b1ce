//! SquareRemover (TopCoder TCO'14 Marathon Round 1) in the harness.

mod alike;
mod check;
mod count;
pub(crate) mod diff;
mod generate;
mod knobs;
mod lookahead;
mod max_tests;
mod playing;
mod render;
mod rules;
pub(crate) mod shrink;
mod state;
mod windows;

use std::time::Duration;

use crate::game::StatementLimits;
use m3_model::square::{Instance, Outcome, SquareRemover, Status, Turn, TurnRecord, CONTEST_MOVES};

use crate::game::{Beyond, Verdict};

pub use check::{Checker, BOARD, BUFFER, LEFTOVER_SQUARE, ORDER};
pub use count::Counter;
pub use knobs::{Knobs, Player, STATEMENT_COLOURS, STATEMENT_SIDES};
pub use render::Trace;
pub use state::Standing;

impl crate::Rulebook for SquareRemover {
    /// "The time limit is 30 seconds per test case [...]. The memory limit
    /// is 1024 megabytes."
    const STATEMENT_LIMITS: Option<StatementLimits> =
        Some(StatementLimits { time: Duration::from_secs(30), memory: 1024 << 20 });
    const OPERATION: &'static str = "turn";
    const STEP: &'static str = "square";
    type State = Standing;

    /// The opening adjust (SR3) is every game's: only the moves are cut.
    fn with_operations(instance: &Instance, turns: Vec<Turn>) -> Instance {
        let moves =
            turns.into_iter().filter_map(|turn| if let Turn::Move(m) = turn { Some(m) } else { None }).collect();
        Instance { moves, ..instance.clone() }
    }

    fn dimensions(instance: &Instance) -> Vec<(&'static str, usize)> {
        vec![
            ("side", instance.board.rows()),
            ("colours", usize::from(instance.colours)),
            ("moves", instance.moves.len()),
        ]
    }

    fn start_state(instance: &Instance) -> Standing {
        Standing { board: instance.board.clone(), buffer: 0, score: 0, moves: 0, ended: false, seed: instance.seed }
    }

    fn advance(state: &mut Standing, record: &TurnRecord) {
        state.board.clone_from(&record.board);
        state.buffer = record.buffer;
        state.score += record.squares.len() as u64;
        state.moves += usize::from(matches!(record.turn, Turn::Move(_)));
        state.ended |= matches!(record.status, Status::Invalid(_));
    }

    /// The statement's games are 10,000 moves long, on a board of 8 to 16
    /// tiles a side in 4 to 6 colours.
    fn beyond_statement(instance: &Instance) -> Option<Beyond> {
        let side = instance.board.rows();
        // The words: `colors N startSeed`, N board rows of one word each, M.
        if !STATEMENT_COLOURS.contains(&instance.colours) {
            let colours = instance.colours;
            Some(Beyond::new(format!("{colours} colours, where the statement has 4 <= colors <= 6"), 0))
        } else if !STATEMENT_SIDES.contains(&side) {
            Some(Beyond::new(format!("a {side}x{side} board, where the statement has 8 <= N <= 16"), 1))
        } else if instance.moves.len() != CONTEST_MOVES {
            let moves = instance.moves.len();
            let plural = if moves == 1 { "" } else { "s" };
            Some(Beyond::new(format!("{moves} move{plural}, where the statement plays M = {CONTEST_MOVES}"), 3 + side))
        } else {
            None
        }
    }

    /// The squares removed so far, the opening adjust's included (SR3),
    /// after each move; -1 from the first invalid move on (SR4), as the
    /// answer then is.
    fn running_total(before: &Standing, record: &TurnRecord) -> Option<String> {
        let Turn::Move(_) = record.turn else { return None };
        let invalid = before.ended || matches!(record.status, Status::Invalid(_));
        Some(if invalid { "-1".to_string() } else { (before.score + record.squares.len() as u64).to_string() })
    }

    fn answer(outcome: &Outcome) -> Verdict {
        Verdict::answer(outcome.result())
    }

    fn solve(instance: &Instance) -> Verdict {
        Verdict::answer(m3_engine::square::solve(instance))
    }
}
