//! Regions (TT2) and the star's level (TT3), known from each tile's link to
//! its region, with a fill only where a link is not known.
//!
//! Every region of a level below L9 that play makes holds one or two tiles:
//! a region of three or more merges at once (TT2), and a bomb only takes
//! tiles away. So each tile is linked to its partner in a region of two, or
//! to itself. A tile placed beside its level then knows the region it
//! would stand in from its neighbours' links alone, with no fill: whether
//! it merges, which cells it empties, and which level a star becomes.
//!
//! The map's first tiles may stand in larger regions (TT6); their link is
//! `UNKNOWN` until a tile placed beside them finds their region by a fill.
//! A fill marks each cell it finds on the plane itself, so it needs no
//! second map of what it has seen, and ends by either merging the cells it
//! marked or putting their level back.

use m3_model::triple::{EMPTY, MAX_LEVEL, MAX_STAR_LEVEL};

use super::plane::Plane;

/// TT2: a region of this many tiles or more merges.
const REACTS_AT: usize = 3;

/// What a cell found by the running fill holds until the fill ends. A fill
/// looks only for levels 1..=8, so the mark needs only to differ from them;
/// a map byte that happens to equal it is never looked for, and is never
/// touched, since only the cells in the fill's list are written back.
const FOUND: u8 = 0xFE;

/// The link of a tile whose region is not known.
const UNKNOWN: usize = usize::MAX;

/// Room for the cells of a placed tile's neighbouring regions: four
/// neighbours and their partners, eight at most, and `around` writes no
/// further than index 8. A power of two above that, so that `around` takes
/// its indices modulo this length, which they never reach, and the
/// compiler needs no bounds test.
const NEAR: usize = 16;

/// What the neighbours of a cell that hold a level tell, from their links.
struct Around {
    /// How many cells their regions hold, when all are known; the cells
    /// are in `Regions::near[..count]`.
    count: usize,
    /// The last neighbour of the level.
    last: usize,
    /// Some neighbour of the level is `UNKNOWN`.
    unknown: bool,
}

/// Each tile's link to its region and the fill's list, both allocated once
/// per game, one entry per plane cell, and the cells `around` finds.
pub(super) struct Regions {
    /// A tile's link, read only for tiles below L9: the neighbour it makes a
    /// region of two with, or itself when it stands alone, or `UNKNOWN`
    /// for the map's first tiles, untouched since. It is set whenever a
    /// tile is built and settles, and when a bomb leaves a tile alone; an
    /// empty cell's is left as it was.
    partners: Box<[usize]>,
    /// The last fill's cells in the order found, the start cell first, in
    /// `list[..len]`.
    list: Box<[usize]>,
    len: usize,
    /// The cells `around` found last.
    near: [usize; NEAR],
}

impl Regions {
    pub fn new(plane: &Plane) -> Regions {
        let cells = plane.cells.len();
        Regions {
            partners: vec![UNKNOWN; cells].into_boxed_slice(),
            list: vec![0; cells].into_boxed_slice(),
            len: 0,
            near: [0; NEAR],
        }
    }

    /// TT2: when the tile of `level` at `cell` stands in a region of three
    /// or more, empties the region's other cells, raises `cell` one level
    /// and returns the emptied cells, in no particular order; otherwise
    /// leaves the plane as it was and links the tile to its region.
    #[inline(always)]
    pub fn merge(&mut self, plane: &mut Plane, cell: usize, level: u8) -> Option<&[usize]> {
        // TT2: L9 never merges (nor a level above it, nor level 0, no tile),
        // and a tile beside none of its level stands alone.
        let lone = plane.neighbours(cell).iter().all(|&next| plane.cells[next] != level);
        if level == EMPTY || level >= MAX_LEVEL || lone {
            self.partners[cell] = cell;
            return None;
        }
        self.merge_region(plane, cell, level)
    }

    // Inlined, as `around` is, into the command loop: two thirds of the
    // tiles a long game places stand beside their level, and as a call
    // this cost each of them a call's saving and restoring of registers,
    // with the game's fields reloaded after it (10 % of `solve` on the
    // 20x20 bench). Only the fill, which few tiles need, stays a call.
    #[inline(always)]
    fn merge_region(&mut self, plane: &mut Plane, cell: usize, level: u8) -> Option<&[usize]> {
        let around = self.around(plane, cell, level);
        if around.unknown {
            let found = self.fill(plane, cell, level, usize::MAX);
            if found >= REACTS_AT {
                return Some(Self::raise(plane, cell, level, &self.list[1..found]));
            }
            self.unmark(plane, level);
        } else if 1 + around.count >= REACTS_AT {
            return Some(Self::raise(plane, cell, level, &self.near[..around.count]));
        }
        // A region of two: the tile and its one neighbour of the level.
        self.partners[cell] = around.last;
        self.partners[around.last] = cell;
        None
    }

    /// Lists in `near` the cells of the regions of `level` that `cell`
    /// touches, as far as their links tell.
    #[inline(always)]
    fn around(&mut self, plane: &Plane, cell: usize, level: u8) -> Around {
        let mut around = Around { count: 0, last: cell, unknown: false };
        for next in plane.neighbours(cell) {
            if plane.cells[next] == level {
                // With no branch on the link: the partner is listed after
                // the neighbour, and counted when it is another cell. Two
                // neighbours of `cell` touch no common cell of their level
                // but `cell`, or they would be one region of three, so no
                // cell is listed twice. An `UNKNOWN` one is counted and
                // listed too, and every count is thrown away then.
                let partner = self.partners[next];
                self.near[around.count % NEAR] = next;
                self.near[(around.count + 1) % NEAR] = partner;
                around.count += 1 + usize::from(partner != next);
                around.unknown |= partner == UNKNOWN;
                around.last = next;
            }
        }
        around
    }

    /// Empties the region's other cells and raises `cell` (TT2).
    fn raise<'a>(plane: &mut Plane, cell: usize, level: u8, emptied: &'a [usize]) -> &'a [usize] {
        for &other in emptied {
            plane.cells[other] = EMPTY;
        }
        plane.cells[cell] = level + 1;
        emptied
    }

    /// TT4: the tile at `cell` is about to be destroyed; the tile it was
    /// paired with is left alone.
    #[inline]
    pub fn bombed(&mut self, cell: usize) {
        let partner = self.partners[cell];
        if partner != UNKNOWN {
            self.partners[partner] = partner;
        }
    }

    /// TT3: the level a star placed on the empty cell `cell` becomes.
    ///
    /// A level-L tile placed there would join the union of its neighbours'
    /// level-L regions, so only the levels among the four neighbours can
    /// react, highest first: two neighbours of L, or one paired, make three;
    /// one `UNKNOWN` takes a probe from the cell that stops at three cells.
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
            let around = self.around(plane, cell, level);
            let reacts = if around.unknown { self.probe(plane, cell, level) } else { 1 + around.count >= REACTS_AT };
            if reacts {
                return level;
            }
        }
        1
    }

    /// Whether a tile of `level` on the empty `cell` would stand in a
    /// region of three or more, found by a fill; the plane is left as it was.
    fn probe(&mut self, plane: &mut Plane, cell: usize, level: u8) -> bool {
        let found = self.fill(plane, cell, level, REACTS_AT);
        self.unmark(plane, level);
        plane.cells[cell] = EMPTY;
        found >= REACTS_AT
    }

    /// Marks and lists the region of `level` around `start`, as if `start`
    /// held a tile of that level (it may be empty, for a star's probe),
    /// stopping once `limit` cells are found; returns the count. The list
    /// is the queue too, so the fill needs no other. The plane keeps the
    /// marks until the caller merges the region or `unmark`s it.
    // Out of line: only the map's first tiles take a fill, and the
    // command loop stays short without it.
    #[inline(never)]
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
    fn unmark(&self, plane: &mut Plane, level: u8) {
        for &cell in &self.list[..self.len] {
            plane.cells[cell] = level;
        }
    }
}
