//! Magic Door (ICPC 2025 Seoul Regional), rules MD1-MD7 of docs/RULES.md: the data
//! only.

mod format;
mod record;

pub use format::{parse, LARGEST_FILE, MOST_BYTES};
pub use record::{Invalid, Outcome, Stage, StageKind, Status, SwapRecord};

use std::fmt;

use crate::grid::Grid;
pub use crate::grid::Pos;
use crate::stepper::impl_rules;

/// Rows and columns the problem format allows (both 3..=80).
pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 80;
/// Colours of regular gems: 1..=MAX_COLOUR.
pub const MAX_COLOUR: u8 = 9;
/// The most swaps the format reads: the statement's one and, with
/// `--extended`, this project's further swaps.
pub const MAX_SWAPS: usize = 1000;

/// One cell of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// Nothing: what a vanished gem leaves until gravity fills it.
    Empty,
    /// A regular gem of colour 1..=9 (the format's 1..9).
    Gem(u8),
    /// A bomb gem (the format's 0) that has not fallen yet.
    Bomb,
    /// A bomb that moved down by at least one cell (MD5): it explodes in the
    /// next Stage 2. The format has no way to write one; only play makes it.
    ArmedBomb,
    /// A vibranium gem (the format's -1): falls, never vanishes, stops beams.
    Vibranium,
}

impl Cell {
    /// The regular gem's colour, if this is one.
    pub fn colour(self) -> Option<u8> {
        match self {
            Cell::Gem(colour) => Some(colour),
            _ => None,
        }
    }

    pub fn is_bomb(self) -> bool {
        matches!(self, Cell::Bomb | Cell::ArmedBomb)
    }

    /// The format's number for the cell; an armed bomb writes as a bomb and
    /// an empty cell, which the format cannot hold, as `None`.
    pub fn number(self) -> Option<i8> {
        match self {
            Cell::Empty => None,
            Cell::Gem(colour) => Some(colour as i8),
            Cell::Bomb | Cell::ArmedBomb => Some(0),
            Cell::Vibranium => Some(-1),
        }
    }
}

/// The grid, row 0 on top, column 0 on the left.
pub type Board = Grid<Cell>;

/// The player's touch: exchange the gems at two cells (MD1). The format
/// writes it `r1 c1 r2 c2`, 1-based.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Swap {
    pub first: Pos,
    pub second: Pos,
}

impl Swap {
    pub fn new(first: Pos, second: Pos) -> Swap {
        Swap { first, second }
    }
}

impl fmt::Display for Swap {
    /// The format's line `r1 c1 r2 c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.first, self.second);
        write!(f, "{} {} {} {}", a.row + 1, a.col + 1, b.row + 1, b.col + 1)
    }
}

/// A Magic Door problem: the grid and the swaps to make.
///
/// Reading of a grid the format cannot write (MD1 promises none, but a model
/// `Instance` can hold one): it is taken as it stands, and the process of
/// MD3-MD6 runs on it after each swap that is made. A group anywhere
/// vanishes in the first Stage 1, swap-made or not; the first fall closes
/// up every column, arming the bombs it moves. An armed bomb explodes only
/// in a process that a group started: a swap that leaves no group on the
/// grid scores 0 (MD6), armed bombs or not, and they wait, armed, for a
/// swap that makes one. Engine and reference both follow this reading.
///
/// The statement makes one swap. Further swaps, each made on the grid the
/// one before it left settled, are this project's extension so that the
/// harness can reach deeper states; the format writes them as more swap
/// lines. Only the first is checked against MD1 when the text is read: the
/// others meet a grid that only play makes, and one that names a cell which
/// is no regular gem is recorded as invalid and changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    pub board: Board,
    pub swaps: Vec<Swap>,
}

/// The rule set's vocabulary for the harness: an [`Instance`] read by
/// [`parse`] is played one [`Swap`] at a time, in the order it lists them,
/// each leaving a [`SwapRecord`], and ends in an [`Outcome`].
#[derive(Debug, Clone, Copy, Default)]
pub struct MagicDoor;

impl_rules!(MagicDoor: Operation = Swap, Record = SwapRecord, operations = |instance| instance.swaps.clone());
