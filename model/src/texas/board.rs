//! The Texas Match-3 board (TX1): each cell empty or holding a piece, a
//! colour that may carry a special (TX5); cells as the code counts them
//! (0-based, row 0 on top) and as the problem format writes them (1-based,
//! possibly off the board, TX2).

use std::fmt;

pub use crate::grid::Pos;

/// A special piece's effect when it is removed (TX5); `None` for a plain piece.
/// The discriminant is the statement's `b` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Special {
    #[default]
    None = 0,
    /// 1: its whole row.
    Row = 1,
    /// 2: its whole column.
    Column = 2,
    /// 3: its row and its column.
    RowAndColumn = 3,
    /// 4: the 3x3 square centred on it.
    Square3 = 4,
    /// 5: the 5x5 square centred on it.
    Square5 = 5,
    /// 6: every piece of its colour.
    Colour = 6,
}

impl Special {
    pub const ALL: [Special; 7] = [
        Special::None,
        Special::Row,
        Special::Column,
        Special::RowAndColumn,
        Special::Square3,
        Special::Square5,
        Special::Colour,
    ];

    /// The special with statement code `code` (0..=6).
    pub fn from_code(code: u8) -> Option<Special> {
        Special::ALL.get(usize::from(code)).copied()
    }

    pub fn code(self) -> u8 {
        self as u8
    }
}

/// One piece: a colour in `1..=k` and its special.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub colour: u8,
    pub special: Special,
}

/// `3` for a plain piece of colour 3, `3:Row` for one with a special: short
/// enough that a board's row reads on one line.
impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.special {
            Special::None => write!(f, "{}", self.colour),
            special => write!(f, "{}:{special:?}", self.colour),
        }
    }
}

impl Piece {
    pub fn plain(colour: u8) -> Piece {
        Piece { colour, special: Special::None }
    }
}

/// A position as the problem format writes it: 1-based, and not necessarily
/// on the board (TX2 makes such an operation invalid).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct At {
    pub row: u32,
    pub col: u32,
}

impl At {
    pub fn new(row: u32, col: u32) -> At {
        At { row, col }
    }

    /// The position of a cell on the board.
    pub fn of(cell: Pos) -> At {
        let one_based = |i: usize| u32::try_from(i + 1).expect("board side fits in u32");
        At { row: one_based(cell.row), col: one_based(cell.col) }
    }
}

/// As `Display`: records read as the problem's text does.
impl fmt::Debug for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// One operation: swap the pieces at two positions.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Swap {
    pub first: At,
    pub second: At,
}

impl Swap {
    pub fn new(first: At, second: At) -> Swap {
        Swap { first, second }
    }

    pub fn between(first: Pos, second: Pos) -> Swap {
        Swap { first: At::of(first), second: At::of(second) }
    }
}

impl fmt::Display for Swap {
    /// The problem format's line `x1 y1 x2 y2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.first.row, self.first.col, self.second.row, self.second.col)
    }
}

/// An `rows` x `cols` grid of cells, each holding a piece or empty, stored row
/// by row. Its accessors are `#[inline]`: the checker and the reference read
/// a cell at a time from other crates, and a call per cell costs more than
/// the read.
#[derive(PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Piece>>,
}

/// A row a line, `.` for an empty cell, as [`crate::Grid`] prints.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Cell> = self.cells.iter().map(|&piece| Cell(piece)).collect();
        let rows = cells.chunks(self.cols.max(1)).map(|row| crate::grid::Row(row, " "));
        f.debug_list().entries(rows).finish()
    }
}

/// A cell as a board's `Debug` shows it.
struct Cell(Option<Piece>);

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(piece) => write!(f, "{piece:?}"),
            None => f.write_str("."),
        }
    }
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board { rows: self.rows, cols: self.cols, cells: self.cells.clone() }
    }

    /// Copies into the cells `self` has: a harness that follows a game
    /// copies a board per operation, and need not allocate one each time.
    fn clone_from(&mut self, source: &Self) {
        (self.rows, self.cols) = (source.rows, source.cols);
        self.cells.clone_from(&source.cells);
    }
}

impl Board {
    /// A board full of `piece`.
    pub fn filled(rows: usize, cols: usize, piece: Option<Piece>) -> Board {
        Board { rows, cols, cells: vec![piece; rows * cols] }
    }

    /// A board from its cells in row-major order.
    ///
    /// # Panics
    /// When `cells` does not hold exactly `rows * cols` cells.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<Option<Piece>>) -> Board {
        assert_eq!(cells.len(), rows * cols, "a {rows}x{cols} board needs {} cells", rows * cols);
        Board { rows, cols, cells }
    }

    #[inline]
    pub fn rows(&self) -> usize {
        self.rows
    }

    #[inline]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells in row-major order.
    #[inline]
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells
    }

    /// Every cell of the board, row by row.
    pub fn all_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Pos { row, col }))
    }

    /// The cell a position names, if it is on the board.
    pub fn cell_at(&self, position: At) -> Option<Pos> {
        let row = usize::try_from(position.row).ok()?.checked_sub(1)?;
        let col = usize::try_from(position.col).ok()?.checked_sub(1)?;
        (row < self.rows && col < self.cols).then_some(Pos { row, col })
    }

    #[inline]
    pub fn contains(&self, cell: Pos) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }

    #[inline]
    pub fn get(&self, cell: Pos) -> Option<Piece> {
        self.cells[self.index(cell)]
    }

    #[inline]
    pub fn set(&mut self, cell: Pos, piece: Option<Piece>) {
        let index = self.index(cell);
        self.cells[index] = piece;
    }

    /// True when no cell holds a piece.
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(Option::is_none)
    }

    #[inline]
    fn index(&self, cell: Pos) -> usize {
        assert!(self.contains(cell), "cell {cell} is off a {}x{} board", self.rows, self.cols);
        cell.row * self.cols + cell.col
    }
}
