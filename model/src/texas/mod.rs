//! Texas Match-3 (THUPC 2022), rules TX1-TX12 of docs/RULES.md: the data only.

mod board;
mod format;
mod record;

pub use board::{At, Board, Piece, Pos, Special, Swap};
pub use format::{first_run, parse, Run, LARGEST_FILE, MOST_BYTES};
pub use record::{Invalid, OperationRecord, Outcome, Removal, Round, ScoreParts};

use crate::stepper::impl_rules;

/// Bounds the statement sets and the problem format enforces.
pub const MAX_SIDE: usize = 50;
pub const MAX_COLOURS: u8 = 100;
pub const MAX_OPERATIONS: usize = 1000;

/// Length of a run (TX4).
pub const RUN_LENGTH: usize = 3;
/// Valid operations per hand (TX10).
pub const HAND_SIZE: usize = 5;
/// End-of-game bonuses (TX11).
pub const ALL_VALID_BONUS: i64 = 1000;
pub const CLEARED_BONUS: i64 = 10000;

/// A Texas Match-3 problem: the starting board, the number of colours `k`
/// and the swaps to apply in order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    pub colours: u8,
    pub board: Board,
    pub swaps: Vec<Swap>,
}

/// The rule set's vocabulary for the harness: an [`Instance`] read by
/// [`parse`] is played one [`Swap`] at a time, in the order it lists them,
/// each leaving an [`OperationRecord`], and ends in an [`Outcome`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Texas;

impl_rules!(Texas: Operation = Swap, Record = OperationRecord, operations = |instance| instance.swaps.clone());
