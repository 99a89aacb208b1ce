//! The invariants of RULES.md for Triple Town, checked on every record by
//! following it from the town before the command: the verdict (TT1, TT3,
//! TT4, TT7), the tile placed or bombed, each merge of the chain (TT2), the
//! tiles on the map changing as the record says, no merge left at the
//! placed cell, and score books that balance.

use m3_model::triple::{
    Action, Bombed, CommandRecord, Instance, Map, Outcome, Placed, Pos, Rejection, Status, TripleTown, EMPTY,
};

use super::rules::{on_map, reacts, region, star_level, tiles, value, verdict};
use super::Town;
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
}

impl game::Checker<TripleTown> for Checker {
    fn new(instance: &Instance) -> Self {
        Checker { sequence: instance.sequence.clone(), first_refusal: None }
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
        let map = match action {
            Action::Bomber(_) => bombed(before, record, pos)?,
            _ => {
                let level = match action {
                    Action::Star(_) => star_level(&before.map, pos),
                    _ => self.sequence[before.built],
                };
                check_placed(record, Placed { pos, level })?;
                merged(before, record, pos, level)?
            }
        };
        if tiles(&record.map) != tiles(&map) {
            let detail = format!("{} tiles on the map, the record accounts for {}", tiles(&record.map), tiles(&map));
            return Err(Violation::new(CONSERVATION, None, detail));
        }
        if record.map != map {
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

/// TT4: the tile at `pos` destroyed at half its value; no reaction.
fn bombed(before: &Town, record: &CommandRecord, pos: Pos) -> Result<Map, Violation> {
    let level = before.map.get(pos.row, pos.col);
    let expected = Bombed { pos, level, penalty: value(level) / 2 };
    if record.bombed != Some(expected) || record.placed.is_some() || !record.merges.is_empty() {
        let detail = format!("recorded bomb {:?} (placed {:?}), expected {expected:?}", record.bombed, record.placed);
        return Err(Violation::new(RECORD, None, detail));
    }
    let mut map = before.map.clone();
    map.set(pos.row, pos.col, EMPTY);
    Ok(map)
}

/// TT2: follows the recorded chain from a tile of `level` placed at `pos`,
/// checking each merge; returns the map it leaves.
fn merged(before: &Town, record: &CommandRecord, pos: Pos, mut level: u8) -> Result<Map, Violation> {
    let mut map = before.map.clone();
    map.set(pos.row, pos.col, level);
    for (index, merge) in record.merges.iter().enumerate() {
        let region = region(&map, pos, level);
        let others: Vec<Pos> = region.iter().copied().filter(|&cell| cell != pos).collect();
        if !reacts(&map, pos, level) || merge.level != level + 1 || merge.emptied != others {
            let detail = format!(
                "recorded L{} from emptying {:?}; the L{level} region at {pos} is {region:?}",
                merge.level, merge.emptied
            );
            return Err(Violation::new(MERGES, Some(index + 1), detail));
        }
        for cell in others {
            map.set(cell.row, cell.col, EMPTY);
        }
        level += 1;
        map.set(pos.row, pos.col, level);
    }
    if reacts(&map, pos, level) {
        let detail = format!("the chain stops with an L{level} region of 3 or more at {pos}");
        return Err(Violation::new(LEFTOVER, None, detail));
    }
    Ok(map)
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
