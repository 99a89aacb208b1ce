//! Gravity (MD5) after a pass: the vanished cells empty, and every column
//! that lost a cell closes up from its lowest vanished row to its topmost
//! cell. Nothing below that row moves, and no other column does.
//!
//! Every cell above a column's lowest vanished cell has a hole below it, so
//! it moves: the cells a fall writes are exactly the cells whose content
//! changed, and they become the next search's dirty cells. The same walk
//! arms the bombs that move (MD5) and keeps the armed list exact: the bombs
//! listed inside a closed-up range are dropped first, and the walk lists
//! every armed bomb it lays down there again.

use super::plane::{Plane, ARMED, BOMB, EMPTY};
use super::scratch::Scratch;

/// Empties `scratch.vanished`'s cells and lets the columns fall; fills
/// `scratch.dirty` and `scratch.activated`. With `everywhere` every column
/// closes up over its whole height (a grid whose cells float already).
pub(super) fn fall(plane: &mut Plane, scratch: &mut Scratch, armed: &mut Vec<usize>, everywhere: bool) {
    let stride = plane.stride;
    for &cell in &scratch.vanished {
        plane.cells[cell] = EMPTY;
        let (row, col) = (cell / stride, cell % stride);
        if scratch.lowest[col] == 0 {
            scratch.columns.push(col);
        }
        scratch.lowest[col] = scratch.lowest[col].max(row);
    }
    if everywhere {
        scratch.columns.clear();
        scratch.columns.extend(1..=plane.cols);
        for col in 1..=plane.cols {
            scratch.lowest[col] = plane.rows;
        }
    }
    // An untouched column's `lowest` is 0, above every cell.
    armed.retain(|&cell| cell / stride > scratch.lowest[cell % stride]);
    scratch.dirty.clear();
    scratch.activated.clear();
    for &col in &scratch.columns {
        close_up(plane, scratch.lowest[col], col, &mut scratch.dirty, &mut scratch.activated, armed);
        scratch.lowest[col] = 0;
    }
    scratch.columns.clear();
}

/// MD5 in plane column `col` from plane row `lowest` up: every non-empty
/// cell falls keeping its order; a bomb that moves is armed.
#[inline]
fn close_up(
    plane: &mut Plane,
    lowest: usize,
    col: usize,
    dirty: &mut Vec<usize>,
    activated: &mut Vec<usize>,
    armed: &mut Vec<usize>,
) {
    let stride = plane.stride;
    let top = plane.top[col];
    let cells = &mut plane.cells;
    // The next row to fill; it never rises above the row being read, so a
    // write lands only on a cell already read.
    let mut fill = lowest;
    for row in (top..=lowest).rev() {
        let code = cells[row * stride + col];
        if code == EMPTY {
            continue;
        }
        let to = fill * stride + col;
        if row != fill {
            let landed = if code == BOMB {
                activated.push(to);
                ARMED
            } else {
                code
            };
            cells[to] = landed;
            dirty.push(to);
        }
        if cells[to] == ARMED {
            armed.push(to);
        }
        fill -= 1;
    }
    for row in top..=fill {
        cells[row * stride + col] = EMPTY;
    }
    plane.top[col] = fill + 1;
}
