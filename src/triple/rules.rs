//! TT1-TT4 and TT7 as the harness needs them to check records, count what
//! they exercised and steer the generator: which cell a command names, the
//! verdict on a command, regions, and the level a star becomes. The
//! implementations carry the rules out their own way.

use m3_model::triple::{Action, At, Invalid, Map, Pos, EMPTY, MAX_LEVEL, MAX_STAR_LEVEL, VALUES};

use super::Town;

/// TT2: a region of at least this many tiles merges.
pub const MERGE_SIZE: usize = 3;

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

/// The 4-connected cells of `level` that reach `start`, `start` counted as
/// one of them whatever it holds, in row-major order.
pub fn region(map: &Map, start: Pos, level: u8) -> Vec<Pos> {
    let mut region = vec![start];
    let mut next = 0;
    while next < region.len() {
        let at = region[next];
        next += 1;
        for neighbour in neighbours(map, at) {
            if map.get(neighbour.row, neighbour.col) == level && !region.contains(&neighbour) {
                region.push(neighbour);
            }
        }
    }
    region.sort_unstable();
    region
}

/// The cells beside `pos` on the map.
pub fn neighbours(map: &Map, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
    let steps = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    steps.into_iter().filter_map(move |(dr, dc)| {
        let (row, col) = (pos.row.checked_add_signed(dr)?, pos.col.checked_add_signed(dc)?);
        map.contains(row, col).then_some(Pos::new(row, col))
    })
}

/// TT2: whether a tile of `level` at `pos` would merge.
pub fn reacts(map: &Map, pos: Pos, level: u8) -> bool {
    level < MAX_LEVEL && region(map, pos, level).len() >= MERGE_SIZE
}

/// TT3: the level a star at the empty cell `pos` becomes.
pub fn star_level(map: &Map, pos: Pos) -> u8 {
    (1..=MAX_STAR_LEVEL).rev().find(|&level| reacts(map, pos, level)).unwrap_or(1)
}

/// What a tile of `level` scores; nothing for a level the table lacks,
/// which only a broken record holds and a check names before its score.
pub fn value(level: u8) -> i64 {
    VALUES.get(usize::from(level)).copied().unwrap_or(0)
}

/// The tiles on the map.
pub fn tiles(map: &Map) -> usize {
    map.cells().iter().filter(|&&level| level != EMPTY).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Map {
        let cells = rows.iter().flat_map(|row| row.bytes().map(|b| if b == b'.' { EMPTY } else { b - b'0' }));
        Map::from_cells(rows.len(), rows[0].len(), cells.collect())
    }

    #[test]
    fn tt3_a_star_takes_the_highest_level_that_reacts() {
        // L1 and L3 both react at (2,2); the star is an L3.
        let map = map(&["33.", "1.1", "..."]);
        assert_eq!(star_level(&map, Pos::new(1, 1)), 3);
        assert_eq!(star_level(&map, Pos::new(2, 2)), 1);
    }

    #[test]
    fn tt2_l9_never_reacts() {
        let map = map(&["99."]);
        assert!(!reacts(&map, Pos::new(0, 2), 9));
        assert_eq!(star_level(&map, Pos::new(0, 2)), 1);
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
