//! What a game tells a caller that wants to see inside an operation. The
//! quiet path passes `Quiet`, whose methods do nothing and vanish once
//! monomorphised; `Recorder` builds the model's `OperationRecord`.

use m3_model::texas::{Board, Invalid, OperationRecord, Pos, Removal, Round, Swap};

use super::grid::Grid;

/// Told about each round and each operation of a game. Every method has a
/// no-op default, so an observer implements only what it needs.
pub trait Observer {
    /// A round has marked its runs and spread through its specials; its
    /// pieces are still on the board.
    fn removing(&mut self, _round: &RoundView<'_>) {}
    /// A round has been scored and its gravity applied.
    fn round_settled(&mut self, _points: RoundPoints, _board: BoardView<'_>) {}
    /// An operation has settled (valid) or been skipped (invalid).
    fn operation(&mut self, _report: &OperationReport<'_>) {}
}

/// The observer of the quiet path.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Observer for Quiet {}

/// A read-only look at the board.
#[derive(Clone, Copy)]
pub struct BoardView<'a> {
    grid: &'a Grid,
}

impl<'a> BoardView<'a> {
    pub(super) fn new(grid: &'a Grid) -> BoardView<'a> {
        BoardView { grid }
    }

    pub fn to_board(self) -> Board {
        self.grid.to_board()
    }
}

/// One round before its pieces leave the board.
pub struct RoundView<'a> {
    pub(super) grid: &'a Grid,
    pub(super) marked: &'a [usize],
    pub(super) removed: &'a [usize],
}

impl RoundView<'_> {
    /// The cells run-marked (TX4), each once, in no particular order.
    pub fn marked(&self) -> impl Iterator<Item = Pos> + '_ {
        self.marked.iter().map(|&index| self.grid.cell(index))
    }

    /// Every piece removed (TX5), marked ones included, each once, in no
    /// particular order.
    pub fn removed(&self) -> impl Iterator<Item = Removal> + '_ {
        self.removed.iter().filter_map(|&index| {
            let piece = self.grid.piece(index)?;
            Some(Removal { cell: self.grid.cell(index), piece })
        })
    }
}

/// The points one round scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundPoints {
    /// TX7, the round factor applied.
    pub elimination: i64,
    /// TX9.
    pub combo: i64,
}

/// One operation once it has settled.
pub struct OperationReport<'a> {
    pub swap: Swap,
    pub validity: Result<(), Invalid>,
    /// TX10, ascending; empty for an invalid operation.
    pub main_colours: &'a [u8],
    /// TX8; 0 for an invalid operation.
    pub chain_points: i64,
    /// TX10, on every 5th valid operation.
    pub hand_points: Option<i64>,
    pub board: BoardView<'a>,
}

/// Builds the `OperationRecord` of one operation.
#[derive(Debug, Default)]
pub struct Recorder {
    rounds: Vec<Round>,
    marked: Vec<Pos>,
    removed: Vec<Removal>,
    record: Option<OperationRecord>,
}

impl Recorder {
    /// The record, once the operation has been reported.
    pub fn into_record(self) -> Option<OperationRecord> {
        self.record
    }
}

impl Observer for Recorder {
    fn removing(&mut self, round: &RoundView<'_>) {
        // Pos order is row-major order, which is the records' order.
        self.marked = round.marked().collect();
        self.marked.sort_unstable();
        self.removed = round.removed().collect();
        self.removed.sort_unstable_by_key(|removal| removal.cell);
    }

    fn round_settled(&mut self, points: RoundPoints, board: BoardView<'_>) {
        self.rounds.push(Round {
            marked: std::mem::take(&mut self.marked),
            removed: std::mem::take(&mut self.removed),
            elimination_points: points.elimination,
            combo_points: points.combo,
            board: board.to_board(),
        });
    }

    fn operation(&mut self, report: &OperationReport<'_>) {
        self.record = Some(OperationRecord {
            swap: report.swap,
            validity: report.validity,
            rounds: std::mem::take(&mut self.rounds),
            main_colours: report.main_colours.to_vec(),
            chain_points: report.chain_points,
            hand_points: report.hand_points,
            board: report.board.to_board(),
        });
    }
}
