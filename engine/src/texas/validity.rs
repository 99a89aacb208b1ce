//! TX2: whether an operation is valid, decided from the two cells and the
//! four lines through them, so that an invalid operation costs a few reads.

use m3_model::texas::{At, Invalid, Swap};

use super::grid::Grid;

/// The cell a 1-based position names, as a plane index, if it is on the
/// board.
fn locate(grid: &Grid, position: At) -> Option<(usize, usize)> {
    let row = usize::try_from(position.row).ok()?.checked_sub(1)?;
    let col = usize::try_from(position.col).ok()?.checked_sub(1)?;
    (row < grid.rows && col < grid.cols).then_some((row, col))
}

/// Swaps the two pieces when the operation is valid and returns their
/// cells; otherwise leaves the board as it was and returns the first reason,
/// in the order of `Invalid`. `anywhere` asks for a run anywhere on the board
/// rather than through the swapped cells (see `Engine::unsettled`).
pub(super) fn swap_if_valid(grid: &mut Grid, swap: Swap, anywhere: bool) -> Result<(usize, usize), Invalid> {
    let (Some(first), Some(second)) = (locate(grid, swap.first), locate(grid, swap.second)) else {
        return Err(Invalid::OffBoard);
    };
    if first == second {
        return Err(Invalid::SameCell);
    }
    if first.0.abs_diff(second.0) + first.1.abs_diff(second.1) != 1 {
        return Err(Invalid::NotAdjacent);
    }
    let a = grid.index(first.0, first.1);
    let b = grid.index(second.0, second.1);
    if !grid.is_piece(a) || !grid.is_piece(b) {
        return Err(Invalid::EmptyCell);
    }
    grid.swap(a, b);
    let run =
        if anywhere { grid.piece_cells().any(|cell| grid.in_run(cell)) } else { grid.in_run(a) || grid.in_run(b) };
    if run {
        Ok((a, b))
    } else {
        grid.swap(a, b);
        Err(Invalid::NoRun)
    }
}
