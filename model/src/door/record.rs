//! What a Magic Door implementation reports of each swap (its validity and
//! the stages of its chain reaction, MD3-MD6) and of the finished game (MD7):
//! the records the harness compares and checks.

use super::{Board, Pos, Swap};

/// Why a swap after the first is not made (MD1 asks of every swap what the
/// format checks of the first). When both hold, `SameCell` is recorded.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invalid {
    /// The two cells are one.
    SameCell,
    /// This cell (the first of the two, in the swap's order, that fails)
    /// holds no regular gem.
    NotAGem(Pos),
}

/// What became of a swap.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Made, with the whole chain reaction after it.
    Played,
    /// Not made: the grid is left as it was and nothing vanishes.
    Invalid(Invalid),
}

/// Which stage a pass belongs to.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StageKind {
    /// Stage 1: the match-3 groups vanish (MD3).
    Groups,
    /// Stage 2: the armed bombs explode (MD4).
    Explosion,
}

/// One pass of a stage: what vanished, then the fall after it (MD5).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Stage {
    pub kind: StageKind,
    /// Stage 2: the armed bombs that exploded, in row-major order. Empty for
    /// Stage 1.
    pub exploded: Vec<Pos>,
    /// Every cell that vanished in this pass, in row-major order: the gems of
    /// the groups (Stage 1), or the exploded bombs and every regular gem and
    /// bomb on their beams (Stage 2). Each counts once (MD7).
    pub vanished: Vec<Pos>,
    /// The bombs the fall armed (they were not armed before it), at the cells
    /// they landed on, in row-major order.
    pub activated: Vec<Pos>,
    /// The grid after the fall.
    pub board: Board,
}

/// What one swap did.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SwapRecord {
    pub swap: Swap,
    pub status: Status,
    /// The passes of the chain reaction in order; none for an invalid swap or
    /// one that makes no group (MD6).
    pub stages: Vec<Stage>,
    /// Gems that vanished in this swap's chain reaction (MD7).
    pub vanished: u64,
    /// The grid once the chain reaction stopped: the swapped grid when no
    /// group formed.
    pub board: Board,
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Gems that vanished over all the swaps (MD7).
    pub vanished: u64,
}

impl Outcome {
    /// The statement's answer.
    pub fn result(&self) -> i64 {
        i64::try_from(self.vanished).unwrap_or(i64::MAX)
    }
}
