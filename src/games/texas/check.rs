//! The invariants of docs/RULES.md for Texas Match-3, checked on every record:
//! the reason of an invalid operation, conservation of pieces, gravity order,
//! runs marked exactly, specials reaching exactly what they reach, no run
//! left once an operation settles, and score books that balance.

use m3_model::texas::{Board, Instance, Invalid, OperationRecord, Outcome, Piece, Pos, Round, ScoreParts};
use m3_model::texas::{Special, Swap, Texas, ALL_VALID_BONUS, CLEARED_BONUS, HAND_SIZE};

use super::hand::best_hand;
use super::runs::run_cells;
use super::state::Standing;
use super::swapped::swapped;
use crate::game::invariant::{CONSERVATION, GRAVITY, RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};
use crate::kit::conservation::conserved;
use crate::kit::gravity::check_fall;

/// Rounds repeat while runs exist: once an operation settles, no run is
/// left (TX3).
pub const LEFTOVER_RUN: &str = "no leftover run";

/// Follows one implementation's game through its records.
pub struct Checker {
    valid_operations: usize,
    all_valid: bool,
    books: ScoreParts,
}

impl game::Checks<Texas> for Checker {
    fn new(_: &Instance) -> Self {
        Checker { valid_operations: 0, all_valid: true, books: ScoreParts::default() }
    }

    fn record(&mut self, before: &Standing, record: &OperationRecord) -> Result<(), Violation> {
        let reason = validity(&before.board, &record.swap);
        if record.validity != reason {
            return Err(Violation::new(
                VALIDITY,
                None,
                format!("recorded {:?}, TX2 gives {reason:?}", record.validity),
            ));
        }
        let settled = match record.validity {
            Err(reason) => {
                self.all_valid = false;
                invalid_changes_nothing(record, &before.board, reason)?;
                before.board.clone()
            }
            Ok(()) => {
                self.valid_operations += 1;
                self.valid_operation(before, record)?
            }
        };
        if record.board != settled {
            return Err(Violation::new(RECORD, None, "the operation's board is not the board its rounds left"));
        }
        self.books.elimination += record.rounds.iter().map(|r| r.elimination_points).sum::<i64>();
        self.books.combo += record.rounds.iter().map(|r| r.combo_points).sum::<i64>();
        self.books.chain += record.chain_points;
        self.books.hand += record.hand_points.unwrap_or(0);
        Ok(())
    }

    fn outcome(&self, last: &Standing, outcome: &Outcome) -> Result<(), Violation> {
        let mut expected = self.books;
        // TX11
        expected.endgame =
            if self.all_valid { ALL_VALID_BONUS } else { 0 } + if last.board.is_empty() { CLEARED_BONUS } else { 0 };
        if outcome.parts != expected {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("outcome parts {:?}, records add up to {expected:?}", outcome.parts),
            ));
        }
        // TX12
        if outcome.total != expected.sum() {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("total {} but the parts sum to {}", outcome.total, expected.sum()),
            ));
        }
        Ok(())
    }
}

impl Checker {
    /// Checks the rounds of a valid operation; returns the board they leave.
    fn valid_operation(&self, before: &Standing, record: &OperationRecord) -> Result<Board, Violation> {
        let Some(mut board) = swapped(&before.board, &record.swap) else {
            return Err(Violation::new(RECORD, None, "a swap off the board is recorded as valid"));
        };
        if record.rounds.is_empty() {
            return Err(Violation::new(RECORD, None, "a valid operation with no round"));
        }
        let mut main_colours: Vec<u8> =
            record.rounds[0].marked.iter().filter_map(|&c| board.get(c)).map(|p| p.colour).collect();
        main_colours.sort_unstable();
        main_colours.dedup();
        if record.main_colours != main_colours {
            return Err(Violation::new(
                RECORD,
                Some(1),
                format!("main colours {:?}, round 1 marked {main_colours:?}", record.main_colours),
            ));
        }
        for (index, round) in record.rounds.iter().enumerate() {
            check_round(index + 1, &board, round)?;
            board = round.board.clone();
            let more_rounds = index + 1 < record.rounds.len();
            if !more_rounds && !run_cells(&board).is_empty() {
                return Err(Violation::new(
                    LEFTOVER_RUN,
                    Some(index + 1),
                    "a run is left on the board after the last round",
                ));
            }
        }
        let rounds = record.rounds.len() as i64;
        // TX8
        if record.chain_points != 80 * (rounds - 1) * (rounds - 1) {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("chain points {} for {rounds} rounds", record.chain_points),
            ));
        }
        // TX10: a hand after every fifth valid operation, and only then.
        let hand_due = self.valid_operations.is_multiple_of(HAND_SIZE);
        if record.hand_points.is_some() != hand_due {
            let valid = self.valid_operations;
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("hand points {:?} on valid operation {valid}", record.hand_points),
            ));
        }
        if let Some(points) = record.hand_points {
            let mut hand = before.hand.clone();
            hand.push(record.main_colours.clone());
            let best = best_hand(&hand).map(|(_, points)| points);
            if best != Some(points) {
                return Err(Violation::new(
                    SCORE_BOOK,
                    None,
                    format!("hand points {points}, the main colours {hand:?} make at best {best:?}"),
                ));
            }
        }
        Ok(board)
    }
}

/// TX2 re-derived: the first reason, in the order of `Invalid`, that makes
/// `swap` invalid on `board`.
fn validity(board: &Board, swap: &Swap) -> Result<(), Invalid> {
    let (Some(a), Some(b)) = (board.cell_at(swap.first), board.cell_at(swap.second)) else {
        return Err(Invalid::OffBoard);
    };
    if a == b {
        return Err(Invalid::SameCell);
    }
    if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1 {
        return Err(Invalid::NotAdjacent);
    }
    if board.get(a).is_none() || board.get(b).is_none() {
        return Err(Invalid::EmptyCell);
    }
    let after = swapped(board, swap).expect("both cells are on the board");
    if run_cells(&after).is_empty() {
        return Err(Invalid::NoRun);
    }
    Ok(())
}

fn invalid_changes_nothing(
    record: &OperationRecord,
    board: &Board,
    reason: m3_model::texas::Invalid,
) -> Result<(), Violation> {
    let changed = !record.rounds.is_empty()
        || !record.main_colours.is_empty()
        || record.chain_points != 0
        || record.hand_points.is_some();
    if changed || record.board != *board {
        return Err(Violation::new(RECORD, None, format!("an invalid operation ({reason:?}) changed something")));
    }
    Ok(())
}

/// A round marks exactly the pieces in runs (TX3, TX4).
pub const RUNS: &str = "runs marked";
/// A round removes exactly the marked pieces and what their specials reach
/// (TX5).
pub const SPECIALS: &str = "specials reach";

/// Checks one round that starts from `board`.
fn check_round(number: usize, board: &Board, round: &Round) -> Result<(), Violation> {
    let at = Some(number);
    let cells = round.marked.iter().chain(round.removed.iter().map(|r| &r.cell));
    if let Some(cell) = cells.clone().find(|&&c| !board.contains(c)) {
        return Err(Violation::new(RECORD, at, format!("cell {cell} is off the board")));
    }
    if round.marked.is_empty() {
        return Err(Violation::new(RECORD, at, "a round that marks no piece"));
    }
    if round.board.rows() != board.rows() || round.board.cols() != board.cols() {
        return Err(Violation::new(RECORD, at, "the board changed its size"));
    }
    for removal in &round.removed {
        if board.get(removal.cell) != Some(removal.piece) {
            return Err(Violation::new(
                CONSERVATION,
                at,
                format!("removed {:?} from {}, which held {:?}", removal.piece, removal.cell, board.get(removal.cell)),
            ));
        }
    }
    let removed = CellSet::new(board, round.removed.iter().map(|r| r.cell));
    if let Some(cell) = round.marked.iter().find(|&&c| !removed.contains(c)) {
        return Err(Violation::new(RECORD, at, format!("{cell} is marked but not removed")));
    }
    if round.marked != run_cells(board) {
        return Err(Violation::new(
            RUNS,
            at,
            format!("marked {} cells, the runs hold {}", round.marked.len(), run_cells(board).len()),
        ));
    }
    let reached = reached_by_specials(board, &round.marked);
    let removed_cells: Vec<Pos> = round.removed.iter().map(|r| r.cell).collect();
    if removed_cells != reached {
        return Err(Violation::new(
            SPECIALS,
            at,
            format!(
                "removed {} pieces, the marked ones and what their specials reach are {}",
                removed_cells.len(),
                reached.len()
            ),
        ));
    }
    if !conserved(pieces(board), round.removed.iter().map(|r| kind(r.piece)), pieces(&round.board)) {
        return Err(Violation::new(CONSERVATION, at, "pieces before != pieces after + pieces removed"));
    }
    check_gravity(board, &removed, &round.board).map_err(|detail| Violation::new(GRAVITY, at, detail))?;
    // TX7
    let colours: i64 = round.removed.iter().map(|r| i64::from(r.piece.colour)).sum();
    if round.elimination_points != number as i64 * colours {
        return Err(Violation::new(
            SCORE_BOOK,
            at,
            format!("elimination points {} for removed colours summing to {colours}", round.elimination_points),
        ));
    }
    // TX9
    let combo = combo_points(board, &round.marked);
    if round.combo_points != combo {
        return Err(Violation::new(
            SCORE_BOOK,
            at,
            format!("combo points {}, the marked components give {combo}", round.combo_points),
        ));
    }
    Ok(())
}

/// The kinds of the pieces on the board.
fn pieces(board: &Board) -> impl Iterator<Item = usize> + '_ {
    board.cells().iter().flatten().map(|&piece| kind(piece))
}

/// A piece's kind, as conservation numbers them: one number for each
/// colour and special.
fn kind(piece: Piece) -> usize {
    usize::from(piece.colour) * Special::ALL.len() + piece.special as usize
}

/// TX6: each column's survivors, in order, at the bottom; nothing above a gap.
fn check_gravity(before: &Board, removed: &CellSet, after: &Board) -> Result<(), String> {
    let survivor = |row, col| {
        let cell = Pos::new(row, col);
        if removed.contains(cell) {
            None
        } else {
            before.get(cell)
        }
    };
    let after = |row, col| after.get(Pos::new(row, col));
    check_fall(before.rows(), before.cols(), survivor, after, PartialEq::eq, |_, _, _| {})
}

/// TX5 re-derived: the marked cells and everything their specials reach,
/// and the specials of what those reach, in row-major order.
///
/// Each special visits only the rows and columns it reaches, and the pieces
/// of one colour are swept once a round: the board does not change within a
/// round, so a second special of that colour reaches nothing new. A whole
/// board per special made the checker most of a fuzz target's time on
/// large boards dense with specials.
fn reached_by_specials(board: &Board, marked: &[Pos]) -> Vec<Pos> {
    let (rows, cols) = (board.rows(), board.cols());
    let around =
        |centre: usize, radius: usize, len: usize| centre.saturating_sub(radius)..(centre + radius + 1).min(len);
    let mut removed = CellSet::new(board, marked.iter().copied());
    let mut pending: Vec<Pos> = marked.to_vec();
    let mut swept_colours = Vec::new();
    while let Some(cell) = pending.pop() {
        let Some(piece) = board.get(cell).filter(|p| p.special != Special::None) else { continue };
        let (row, col) = (cell.row, cell.col);
        let (first, second) = match piece.special {
            Special::None => unreachable!("plain pieces were passed over"),
            Special::Row => ((row..row + 1, 0..cols), None),
            Special::Column => ((0..rows, col..col + 1), None),
            Special::RowAndColumn => ((row..row + 1, 0..cols), Some((0..rows, col..col + 1))),
            Special::Square3 => ((around(row, 1, rows), around(col, 1, cols)), None),
            Special::Square5 => ((around(row, 2, rows), around(col, 2, cols)), None),
            Special::Colour if swept_colours.contains(&piece.colour) => continue,
            Special::Colour => {
                swept_colours.push(piece.colour);
                ((0..rows, 0..cols), None)
            }
        };
        for (within, across) in std::iter::once(first).chain(second) {
            for other in within.flat_map(|r| across.clone().map(move |c| Pos::new(r, c))) {
                let reached =
                    board.get(other).is_some_and(|p| piece.special != Special::Colour || p.colour == piece.colour);
                if reached && !removed.contains(other) {
                    removed.insert(other);
                    pending.push(other);
                }
            }
        }
    }
    board.all_cells().filter(|&c| removed.contains(c)).collect()
}

/// TX9 recomputed: components of marked cells of one colour.
fn combo_points(board: &Board, marked: &[Pos]) -> i64 {
    let colour = |cell: Pos| if board.contains(cell) { board.get(cell).map(|p| p.colour) } else { None };
    let mut unvisited = CellSet::new(board, marked.iter().copied());
    let mut points = 0;
    for &start in marked {
        if !unvisited.remove(start) {
            continue;
        }
        let mut stack = vec![start];
        let mut size = 0i64;
        while let Some(cell) = stack.pop() {
            size += 1;
            let neighbours = [
                cell.row.checked_sub(1).map(|r| Pos::new(r, cell.col)),
                Some(Pos::new(cell.row + 1, cell.col)),
                cell.col.checked_sub(1).map(|c| Pos::new(cell.row, c)),
                Some(Pos::new(cell.row, cell.col + 1)),
            ];
            for next in neighbours.into_iter().flatten() {
                if colour(next) == colour(cell) && unvisited.remove(next) {
                    stack.push(next);
                }
            }
        }
        points += 50 * (size - 3) * (size - 3);
    }
    points
}

/// A set of cells of one board, as a mask.
struct CellSet {
    cols: usize,
    rows: usize,
    mask: Vec<bool>,
}

impl CellSet {
    fn new(board: &Board, cells: impl IntoIterator<Item = Pos>) -> CellSet {
        let mut set =
            CellSet { cols: board.cols(), rows: board.rows(), mask: vec![false; board.rows() * board.cols()] };
        for cell in cells {
            set.mask[cell.row * set.cols + cell.col] = true;
        }
        set
    }

    fn insert(&mut self, cell: Pos) {
        self.mask[cell.row * self.cols + cell.col] = true;
    }

    fn contains(&self, cell: Pos) -> bool {
        cell.row < self.rows && cell.col < self.cols && self.mask[cell.row * self.cols + cell.col]
    }

    /// Removes `cell`; true when it was there.
    fn remove(&mut self, cell: Pos) -> bool {
        let present = self.contains(cell);
        if present {
            self.mask[cell.row * self.cols + cell.col] = false;
        }
        present
    }
}
