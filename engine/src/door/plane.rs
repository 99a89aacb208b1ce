//! The grid as one flat row-major `u16` plane framed by a one-cell border,
//! so that a run scan (MD2), a beam (MD4) and a column's fall (MD5) stop on
//! their own at the edge without a bounds test.
//!
//! A regular gem is stored as its colour (0..=255); every other kind of cell
//! has a code above the colours, ordered so that each rule reads one
//! comparison: `< EMPTY` is a regular gem, `>= VIBRANIUM` stops a beam, and
//! the border is none of the others.

use m3_model::door::{Board, Cell, Invalid, Pos, Swap};

// Reading: MD1's colours are 1..=9, and the parser holds the grid to them,
// but a model `Cell::Gem` may carry any `u8`. Every such value is taken as an
// ordinary colour that matches its own kind only; the codes below live above
// the `u8` range, so no colour can be mistaken for them.
pub(super) const EMPTY: u16 = 256;
pub(super) const BOMB: u16 = 257;
pub(super) const ARMED: u16 = 258;
pub(super) const VIBRANIUM: u16 = 259;
pub(super) const BORDER: u16 = 260;

pub(super) struct Plane {
    pub rows: usize,
    pub cols: usize,
    /// Plane width: the row plus the border on both sides. Plane row `r`
    /// holds grid row `r - 1`; rows 0 and `rows + 1` are border.
    pub stride: usize,
    /// Row-major codes, border included. Plane order is the grid's
    /// row-major order, so sorting plane indices sorts cells row-major.
    pub cells: Vec<u16>,
    /// Per plane column, the plane row of its topmost non-empty cell
    /// (`rows + 1` when it has none): a fall reads no higher.
    pub top: Vec<usize>,
}

impl Plane {
    pub fn from_board(board: &Board) -> Plane {
        let (rows, cols) = (board.rows(), board.cols());
        let stride = cols + 2;
        let mut plane =
            Plane { rows, cols, stride, cells: vec![BORDER; (rows + 2) * stride], top: vec![rows + 1; stride] };
        for (row, line) in board.cells().chunks(cols.max(1)).enumerate() {
            for (col, &cell) in line.iter().enumerate() {
                let index = plane.index(row, col);
                plane.cells[index] = encode(cell);
                if cell != Cell::Empty {
                    plane.top[col + 1] = plane.top[col + 1].min(row + 1);
                }
            }
        }
        plane
    }

    pub fn to_board(&self) -> Board {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            let start = self.index(row, 0);
            cells.extend(self.cells[start..start + self.cols].iter().map(|&code| decode(code)));
        }
        Board::from_cells(self.rows, self.cols, cells)
    }

    /// The plane index of grid cell (row, col).
    #[inline]
    pub fn index(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.stride + col + 1
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.stride - 1, index % self.stride - 1)
    }

    /// The plane index of every cell of the grid, row-major.
    pub fn interior(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| self.index(row, col)))
    }

    /// MD1 asked of any swap: two distinct cells, each a regular gem; the
    /// first that fails is named, in the swap's order (`Invalid`). A cell
    /// off the grid holds no regular gem.
    pub fn locate(&self, swap: Swap) -> Result<(usize, usize), Invalid> {
        if swap.first == swap.second {
            return Err(Invalid::SameCell);
        }
        let gem = |pos: Pos| {
            let on_grid = pos.row < self.rows && pos.col < self.cols;
            let index = if on_grid { self.index(pos.row, pos.col) } else { 0 };
            // Plane index 0 is border, never a gem.
            if self.cells[index] < EMPTY {
                Ok(index)
            } else {
                Err(Invalid::NotAGem(pos))
            }
        };
        Ok((gem(swap.first)?, gem(swap.second)?))
    }

    /// True when some cell holds a gem with an empty cell below it.
    pub fn floating(&self) -> bool {
        (1..=self.cols).any(|col| (self.top[col]..=self.rows).any(|row| self.cells[row * self.stride + col] == EMPTY))
    }
}

fn encode(cell: Cell) -> u16 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::Gem(colour) => u16::from(colour),
        Cell::Bomb => BOMB,
        Cell::ArmedBomb => ARMED,
        Cell::Vibranium => VIBRANIUM,
    }
}

fn decode(code: u16) -> Cell {
    match code {
        EMPTY => Cell::Empty,
        BOMB => Cell::Bomb,
        ARMED => Cell::ArmedBomb,
        VIBRANIUM => Cell::Vibranium,
        colour => {
            debug_assert!(colour < EMPTY, "the border never lies inside the grid");
            Cell::Gem(colour as u8)
        }
    }
}
