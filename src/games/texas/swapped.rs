//! A swap's board.

use m3_model::texas::{Board, Swap};

/// The board after `swap`, or `None` when the swap names a cell off the
/// board. Checker, trace and diff all follow a record from the board before;
/// a module of its own, not `mod.rs`, so that they use it without importing
/// their parent, which re-exports them.
pub(super) fn swapped(board: &Board, swap: &Swap) -> Option<Board> {
    let (a, b) = (board.cell_at(swap.first)?, board.cell_at(swap.second)?);
    let mut after = board.clone();
    after.set(a, board.get(b));
    after.set(b, board.get(a));
    Some(after)
}
