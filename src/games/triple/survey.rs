//! What the generator's player sees of the map before each command: how
//! many cells are empty and occupied, and where a tile placed would meet
//! tiles of its level or merge (TT2). The player asks where a tile would
//! merge before most commands, for the one level it places, so the survey
//! keeps the cells of each level as sets of bits (`bits`), notes the cells
//! each command's record says it changed, and keeps where a tile of each
//! level meets its level (`meets`), looked at again near the cells changed
//! when a search asks for the level.

use arbitrary::{Result, Unstructured};
use m3_model::triple::{Map, Pos, EMPTY, MAX_LEVEL};

use super::bits::Layout;
use super::levels::Levels;
use super::meets::Meets;
use super::region;
use crate::kit::bit_set;

/// The map as the player saw it last, in buffers kept for the whole game.
#[derive(Default)]
pub struct Survey {
    layout: Layout,
    /// The levels in row-major order.
    seen: Vec<u8>,
    pub occupied: usize,
    /// The levels as sets of cells.
    sets: Sets,
    /// What the last search found: where a tile merges, and where it
    /// meets its level.
    merging: Vec<u64>,
    near: Vec<u64>,
}

/// The map's cells as sets of bits: the empty ones, those that hold a
/// tile, and those of each level that merges; and where a tile of each
/// such level meets its level.
#[derive(Default)]
struct Sets {
    empty: Vec<u64>,
    tiles: Vec<u64>,
    /// L1 first (TT2).
    holding: [Vec<u64>; 8],
    meets: Meets,
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

    /// Word `word` of the cells of a tile of a level that merges: any
    /// tile of the map but those of L9 (TT2).
    fn merging_at_some_level(&self, word: usize) -> u64 {
        self.holding.iter().fold(0, |any, set| any | set[word])
    }

    /// Moves the cell at `bit` from the sets of level `from` to those of
    /// `to`.
    fn change(&mut self, layout: Layout, bit: usize, from: u8, to: u8) {
        self.of(from, |set| bit_set::remove(set, bit));
        self.of(to, |set| bit_set::insert(set, bit));
        self.meets.changed(layout, [from, to], bit);
    }
}

impl Survey {
    /// Sees a cell the last command changed, with the level it holds now:
    /// one of those its record names, which are all that changed. A wrong
    /// record leaves the player a map other than the implementation's,
    /// which costs the game some of the commands meant to play, and the
    /// oracle finds the record; a cell off the map, which only a wrong
    /// record names, is passed over.
    pub fn see(&mut self, pos: Pos, level: u8) {
        let (rows, cols) = (self.layout.rows(), self.layout.cols());
        if pos.row < rows && pos.col < cols {
            let at = region::index(cols, pos);
            if self.seen[at] != level {
                let bit = self.layout.bit_of(pos.row, pos.col);
                note(self.layout, &mut self.sets, &mut self.occupied, bit, &mut self.seen[at], level);
            }
        }
    }

    /// Sees `map`: the cells that differ from those seen, or the whole
    /// map when it has another shape; a test's way to follow a map that
    /// changes.
    #[cfg(test)]
    pub fn look(&mut self, map: &Map) {
        if (map.rows(), map.cols()) != (self.layout.rows(), self.layout.cols()) {
            return self.look_anew(map);
        }
        let cols = map.cols();
        let levels = map.cells().iter().copied().enumerate();
        let changes: Vec<(Pos, u8)> = levels
            .filter(|&(at, level)| self.seen[at] != level)
            .map(|(at, level)| (Pos::new(at / cols, at % cols), level))
            .collect();
        changes.into_iter().for_each(|(pos, level)| self.see(pos, level));
    }

    /// Sees `map` whole: the first look of a game, which reuses the buffers
    /// of the games before, or one at a map of another shape.
    pub fn look_anew(&mut self, map: &Map) {
        self.layout = Layout::new(map.rows(), map.cols());
        let len = self.layout.len();
        let Sets { empty, tiles, holding, meets } = &mut self.sets;
        for set in [empty, tiles, &mut self.merging, &mut self.near].into_iter().chain(holding) {
            set.clear();
            set.resize(len, 0);
        }
        meets.anew(self.layout);
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
        Found { layout: self.layout, cells: &self.sets.empty, count: self.empty() }
    }

    /// The cells that hold a tile.
    pub fn tiles(&self) -> Found<'_> {
        Found { layout: self.layout, cells: &self.sets.tiles, count: self.occupied }
    }

    /// The tile of the highest level, the last in row-major order of
    /// those of its level: of L9 when there is one (a tile of no level
    /// that merges is of L9, the highest a map holds), else of the
    /// highest level that has one.
    pub fn highest_tile(&self) -> Option<Pos> {
        let Sets { tiles, holding, .. } = &self.sets;
        let of_l9 = self.layout.last_of(|word| tiles[word] & !self.sets.merging_at_some_level(word));
        let bit = of_l9.or_else(|| holding.iter().rev().find_map(|set| self.layout.last_of(|word| set[word])))?;
        Some(self.layout.cell(bit).0)
    }

    /// Of the tiles where a tile of one of the `wanted` levels placed
    /// would merge were their cell emptied, the lowest, the first in
    /// row-major order of those of its level: on a full map, the one to
    /// bomb.
    pub fn lowest_merging_at_tiles(&mut self, wanted: Levels) -> Option<Pos> {
        self.search(wanted, Within::Tiles, Meeting::Merging);
        let Survey { layout, sets, merging, .. } = self;
        // One pass over the words, keeping the lowest level found so far
        // and the first tile of it, the only levels looked for in a word
        // being those below: the tiles in no level's set, of L9, last.
        let mut lowest: Option<(usize, usize)> = None;
        for word in layout.map().filter(|&word| merging[word] != 0) {
            let below = lowest.map_or(MAX_LEVEL as usize, |(level, _)| level);
            let of_each_level = sets.holding.iter().map(|set| set[word]).chain([u64::MAX]).take(below);
            let found =
                of_each_level.map(|of_level| merging[word] & of_level).enumerate().find(|&(_, found)| found != 0);
            if let Some((level, found)) = found {
                lowest = Some((level, word * u64::BITS as usize + found.trailing_zeros() as usize));
                if level == 0 {
                    break;
                }
            }
        }
        let (_, bit) = lowest?;
        Some(layout.cell(bit).0)
    }

    /// Where a tile of one of the `wanted` levels placed at an empty cell
    /// would merge.
    pub fn merging(&mut self, wanted: Levels) -> Found<'_> {
        let count = self.counted(wanted, Within::Empty, Meeting::Merging);
        Found { layout: self.layout, cells: &self.merging, count }
    }

    /// Where a tile of one of the `wanted` levels placed at an empty cell
    /// would meet its level, and join its region.
    pub fn near(&mut self, wanted: Levels) -> Found<'_> {
        let count = self.counted(wanted, Within::Empty, Meeting::Near);
        Found { layout: self.layout, cells: &self.near, count }
    }

    /// Both of what a tile of one of the `wanted` levels placed at a cell
    /// `within` meets.
    #[cfg(test)]
    fn search_both(&mut self, wanted: Levels, within: Within) -> Met<'_> {
        let merging = self.counted(wanted, within, Meeting::Merging);
        let near = self.counted(wanted, within, Meeting::Near);
        let found = |cells, count| Found { layout: self.layout, cells, count };
        Met { merging: found(&self.merging, merging), near: found(&self.near, near) }
    }

    /// [`Survey::search`], and how many cells it found.
    fn counted(&mut self, wanted: Levels, within: Within, meeting: Meeting) -> usize {
        self.search(wanted, within, meeting);
        let found = match meeting {
            Meeting::Merging => &self.merging,
            Meeting::Near => &self.near,
        };
        // A tile of no level that merges meets nothing.
        if wanted == Levels::NONE {
            0
        } else {
            bit_set::count(&found[self.layout.map()])
        }
    }

    /// Where a tile of one of the `wanted` levels placed at a cell `within`
    /// meets as `meeting` asks (TT2, as `levels::meets` finds it at one
    /// cell), from where a tile of each level meets its level on the whole
    /// map, into the buffer of `meeting`. One at a time, as the player
    /// mostly places where a tile merges and asks no further.
    fn search(&mut self, wanted: Levels, within: Within, meeting: Meeting) {
        let Survey { layout, sets, merging, near, .. } = self;
        let Sets { empty, tiles, holding, meets } = sets;
        let map = layout.map();
        let within = match within {
            Within::Empty => &empty[map.clone()],
            Within::Tiles => &tiles[map.clone()],
        };
        let found = match meeting {
            Meeting::Merging => &mut merging[map.clone()],
            Meeting::Near => &mut near[map.clone()],
        };
        if wanted == Levels::NONE {
            found.fill(0);
        }
        // A word of the map at a time, as slices zipped, so that no index
        // is tested: the first level's cells within are copied, the
        // others' added.
        for (index, level) in wanted.each().enumerate() {
            let (beside, merges) = meets.of(*layout, level, &holding[usize::from(level - 1)]);
            let of_level = match meeting {
                Meeting::Merging => merges,
                Meeting::Near => beside,
            };
            let words = found.iter_mut().zip(of_level[map.clone()].iter().zip(within));
            if index == 0 {
                words.for_each(|(found, (of_level, within))| *found = of_level & within);
            } else {
                words.for_each(|(found, (of_level, within))| *found |= of_level & within);
            }
        }
    }
}

/// What a search finds.
#[derive(Clone, Copy)]
enum Meeting {
    /// Where a tile merges: its region would reach 3 tiles.
    Merging,
    /// Where it stands beside a tile of its level and joins its region.
    Near,
}

/// Notes that the cell of bit `bit`, seen holding `seen`, holds `level`
/// now.
fn note(layout: Layout, sets: &mut Sets, occupied: &mut usize, bit: usize, seen: &mut u8, level: u8) {
    sets.change(layout, bit, *seen, level);
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
#[cfg(test)]
pub struct Met<'a> {
    /// Where it merges: its region would reach 3 tiles.
    pub merging: Found<'a>,
    /// Where it stands beside a tile of its level and joins its region.
    pub near: Found<'a>,
}

/// Cells the survey found, in row-major order.
pub struct Found<'a> {
    layout: Layout,
    cells: &'a [u64],
    count: usize,
}

impl Found<'_> {
    pub fn count(&self) -> usize {
        self.count
    }

    /// What `u.choose` picks from the list of these cells in row-major
    /// order, without listing them.
    pub fn choose(&self, u: &mut Unstructured<'_>) -> Result<Pos> {
        let index = u.choose_index(self.count())?;
        let bit = self.layout.nth(self.cells, index).expect("`count` cells");
        Ok(self.layout.cell(bit).0)
    }

    /// The cells, in row-major order.
    #[cfg(test)]
    pub fn each(&self) -> impl Iterator<Item = Pos> + '_ {
        self.layout.each(self.cells).map(|bit| self.layout.cell(bit).0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::levels::Beside;
    use super::super::region::tests::map;
    use super::super::region::{beside, Cells};
    use super::super::rules::tiles;
    use super::super::state::each_change;
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
            let listed: Vec<Pos> = found.each().collect();
            for byte in 0..=u8::MAX {
                let bytes = [byte, byte.wrapping_mul(7)];
                let (mut from_set, mut from_list) = (Unstructured::new(&bytes), Unstructured::new(&bytes));
                assert_eq!(found.choose(&mut from_set).ok(), from_list.choose(&listed).ok().copied());
            }
        }
    }

    /// The cells a record names off the map, which only a wrong record
    /// names, are passed over.
    #[test]
    fn a_change_off_the_map_is_passed_over() {
        let before = map(&["11..2", ".2.3.", "..1..", "22.33"]);
        let mut survey = Survey::default();
        survey.look(&before);
        for pos in [Pos::new(9, 0), Pos::new(0, 5), Pos::new(0, 2)] {
            survey.see(pos, 1);
        }
        let mut fresh = Survey::default();
        fresh.look(&map(&["111.2", ".2.3.", "..1..", "22.33"]));
        assert_eq!((&survey.seen, survey.occupied), (&fresh.seen, fresh.occupied));
    }

    /// TT2: followed through whole games, a command at a time, from the
    /// cells each record names, the survey finds for every level where a
    /// tile meets and merges what a survey of the record's map looked at
    /// anew finds: the cells a record names are all that changed, and the
    /// words looked at again near them all that changed what a tile meets. On small maps,
    /// and on one of 100x100 and one of 100,000 tiles (its first 20,000
    /// commands) within the statement.
    #[test]
    fn tt2_a_survey_followed_through_a_game_sees_what_one_anew_sees() {
        use crate::game::{Game, Size, Statement};
        use m3_model::triple::TripleTown;
        use m3_model::Stepper;
        let (drawn, within) = (crate::games::triple::Knobs::default(), Statement::WITHIN.into());
        let small = (0..40).map(|seed| (seed, Size::Mixed, &drawn));
        for (seed, size, shape) in small.chain([(1178, Size::Max, &within), (1002, Size::Max, &within)]) {
            let instance = crate::process::seed::with_seed(seed, |u| TripleTown::generate(u, size, shape)).unwrap();
            let mut engine = m3_engine::triple::Engine::start(&instance);
            let mut followed = Survey::default();
            followed.look_anew(&instance.map);
            for command in instance.commands.iter().take(20_000) {
                let record = engine.step(command);
                each_change(&record, |pos, level| followed.see(pos, level));
                let mut anew = Survey::default();
                anew.look_anew(&record.map);
                for wanted in (1..=9).map(Levels::of).chain([Levels::ALL]) {
                    for within in [Within::Empty, Within::Tiles] {
                        let found = |survey: &mut Survey| {
                            let met = survey.search_both(wanted, within);
                            (met.merging.cells.to_vec(), met.near.cells.to_vec())
                        };
                        assert_eq!(found(&mut followed), found(&mut anew), "seed {seed}, {command:?}, {wanted:?}");
                    }
                }
            }
        }
    }

    /// The highest tile is the last in row-major order of the tiles of
    /// the highest level on the map, as the whole map's tiles list it; also
    /// once the map has changed and with no tile of L9.
    #[test]
    fn tt2_the_highest_tile_is_the_last_of_the_highest_level() {
        let wide = ["9".repeat(70), "1.2.3".repeat(14), ".8".repeat(35)];
        let maps = [
            map(&["11..2", ".2.3.", "..1..", "22.33"]),
            map(&["2.9..", "...3.", "..1.9", ".2.3."]),
            map(&["2.9..", "...3.", "..1..", ".2.3."]),
            map(&["8"]),
            map(&["..", ".."]),
            map(&wide.iter().map(String::as_str).collect::<Vec<_>>()),
            map(&["1.2.3".repeat(14).as_str(), ".8".repeat(35).as_str()]),
        ];
        let mut survey = Survey::default();
        for map in &maps {
            survey.look(map);
            let listed = survey.tiles().each().max_by_key(|&pos| Cells::of(map).level(pos));
            assert_eq!(survey.highest_tile(), listed, "{map:?}");
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
                    let met = survey.search_both(wanted, if at_tiles { Within::Tiles } else { Within::Empty });
                    let with_levels =
                        |found: &Found<'_>| found.each().map(|pos| (pos, cells.level(pos))).collect::<Vec<_>>();
                    let (merging, near) = (with_levels(&met.merging), with_levels(&met.near));
                    let within = |level| (level != EMPTY) == at_tiles;
                    assert_eq!(merging, cells_where(&|level, beside| within(level) && beside.reacting.meets(wanted)));
                    assert_eq!(near, cells_where(&|level, beside| within(level) && beside.levels.meets(wanted)));
                    assert_eq!(met.merging.count(), merging.len(), "{map:?} {wanted:?}");
                }
            }
            let with_levels = |found: Found<'_>| found.each().map(|pos| (pos, cells.level(pos))).collect::<Vec<_>>();
            assert_eq!(with_levels(survey.empty_cells()), cells_where(&|level, _| level == EMPTY));
            assert_eq!(with_levels(survey.tiles()), cells_where(&|level, _| level != EMPTY));
            let occupied = tiles(map.cells());
            assert_eq!((survey.occupied, survey.empty()), (occupied, map.cells().len() - occupied));
        }
    }
}
