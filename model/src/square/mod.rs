//! SquareRemover (TopCoder TCO'14 Marathon Round 1), rules SR1-SR4 of
//! docs/RULES.md: the data only.

mod format;
mod record;

pub use format::{parse, LARGEST_FILE, MOST_BYTES};
pub use record::{Invalid, Outcome, Square, Status, TurnRecord};

use std::fmt;

use crate::grid::Grid;
use crate::stepper::impl_rules;

/// Bounds the problem format enforces (wider than the contest's 4..=6
/// colours and 8..=16 rows, for testing). One colour is refused: every
/// refill would make another square, forever.
pub const MIN_COLOURS: u8 = 2;
pub const MAX_COLOURS: u8 = 10;
pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 64;
/// SR1: the buffer's recurrence `A[i] = A[i-1] x MULTIPLIER mod MODULUS`. A
/// seed must lie in 1..MODULUS: 0 would make every tile colour 0 and the
/// refills of a square would never end.
pub const MULTIPLIER: u64 = 48_271;
pub const MODULUS: u64 = 2_147_483_647;
/// Moves of a contest game.
pub const CONTEST_MOVES: usize = 10_000;
/// The most moves the format reads (`--extended`): a hundred contest
/// games' worth.
pub const MAX_MOVES: usize = 100 * CONTEST_MOVES;

/// The board: colours `0..colours`, row 0 on top, column 0 on the left.
pub type Board = Grid<u8>;

/// A direction as a move writes it (SR4).
pub const UP: i32 = 0;
pub const RIGHT: i32 = 1;
pub const DOWN: i32 = 2;
pub const LEFT: i32 = 3;

/// One move as the format writes it, 0-based: swap the tile at (`row`,
/// `col`) with its neighbour in direction `dir`. Any numbers are allowed; a
/// move that leaves the board or names no direction is invalid (SR4).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub row: i32,
    pub col: i32,
    pub dir: i32,
}

impl Move {
    pub fn new(row: i32, col: i32, dir: i32) -> Move {
        Move { row, col, dir }
    }
}

impl fmt::Display for Move {
    /// The format's line `row col dir`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.row, self.col, self.dir)
    }
}

/// What the player's game goes through, one record each: the adjust before
/// the first move (SR3), then every move with the adjust after it. An
/// `Opening` turn is an adjust alone; it is meant to come first, but a
/// stepper given one later simply adjusts.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    Opening,
    Move(Move),
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Opening => f.write_str("the adjust before the first move"),
            Turn::Move(m) => write!(f, "move {m}"),
        }
    }
}

/// A SquareRemover problem: colours, the buffer's seed, the board and the
/// moves to make.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    pub colours: u8,
    /// `A[0]` of SR1, in 1..MODULUS.
    pub seed: u64,
    pub board: Board,
    pub moves: Vec<Move>,
}

impl Instance {
    /// The turns of the game in order: the opening adjust, then the moves.
    pub fn turns(&self) -> Vec<Turn> {
        std::iter::once(Turn::Opening).chain(self.moves.iter().copied().map(Turn::Move)).collect()
    }
}

/// The rule set's vocabulary for the harness: an [`Instance`] read by
/// [`parse`] is played one [`Turn`] at a time, the opening adjust and then
/// the moves, each leaving a [`TurnRecord`], and ends in an [`Outcome`].
#[derive(Debug, Clone, Copy, Default)]
pub struct SquareRemover;

impl_rules!(SquareRemover: Operation = Turn, Record = TurnRecord, operations = |instance| instance.turns());
