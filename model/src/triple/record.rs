//! What a Triple Town implementation reports of each command (the tile,
//! star or bomb placed, the merges, or why it is refused, TT1-TT7) and of
//! the finished game: the records the harness compares and checks.

use std::fmt;

use super::{Command, Map, Pos};

/// Why a command is refused (TT1, TT3, TT4, TT7).
///
/// When a command fails several ways, the first in this order is recorded:
/// unknown command; cell outside the map; the supply it needs (sequence used
/// up, no star left, no bomb left); the cell (occupied, empty). The rule book
/// names no order; this one reads the command as the checker would, word by
/// word, before looking at the map. Both implementations must follow it.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invalid {
    /// The line is no command (TT7).
    UnknownCommand,
    /// The named cell is not on the map (TT1, TT3, TT4).
    OutsideMap,
    /// PUT after the build sequence is used up (TT1).
    SequenceUsedUp,
    /// STAR with all p stars used (TT3).
    NoStarLeft,
    /// BOMBER with all q bombs used (TT4).
    NoBombLeft,
    /// PUT or STAR on a cell that holds a tile (TT1, TT3).
    OccupiedCell,
    /// BOMBER on a cell with no tile (TT4).
    EmptyCell,
}

impl Invalid {
    /// Every reason, in the order of precedence.
    pub const ALL: [Invalid; 7] = [
        Invalid::UnknownCommand,
        Invalid::OutsideMap,
        Invalid::SequenceUsedUp,
        Invalid::NoStarLeft,
        Invalid::NoBombLeft,
        Invalid::OccupiedCell,
        Invalid::EmptyCell,
    ];
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Invalid::UnknownCommand => "unknown command",
            Invalid::OutsideMap => "cell outside the map",
            Invalid::SequenceUsedUp => "sequence used up",
            Invalid::NoStarLeft => "no star left",
            Invalid::NoBombLeft => "no bomb left",
            Invalid::OccupiedCell => "occupied cell",
            Invalid::EmptyCell => "empty cell",
        })
    }
}

/// What became of a command.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Carried out (END included).
    Played,
    /// Refused: nothing changes (TT7).
    Invalid(Invalid),
    /// After END, which only a hand-made list can hold (the format does not
    /// read past END): nothing happens (TT5).
    AfterEnd,
}

/// A tile built by PUT or STAR (TT1, TT3).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placed {
    pub pos: Pos,
    /// The tile's level; for a star, the level it became (TT3).
    pub level: u8,
}

/// One merge of a chain (TT2): the region around the placed cell became one
/// tile of `level` there.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Merge {
    /// The level made: one above the region's.
    pub level: u8,
    /// The region's other cells, emptied, in row-major order.
    pub emptied: Vec<Pos>,
}

/// A tile destroyed by a bomb (TT4).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bombed {
    pub pos: Pos,
    /// The destroyed tile's level.
    pub level: u8,
    /// Half its value, taken off the score.
    pub penalty: i64,
}

/// What one command did.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CommandRecord {
    pub command: Command,
    pub status: Status,
    /// The tile PUT or STAR built, before any merge.
    pub placed: Option<Placed>,
    /// The chain of merges after the placement, in order (TT2).
    pub merges: Vec<Merge>,
    pub bombed: Option<Bombed>,
    /// What the command added to the score: the placed tile's value, each
    /// merge's value, less the bomb's penalty.
    pub points: i64,
    /// The score after the command.
    pub score: i64,
    /// The map after the command.
    #[cfg_attr(feature = "serde", serde(with = "crate::json::levels"))]
    pub map: Map,
}

/// The first refused command (TT7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rejection {
    /// The command's line.
    pub line: usize,
    pub reason: Invalid,
}

impl fmt::Display for Rejection {
    /// The checker's verdict: `invalid: line N: reason`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid: line {}: {}", self.line, self.reason)
    }
}

/// A finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The score when the game ended, counting every command carried out.
    pub score: i64,
    /// Whether an END command ended it (TT5); else the commands ran out.
    pub ended: bool,
    /// The first refused command, which makes the result invalid (TT7).
    pub rejection: Option<Rejection>,
}

impl Outcome {
    /// The checker's answer: the score, or the first refusal.
    pub fn result(&self) -> Result<i64, Rejection> {
        match self.rejection {
            Some(rejection) => Err(rejection),
            None => Ok(self.score),
        }
    }
}
