//! Stage 2 (MD4): every armed bomb explodes at once and its four beams run
//! to the grid's edge or the first vibranium.
//!
//! Beams are traced on the plane itself: nothing is removed until every beam
//! has run, which is MD4's "the grid as it was before the explosion". A beam
//! also stops at another armed bomb: that bomb explodes in the same instant
//! and its own beam in the same direction covers every cell past it, up to
//! the same vibranium or edge. So each cell is crossed by at most one beam
//! per direction, and a row full of armed bombs costs its length, not its
//! length times its bombs.

use super::plane::{Plane, ARMED, EMPTY, VIBRANIUM};
use super::scratch::Scratch;

/// Explodes the bombs of `armed`, which then moves to `scratch.exploded`
/// (and `armed` is left empty), and fills `scratch.vanished` with the bombs
/// and every regular gem and bomb on their beams, each once.
pub(super) fn explode(plane: &Plane, scratch: &mut Scratch, armed: &mut Vec<usize>) {
    let pass = scratch.next_pass();
    scratch.vanished.clear();
    scratch.exploded.clear();
    std::mem::swap(&mut scratch.exploded, armed);
    let exploded = std::mem::take(&mut scratch.exploded);
    for &bomb in &exploded {
        scratch.vanish(bomb, pass);
    }
    let stride = plane.stride;
    for &bomb in &exploded {
        beam(plane, scratch, bomb, pass, |cell| cell + 1);
        beam(plane, scratch, bomb, pass, |cell| cell - 1);
        beam(plane, scratch, bomb, pass, |cell| cell + stride);
        beam(plane, scratch, bomb, pass, |cell| cell - stride);
    }
    scratch.exploded = exploded;
}

/// One beam from `bomb`, one `next` step at a time. Vibranium and the
/// border (both `>= VIBRANIUM`) stop it and stay; an empty cell lets it pass;
/// any other cell, regular gem or bomb, vanishes.
#[inline]
fn beam(plane: &Plane, scratch: &mut Scratch, bomb: usize, pass: u32, next: impl Fn(usize) -> usize) {
    let mut cell = next(bomb);
    loop {
        let code = plane.cells[cell];
        if code >= VIBRANIUM || code == ARMED {
            return;
        }
        if code != EMPTY {
            scratch.vanish(cell, pass);
        }
        cell = next(cell);
    }
}
