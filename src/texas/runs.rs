//! Run finding (TX4) for the harness: the checker asks which cells are in
//! runs, the generator whether a swap would make one. One definition serves
//! both; the implementations find runs their own way.

use m3_model::texas::{Board, Pos, RUN_LENGTH};

/// Whether `cell` lies in a run of a `rows` x `cols` board whose colours
/// `colour` gives (`None` for an empty cell).
pub fn in_run(rows: usize, cols: usize, colour: &dyn Fn(Pos) -> Option<u8>, cell: Pos) -> bool {
    crate::one_colour::in_run(rows, cols, &|row, col| colour(Pos::new(row, col)), (cell.row, cell.col), RUN_LENGTH)
}

/// Every cell in a run, in row-major order.
pub fn run_cells(board: &Board) -> Vec<Pos> {
    let colour = |cell: Pos| board.get(cell).map(|p| p.colour);
    board.all_cells().filter(|&cell| in_run(board.rows(), board.cols(), &colour, cell)).collect()
}
