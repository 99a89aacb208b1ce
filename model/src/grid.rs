//! A rectangular grid of cells stored row by row: the board of any rule set
//! whose cells are plain values.

use std::fmt;

/// `rows` x `cols` cells of `T`, row 0 on top.
#[derive(PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Clone for Grid<T> {
    fn clone(&self) -> Self {
        Grid { rows: self.rows, cols: self.cols, cells: self.cells.clone() }
    }

    /// Copies into the cells `self` has: a harness that follows a game
    /// copies a board per operation, and need not allocate one each time.
    fn clone_from(&mut self, source: &Self) {
        (self.rows, self.cols) = (source.rows, source.cols);
        self.cells.clone_from(&source.cells);
    }
}

/// A row a line, even in `{:#?}`: the rule cases' records snapshots show
/// boards, and a board reads as rows.
impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.cells.chunks(self.cols.max(1)).map(|row| Row(row, ", "));
        f.debug_list().entries(rows).finish()
    }
}

/// The cells of one row on one line, `{:?}` each, between brackets.
pub(crate) struct Row<'a, T>(pub &'a [T], pub &'static str);

impl<T: fmt::Debug> fmt::Debug for Row<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (index, cell) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(self.1)?;
            }
            write!(f, "{cell:?}")?;
        }
        f.write_str("]")
    }
}

impl<T: Copy> Grid<T> {
    /// A grid with every cell `value`.
    pub fn filled(rows: usize, cols: usize, value: T) -> Grid<T> {
        Grid { rows, cols, cells: vec![value; rows * cols] }
    }

    /// A grid from its cells in row-major order.
    ///
    /// # Panics
    /// When `cells` does not hold exactly `rows * cols` cells.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Grid<T> {
        assert_eq!(cells.len(), rows * cols, "a {rows}x{cols} grid needs {} cells", rows * cols);
        Grid { rows, cols, cells }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// One row's cells, left to right.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.cols..(row + 1) * self.cols]
    }

    pub fn contains(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols
    }

    pub fn get(&self, row: usize, col: usize) -> T {
        self.cells[self.index(row, col)]
    }

    pub fn set(&mut self, row: usize, col: usize, value: T) {
        let index = self.index(row, col);
        self.cells[index] = value;
    }

    fn index(&self, row: usize, col: usize) -> usize {
        assert!(self.contains(row, col), "({row},{col}) is off a {}x{} grid", self.rows, self.cols);
        row * self.cols + col
    }
}

/// A cell's place, 0-based; it prints 1-based, as the format writes it,
/// `Debug` too, so that records read as the problem's text does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Widened, so that a checker's report of a place off any map
        // (`usize::MAX`) prints rather than overflows.
        write!(f, "({},{})", self.row as u128 + 1, self.col as u128 + 1)
    }
}
