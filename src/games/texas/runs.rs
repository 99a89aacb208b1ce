//! Run finding (TX4) for the harness: the checker asks which cells are in
//! runs, the generator whether a swap would make one. One definition serves
//! both; the implementations find runs their own way.

use m3_model::texas::{Board, Pos, RUN_LENGTH};

/// Whether `cell` lies in a run of a `rows` x `cols` board whose colours
/// `colour` gives (`None` for an empty cell).
pub fn in_run(rows: usize, cols: usize, colour: &impl Fn(Pos) -> Option<u8>, cell: Pos) -> bool {
    crate::kit::one_colour::in_run(rows, cols, &|row, col| colour(Pos::new(row, col)), (cell.row, cell.col), RUN_LENGTH)
}

/// Every cell in a run, in row-major order.
pub fn run_cells(board: &Board) -> Vec<Pos> {
    let (rows, cols) = (board.rows(), board.cols());
    let colour = |row, col| board.get(Pos::new(row, col)).map(|p| p.colour);
    let marked = crate::kit::one_colour::cells_in_runs(rows, cols, colour, RUN_LENGTH);
    board.all_cells().zip(marked).filter_map(|(cell, in_a_run)| in_a_run.then_some(cell)).collect()
}
