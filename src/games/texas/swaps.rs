//! The swaps of a generated game's board, each pair of neighbours sorted
//! by what swapping it does, followed from one operation to the next: the
//! generator draws its valid swaps (TX2), its swaps of an empty cell and
//! those of two pieces that make no run from them before each operation.
//! Looked for anew each time on a 50x50 board, the 4900 pairs before each
//! of 1000 operations cost most of a `max` campaign; an operation changes
//! what a pair does only near the cells it changed, as a run through a
//! swapped cell reaches two cells along its row and its column (TX4).
//!
//! The board is kept as a plane of colours with a border as wide as a run
//! reaches, so that a run is looked for with no test at the edges, and a
//! pair as one bit of a set of each kind: pair `2 * at` is the cell at
//! plane index `at` and its right neighbour, pair `2 * at + 1` the cell
//! and the one below it. The sets then list their pairs in the order of
//! [`neighbour_pairs`], the order the generator drew from before it kept
//! them: the same seed draws the same game.

use arbitrary::{Result, Unstructured};
use m3_model::texas::{Board, OperationRecord, Piece, Pos, RUN_LENGTH};

use crate::kit::bit_set;

/// How far from a cell a run through it reaches.
const REACH: usize = RUN_LENGTH - 1;

/// The plane's colour of an empty cell and of a cell of the border: above
/// every piece's colour, so that neither is in a piece's run.
const EMPTY: u16 = 1 << u8::BITS;
const BORDER: u16 = EMPTY + 1;

/// What swapping a pair of neighbours does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pair {
    /// Makes a run: a valid swap (TX2).
    MakesRun,
    /// Exchanges two pieces and makes no run.
    MakesNoRun,
    /// Names an empty cell.
    EmptyCell,
}

const PAIRS: [Pair; 3] = [Pair::MakesRun, Pair::MakesNoRun, Pair::EmptyCell];

/// A board's neighbour pairs, sorted by what swapping each does.
pub(super) struct Swaps {
    rows: usize,
    cols: usize,
    /// Each cell's colour, [`EMPTY`] for none, row by row in rows of
    /// `stride` with a [`BORDER`] of a run's reach on every side: all that
    /// a swap's run reads (TX4).
    plane: Vec<u16>,
    stride: usize,
    /// The pairs of each kind, in the order of [`PAIRS`].
    sets: [Vec<u64>; PAIRS.len()],
    /// The pairs to sort again once the colours have been followed.
    stale: Vec<u64>,
    /// The columns an operation may have changed.
    columns: Vec<u64>,
}

impl Swaps {
    pub(super) fn new(board: &Board) -> Swaps {
        let (rows, cols) = (board.rows(), board.cols());
        let stride = cols + 2 * REACH;
        let plane = (rows + 2 * REACH) * stride;
        let pairs = bit_set::words_for(2 * plane);
        let mut swaps = Swaps {
            rows,
            cols,
            plane: vec![BORDER; plane],
            stride,
            sets: PAIRS.map(|_| vec![0; pairs]),
            stale: vec![0; pairs],
            columns: vec![0; bit_set::words_for(cols)],
        };
        for (row, pieces) in board.cells().chunks(cols.max(1)).enumerate() {
            let start = swaps.at(row, 0);
            for (colour, &piece) in swaps.plane[start..start + cols].iter_mut().zip(pieces) {
                *colour = colour_of(piece);
            }
        }
        bit_set::insert_range(&mut swaps.stale, 0..2 * plane);
        swaps.sort_stale();
        swaps
    }

    /// The board's rows and columns.
    pub(super) fn sides(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Follows the game through `record`, an operation on the board the
    /// pairs are of: the pairs near a changed cell are sorted again. An
    /// invalid operation changes nothing (TX2); a valid one changes only
    /// the columns of its two cells and of the pieces its rounds removed,
    /// as pieces fall within their column (TX6), and only those are
    /// compared. A wrong record (the engine's) leaves the pairs of another
    /// board, which skews the mix of operations, as a wrong board would;
    /// so does a board of other sides, which is not followed.
    pub(super) fn follow(&mut self, record: &OperationRecord) {
        let board = &record.board;
        if !record.is_valid() || (board.rows(), board.cols()) != (self.rows, self.cols) {
            return;
        }
        let swapped = [record.swap.first, record.swap.second].into_iter().filter_map(|at| board.cell_at(at));
        let removed = record.rounds.iter().flat_map(|round| round.removed.iter().map(|removal| removal.cell));
        for cell in swapped.chain(removed).filter(|&cell| board.contains(cell)) {
            bit_set::insert(&mut self.columns, cell.col);
        }
        let columns = std::mem::take(&mut self.columns);
        for col in bit_set::each(&columns) {
            let mut changed = None;
            for row in 0..self.rows {
                let (at, colour) = (self.at(row, col), colour_of(board.cells()[row * self.cols + col]));
                if self.plane[at] != colour {
                    self.plane[at] = colour;
                    changed = Some(changed.map_or((row, row), |(first, _)| (first, row)));
                }
            }
            if let Some(rows) = changed {
                self.mark_near(col, rows);
            }
        }
        self.columns = columns;
        self.columns.fill(0);
        self.sort_stale();
    }

    /// The pairs of kind `kind`.
    pub(super) fn of(&self, kind: Pair) -> Pairs<'_> {
        Pairs { swaps: self, set: &self.sets[kind as usize] }
    }

    /// Marks stale every pair whose swap may make a run through a cell of
    /// column `col` from row `first` to row `last`: the pairs with a cell
    /// within a run's reach of one of them. Each row's pairs from the
    /// column before those reached to the last are marked as one range,
    /// with a few pairs that are not reached, sorted again for nothing.
    fn mark_near(&mut self, col: usize, (first, last): (usize, usize)) {
        // A pair is kept with its cell above or left of the other, so the
        // pairs of a cell reached may be kept with the cell before it, in
        // its row or the row above.
        let rows = first.saturating_sub(REACH + 1)..=(last + REACH).min(self.rows - 1);
        let (left, right) = (col.saturating_sub(REACH + 1), (col + REACH).min(self.cols - 1));
        for row in rows {
            let pairs = 2 * self.at(row, left)..2 * (self.at(row, right) + 1);
            bit_set::insert_range(&mut self.stale, pairs);
        }
    }

    /// Puts each stale pair in the set of what swapping it does, and in no
    /// other (a pair with a cell off the board in none), 64 pairs at a
    /// time.
    fn sort_stale(&mut self) {
        for word in 0..self.stale.len() {
            let stale = std::mem::take(&mut self.stale[word]);
            if stale == 0 {
                continue;
            }
            let mut sorted = [0; PAIRS.len()];
            for bit in bit_set::ones(stale) {
                if let Some(kind) = self.kind(word * u64::BITS as usize + bit) {
                    sorted[kind as usize] |= 1 << bit;
                }
            }
            for (set, sorted) in self.sets.iter_mut().zip(sorted) {
                set[word] = set[word] & !stale | sorted;
            }
        }
    }

    /// What swapping pair `pair` does; `None` for a pair with a cell off
    /// the board.
    fn kind(&self, pair: usize) -> Option<Pair> {
        let a = pair / 2;
        // From the pair's first cell to the other, and across that line.
        let (step, across) = if pair.is_multiple_of(2) { (1, self.stride) } else { (self.stride, 1) };
        let (colour_a, colour_b) = (self.plane[a], *self.plane.get(a + step)?);
        if colour_a == BORDER || colour_b == BORDER {
            return None;
        }
        if colour_a == EMPTY || colour_b == EMPTY {
            return Some(Pair::EmptyCell);
        }
        // Swapping one colour for itself changes nothing, and the board has
        // no run between operations.
        if colour_a == colour_b {
            return Some(Pair::MakesNoRun);
        }
        let makes_run = self.in_run(a, colour_b, a + step, across) || self.in_run(a + step, colour_a, a, across);
        Some(if makes_run { Pair::MakesRun } else { Pair::MakesNoRun })
    }

    /// TX4: whether a piece of colour `colour` moved to plane index `to`
    /// from its neighbour `from` is in a run: two of its colour beyond it,
    /// on the side away from `from` (where the piece it took the place of
    /// now stands, of another colour), or on the line `across` that one,
    /// two on one side of it or one on each.
    fn in_run(&self, to: usize, colour: u16, from: usize, across: usize) -> bool {
        let same = |at: usize| self.plane[at] == colour;
        let (away, before, after) = (2 * to - from, to - across, to + across);
        (same(away) && same(2 * away - to))
            || (same(before) && (same(before - across) || same(after)))
            || (same(after) && same(after + across))
    }

    /// The plane index of the cell in row `row` and column `col`.
    fn at(&self, row: usize, col: usize) -> usize {
        (row + REACH) * self.stride + col + REACH
    }

    /// The cells of pair `pair`, which is on the board.
    fn cells(&self, pair: usize) -> (Pos, Pos) {
        let at = pair / 2;
        let a = Pos::new(at / self.stride - REACH, at % self.stride - REACH);
        let b = if pair.is_multiple_of(2) { Pos::new(a.row, a.col + 1) } else { Pos::new(a.row + 1, a.col) };
        (a, b)
    }
}

/// A cell's colour on the plane.
fn colour_of(piece: Option<Piece>) -> u16 {
    piece.map_or(EMPTY, |piece| u16::from(piece.colour))
}

/// The pairs of one kind, in the order of [`neighbour_pairs`].
pub(super) struct Pairs<'a> {
    swaps: &'a Swaps,
    set: &'a [u64],
}

impl Pairs<'_> {
    pub(super) fn is_empty(&self) -> bool {
        self.set.iter().all(|&word| word == 0)
    }

    /// What `u.choose` picks from the list of these pairs.
    pub(super) fn choose(&self, u: &mut Unstructured<'_>) -> Result<(Pos, Pos)> {
        let index = u.choose_index(bit_set::count(self.set))?;
        let pair = bit_set::nth(self.set, index).expect("as many pairs as counted");
        Ok(self.cells(pair))
    }

    /// The pairs, listed.
    #[cfg(test)]
    pub(super) fn each(&self) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        bit_set::each(self.set).map(|pair| self.cells(pair))
    }

    fn cells(&self, pair: usize) -> (Pos, Pos) {
        self.swaps.cells(pair)
    }
}

/// The cells 4-adjacent to `cell` on a `rows` x `cols` board, in the order
/// [`neighbour_pairs`] gives its pairs: above, left, right, below.
pub(super) fn neighbours((rows, cols): (usize, usize), cell: Pos) -> impl Iterator<Item = Pos> {
    let Pos { row, col } = cell;
    let above = (row > 0).then(|| Pos::new(row - 1, col));
    let left = (col > 0).then(|| Pos::new(row, col - 1));
    let right = (col + 1 < cols).then(|| Pos::new(row, col + 1));
    let below = (row + 1 < rows).then(|| Pos::new(row + 1, col));
    [above, left, right, below].into_iter().flatten()
}

/// Every pair of 4-adjacent cells, each pair once: each cell with the one
/// right of it, then with the one below it, cell after cell in row-major
/// order.
#[cfg(test)]
pub(super) fn neighbour_pairs(board: &Board) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    board.all_cells().flat_map(move |cell| {
        let right = Pos::new(cell.row, cell.col + 1);
        let below = Pos::new(cell.row + 1, cell.col);
        [right, below].into_iter().filter(|&other| board.contains(other)).map(move |other| (cell, other))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Size};
    use crate::games::texas::{EdgeField, Knobs};
    use m3_model::texas::Texas;
    use m3_model::Stepper;

    /// Whether swapping the pieces of `a` and `b` makes a run through
    /// either, looked for on the board with the two swapped.
    fn makes_run(board: &Board, a: Pos, b: Pos) -> bool {
        let (Some(piece_a), Some(piece_b)) = (board.get(a), board.get(b)) else { return false };
        let colour = |row, col| match Pos::new(row, col) {
            cell if cell == a => Some(piece_b.colour),
            cell if cell == b => Some(piece_a.colour),
            cell => board.get(cell).map(|piece| piece.colour),
        };
        let in_run = |cell: Pos| {
            crate::kit::one_colour::in_run(board.rows(), board.cols(), &colour, (cell.row, cell.col), RUN_LENGTH)
        };
        in_run(a) || in_run(b)
    }

    /// The pairs of `board` of each kind, sorted anew from the whole board.
    fn sorted_anew(board: &Board) -> [Vec<(Pos, Pos)>; 3] {
        let empty = |&(a, b): &(Pos, Pos)| board.get(a).is_none() || board.get(b).is_none();
        let pairs: Vec<(Pos, Pos)> = neighbour_pairs(board).collect();
        PAIRS.map(|kind| {
            let of_kind = |pair: &&(Pos, Pos)| match kind {
                Pair::MakesRun => makes_run(board, pair.0, pair.1),
                Pair::MakesNoRun => !empty(pair) && !makes_run(board, pair.0, pair.1),
                Pair::EmptyCell => empty(pair),
            };
            pairs.iter().filter(of_kind).copied().collect()
        })
    }

    /// TX2, TX4: followed through whole games, each operation changing the
    /// board near some cells, the pairs of each kind are those sorted anew
    /// from the whole board by its runs; also through rounds that chain
    /// through dense specials (TX5) on the largest board.
    #[test]
    fn tx2_pairs_followed_through_a_game_are_those_of_its_board() {
        let (drawn, dense) = (Knobs::default(), Knobs::from(EdgeField::LargestSum));
        let mixed = (0..100).map(|seed| (seed, Size::Mixed, &drawn));
        for (seed, size, shape) in mixed.chain([(3, Size::Max, &drawn), (5, Size::Max, &dense)]) {
            let instance = crate::process::seed::with_seed(seed, |u| Texas::generate(u, size, shape)).unwrap();
            let mut engine = m3_engine::texas::Engine::start(&instance);
            let mut swaps = Swaps::new(&instance.board);
            for swap in &instance.swaps {
                let record = engine.step(swap);
                swaps.follow(&record);
                let followed = PAIRS.map(|kind| swaps.of(kind).each().collect::<Vec<_>>());
                assert_eq!(followed, sorted_anew(&record.board), "seed {seed}, after {swap:?}");
            }
        }
    }

    /// The neighbours of a cell are listed as the pairs that hold it.
    #[test]
    fn a_cells_neighbours_come_in_the_order_of_its_pairs() {
        for (rows, cols) in [(1, 1), (1, 4), (4, 1), (3, 5)] {
            let board = Board::filled(rows, cols, None);
            for cell in board.all_cells() {
                let paired =
                    neighbour_pairs(&board)
                        .filter(|&(a, b)| a == cell || b == cell)
                        .map(|(a, b)| if a == cell { b } else { a });
                assert_eq!(neighbours((rows, cols), cell).collect::<Vec<_>>(), paired.collect::<Vec<_>>());
            }
        }
    }
}
