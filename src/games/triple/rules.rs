//! TT1-TT4 and TT7 as the harness needs them to check records, count what
//! they exercised and steer the generator: which cell a command names, the
//! verdict on a command, regions, and the level a star becomes. The
//! implementations carry the rules out their own way.

use std::cell::RefCell;

use m3_model::triple::{Action, At, Invalid, Map, Pos, EMPTY, VALUES};

use super::levels::Levels;
use super::region::{self, Cells, Regions};
use super::state::Town;

/// The map's cell that `at` names, if it is on the map.
pub fn on_map(map: &Map, at: At) -> Option<Pos> {
    let row = usize::try_from(at.row.checked_sub(1)?).ok()?;
    let col = usize::try_from(at.col.checked_sub(1)?).ok()?;
    map.contains(row, col).then_some(Pos::new(row, col))
}

/// The verdict on `action` in `town`, refusals in the order of precedence
/// that `Invalid` documents (TT1, TT3, TT4, TT7). END is always carried out.
pub fn verdict(town: &Town, action: &Action) -> Result<(), Invalid> {
    let (at, supply, wants_tile) = match action {
        Action::End => return Ok(()),
        Action::Unknown(_) => return Err(Invalid::UnknownCommand),
        Action::Put(at) => (at, (town.built < town.sequence).then_some(()).ok_or(Invalid::SequenceUsedUp), false),
        Action::Star(at) => (at, (town.stars > 0).then_some(()).ok_or(Invalid::NoStarLeft), false),
        Action::Bomber(at) => (at, (town.bombs > 0).then_some(()).ok_or(Invalid::NoBombLeft), true),
    };
    let pos = on_map(&town.map, *at).ok_or(Invalid::OutsideMap)?;
    supply?;
    let occupied = town.map.get(pos.row, pos.col) != EMPTY;
    match (wants_tile, occupied) {
        (false, true) => Err(Invalid::OccupiedCell),
        (true, false) => Err(Invalid::EmptyCell),
        _ => Ok(()),
    }
}

thread_local! {
    /// The buffers of the counters' searches, which have no place of their
    /// own to keep them: one of the merges in a few has a counter search.
    static REGIONS: RefCell<Regions> = RefCell::default();
}

/// How many 4-connected cells of `level` reach `start`, `start` counted as
/// one of them whatever it holds.
pub fn region_size(map: &Map, start: Pos, level: u8) -> usize {
    REGIONS.with_borrow_mut(|regions| regions.search(Cells::of(map), start, level))
}

/// The cells beside `pos` on the map.
pub fn neighbours(map: &Map, pos: Pos) -> impl Iterator<Item = Pos> {
    Cells::of(map).neighbours(pos)
}

/// TT2: the levels at which a tile placed at `pos` would merge.
pub fn reacting(cells: Cells<'_>, pos: Pos) -> Levels {
    region::beside(cells, pos).reacting
}

/// TT3: the level a star at the empty cell `pos` becomes.
pub fn star_level(cells: Cells<'_>, pos: Pos) -> u8 {
    reacting(cells, pos).highest().unwrap_or(1)
}

/// What a tile of `level` scores; nothing for a level the table lacks,
/// which only a broken record holds and a check names before its score.
pub fn value(level: u8) -> i64 {
    VALUES.get(usize::from(level)).copied().unwrap_or(0)
}

/// The tiles among a map's cells.
pub fn tiles(levels: &[u8]) -> usize {
    // A sum rather than a filtered count: the compiler makes vector code of
    // it, and the checker counts every command's map twice.
    levels.iter().map(|&level| usize::from(level != EMPTY)).sum()
}

#[cfg(test)]
mod tests {
    use super::super::region::tests::map;
    use super::*;

    #[test]
    fn tt3_a_star_takes_the_highest_level_that_reacts() {
        // L1 and L3 both react at (2,2); the star is an L3.
        let map = map(&["33.", "1.1", "..."]);
        assert_eq!(star_level(Cells::of(&map), Pos::new(1, 1)), 3);
        assert_eq!(star_level(Cells::of(&map), Pos::new(2, 2)), 1);
    }

    #[test]
    fn tt2_l9_never_reacts() {
        let map = map(&["99."]);
        assert!(!region::reacts(Cells::of(&map), Pos::new(0, 2), 9));
        assert_eq!(star_level(Cells::of(&map), Pos::new(0, 2)), 1);
    }

    #[test]
    fn cells_off_the_map_are_none_whatever_their_size() {
        let map = map(&["..", ".."]);
        assert_eq!(on_map(&map, At::new(2, 2)), Some(Pos::new(1, 1)));
        for at in [At::new(0, 1), At::new(3, 1), At::new(1, -1), At::new(i64::MIN, 1), At::new(1, i64::MAX)] {
            assert_eq!(on_map(&map, at), None, "{at:?}");
        }
    }
}
