//! TT2's regions, searched on a map's cells in row-major order: the checker
//! asks whether a tile would merge and follows every merge, so these
//! searches run on flat indices and allocate nothing once their buffers
//! have grown.

use m3_model::triple::{Map, Pos};

use super::levels::{self, meets, Beside, Levels};

/// A map's levels in row-major order, `cols` to a row: the map as the
/// searches read it, also when the levels are a checker's working copy.
#[derive(Clone, Copy)]
pub struct Cells<'a> {
    levels: &'a [u8],
    cols: usize,
}

impl<'a> Cells<'a> {
    #[inline]
    pub fn new(levels: &'a [u8], cols: usize) -> Self {
        Cells { levels, cols }
    }

    #[inline]
    pub fn of(map: &'a Map) -> Self {
        Cells::new(map.cells(), map.cols())
    }

    /// Where `pos` is in `levels`.
    #[inline]
    pub fn index(self, pos: Pos) -> usize {
        index(self.cols, pos)
    }

    #[cfg(test)]
    pub fn level(self, pos: Pos) -> u8 {
        self.levels[self.index(pos)]
    }

    /// Every cell, in row-major order.
    #[cfg(test)]
    pub fn every(self) -> impl Iterator<Item = Pos> {
        let rows = self.levels.len() / self.cols;
        (0..rows).flat_map(move |row| (0..self.cols).map(move |col| Pos::new(row, col)))
    }

    /// The cells beside `pos` on the map: above, below, left, right.
    #[inline]
    pub fn neighbours(self, pos: Pos) -> impl Iterator<Item = Pos> {
        // Gathered in an array rather than filtered from four options: the
        // searches call this for every cell they reach.
        let Pos { row, col } = pos;
        let mut found = [pos; 4];
        let mut len = 0;
        let mut add = |on_map: bool, row: usize, col: usize| {
            found[len] = Pos::new(row, col);
            len += usize::from(on_map);
        };
        add(row > 0, row.wrapping_sub(1), col);
        add((row + 1) * self.cols < self.levels.len(), row + 1, col);
        add(col > 0, row, col.wrapping_sub(1));
        add(col + 1 < self.cols, row, col + 1);
        found.into_iter().take(len)
    }

    /// The cells beside `pos`, at index `at`: above, below, left, right,
    /// each with its index and whether it is on the map. Flat, for the
    /// tests TT2 takes at every cell it reaches, and with no division of an
    /// index by the row's length.
    #[inline]
    fn around(self, at: usize, pos: Pos) -> [(bool, usize, Pos); 4] {
        let (Pos { row, col }, cols) = (pos, self.cols);
        [
            (at >= cols, at.wrapping_sub(cols), Pos::new(row.wrapping_sub(1), col)),
            (at + cols < self.levels.len(), at + cols, Pos::new(row + 1, col)),
            (col > 0, at.wrapping_sub(1), Pos::new(row, col.wrapping_sub(1))),
            (col + 1 < cols, at + 1, Pos::new(row, col + 1)),
        ]
    }

    /// How many cells beside `pos`, at index `at`, hold `level`.
    #[inline]
    fn count_beside(self, at: usize, pos: Pos, level: u8) -> usize {
        let holds = |(on_map, at, _): (bool, usize, Pos)| usize::from(on_map && self.levels[at] == level);
        self.around(at, pos).into_iter().map(holds).sum()
    }
}

/// Where `pos` is among a map's levels in row-major order, `cols` to a row.
#[inline]
pub fn index(cols: usize, pos: Pos) -> usize {
    pos.row * cols + pos.col
}

/// What a tile of each level placed at `start` would meet (TT2), every
/// level at once. It looks at no more than the cells two steps away,
/// whatever the regions' sizes.
pub fn beside(cells: Cells<'_>, start: Pos) -> Beside {
    let mut around = [Levels::NONE; 4];
    let (mut paired, mut flanked) = (Levels::NONE, Levels::NONE);
    let at = cells.index(start);
    for (slot, (on_map, next, pos)) in around.iter_mut().zip(cells.around(at, start)) {
        if !on_map {
            continue;
        }
        let level = cells.levels[next];
        *slot = Levels::of(level);
        if *slot == Levels::NONE {
            continue;
        }
        let same = cells.count_beside(next, pos, level);
        if same >= 1 {
            paired = paired.or(*slot);
        }
        if same >= 2 {
            flanked = flanked.or(*slot);
        }
    }
    meets(Levels::of(cells.levels[at]), around, paired, flanked)
}

/// TT2: whether a region of `size` tiles, found whole for a tile of
/// `level`, merges: it holds 3 tiles or more, below L9.
pub fn merges(size: usize, level: u8) -> bool {
    size >= 3 && Levels::of(level) != Levels::NONE
}

/// TT2: whether a tile of `level` at `start` would merge, without finding
/// its region whole: [`beside`] for one level, each set of levels a bool.
pub fn reacts(cells: Cells<'_>, start: Pos, level: u8) -> bool {
    let at = cells.index(start);
    let (mut near, mut paired, mut flanked) = (0, false, false);
    for (on_map, next, pos) in cells.around(at, start) {
        if on_map && cells.levels[next] == level {
            let same = cells.count_beside(next, pos, level);
            (near, paired, flanked) = (near + 1, paired | (same >= 1), flanked | (same >= 2));
        }
    }
    let own = cells.levels[at] == level;
    Levels::of(level) != Levels::NONE && levels::reacts(own, near >= 2, paired, flanked)
}

/// Searches for whole regions, with buffers kept from one search to the
/// next.
#[derive(Debug, Default)]
pub struct Regions {
    /// The region's cells, each with its index in row-major order, in the
    /// order found.
    reached: Vec<(usize, Pos)>,
    /// The region found, in row-major order, when asked.
    found: Vec<Pos>,
    /// `marks[cell] == search` when the current search has found the cell,
    /// so that a new search starts without clearing it.
    marks: Vec<u32>,
    search: u32,
}

impl Regions {
    /// Finds the 4-connected cells of `level` that reach `start`, `start`
    /// counted as one of them whatever it holds, and tells how many.
    pub fn search(&mut self, cells: Cells<'_>, start: Pos, level: u8) -> usize {
        if self.marks.len() < cells.levels.len() {
            self.marks.resize(cells.levels.len(), 0);
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // The marks wrapped around: marks of old searches would pass
            // for this one's.
            self.marks.fill(0);
            self.search = 1;
        }
        let at = cells.index(start);
        self.reached.clear();
        self.reached.push((at, start));
        self.marks[at] = self.search;
        let mut next = 0;
        while let Some(&(at, pos)) = self.reached.get(next) {
            next += 1;
            for (on_map, at, pos) in cells.around(at, pos) {
                if on_map && cells.levels[at] == level && self.marks[at] != self.search {
                    self.marks[at] = self.search;
                    self.reached.push((at, pos));
                }
            }
        }
        self.reached.len()
    }

    /// Whether the last search, on `cells`, found `pos`: a membership test
    /// that needs the region neither listed nor sorted.
    pub fn found_at(&self, cells: Cells<'_>, pos: Pos) -> bool {
        // A cell off the map, however far, is in no region.
        let at = pos.row.checked_mul(cells.cols).and_then(|row| row.checked_add(pos.col));
        pos.col < cells.cols && at.is_some_and(|at| at < cells.levels.len() && self.marks[at] == self.search)
    }

    /// The cells the last search found, in row-major order.
    pub fn found(&mut self) -> &[Pos] {
        self.reached.sort_unstable_by_key(|&(at, _)| at);
        self.found.clear();
        self.found.extend(self.reached.iter().map(|&(_, pos)| pos));
        &self.found
    }
}

#[cfg(test)]
pub(super) mod tests {
    use m3_model::triple::EMPTY;

    use super::*;

    /// A map from its rows, `.` for an empty cell.
    pub(in crate::games::triple) fn map(rows: &[&str]) -> Map {
        let cells = rows.iter().flat_map(|row| row.bytes().map(|b| if b == b'.' { EMPTY } else { b - b'0' }));
        Map::from_cells(rows.len(), rows[0].len(), cells.collect())
    }

    #[test]
    fn neighbours_stay_on_the_map() {
        let map = map(&["...", "..."]);
        let cells = Cells::of(&map);
        let sorted = |row, col| {
            let mut found: Vec<Pos> = cells.neighbours(Pos::new(row, col)).collect();
            found.sort_unstable();
            found
        };
        assert_eq!(sorted(0, 0), [Pos::new(0, 1), Pos::new(1, 0)]);
        assert_eq!(sorted(0, 1), [Pos::new(0, 0), Pos::new(0, 2), Pos::new(1, 1)]);
        assert_eq!(sorted(1, 2), [Pos::new(0, 2), Pos::new(1, 1)]);
    }

    #[test]
    fn tt2_a_region_is_found_whole_in_row_major_order() {
        let map = map(&["11.", "2.1", "221"]);
        let cells = Cells::of(&map);
        let mut regions = Regions::default();
        let mut find = |row, col, level| {
            let size = regions.search(cells, Pos::new(row, col), level);
            let found = regions.found().to_vec();
            assert_eq!(found.len(), size);
            assert!(cells.every().all(|pos| regions.found_at(cells, pos) == found.contains(&pos)));
            let off_the_map =
                [Pos::new(0, 3), Pos::new(2, 3), Pos::new(3, 0), Pos::new(usize::MAX, 0), Pos::new(0, usize::MAX)];
            assert!(off_the_map.iter().all(|&pos| !regions.found_at(cells, pos)));
            found.iter().map(|pos| cells.index(*pos)).collect::<Vec<_>>()
        };
        assert_eq!(find(0, 2, 1), [0, 1, 2, 5, 8]);
        assert_eq!(find(1, 1, 2), [3, 4, 6, 7]);
        assert_eq!(find(1, 1, 1), [0, 1, 4, 5, 8]);
        assert_eq!(find(1, 1, 3), [4]);
    }

    #[test]
    fn tt2_reacts_is_beside_for_one_level() {
        for rows in [&["11..2", ".2.3.", "..1..", "22.33"][..], &["112", "1.1"], &["99.", "9.9"], &["1"]] {
            let map = map(rows);
            let cells = Cells::of(&map);
            for (pos, level) in cells.every().flat_map(|pos| (0..=10).map(move |level| (pos, level))) {
                let beside = beside(cells, pos).reacting.meets(Levels::of(level));
                assert_eq!(reacts(cells, pos, level), beside, "L{level} at {pos} on {rows:?}");
            }
        }
    }

    #[test]
    fn tt2_a_tile_reacts_from_3_tiles_below_l9() {
        let reacts_at = |row: &str, col, level| reacts(Cells::of(&map(&[row])), Pos::new(0, col), level);
        assert!(reacts_at("11.", 2, 1));
        assert!(reacts_at("1.1", 1, 1));
        assert!(!reacts_at("21.", 2, 1), "a region of 2");
        assert!(!reacts_at("1.", 1, 1), "a region of 2");
        assert!(reacts_at("111.", 3, 1), "a chain beyond");
        assert!(!reacts_at("99.", 2, 9), "L9 never merges");
        assert!(reacts_at("88.", 2, 8));
    }
}
