//! What a Texas Match-3 implementation reports of each operation (its
//! validity, its rounds of runs, specials and gravity, TX2-TX10) and of the
//! finished game with its five kinds of score (TX11): the records the
//! harness compares and checks.

use super::{Board, Piece, Pos, Swap};

/// Why an operation is invalid (TX2). When several reasons hold, the first in
/// this order is the one recorded, so that two implementations agree.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invalid {
    /// A position is not on the board.
    OffBoard,
    /// Both positions name the same cell.
    SameCell,
    /// The two cells are not 4-adjacent.
    NotAdjacent,
    /// A cell holds no piece.
    EmptyCell,
    /// After the swap no run exists.
    NoRun,
}

/// A piece removed in a round, and the cell it was removed from.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Removal {
    pub cell: Pos,
    pub piece: Piece,
}

/// One round of a valid operation (TX3).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Round {
    /// Cells marked by runs (TX4), in row-major order.
    pub marked: Vec<Pos>,
    /// Every piece removed: the marked ones and all that specials reached
    /// (TX5), in row-major order of their cells.
    pub removed: Vec<Removal>,
    /// TX7: round number times the sum of the removed colours.
    pub elimination_points: i64,
    /// TX9: 50 (s-3)^2 summed over the components of marked pieces.
    pub combo_points: i64,
    /// The board after this round's gravity (TX6).
    pub board: Board,
}

/// What one operation did.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OperationRecord {
    pub swap: Swap,
    /// `Err` for an invalid operation, which changes nothing (TX2).
    #[cfg_attr(feature = "serde", serde(with = "crate::json::validity"))]
    pub validity: Result<(), Invalid>,
    /// The rounds of a valid operation, in order; none for an invalid one.
    pub rounds: Vec<Round>,
    /// TX10: the distinct colours of the first round's marked pieces,
    /// ascending; empty for an invalid operation.
    pub main_colours: Vec<u8>,
    /// TX8: 80 (x-1)^2 for x rounds; 0 for an invalid operation.
    pub chain_points: i64,
    /// TX10: the hand scored after this operation, when it is the 5th, 10th ...
    /// valid operation.
    pub hand_points: Option<i64>,
    /// The board once the operation has settled.
    pub board: Board,
}

impl OperationRecord {
    pub fn is_valid(&self) -> bool {
        self.validity.is_ok()
    }

    /// TX7 + TX8 + TX9 + TX10 scored by this operation.
    pub fn points(&self) -> i64 {
        let rounds: i64 = self.rounds.iter().map(|r| r.elimination_points + r.combo_points).sum();
        rounds + self.chain_points + self.hand_points.unwrap_or(0)
    }
}

/// The five parts of the score (TX12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ScoreParts {
    /// TX7.
    pub elimination: i64,
    /// TX8.
    pub chain: i64,
    /// TX9.
    pub combo: i64,
    /// TX10.
    pub hand: i64,
    /// TX11.
    pub endgame: i64,
}

impl ScoreParts {
    pub fn sum(&self) -> i64 {
        self.elimination + self.chain + self.combo + self.hand + self.endgame
    }
}

/// A finished game: each implementation keeps its own running total, so that
/// the harness can check it against the parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub parts: ScoreParts,
    pub total: i64,
}
