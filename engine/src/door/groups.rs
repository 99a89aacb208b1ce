//! Stage 1's search (MD2, MD3): the match-3 groups through the dirty cells.
//!
//! Each dirty gem's horizontal and vertical line of equal gems is scanned
//! once per pass: every cell of a scanned line is stamped, so that the other
//! dirty cells on it (a whole column's worth after a fall) skip it, and the
//! search costs the dirty cells plus the lines through them.

use super::plane::{Plane, EMPTY};
use super::scratch::Scratch;

/// Fills `scratch.vanished` with every gem of every group through a cell of
/// `scratch.dirty`, each once (MD3), and empties `dirty`.
pub(super) fn find(plane: &Plane, scratch: &mut Scratch) {
    let pass = scratch.next_pass();
    scratch.vanished.clear();
    // The list is taken out for the loop so that the scans can borrow the
    // rest of `scratch`; it goes back, emptied, with its capacity.
    let dirty = std::mem::take(&mut scratch.dirty);
    for &index in &dirty {
        let colour = plane.cells[index];
        // MD2: bombs, vibranium and empty cells never match.
        if colour >= EMPTY {
            continue;
        }
        if scratch.row_scanned_at[index] != pass {
            scan(plane, scratch, index, 1, pass, Line::Row);
        }
        if scratch.col_scanned_at[index] != pass {
            scan(plane, scratch, index, plane.stride, pass, Line::Column);
        }
    }
    scratch.dirty = dirty;
    scratch.dirty.clear();
}

#[derive(Clone, Copy)]
enum Line {
    Row,
    Column,
}

/// Scans the maximal line of cells equal to the gem at `index`, `step` apart,
/// stamps it scanned, and marks it vanished when it holds 3 or more (MD2).
/// The border differs from every gem, so the line ends inside the plane.
#[inline]
fn scan(plane: &Plane, scratch: &mut Scratch, index: usize, step: usize, pass: u32, line: Line) {
    let cells = &plane.cells;
    let colour = cells[index];
    let mut first = index;
    while cells[first - step] == colour {
        first -= step;
    }
    let mut last = index;
    while cells[last + step] == colour {
        last += step;
    }
    let scanned = match line {
        Line::Row => &mut scratch.row_scanned_at,
        Line::Column => &mut scratch.col_scanned_at,
    };
    for cell in (first..=last).step_by(step) {
        scanned[cell] = pass;
    }
    if last - first >= 2 * step {
        for cell in (first..=last).step_by(step) {
            scratch.vanish(cell, pass);
        }
    }
}
