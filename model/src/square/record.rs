//! What a SquareRemover implementation reports of each turn (the squares
//! removed and the refills, SR2-SR4) and of the finished game: the records
//! the harness compares and checks.

use std::fmt;

use super::{Board, Turn};

/// A one-colour 2x2 square, named by its top-left tile (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub row: usize,
    pub col: usize,
}

impl Square {
    pub fn new(row: usize, col: usize) -> Square {
        Square { row, col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// Why a move is invalid (SR4). When several reasons hold, the first in this
/// order is the one recorded, so that two implementations agree.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invalid {
    /// The tile (row, col) is not on the board.
    TileOffBoard,
    /// `dir` is not 0, 1, 2 or 3.
    UnknownDirection,
    /// The neighbour in direction `dir` is not on the board.
    NeighbourOffBoard,
}

/// What became of a turn.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Carried out, with the adjust after it.
    Played,
    /// This move is invalid: the game ends here and scores -1 (SR4).
    Invalid(Invalid),
    /// A turn after the game ended on an invalid move: nothing happens, and
    /// the record repeats the board and the buffer position as they were.
    Skipped,
}

/// What one turn did.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnRecord {
    pub turn: Turn,
    pub status: Status,
    /// The squares the adjust removed (SR2), in the order it removed them;
    /// none for a turn that was not played.
    pub squares: Vec<Square>,
    /// How many buffer tiles have been taken since the game began: the index
    /// of the next tile (SR1).
    pub buffer: u64,
    /// The board once the turn has settled.
    pub board: Board,
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Squares removed by the turns played (SR2: one point each).
    pub score: u64,
    /// The 0-based index, among the moves (the opening adjust is no move), of
    /// the first invalid move, when there is one (SR4).
    pub first_invalid: Option<usize>,
}

impl Outcome {
    /// What the contest's tester reports: the score, or -1 when a move was
    /// invalid.
    pub fn result(&self) -> i64 {
        match self.first_invalid {
            Some(_) => -1,
            None => i64::try_from(self.score).unwrap_or(i64::MAX),
        }
    }
}
