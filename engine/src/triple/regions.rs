//! Regions (TT2) and the star's level (TT3), found by fills that touch only
//! the region's cells and the cells around it.
//!
//! A fill that reacts empties every cell it found but the placed one, so the
//! full fills of a whole game cost no more than the tiles they remove; a
//! fill that does not react stops at two cells. The star's probes stop as
//! soon as they know the answer, at three cells. No fill looks past the
//! region and the cells around it.

use m3_model::triple::{EMPTY, MAX_STAR_LEVEL};

use super::plane::Plane;

/// TT2: a region of this many tiles or more merges.
pub(super) const REACTS_AT: usize = 3;

/// The fill's buffers, allocated once per game at full size so that no fill
/// grows them. A cell is seen in this fill when its stamp equals the fill's,
/// so a new fill forgets the last one's marks without touching the plane.
pub(super) struct Regions {
    fill: u32,
    seen_at: Vec<u32>,
    /// The last fill's cells in the order found; the start cell first.
    pub cells: Vec<usize>,
}

impl Regions {
    pub fn new(plane: &Plane) -> Regions {
        Regions { fill: 0, seen_at: vec![0; plane.cells.len()], cells: Vec::with_capacity(plane.rows * plane.cols) }
    }

    /// Starts a fill and returns its stamp; every older stamp reads as
    /// unseen. Once in 2^32 fills the marks are cleared instead.
    #[inline]
    fn next_fill(&mut self) -> u32 {
        if self.fill == u32::MAX {
            self.seen_at.fill(0);
            self.fill = 0;
        }
        self.fill += 1;
        self.fill
    }

    /// Fills `cells` with the region of `level` around `start`, as if
    /// `start` held a tile of that level (it may be empty, for a star's
    /// probe), stopping once `limit` cells are found; returns the count.
    /// The queue is `cells` itself, so the fill needs no other list.
    #[inline]
    pub fn fill(&mut self, plane: &Plane, start: usize, level: u8, limit: usize) -> usize {
        let fill = self.next_fill();
        self.cells.clear();
        self.cells.push(start);
        self.seen_at[start] = fill;
        let mut head = 0;
        while head < self.cells.len() && self.cells.len() < limit {
            let cell = self.cells[head];
            head += 1;
            for next in plane.neighbours(cell) {
                if plane.cells[next] == level && self.seen_at[next] != fill {
                    self.seen_at[next] = fill;
                    self.cells.push(next);
                }
            }
        }
        self.cells.len()
    }

    /// TT3: the level a star placed on the empty cell `cell` becomes.
    ///
    /// A level-L tile placed there would join the union of its neighbours'
    /// level-L regions, so only the levels among the four neighbours can
    /// react, and a probe from the cell that stops at three cells tells
    /// whether one does; two neighbours in one region are found once.
    /// Neighbours above L8 (L9 and the border) never count.
    #[inline]
    pub fn star_level(&mut self, plane: &Plane, cell: usize) -> u8 {
        let mut levels = plane.neighbours(cell).map(|next| plane.cells[next]);
        levels.sort_unstable_by(|a, b| b.cmp(a));
        let mut tried = None;
        for level in levels {
            if level == EMPTY || level > MAX_STAR_LEVEL || tried == Some(level) {
                continue;
            }
            tried = Some(level);
            if self.fill(plane, cell, level, REACTS_AT) >= REACTS_AT {
                return level;
            }
        }
        1
    }
}
