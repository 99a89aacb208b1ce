//! What the generator's player sees of the map before each command: how
//! many cells are empty and occupied, and where a tile placed would meet
//! tiles of its level or merge (TT2). The player asks where a tile would
//! merge before most commands, for the one level it places, so the survey
//! keeps the cells of each level as sets of bits (`bits`), notes the cells
//! each command changed (first those its record names), and finds where a
//! tile meets its level when asked, 64 cells at a time, for the levels
//! asked only.

use std::cell::OnceCell;

use arbitrary::{Result, Unstructured};
use m3_model::triple::{Map, Pos, EMPTY};

use super::bits::Layout;
use super::levels::{any, reacts, twice, Levels};
use super::region;
use crate::kit::bit_set;

/// Cells compared at a time to find those a command changed, read as one
/// machine word.
const WORD: usize = bit_set::BYTES;

/// The map as the player saw it last, in buffers kept for the whole game.
#[derive(Default)]
pub struct Survey {
    layout: Layout,
    /// The levels in row-major order.
    seen: Vec<u8>,
    pub occupied: usize,
    /// The levels as sets of cells.
    sets: Sets,
    /// For the level a search is at, the cells with two of its tiles beside
    /// them; of its tiles, those with one tile of their level beside them,
    /// and those with two.
    between: Vec<u64>,
    paired: Vec<u64>,
    flanked: Vec<u64>,
    /// What the last search found: where a tile merges, and where it
    /// meets its level.
    merging: Vec<u64>,
    near: Vec<u64>,
}

/// The map's cells as sets of bits: the empty ones, those that hold a
/// tile, and those of each level that merges.
#[derive(Default)]
struct Sets {
    empty: Vec<u64>,
    tiles: Vec<u64>,
    /// L1 first (TT2).
    holding: [Vec<u64>; 8],
}

impl Sets {
    /// Calls `change` on each set a cell of `level` is in.
    fn of(&mut self, level: u8, mut change: impl FnMut(&mut [u64])) {
        if level == EMPTY {
            return change(&mut self.empty);
        }
        change(&mut self.tiles);
        // Tiles of L9 never merge: they are in no level's set.
        if Levels::of(level) != Levels::NONE {
            change(&mut self.holding[usize::from(level - 1)]);
        }
    }

    /// Moves the cell at `bit` from the sets of level `from` to those of
    /// `to`.
    fn change(&mut self, bit: usize, from: u8, to: u8) {
        self.of(from, |set| bit_set::remove(set, bit));
        self.of(to, |set| bit_set::insert(set, bit));
    }
}

impl Survey {
    /// Sees `map` as the last command left it, looking first at `cells`,
    /// those its record says it changed: when the map is then the one
    /// seen, one comparison of the whole map ends the look, and a map
    /// changed elsewhere (a wrong record) is compared a word at a time.
    pub fn look_at(&mut self, map: &Map, cells: impl IntoIterator<Item = Pos>) {
        let now = map.cells();
        if (map.rows(), map.cols()) == (self.layout.rows(), self.layout.cols()) {
            let cols = map.cols();
            for pos in cells.into_iter().filter(|pos| map.contains(pos.row, pos.col)) {
                let at = region::index(cols, pos);
                if self.seen[at] != now[at] {
                    note(self.layout, &mut self.sets, &mut self.occupied, at, &mut self.seen[at], now[at]);
                }
            }
            if self.seen == now {
                return;
            }
        }
        self.look(map);
    }

    /// Sees `map` as the last command left it.
    pub fn look(&mut self, map: &Map) {
        let now = map.cells();
        if (map.rows(), map.cols()) != (self.layout.rows(), self.layout.cols()) {
            return self.look_anew(map);
        }
        let Survey { layout, seen, sets, occupied, .. } = self;
        // Most commands change a cell or a few: compared a word at a time,
        // and in a word that differs, only the cells that do.
        let mut compare = |start: usize, seen: &mut [u8], now: &[u8]| {
            let mut changed = bit_set::of_bytes(seen) ^ bit_set::of_bytes(now);
            while changed != 0 {
                let cell = changed.trailing_zeros() as usize / 8;
                note(*layout, sets, occupied, start + cell, &mut seen[cell], now[cell]);
                changed &= !(0xff << (8 * cell));
            }
        };
        let words = seen.chunks_exact_mut(WORD).zip(now.chunks_exact(WORD));
        for (start, (seen, now)) in (0..).step_by(WORD).zip(words) {
            compare(start, seen, now);
        }
        if !now.len().is_multiple_of(WORD) && now.len() > WORD {
            // The last cells in the word that ends the map, over cells
            // noted already.
            let start = now.len() - WORD;
            compare(start, &mut seen[start..], &now[start..]);
        } else if now.len() < WORD {
            for ((at, seen), &level) in (0..).zip(seen.iter_mut()).zip(now) {
                if *seen != level {
                    note(*layout, sets, occupied, at, seen, level);
                }
            }
        }
    }

    /// Sees `map` whole: the first look of a game, which reuses the buffers
    /// of the games before, or one at a map of another shape.
    pub fn look_anew(&mut self, map: &Map) {
        self.layout = Layout::new(map.rows(), map.cols());
        let len = self.layout.len();
        let Sets { empty, tiles, holding } = &mut self.sets;
        let sets = [empty, tiles, &mut self.between, &mut self.paired, &mut self.flanked, &mut self.merging];
        for set in sets.into_iter().chain([&mut self.near]).chain(holding) {
            set.clear();
            set.resize(len, 0);
        }
        self.seen.clear();
        self.seen.extend_from_slice(map.cells());
        self.occupied = 0;
        // Row by row, so that no cell's bit costs a division.
        for (row, levels) in map.cells().chunks_exact(map.cols()).enumerate() {
            for (col, &level) in levels.iter().enumerate() {
                let bit = self.layout.bit_of(row, col);
                self.sets.of(level, |set| bit_set::insert(set, bit));
                self.occupied += usize::from(level != EMPTY);
            }
        }
    }

    /// How many cells are empty.
    pub fn empty(&self) -> usize {
        self.seen.len() - self.occupied
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> Found<'_> {
        Found { layout: self.layout, cells: &self.sets.empty, levels: &self.seen, count: OnceCell::from(self.empty()) }
    }

    /// The cells that hold a tile.
    pub fn tiles(&self) -> Found<'_> {
        Found { layout: self.layout, cells: &self.sets.tiles, levels: &self.seen, count: OnceCell::from(self.occupied) }
    }

    /// What a tile of one of the `wanted` levels placed at an empty cell
    /// meets.
    pub fn meet(&mut self, wanted: Levels) -> Met<'_> {
        self.search(wanted, Within::Empty)
    }

    /// What a tile of one of the `wanted` levels placed at a cell that
    /// holds a tile would meet, were the cell emptied: where it merges, on
    /// a full map, the lowest such tile is the one to bomb.
    pub fn meet_at_tiles(&mut self, wanted: Levels) -> Met<'_> {
        self.search(wanted, Within::Tiles)
    }

    /// What a tile of one of the `wanted` levels placed at a cell `within`
    /// meets (TT2, as `levels::meets` finds it at one cell), one level and
    /// a word of cells at a time.
    fn search(&mut self, wanted: Levels, within: Within) -> Met<'_> {
        let Survey { layout, sets, between, paired, flanked, merging, near, .. } = self;
        merging.fill(0);
        near.fill(0);
        // An empty cell holds no level, so `reacts` reads `flanked` at tiles
        // only: a search at empty cells need not find them.
        let (within, at_tiles) = match within {
            Within::Empty => (&sets.empty, false),
            Within::Tiles => (&sets.tiles, true),
        };
        for level in wanted.each() {
            let holding = &sets.holding[usize::from(level - 1)];
            if holding.iter().all(|&word| word == 0) {
                continue;
            }
            for word in layout.map() {
                let beside = layout.beside(holding, word);
                near[word] |= any(beside) & within[word];
                between[word] = twice(beside);
                paired[word] = holding[word] & any(beside);
                flanked[word] = holding[word] & between[word];
            }
            for word in layout.map() {
                let paired = any(layout.beside(paired, word));
                let flanked = if at_tiles { any(layout.beside(flanked, word)) } else { 0 };
                merging[word] |= reacts(holding[word], between[word], paired, flanked) & within[word];
            }
        }
        let found = |cells| Found { layout: self.layout, cells, levels: &self.seen, count: OnceCell::new() };
        Met { merging: found(&self.merging), near: found(&self.near) }
    }
}

/// Notes that the cell at `at` in row-major order, seen holding `seen`,
/// holds `level` now.
fn note(layout: Layout, sets: &mut Sets, occupied: &mut usize, at: usize, seen: &mut u8, level: u8) {
    sets.change(layout.bit(at), *seen, level);
    *occupied = *occupied + usize::from(level != EMPTY) - usize::from(*seen != EMPTY);
    *seen = level;
}

/// The cells a search looks at.
#[derive(Clone, Copy)]
enum Within {
    Empty,
    Tiles,
}

/// What a tile placed would meet at the cells a search looked at.
pub struct Met<'a> {
    /// Where it merges: its region would reach 3 tiles.
    pub merging: Found<'a>,
    /// Where it stands beside a tile of its level and joins its region.
    pub near: Found<'a>,
}

/// Cells the survey found, in row-major order, with their levels.
pub struct Found<'a> {
    layout: Layout,
    cells: &'a [u64],
    levels: &'a [u8],
    /// Counted when first asked: of the sets a search finds, the player
    /// counts one or two.
    count: OnceCell<usize>,
}

impl Found<'_> {
    pub fn count(&self) -> usize {
        *self.count.get_or_init(|| self.layout.count(self.cells))
    }

    /// What `u.choose` picks from the list of these cells in row-major
    /// order, without listing them.
    pub fn choose(&self, u: &mut Unstructured<'_>) -> Result<Pos> {
        let index = u.choose_index(self.count())?;
        let bit = self.layout.nth(self.cells, index).expect("`count` cells");
        Ok(self.layout.cell(bit).0)
    }

    /// The cells and their levels, in row-major order.
    pub fn each(&self) -> impl Iterator<Item = (Pos, u8)> + '_ {
        let cells = self.layout.each(self.cells).map(|bit| self.layout.cell(bit));
        cells.map(|(pos, at)| (pos, self.levels[at]))
    }
}

#[cfg(test)]
mod tests {
    use super::super::levels::Beside;
    use super::super::region::tests::map;
    use super::super::region::{beside, Cells};
    use super::super::rules::tiles;
    use super::*;

    /// A cell chosen from a set is the one `u.choose` picks from the list
    /// of its cells in row-major order: the games a seed gives stay the
    /// ones it gave when the player chose from lists.
    #[test]
    fn a_cell_is_chosen_as_from_the_list_of_the_cells() {
        let map = map(&["1".repeat(70).as_str(), "1.2.3".repeat(14).as_str(), ".2".repeat(35).as_str()]);
        let mut survey = Survey::default();
        survey.look(&map);
        for found in [survey.empty_cells(), survey.tiles()] {
            let listed: Vec<Pos> = found.each().map(|(pos, _)| pos).collect();
            for byte in 0..=u8::MAX {
                let bytes = [byte, byte.wrapping_mul(7)];
                let (mut from_set, mut from_list) = (Unstructured::new(&bytes), Unstructured::new(&bytes));
                assert_eq!(found.choose(&mut from_set).ok(), from_list.choose(&listed).ok().copied());
            }
        }
    }

    /// A look that starts at the cells a record names sees the map, whatever
    /// the record names: the cells changed, none, some, cells off the map.
    #[test]
    fn a_look_at_the_cells_a_record_names_sees_the_whole_map() {
        let before = map(&["11..2", ".2.3.", "..1..", "22.33"]);
        let after = map(&["1...2", ".2.3.", "..11.", "22.33"]);
        let seen = |survey: &mut Survey| {
            let cells: Vec<_> = survey.empty_cells().each().chain(survey.tiles().each()).collect();
            let met = survey.meet(Levels::of(1));
            (cells, met.merging.each().collect::<Vec<_>>(), met.near.each().collect::<Vec<_>>())
        };
        let mut fresh = Survey::default();
        fresh.look(&after);
        let named = [&[Pos::new(0, 1), Pos::new(2, 3)][..], &[], &[Pos::new(0, 1)], &[Pos::new(9, 9), Pos::new(0, 0)]];
        for cells in named {
            let mut survey = Survey::default();
            survey.look(&before);
            survey.look_at(&after, cells.iter().copied());
            assert_eq!(seen(&mut survey), seen(&mut fresh), "{cells:?}");
            assert_eq!((survey.empty(), survey.occupied), (fresh.empty(), fresh.occupied));
        }
    }

    /// The survey finds, for each level asked, the cells where a search
    /// from each cell alone finds that a tile of the level meets or merges,
    /// also through changes and a change of shape.
    #[test]
    fn tt2_the_survey_sees_what_a_search_from_each_cell_finds() {
        let wide = ["1".repeat(70), "1.2.3".repeat(14), ".2".repeat(35)];
        let maps = [
            map(&["11..2", ".2.3.", "..1..", "22.33"]),
            map(&["11..2", ".2.3.", "..1..", "22.33"]),
            map(&["1...2", ".2.3.", "..11.", "22.33"]),
            map(&["2.9..", "...3.", "..1..", ".2.3."]),
            map(&["112", "1.1"]),
            map(&["1", "1", "1"]),
            map(&["1"]),
            map(&wide.iter().map(String::as_str).collect::<Vec<_>>()),
        ];
        let mut survey = Survey::default();
        for map in &maps {
            survey.look(map);
            let cells = Cells::of(map);
            let searched: Vec<_> = cells.every().map(|pos| (pos, cells.level(pos), beside(cells, pos))).collect();
            let cells_where = |keep: &dyn Fn(u8, Beside) -> bool| -> Vec<(Pos, u8)> {
                searched
                    .iter()
                    .filter(|&&(_, level, beside)| keep(level, beside))
                    .map(|&(pos, level, _)| (pos, level))
                    .collect()
            };
            for wanted in (1..=9).map(Levels::of).chain([Levels::ALL, Levels::of(1).or(Levels::of(3))]) {
                for at_tiles in [false, true] {
                    let met = if at_tiles { survey.meet_at_tiles(wanted) } else { survey.meet(wanted) };
                    let (merging, near) = (met.merging.each().collect::<Vec<_>>(), met.near.each().collect::<Vec<_>>());
                    let within = |level| (level != EMPTY) == at_tiles;
                    assert_eq!(merging, cells_where(&|level, beside| within(level) && beside.reacting.meets(wanted)));
                    assert_eq!(near, cells_where(&|level, beside| within(level) && beside.levels.meets(wanted)));
                    assert_eq!(met.merging.count(), merging.len(), "{map:?} {wanted:?}");
                }
            }
            assert_eq!(survey.empty_cells().each().collect::<Vec<_>>(), cells_where(&|level, _| level == EMPTY));
            assert_eq!(survey.tiles().each().collect::<Vec<_>>(), cells_where(&|level, _| level != EMPTY));
            let occupied = tiles(map.cells());
            assert_eq!((survey.occupied, survey.empty()), (occupied, map.cells().len() - occupied));
        }
    }
}
