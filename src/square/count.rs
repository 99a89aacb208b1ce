//! What the generated SquareRemover games exercised, rule by rule.

use m3_model::square::{
    Invalid, Outcome, SquareRemover, Status, Turn, TurnRecord, CONTEST_MOVES, DOWN, LEFT, RIGHT, UP,
};

use super::rules::move_tiles;
use super::Standing;
use crate::coverage::Tally;
use crate::game::Counting;

crate::counters! {
    /// SquareRemover's rule-coverage counters, under their rules.
    pub enum Counter {
        "SR2" => {
            SquareRemoved: "square removed",
            Cascade: "turn removing 2+ squares",
            LongCascade: "turn removing 5+ squares",
            AboveOrLeft: "square above or left of the one before",
        }
        "SR3" => {
            OpeningScores: "opening adjust removes a square",
            MoveScores: "move followed by a square",
        }
        "SR4" => {
            Up: "move up",
            Right: "move right",
            Down: "move down",
            Left: "move left",
            EqualColours: "equal-colour swap",
            TileOffBoard: "invalid: tile off the board",
            UnknownDirection: "invalid: unknown direction",
            NeighbourOffBoard: "invalid: neighbour off the board",
            Skipped: "turn skipped after an invalid move",
            ContestLength: "game of 10,000 valid moves",
        }
    }
}

impl Counting<SquareRemover> for Counter {
    fn record(tally: &mut Tally<Counter>, before: &Standing, record: &TurnRecord) {
        let squares = record.squares.len() as u64;
        tally.add(Counter::SquareRemoved, squares);
        tally.add(Counter::Cascade, u64::from(squares >= 2));
        tally.add(Counter::LongCascade, u64::from(squares >= 5));
        let above_or_left =
            record.squares.windows(2).filter(|pair| (pair[1].row, pair[1].col) < (pair[0].row, pair[0].col));
        tally.add(Counter::AboveOrLeft, above_or_left.count() as u64);
        match (record.status, record.turn) {
            (Status::Skipped, _) => tally.add(Counter::Skipped, 1),
            (Status::Invalid(reason), _) => tally.add(invalid(reason), 1),
            (Status::Played, Turn::Opening) => tally.add(Counter::OpeningScores, u64::from(squares > 0)),
            (Status::Played, Turn::Move(m)) => {
                tally.add(Counter::MoveScores, u64::from(squares > 0));
                if let Some(direction) = direction(m.dir) {
                    tally.add(direction, 1);
                }
                if let Ok((a, b)) = move_tiles(before.board.rows(), m) {
                    tally.add(
                        Counter::EqualColours,
                        u64::from(before.board.get(a.0, a.1) == before.board.get(b.0, b.1)),
                    );
                }
            }
        }
    }

    fn outcome(tally: &mut Tally<Counter>, last: &Standing, outcome: &Outcome) {
        tally.add(Counter::ContestLength, u64::from(outcome.first_invalid.is_none() && last.moves >= CONTEST_MOVES));
    }
}

fn direction(dir: i32) -> Option<Counter> {
    match dir {
        UP => Some(Counter::Up),
        RIGHT => Some(Counter::Right),
        DOWN => Some(Counter::Down),
        LEFT => Some(Counter::Left),
        _ => None,
    }
}

fn invalid(reason: Invalid) -> Counter {
    match reason {
        Invalid::TileOffBoard => Counter::TileOffBoard,
        Invalid::UnknownDirection => Counter::UnknownDirection,
        Invalid::NeighbourOffBoard => Counter::NeighbourOffBoard,
    }
}
