//! Small grids written out cell by cell, for the unit tests of the rules.

use m3_model::door::{Board, Cell};

/// The grid of `rows`, top first.
pub fn board(rows: &[&[Cell]]) -> Board {
    Board::from_cells(rows.len(), rows[0].len(), rows.concat())
}

pub const V: Cell = Cell::Vibranium;
pub const B: Cell = Cell::Bomb;
pub const E: Cell = Cell::Empty;

/// A regular gem of `colour`.
pub const fn g(colour: u8) -> Cell {
    Cell::Gem(colour)
}
