//! The board as flat planes (TX1): one colour plane and one special plane,
//! row-major, framed by a two-cell sentinel border. The border lets a run scan
//! stop on its own and lets the 5x5 square of TX5 reach past the edge without
//! clipping arithmetic: a border cell never matches a colour and is never a
//! piece.

use m3_model::texas::{Board, Piece, Pos, Special};

// Reading: TX1 gives colours in 1..=k, but a model piece can carry any `u8`
// (0, or above k); every such value is taken as an ordinary colour, so the
// sentinels live above the `u8` range.
/// Colour-plane value of an empty cell.
pub(super) const EMPTY: u16 = 256;
/// Colour-plane value of a border cell.
pub(super) const BORDER: u16 = 257;
/// Border width: the reach of the widest special square (5x5, TX5).
pub(super) const PAD: usize = 2;

pub(super) struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Plane width: the row length plus the border on both sides.
    pub stride: usize,
    /// A piece's colour, `EMPTY` or `BORDER`.
    pub colour: Vec<u16>,
    /// A piece's special code; 0 on empty and border cells.
    pub special: Vec<u8>,
    /// Row of each column's topmost piece, `rows` when the column is empty:
    /// gravity reads no higher.
    pub top: Vec<usize>,
    /// Pieces on the board, for TX11's cleared-board bonus.
    pub pieces: usize,
}

impl Grid {
    pub fn from_board(board: &Board) -> Grid {
        let (rows, cols) = (board.rows(), board.cols());
        let stride = cols + 2 * PAD;
        let size = (rows + 2 * PAD) * stride;
        let mut grid = Grid {
            rows,
            cols,
            stride,
            colour: vec![BORDER; size],
            special: vec![0; size],
            top: vec![rows; cols],
            pieces: 0,
        };
        for (row, line) in board.cells().chunks(cols.max(1)).enumerate() {
            for (col, cell) in line.iter().enumerate() {
                let index = grid.index(row, col);
                match cell {
                    Some(piece) => {
                        grid.colour[index] = u16::from(piece.colour);
                        grid.special[index] = piece.special.code();
                        grid.pieces += 1;
                        grid.top[col] = grid.top[col].min(row);
                    }
                    None => grid.colour[index] = EMPTY,
                }
            }
        }
        grid
    }

    #[inline]
    pub fn index(&self, row: usize, col: usize) -> usize {
        (row + PAD) * self.stride + col + PAD
    }

    #[inline]
    pub fn row_of(&self, index: usize) -> usize {
        index / self.stride - PAD
    }

    #[inline]
    pub fn col_of(&self, index: usize) -> usize {
        index % self.stride - PAD
    }

    pub fn cell(&self, index: usize) -> Pos {
        Pos::new(self.row_of(index), self.col_of(index))
    }

    #[inline]
    pub fn is_piece(&self, index: usize) -> bool {
        self.colour[index] < EMPTY
    }

    pub fn piece(&self, index: usize) -> Option<Piece> {
        piece(self.colour[index], self.special[index])
    }

    /// The board, a row of the planes at a time: every record of an
    /// operation and of each of its rounds holds one, and built a cell at a
    /// time from its (row, column) it cost a generator following a 50x50
    /// game more than the rest of its work.
    pub fn to_board(&self) -> Board {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            let start = self.index(row, 0);
            let line = self.colour[start..start + self.cols].iter().zip(&self.special[start..start + self.cols]);
            cells.extend(line.map(|(&colour, &special)| piece(colour, special)));
        }
        Board::from_cells(self.rows, self.cols, cells)
    }

    /// Length of the same-colour line through `index` along `step` (1 for a
    /// row, `stride` for a column), as `(first index, length)`.
    #[inline]
    pub fn line_through(&self, index: usize, step: usize) -> (usize, usize) {
        let colour = self.colour[index];
        let mut first = index;
        while self.colour[first - step] == colour {
            first -= step;
        }
        let mut last = index;
        while self.colour[last + step] == colour {
            last += step;
        }
        (first, (last - first) / step + 1)
    }

    /// True when the piece at `index` lies in a run (TX4).
    #[inline]
    pub fn in_run(&self, index: usize) -> bool {
        self.is_piece(index) && (self.line_through(index, 1).1 >= 3 || self.line_through(index, self.stride).1 >= 3)
    }

    /// Every piece cell, row-major.
    pub fn piece_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.rows)
            .flat_map(move |row| (0..self.cols).map(move |col| self.index(row, col)))
            .filter(|&index| self.is_piece(index))
    }

    /// True when the board is as TX1 promises a start and as every settled
    /// operation leaves it: no run, and no piece above an empty cell.
    pub fn is_settled(&self) -> bool {
        let floating =
            (0..self.cols).any(|col| (self.top[col]..self.rows).any(|row| !self.is_piece(self.index(row, col))));
        !floating && !self.piece_cells().any(|index| self.in_run(index))
    }

    pub fn swap(&mut self, a: usize, b: usize) {
        self.colour.swap(a, b);
        self.special.swap(a, b);
    }
}

/// The piece a cell of the planes holds.
#[inline]
fn piece(colour: u16, special: u8) -> Option<Piece> {
    // Only values below EMPTY (256) are pieces, so this never truncates.
    (colour < EMPTY).then(|| Piece { colour: colour as u8, special: Special::ALL[usize::from(special)] })
}
