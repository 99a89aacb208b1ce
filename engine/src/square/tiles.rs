//! The board as one flat row-major plane of `u8` colours framed by a
//! one-cell border, so that every square touching a changed tile can be
//! read without a bounds test of its own.
//!
//! The border is a checkerboard of two values. Every 2x2 square that
//! overlaps the frame holds two side-by-side frame cells (a whole row or a
//! whole column of the square), and those differ, so no such square is ever
//! one colour, whatever `u8` values the board itself holds.

use m3_model::square::{Board, Invalid, Move, Square};

/// (row, column) steps of the directions UP, RIGHT, DOWN and LEFT (SR4).
const STEPS: [(usize, usize); 4] = [(usize::MAX, 0), (0, 1), (1, 0), (0, usize::MAX)];

// Reading: SR1's colours are 0..colours, and the parser holds the board to
// them, but a model board may hold any `u8`. Such a tile is taken as a
// colour like any other: four of them make a square, and no buffer tile
// ever matches it. The frame below stays out of every square whatever the
// board holds.
/// The frame's two values; their low bits differ.
const FRAME: [u8; 2] = [0xFE, 0xFF];

pub(super) struct Tiles {
    /// The model board's shape, kept for `to_board`.
    shape: (usize, usize),
    /// Rows and columns of tiles; both 0 when the board has no tile.
    rows: usize,
    cols: usize,
    /// Plane width: the row plus the frame on both sides.
    pub stride: usize,
    /// Row-major colours, frame included. A square is named by the plane
    /// index of its top-left tile; plane order is the board's row-major
    /// order, so the smallest index is the topmost, then leftmost, square.
    pub cells: Vec<u8>,
}

impl Tiles {
    pub fn from_board(board: &Board) -> Tiles {
        let shape = (board.rows(), board.cols());
        // A model grid with no tile may claim any number of rows or columns;
        // the plane then keeps none of them (every move is off the board).
        let (rows, cols) = if board.cells().is_empty() { (0, 0) } else { shape };
        let stride = cols + 2;
        let height = rows + 2;
        let mut cells: Vec<u8> =
            (0..height * stride).map(|index| FRAME[(index / stride + index % stride) % 2]).collect();
        for (row, line) in board.cells().chunks(cols.max(1)).enumerate() {
            let start = (row + 1) * stride + 1;
            cells[start..start + cols].copy_from_slice(line);
        }
        Tiles { shape, rows, cols, stride, cells }
    }

    pub fn to_board(&self) -> Board {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            let start = (row + 1) * self.stride + 1;
            cells.extend_from_slice(&self.cells[start..start + self.cols]);
        }
        Board::from_cells(self.shape.0, self.shape.1, cells)
    }

    /// The top-left index of every 2x2 square of tiles, row-major.
    pub fn square_corners(&self) -> impl Iterator<Item = usize> + '_ {
        let (rows, cols) = (self.rows.saturating_sub(1), self.cols.saturating_sub(1));
        (0..rows).flat_map(move |row| (0..cols).map(move |col| (row + 1) * self.stride + col + 1))
    }

    /// The square whose top-left tile is at `corner`.
    pub fn square(&self, corner: usize) -> Square {
        Square::new(corner / self.stride - 1, corner % self.stride - 1)
    }

    /// True when the square at `corner` has four tiles of one colour.
    /// `corner` must lie on the board or its frame, short of the last row
    /// and column of the plane.
    #[inline]
    pub fn is_square(&self, corner: usize) -> bool {
        let c = &self.cells;
        let s = self.stride;
        let colour = c[corner];
        // No short circuit: one branch for the caller instead of three.
        (c[corner + 1] == colour) & (c[corner + s] == colour) & (c[corner + s + 1] == colour)
    }

    /// Bit i set when the square at `corners[i]` is one colour.
    #[inline]
    pub fn squares_among<const N: usize>(&self, corners: [usize; N]) -> u32 {
        corners.iter().enumerate().fold(0, |mask, (i, &corner)| mask | u32::from(self.is_square(corner)) << i)
    }

    /// SR4: the plane indices of a move's tile and its neighbour, or the
    /// first reason the move is invalid, in the order of `Invalid`.
    #[inline]
    pub fn locate(&self, m: Move) -> Result<(usize, usize), Invalid> {
        let row = usize::try_from(m.row).ok().filter(|&row| row < self.rows);
        let col = usize::try_from(m.col).ok().filter(|&col| col < self.cols);
        let (Some(row), Some(col)) = (row, col) else {
            return Err(Invalid::TileOffBoard);
        };
        let dir = usize::try_from(m.dir).ok().filter(|&dir| dir < 4).ok_or(Invalid::UnknownDirection)?;
        // A table rather than a match: the direction is the one thing about
        // a move a branch predictor cannot guess. -1 wraps to usize::MAX and
        // so falls off the board like a step past the last row or column.
        let (row_step, col_step) = STEPS[dir];
        let (next_row, next_col) = (row.wrapping_add(row_step), col.wrapping_add(col_step));
        if next_row >= self.rows || next_col >= self.cols {
            return Err(Invalid::NeighbourOffBoard);
        }
        let tile = (row + 1) * self.stride + col + 1;
        let neighbour = (next_row + 1) * self.stride + next_col + 1;
        Ok((tile, neighbour))
    }
}
