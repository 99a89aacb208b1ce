//! The checks of one round of a valid Texas Match-3 operation, each
//! re-derived from the board the round starts from: the runs it marks
//! (TX3, TX4), what the specials reach (TX5), conservation of pieces,
//! gravity (TX6) and the round's points (TX7, TX9).

use m3_model::texas::{Board, Piece, Pos, Round, Special};

use super::runs::run_cells;
use crate::game::invariant::{CONSERVATION, GRAVITY, RECORD, SCORE_BOOK};
use crate::game::Violation;
use crate::kit::conservation::conserved;
use crate::kit::gravity::check_fall;

/// A round marks exactly the pieces in runs (TX3, TX4).
pub const RUNS: &str = "runs marked";
/// A round removes exactly the marked pieces and what their specials reach
/// (TX5).
pub const SPECIALS: &str = "specials reach";

/// Checks one round that starts from `board`.
pub(super) fn check_round(number: usize, board: &Board, round: &Round) -> Result<(), Violation> {
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
