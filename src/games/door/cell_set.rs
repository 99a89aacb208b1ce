//! A set of the cells of one grid, one flag per cell in row-major order: a
//! cell added twice is in it once, and the cells come out in row-major
//! order without a sort. The flags are kept from one use to the next.

use m3_model::door::{Board, Pos};

#[derive(Debug, Clone, Default)]
pub struct CellSet {
    rows: usize,
    cols: usize,
    flags: Vec<bool>,
}

impl CellSet {
    /// Empties the set, for a grid the size of `board`.
    pub fn clear(&mut self, board: &Board) {
        (self.rows, self.cols) = (board.rows(), board.cols());
        self.flags.clear();
        self.flags.resize(board.cells().len(), false);
    }

    /// # Panics
    /// When `pos` is off the grid.
    pub fn insert(&mut self, pos: Pos) {
        let index = self.index(pos);
        self.flags[index] = true;
    }

    /// The cells in the set, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        let cols = self.cols;
        let flagged = self.flags.iter().enumerate().filter(|&(_, &flag)| flag);
        flagged.map(move |(index, _)| Pos::new(index / cols, index % cols))
    }

    fn index(&self, pos: Pos) -> usize {
        assert!(pos.row < self.rows && pos.col < self.cols, "{pos} is off a {}x{} grid", self.rows, self.cols);
        pos.row * self.cols + pos.col
    }
}
