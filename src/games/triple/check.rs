//! The invariants of docs/RULES.md for Triple Town, checked on every record by
//! following it from the town before the command: the verdict (TT1, TT3,
//! TT4, TT7), the tile placed or bombed, each merge of the chain (TT2), the
//! tiles on the map changing as the record says, no merge left at the
//! placed cell, and score books that balance.

use m3_model::triple::{
    Action, Bombed, CommandRecord, Instance, Outcome, Placed, Pos, Rejection, Status, TripleTown, EMPTY,
};

use super::region::{index, merges, reacts, Cells, Regions};
use super::rules::{on_map, star_level, tiles, value, verdict};
use super::state::Town;
use crate::game::invariant::{CONSERVATION, RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};

/// TT2: every merge is a region of 3 or more of one level below L9 around
/// the placed cell, which becomes the next level.
pub const MERGES: &str = "merges";
/// TT3: a star becomes the highest level that reacts.
pub const STAR_LEVEL: &str = "star level";
/// No mergeable region contains the placed cell once the command is done.
pub const LEFTOVER: &str = "no leftover merge";

/// Follows one game through its records.
pub struct Checker {
    sequence: Vec<u8>,
    /// The first refusal the records show (TT7).
    first_refusal: Option<Rejection>,
    /// The map a command should leave, row by row: the map before it,
    /// changed as the rules say, in a buffer kept between commands.
    expected: Vec<u8>,
    regions: Regions,
}

impl game::Checks<TripleTown> for Checker {
    fn new(instance: &Instance) -> Self {
        Checker {
            sequence: instance.sequence.clone(),
            first_refusal: None,
            expected: Vec::new(),
            regions: Regions::default(),
        }
    }

    fn record(&mut self, before: &Town, record: &CommandRecord) -> Result<(), Violation> {
        let action = &record.command.action;
        let expected = match verdict(before, action) {
            _ if before.ended => Status::AfterEnd,
            Ok(()) => Status::Played,
            Err(reason) => Status::Invalid(reason),
        };
        if record.status != expected {
            let detail = format!("recorded {:?} for `{action}`, the rules give {expected:?}", record.status);
            return Err(Violation::new(VALIDITY, None, detail));
        }
        if let Status::Invalid(reason) = record.status {
            self.first_refusal.get_or_insert(Rejection { line: record.command.line, reason });
        }
        let pos = match action {
            Action::Put(at) | Action::Star(at) | Action::Bomber(at) if record.status == Status::Played => {
                on_map(&before.map, *at)
            }
            _ => None,
        };
        let Some(pos) = pos else { return unchanged(before, record) };
        self.expected.clear();
        self.expected.extend_from_slice(before.map.cells());
        let cols = before.map.cols();
        match action {
            Action::Bomber(_) => bombed(record, pos, &mut self.expected[index(cols, pos)])?,
            _ => {
                let level = match action {
                    Action::Star(_) => star_level(Cells::of(&before.map), pos),
                    _ => self.sequence[before.built],
                };
                check_placed(record, Placed { pos, level })?;
                merged(record, &mut self.expected, cols, pos, level, &mut self.regions)?;
            }
        }
        let same_shape = (record.map.rows(), record.map.cols()) == (before.map.rows(), cols);
        if !same_shape || record.map.cells() != self.expected {
            // Counted only then: equal maps hold as many tiles.
            let (found, expected) = (tiles(record.map.cells()), tiles(&self.expected));
            if found != expected {
                let detail = format!("{found} tiles on the map, the record accounts for {expected}");
                return Err(Violation::new(CONSERVATION, None, detail));
            }
            return Err(Violation::new(RECORD, None, "the map is not the one the placement and its merges leave"));
        }
        score_book(before, record)
    }

    fn outcome(&self, last: &Town, outcome: &Outcome) -> Result<(), Violation> {
        if outcome.rejection != self.first_refusal {
            let detail = format!(
                "the outcome names {:?}, the first refused command is {:?}",
                outcome.rejection, self.first_refusal
            );
            return Err(Violation::new(VALIDITY, None, detail));
        }
        if outcome.score != last.score || outcome.ended != last.ended {
            let detail = format!(
                "the outcome says score {} (ended {}), the commands say {} (ended {})",
                outcome.score, outcome.ended, last.score, last.ended
            );
            return Err(Violation::new(SCORE_BOOK, None, detail));
        }
        Ok(())
    }
}

/// A command that changes nothing: refused, after END, or END itself.
fn unchanged(before: &Town, record: &CommandRecord) -> Result<(), Violation> {
    let nothing = record.placed.is_none() && record.merges.is_empty() && record.bombed.is_none();
    if !nothing || record.points != 0 || record.score != before.score || record.map != before.map {
        let detail = format!("`{}` ({:?}) changed something", record.command.action, record.status);
        return Err(Violation::new(RECORD, None, detail));
    }
    Ok(())
}

fn check_placed(record: &CommandRecord, placed: Placed) -> Result<(), Violation> {
    if record.bombed.is_some() {
        return Err(Violation::new(RECORD, None, "a placement records a bomb"));
    }
    match record.placed {
        Some(recorded) if recorded == placed => Ok(()),
        Some(recorded) if recorded.pos == placed.pos && matches!(record.command.action, Action::Star(_)) => {
            let detail =
                format!("the star became L{}, the highest level that reacts is L{}", recorded.level, placed.level);
            Err(Violation::new(STAR_LEVEL, None, detail))
        }
        recorded => Err(Violation::new(RECORD, None, format!("recorded {recorded:?} placed, expected {placed:?}"))),
    }
}

/// TT4: the tile at `pos`, `tile`, destroyed at half its value; no
/// reaction.
fn bombed(record: &CommandRecord, pos: Pos, tile: &mut u8) -> Result<(), Violation> {
    let expected = Bombed { pos, level: *tile, penalty: value(*tile) / 2 };
    if record.bombed != Some(expected) || record.placed.is_some() || !record.merges.is_empty() {
        let detail = format!("recorded bomb {:?} (placed {:?}), expected {expected:?}", record.bombed, record.placed);
        return Err(Violation::new(RECORD, None, detail));
    }
    *tile = EMPTY;
    Ok(())
}

/// TT2: follows the recorded chain from a tile of `level` placed at `pos`
/// on the map `levels` (`cols` to a row), checking each merge and carrying
/// it out on `levels`.
fn merged(
    record: &CommandRecord,
    levels: &mut [u8],
    cols: usize,
    pos: Pos,
    mut level: u8,
    regions: &mut Regions,
) -> Result<(), Violation> {
    let at = index(cols, pos);
    levels[at] = level;
    for (number, merge) in (1..).zip(&record.merges) {
        let cells = Cells::new(levels, cols);
        let size = regions.search(cells, pos, level);
        // The cells emptied are the region's others, in row-major order,
        // when they rise in that order, none is `pos`, each is in the
        // region, and the region holds no other: found in the region's
        // marks, without listing and sorting it.
        let rising = merge.emptied.windows(2).all(|pair| pair[0] < pair[1]);
        let others = merge.emptied.iter().all(|&cell| cell != pos && regions.found_at(cells, cell));
        let emptied = rising && others && merge.emptied.len() + 1 == size;
        if !merges(size, level) || merge.level != level + 1 || !emptied {
            let region = regions.found();
            let detail = format!(
                "recorded L{} from emptying {:?}; the L{level} region at {pos} is {region:?}",
                merge.level, merge.emptied
            );
            return Err(Violation::new(MERGES, Some(number), detail));
        }
        for &cell in &merge.emptied {
            levels[index(cols, cell)] = EMPTY;
        }
        level += 1;
        levels[at] = level;
    }
    if reacts(Cells::new(levels, cols), pos, level) {
        let detail = format!("the chain stops with an L{level} region of 3 or more at {pos}");
        return Err(Violation::new(LEFTOVER, None, detail));
    }
    Ok(())
}

/// The command's points are its parts, and the score adds them up.
fn score_book(before: &Town, record: &CommandRecord) -> Result<(), Violation> {
    let placed = record.placed.map_or(0, |placed| value(placed.level));
    let merges: i64 = record.merges.iter().map(|merge| value(merge.level)).sum();
    let penalty = record.bombed.map_or(0, |bombed| bombed.penalty);
    let parts = placed + merges - penalty;
    if record.points != parts || record.score != before.score + parts {
        let detail = format!(
            "{} points and score {}; the parts give {parts}: {placed} placed, {merges} merged, {penalty} penalty, on {}",
            record.points, record.score, before.score
        );
        return Err(Violation::new(SCORE_BOOK, None, detail));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use m3_model::triple::{Action, At, Command, Merge};

    use super::super::region::tests::map;
    use super::*;

    /// A merge passes when it lists its region's other cells in row-major
    /// order, and breaks the merges when it lists anything else: out of
    /// order, twice, the placed cell, a cell too few, a cell of the level
    /// that stands apart, a cell off the map.
    #[test]
    fn tt2_a_merge_lists_its_region_and_nothing_else() {
        let before = map(&["11.1", "....", "1..1"]);
        let (pos, cols) = (Pos::new(0, 2), before.cols());
        let merged_as = |emptied: &[(usize, usize)]| {
            let emptied = emptied.iter().map(|&(row, col)| Pos::new(row, col)).collect();
            let record = CommandRecord {
                command: Command { line: 1, action: Action::Put(At::from(pos)) },
                status: Status::Played,
                placed: Some(Placed { pos, level: 1 }),
                merges: vec![Merge { level: 2, emptied }],
                bombed: None,
                points: 0,
                score: 0,
                map: before.clone(),
            };
            let mut levels = before.cells().to_vec();
            merged(&record, &mut levels, cols, pos, 1, &mut Regions::default()).map_err(|broken| broken.invariant)
        };
        assert_eq!(merged_as(&[(0, 0), (0, 1), (0, 3)]), Ok(()));
        let broken = [
            &[(0, 1), (0, 0), (0, 3)][..],
            &[(0, 0), (0, 0), (0, 3)],
            &[(0, 0), (0, 1), (0, 2)],
            &[(0, 0), (0, 1)],
            &[(0, 0), (0, 1), (0, 3), (2, 0)],
            &[(0, 0), (0, 1), (2, 3)],
            &[(0, 0), (0, 1), (0, 4)],
            &[(0, 0), (0, 1), (usize::MAX, 3)],
        ];
        for emptied in broken {
            assert_eq!(merged_as(emptied), Err(MERGES), "{emptied:?}");
        }
    }
}
