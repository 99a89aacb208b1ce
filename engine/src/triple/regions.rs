//! Regions (TT2) and the star's level (TT3), found by fills that touch only
//! the region's cells and the cells around it.
//!
//! A fill marks each cell it finds on the plane itself, so it needs no
//! second map of what it has seen, and every fill ends by either merging
//! the cells it marked or putting their level back. A fill that merges
//! empties every cell it found but the placed one, so the full fills of a
//! whole game cost no more than the tiles they remove; a fill that does not
//! merge stops at two cells. The star's probes stop as soon as they know
//! the answer, at three cells.

use m3_model::triple::{EMPTY, MAX_LEVEL, MAX_STAR_LEVEL};

use super::plane::Plane;

/// TT2: a region of this many tiles or more merges.
const REACTS_AT: usize = 3;

/// What a cell found by the running fill holds until the fill ends. A fill
/// looks only for levels 1..=8, so the mark needs only to differ from them;
/// a map byte that happens to equal it is never looked for, and is never
/// touched, since only the cells in the fill's list are written back.
const FOUND: u8 = 0xFE;

/// The fill's list, allocated once per game at full size: a fill marks a
/// cell before it lists it, so it lists at most every cell of the map.
pub(super) struct Regions {
    /// The last fill's cells in the order found, the start cell first, in
    /// `list[..len]`.
    list: Box<[usize]>,
    len: usize,
}

impl Regions {
    pub fn new(plane: &Plane) -> Regions {
        Regions { list: vec![0; plane.rows * plane.cols].into_boxed_slice(), len: 0 }
    }

    /// TT2: when the tile of `level` at `cell` stands in a region of three
    /// or more, empties the region's other cells, raises `cell` one level
    /// and returns the emptied cells, in no particular order; otherwise
    /// leaves the plane as it was.
    #[inline]
    pub fn merge(&mut self, plane: &mut Plane, cell: usize, level: u8) -> Option<&[usize]> {
        // TT2: L9 never merges (nor a level above it, nor level 0, no tile).
        if level == EMPTY || level >= MAX_LEVEL {
            return None;
        }
        // Most tiles land beside none of their level: no fill for them.
        if plane.neighbours(cell).iter().all(|&next| plane.cells[next] != level) {
            return None;
        }
        self.merge_region(plane, cell, level)
    }

    // Kept out of line: the quiet path above is inlined in every caller,
    // and the fill would make it too long to stay in the hot loop's cache
    // lines (measured: about 8% of a long game).
    #[inline(never)]
    fn merge_region(&mut self, plane: &mut Plane, cell: usize, level: u8) -> Option<&[usize]> {
        if self.fill(plane, cell, level, usize::MAX) < REACTS_AT {
            self.unmark(plane, level);
            return None;
        }
        let emptied = &self.list[1..self.len];
        for &other in emptied {
            plane.cells[other] = EMPTY;
        }
        plane.cells[cell] = level + 1;
        Some(emptied)
    }

    /// TT3: the level a star placed on the empty cell `cell` becomes.
    ///
    /// A level-L tile placed there would join the union of its neighbours'
    /// level-L regions, so only the levels among the four neighbours can
    /// react, and a probe from the cell that stops at three cells tells
    /// whether one does; two neighbours in one region are found once.
    /// Neighbours above L8 (L9 and the border) never count.
    #[inline]
    pub fn star_level(&mut self, plane: &mut Plane, cell: usize) -> u8 {
        let mut levels = plane.neighbours(cell).map(|next| plane.cells[next]);
        levels.sort_unstable_by(|a, b| b.cmp(a));
        let mut tried = None;
        for level in levels {
            if level == EMPTY || level > MAX_STAR_LEVEL || tried == Some(level) {
                continue;
            }
            tried = Some(level);
            let found = self.fill(plane, cell, level, REACTS_AT);
            self.unmark(plane, level);
            plane.cells[cell] = EMPTY;
            if found >= REACTS_AT {
                return level;
            }
        }
        1
    }

    /// Marks and lists the region of `level` around `start`, as if `start`
    /// held a tile of that level (it may be empty, for a star's probe),
    /// stopping once `limit` cells are found; returns the count. The list
    /// is the queue too, so the fill needs no other. The plane keeps the
    /// marks until the caller merges the region or `unmark`s it.
    #[inline]
    fn fill(&mut self, plane: &mut Plane, start: usize, level: u8, limit: usize) -> usize {
        let list = &mut self.list[..];
        list[0] = start;
        plane.cells[start] = FOUND;
        let mut len = 1;
        let mut head = 0;
        while head < len && len < limit {
            let cell = list[head];
            head += 1;
            for next in plane.neighbours(cell) {
                if plane.cells[next] == level {
                    plane.cells[next] = FOUND;
                    list[len] = next;
                    len += 1;
                }
            }
        }
        self.len = len;
        len
    }

    /// Gives every cell of the last fill back its `level`.
    #[inline]
    fn unmark(&self, plane: &mut Plane, level: u8) {
        for &cell in &self.list[..self.len] {
            plane.cells[cell] = level;
        }
    }
}
