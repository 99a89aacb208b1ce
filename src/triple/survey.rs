//! What the generator's player sees of the map before each command: how
//! many cells are empty and occupied, and for every cell what a tile
//! placed there would meet (TT2). The player looks before every command
//! but asks what a tile would meet before some only, so the survey notes
//! the cells each command changed and finds what they meet when asked, in
//! a few passes over the whole map that hold no branch (the levels are
//! random, and the branches of a search cell by cell mispredict) and that
//! the compiler makes vector code of.

use std::iter::StepBy;
use std::ops::Range;

use arbitrary::{Result, Unstructured};
use m3_model::triple::{Map, Pos, EMPTY};

use super::levels::{meets, Beside, Levels};
use super::rules::tiles;

/// Cells compared at a time to find those a command changed, read as one
/// machine word.
const WORD: usize = 8;

/// Cells a pass over the frame takes at a time, in which the compiler makes
/// vector code of it.
const LANES: usize = 16;

/// The map as the player saw it last, in buffers kept for the whole game.
///
/// Besides a copy of the map, the survey keeps it in a frame: its rows,
/// each followed by a cell off the map, between rows of cells off the map,
/// `cols + 1` to a row. Every cell of the map then has its four neighbours
/// in the frame (the cell off the map that ends a row is beside both the
/// row's last cell and the next row's first), and a pass over the frame
/// steps to them without a test.
#[derive(Default)]
pub struct Survey {
    rows: usize,
    cols: usize,
    /// The levels in row-major order.
    seen: Vec<u8>,
    pub empty: usize,
    pub occupied: usize,
    /// The levels in the frame, empty off the map.
    level: Vec<u8>,
    on_map: Vec<bool>,
    /// In the frame, the levels as sets of the levels that merge.
    merging: Vec<Levels>,
    /// In the frame, the tiles with one tile of their level beside them.
    paired: Vec<Levels>,
    /// In the frame, the tiles with two tiles of their level beside them.
    flanked: Vec<Levels>,
    /// In the frame, what a tile placed at each cell meets, whatever the
    /// cell holds: the levels beside it, and those that react.
    near: Vec<Levels>,
    reacting: Vec<Levels>,
    /// Whether `near` and `reacting` are those of the map as seen.
    fresh: bool,
}

impl Survey {
    /// Sees `map` as the last command left it.
    pub fn look(&mut self, map: &Map) {
        let now = map.cells();
        if (map.rows(), map.cols()) != (self.rows, self.cols) {
            return self.look_anew(map);
        }
        // Most commands change a cell or a few. Compared a word at a time,
        // the last word ending with the map, over cells compared before.
        if now.len() < WORD {
            self.note_changes(0..now.len(), now);
        } else {
            for end in (WORD..=now.len()).step_by(WORD).chain([now.len()]) {
                if word(&self.seen[end - WORD..]) != word(&now[end - WORD..]) {
                    self.note_changes(end - WORD..end, now);
                }
            }
        }
        self.empty = now.len() - self.occupied;
    }

    /// Starts a game: the next look sees the map whole, in the buffers of
    /// the games before.
    pub fn forget(&mut self) {
        (self.rows, self.cols) = (0, 0);
    }

    /// Sees `map` whole: the first look of a game, or one at a map of
    /// another shape.
    fn look_anew(&mut self, map: &Map) {
        (self.rows, self.cols) = (map.rows(), map.cols());
        self.seen.clear();
        self.seen.extend_from_slice(map.cells());
        self.occupied = tiles(&self.seen);
        self.empty = self.seen.len() - self.occupied;
        // Room for the passes' last lanes beyond the map, and for their
        // neighbours below.
        let framed = self.width() + self.lanes().len() * LANES + self.width() + 1;
        self.level.clear();
        self.level.resize(framed, EMPTY);
        self.on_map.clear();
        self.on_map.resize(framed, false);
        for buffer in [&mut self.merging, &mut self.paired, &mut self.flanked, &mut self.near, &mut self.reacting] {
            buffer.clear();
            buffer.resize(framed, Levels::NONE);
        }
        for (row, levels) in map.cells().chunks_exact(self.cols).enumerate() {
            let first = (row + 1) * self.width();
            for (framed, &level) in (first..).zip(levels) {
                self.on_map[framed] = true;
                self.frame(framed, level);
            }
        }
        self.fresh = false;
    }

    /// Notes the levels of `cells` (in row-major order) that changed.
    fn note_changes(&mut self, cells: Range<usize>, now: &[u8]) {
        for at in cells {
            let (seen, level) = (self.seen[at], now[at]);
            if seen != level {
                self.occupied = self.occupied + usize::from(level != EMPTY) - usize::from(seen != EMPTY);
                self.seen[at] = level;
                self.frame(self.framed(at), level);
                self.fresh = false;
            }
        }
    }

    fn frame(&mut self, framed: usize, level: u8) {
        self.level[framed] = level;
        self.merging[framed] = Levels::of(level);
    }

    fn width(&self) -> usize {
        self.cols + 1
    }

    /// Where the cell at `at` in row-major order is in the frame.
    fn framed(&self, at: usize) -> usize {
        (at / self.cols + 1) * self.width() + at % self.cols
    }

    /// The cell at `framed` in the frame.
    fn pos(&self, framed: usize) -> Pos {
        Pos::new(framed / self.width() - 1, framed % self.width())
    }

    /// Where the lanes start that cover the frame's rows that hold the map,
    /// and some cells beyond them.
    fn lanes(&self) -> StepBy<Range<usize>> {
        let inner = self.rows * self.width();
        (self.width()..self.width() + inner.div_ceil(LANES) * LANES).step_by(LANES)
    }

    /// Finds what a tile placed at each cell meets, unless the map is as it
    /// was when it last did. The lanes beyond the map find that the cells
    /// off the map are neither paired nor flanked, and meet what they meet:
    /// nothing counts those.
    fn meet(&mut self) {
        if self.fresh {
            return;
        }
        self.fresh = true;
        let (width, len) = (self.width(), self.lanes().len() * LANES);
        let beside = |buffer| around(buffer, width, len);
        let merging = &self.merging[width..][..len];
        let pairs = self.paired[width..][..len].iter_mut().zip(&mut self.flanked[width..][..len]);
        for ((paired, flanked), (&merging, beside)) in pairs.zip(merging.iter().zip(beside(&self.merging))) {
            *paired = merging.and(Levels::any(beside));
            *flanked = merging.and(Levels::twice(beside));
        }
        let cells = merging.iter().zip(beside(&self.merging)).zip(beside(&self.paired).zip(beside(&self.flanked)));
        let seen = self.near[width..][..len].iter_mut().zip(&mut self.reacting[width..][..len]);
        for ((near, reacting), ((&merging, beside), (paired, flanked))) in seen.zip(cells) {
            let seen = meets(merging, beside, Levels::any(paired), Levels::any(flanked));
            (*near, *reacting) = (seen.levels, seen.reacting);
        }
    }

    /// Every cell of the map in row-major order: where it is, its level,
    /// and what a tile placed there meets.
    pub fn every(&mut self) -> impl Iterator<Item = (Pos, u8, Beside)> + '_ {
        self.meet();
        let cells = self.width()..(self.rows + 1) * self.width();
        cells
            .filter(|&framed| self.on_map[framed])
            .map(|framed| (self.pos(framed), self.level[framed], self.beside(framed)))
    }

    fn beside(&self, framed: usize) -> Beside {
        Beside { levels: self.near[framed], reacting: self.reacting[framed] }
    }

    /// How many cells `keep` their level and what a tile placed there meets.
    pub fn count(&mut self, keep: impl Fn(u8, Beside) -> bool) -> usize {
        self.meet();
        self.lanes().map(|start| self.count_lanes(start, &keep)).sum()
    }

    /// How many of the lanes from `start` are on the map and `keep`.
    fn count_lanes(&self, start: usize, keep: impl Fn(u8, Beside) -> bool) -> usize {
        let cells = self.on_map[start..][..LANES].iter().zip(&self.level[start..][..LANES]);
        let beside = self.near[start..][..LANES].iter().zip(&self.reacting[start..][..LANES]);
        // A sum rather than a filtered count, with `&` rather than `&&`:
        // the compiler makes vector code of it.
        let kept = cells.zip(beside).map(|((&on_map, &level), (&levels, &reacting))| {
            usize::from(on_map & keep(level, Beside { levels, reacting }))
        });
        kept.sum()
    }

    /// What `u.choose` picks from the list of the `count` cells that
    /// `keep`, in row-major order, without listing them.
    pub fn choose(&mut self, u: &mut Unstructured<'_>, count: usize, keep: impl Fn(u8, Beside) -> bool) -> Result<Pos> {
        self.meet();
        self.choose_seen(u, count, keep)
    }

    /// `choose` among the `count` cells whose level `keeps`, which needs
    /// nothing of what a tile placed there meets.
    pub fn choose_by_level(&self, u: &mut Unstructured<'_>, count: usize, keeps: impl Fn(u8) -> bool) -> Result<Pos> {
        self.choose_seen(u, count, |level, _| keeps(level))
    }

    fn choose_seen(&self, u: &mut Unstructured<'_>, count: usize, keep: impl Fn(u8, Beside) -> bool) -> Result<Pos> {
        let mut index = u.choose_index(count)?;
        // Counted lanes at a time up to the lanes the cell is in.
        for start in self.lanes() {
            let kept = self.count_lanes(start, &keep);
            if index < kept {
                let mut kept =
                    (start..start + LANES).filter(|&at| self.on_map[at] && keep(self.level[at], self.beside(at)));
                return Ok(self.pos(kept.nth(index).expect("counted")));
            }
            index -= kept;
        }
        panic!("`count` cells keep their level");
    }
}

/// The cells above, below, left and right of each of the `len` cells
/// from the frame's second row (`width` to a row), in `buffer`: zipped
/// slices, in which the compiler makes vector code.
fn around(buffer: &[Levels], width: usize, len: usize) -> impl Iterator<Item = [Levels; 4]> + '_ {
    let (up, down) = (&buffer[..len], &buffer[2 * width..][..len]);
    let (left, right) = (&buffer[width - 1..][..len], &buffer[width + 1..][..len]);
    up.iter().zip(down).zip(left).zip(right).map(|(((&up, &down), &left), &right)| [up, down, left, right])
}

/// The `WORD` levels `levels` starts with, as one number.
fn word(levels: &[u8]) -> u64 {
    u64::from_ne_bytes(levels[..WORD].try_into().expect("a word of levels"))
}

#[cfg(test)]
mod tests {
    use super::super::region::tests::map;
    use super::super::region::{beside, Cells};
    use super::*;

    /// The survey of the whole map sees at each cell what the search from
    /// that cell alone finds, also through changes and a change of shape.
    #[test]
    fn tt2_the_survey_sees_what_a_search_from_each_cell_finds() {
        let maps = [
            map(&["11..2", ".2.3.", "..1..", "22.33"]),
            map(&["11..2", ".2.3.", "..1..", "22.33"]),
            map(&["1...2", ".2.3.", "..11.", "22.33"]),
            map(&["2.9..", "...3.", "..1..", ".2.3."]),
            map(&["112", "1.1"]),
            map(&["1", "1", "1"]),
            map(&["1"]),
        ];
        let mut survey = Survey::default();
        for map in &maps {
            survey.look(map);
            let cells = Cells::of(map);
            let seen: Vec<_> = survey.every().collect();
            let searched: Vec<_> =
                cells.every().map(|pos| (pos, cells.level(pos), beside(cells, pos, Levels::ALL))).collect();
            assert_eq!(seen, searched, "{map:?}");
            assert_eq!((survey.occupied, survey.empty), (tiles(map.cells()), map.cells().len() - tiles(map.cells())));
        }
    }
}
