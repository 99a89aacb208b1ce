//! Run finding (TX4) for the harness: the checker asks which cells are in
//! runs, and the generator's quicker test of whether a swap makes one is
//! tested against it. The implementations find runs their own way.

use m3_model::texas::{Board, Pos, RUN_LENGTH};

/// Every cell in a run, in row-major order.
pub fn run_cells(board: &Board) -> Vec<Pos> {
    let (rows, cols) = (board.rows(), board.cols());
    let colour = |row, col| board.get(Pos::new(row, col)).map(|p| p.colour);
    let marked = crate::kit::one_colour::cells_in_runs(rows, cols, colour, RUN_LENGTH);
    board.all_cells().zip(marked).filter_map(|(cell, in_a_run)| in_a_run.then_some(cell)).collect()
}
