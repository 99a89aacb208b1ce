//! What the generated SquareRemover games exercised, rule by rule.

use m3_model::square::{
    Invalid, Outcome, SquareRemover, Status, Turn, TurnRecord, CONTEST_MOVES, DOWN, LEFT, RIGHT, UP,
};

use super::rules::move_tiles;
use super::Standing;
use crate::coverage::Tally;
use crate::game::Counting;

crate::counters! {
    /// SquareRemover's rule-coverage counters.
    pub enum SquareCounter {
        SquareRemoved = ("SR2", "square removed"),
        Cascade = ("SR2", "turn removing 2+ squares"),
        LongCascade = ("SR2", "turn removing 5+ squares"),
        AboveOrLeft = ("SR2", "square above or left of the one before"),
        OpeningScores = ("SR3", "opening adjust removes a square"),
        MoveScores = ("SR3", "move followed by a square"),
        Up = ("SR4", "move up"),
        Right = ("SR4", "move right"),
        Down = ("SR4", "move down"),
        Left = ("SR4", "move left"),
        EqualColours = ("SR4", "equal-colour swap"),
        TileOffBoard = ("SR4", "invalid: tile off the board"),
        UnknownDirection = ("SR4", "invalid: unknown direction"),
        NeighbourOffBoard = ("SR4", "invalid: neighbour off the board"),
        Skipped = ("SR4", "turn skipped after an invalid move"),
        ContestLength = ("SR4", "game of 10,000 valid moves"),
    }
}

impl Counting<SquareRemover> for SquareCounter {
    fn record(tally: &mut Tally<SquareCounter>, before: &Standing, record: &TurnRecord) {
        let squares = record.squares.len() as u64;
        tally.add(SquareCounter::SquareRemoved, squares);
        tally.add(SquareCounter::Cascade, u64::from(squares >= 2));
        tally.add(SquareCounter::LongCascade, u64::from(squares >= 5));
        let above_or_left =
            record.squares.windows(2).filter(|pair| (pair[1].row, pair[1].col) < (pair[0].row, pair[0].col));
        tally.add(SquareCounter::AboveOrLeft, above_or_left.count() as u64);
        match (record.status, record.turn) {
            (Status::Skipped, _) => tally.add(SquareCounter::Skipped, 1),
            (Status::Invalid(reason), _) => tally.add(invalid(reason), 1),
            (Status::Played, Turn::Opening) => tally.add(SquareCounter::OpeningScores, u64::from(squares > 0)),
            (Status::Played, Turn::Move(m)) => {
                tally.add(SquareCounter::MoveScores, u64::from(squares > 0));
                if let Some(direction) = direction(m.dir) {
                    tally.add(direction, 1);
                }
                if let Ok((a, b)) = move_tiles(before.board.rows(), m) {
                    tally.add(
                        SquareCounter::EqualColours,
                        u64::from(before.board.get(a.0, a.1) == before.board.get(b.0, b.1)),
                    );
                }
            }
        }
    }

    fn outcome(tally: &mut Tally<SquareCounter>, last: &Standing, outcome: &Outcome) {
        tally.add(
            SquareCounter::ContestLength,
            u64::from(outcome.first_invalid.is_none() && last.moves >= CONTEST_MOVES),
        );
    }
}

fn direction(dir: i32) -> Option<SquareCounter> {
    match dir {
        UP => Some(SquareCounter::Up),
        RIGHT => Some(SquareCounter::Right),
        DOWN => Some(SquareCounter::Down),
        LEFT => Some(SquareCounter::Left),
        _ => None,
    }
}

fn invalid(reason: Invalid) -> SquareCounter {
    match reason {
        Invalid::TileOffBoard => SquareCounter::TileOffBoard,
        Invalid::UnknownDirection => SquareCounter::UnknownDirection,
        Invalid::NeighbourOffBoard => SquareCounter::NeighbourOffBoard,
    }
}
