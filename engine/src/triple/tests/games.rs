//! Random games: the stepper's records against the literal `oracle`, every
//! record against the invariants of RULES.md, and the quiet path against
//! the stepper. The engine against the independent reference is the
//! harness's job.

use m3_model::triple::{
    Action, At, Command, CommandRecord, Instance, Map, Pos, Status, TripleTown, EMPTY, MAX_LEVEL, VALUES,
};
use m3_model::Stepper;

use super::oracle::{self, Oracle};
use crate::triple::{solve, Game};

pub(super) use crate::lcg::Lcg;

/// A level in 1..=levels, the low ones likelier, as in the contest's
/// sequences.
fn level(rng: &mut Lcg, levels: u8) -> u8 {
    let levels = usize::from(levels);
    1 + rng.below(levels).min(rng.below(levels)) as u8
}

/// How a random game is drawn.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub rows: usize,
    pub cols: usize,
    /// Levels 1..=levels on the map and in the sequence.
    pub levels: u8,
    pub empty_per_mille: usize,
    pub stars: u32,
    pub bombs: u32,
    pub tiles: usize,
    pub commands: usize,
    /// Commands, per mille, drawn to be refused (some of them are not).
    pub refused_per_mille: usize,
    /// Commands, per mille, that are END; the game goes on after it, for
    /// the records after END.
    pub end_per_mille: usize,
}

pub(super) fn random_map(rng: &mut Lcg, shape: Shape) -> Map {
    let mut map = Map::filled(shape.rows, shape.cols, EMPTY);
    for row in 0..shape.rows {
        for col in 0..shape.cols {
            if !rng.chance(shape.empty_per_mille) {
                map.set(row, col, level(rng, shape.levels));
            }
        }
    }
    map
}

fn cells_where(map: &Map, test: impl Fn(u8) -> bool) -> Vec<Pos> {
    let mut cells = Vec::new();
    for row in 0..map.rows() {
        for col in 0..map.cols() {
            if test(map.get(row, col)) {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

/// The levels of the on-map neighbours of `pos` (0 for an empty one).
fn neighbour_levels(map: &Map, pos: Pos) -> Vec<u8> {
    let (row, col) = (pos.row, pos.col);
    [(row.wrapping_sub(1), col), (row + 1, col), (row, col.wrapping_sub(1)), (row, col + 1)]
        .into_iter()
        .filter(|&(row, col)| map.contains(row, col))
        .map(|(row, col)| map.get(row, col))
        .collect()
}

/// Mostly a command that is carried out and likely to merge: a PUT next to
/// a tile of its level, a STAR between tiles; now and then a bomb, an END
/// or a command drawn to be refused.
fn random_action(rng: &mut Lcg, oracle: &Oracle, shape: Shape) -> Action {
    let map = &oracle.map;
    if rng.chance(shape.end_per_mille) {
        return Action::End;
    }
    let empties = cells_where(map, |level| level == EMPTY);
    let tiles = cells_where(map, |level| level != EMPTY);
    let any_cell = |rng: &mut Lcg| At::from(Pos::new(rng.below(map.rows()), rng.below(map.cols())));
    if rng.chance(shape.refused_per_mille) {
        let off = [0, -1, shape.rows as i64 + 1, shape.cols as i64 + 1, i64::MAX, i64::MIN];
        return match rng.below(7) {
            0 => Action::Unknown("STAR 1".to_string()),
            1 => Action::Put(At::new(rng.pick(&off), 1)),
            2 => Action::Bomber(At::new(1, rng.pick(&off))),
            3 if !tiles.is_empty() => Action::Put(rng.pick(&tiles).into()),
            4 if !tiles.is_empty() => Action::Star(rng.pick(&tiles).into()),
            5 if !empties.is_empty() => Action::Bomber(rng.pick(&empties).into()),
            _ => Action::Star(any_cell(rng)),
        };
    }
    let tile = oracle.next_tile().filter(|_| !empties.is_empty());
    let can_star = oracle.stars > 0 && !empties.is_empty();
    let can_bomb = oracle.bombs > 0 && !tiles.is_empty();
    let roll = rng.below(100);
    if let Some(tile) = tile.filter(|_| roll < 75 || !(can_star || can_bomb)) {
        let near: Vec<Pos> =
            empties.iter().copied().filter(|&pos| neighbour_levels(map, pos).contains(&tile)).collect();
        let pos = if !near.is_empty() && rng.chance(700) { rng.pick(&near) } else { rng.pick(&empties) };
        Action::Put(pos.into())
    } else if can_star && (roll < 90 || !can_bomb) {
        let crowded = |pos: &Pos| neighbour_levels(map, *pos).iter().filter(|&&level| level != EMPTY).count() >= 2;
        let near: Vec<Pos> = empties.iter().copied().filter(crowded).collect();
        let pos = if !near.is_empty() && rng.chance(800) { rng.pick(&near) } else { rng.pick(&empties) };
        Action::Star(pos.into())
    } else if can_bomb {
        Action::Bomber(rng.pick(&tiles).into())
    } else {
        Action::End
    }
}

/// A random game: the map, and commands chosen on the maps the oracle
/// leaves; also returns the oracle's records. A game that may not refuse
/// stops at its END.
pub(super) fn random_game(rng: &mut Lcg, shape: Shape) -> (Instance, Vec<CommandRecord>) {
    let start = random_map(rng, shape);
    let sequence: Vec<u8> = (0..shape.tiles).map(|_| level(rng, shape.levels)).collect();
    let mut instance = Instance::new(2, start, shape.stars, shape.bombs, sequence, Vec::new());
    let mut oracle = Oracle::new(&instance);
    let mut actions = Vec::new();
    let mut records = Vec::new();
    for index in 0..shape.commands {
        let action = random_action(rng, &oracle, shape);
        let command = Command { line: shape.rows + 6 + index, action };
        records.push(oracle.step(&command));
        actions.push(command.action);
        // A few commands after END are enough to pin down that they do
        // nothing.
        if oracle.ended && (shape.refused_per_mille == 0 || rng.chance(300)) {
            break;
        }
    }
    instance = Instance::new(2, instance.map, shape.stars, shape.bombs, instance.sequence, actions);
    (instance, records)
}

/// What a batch of games went through, so that a test can tell it reached
/// the rules.
#[derive(Default, Debug)]
struct Tally {
    merges: usize,
    chains: usize,
    stars_merged: usize,
    bombs: usize,
    refused: usize,
    after_end: usize,
}

/// Plays `instance` through the stepper and the quiet path; checks every
/// record against the oracle's and against the invariants.
fn check_game(instance: &Instance, expected: &[CommandRecord], tally: &mut Tally) {
    let mut game = <Game as Stepper<TripleTown>>::start(instance);
    let (mut map, mut score) = (instance.map.clone(), 0);
    for (index, command) in instance.commands.iter().enumerate() {
        let record = game.step(command);
        assert_eq!(record, expected[index], "command {index} ({command}) differs from the oracle on\n{instance}");
        check_record(&map, score, &record);
        tally.merges += record.merges.len();
        tally.chains += usize::from(record.merges.len() >= 2);
        let star = matches!(command.action, Action::Star(_));
        tally.stars_merged += usize::from(star && !record.merges.is_empty());
        tally.bombs += usize::from(record.bombed.is_some());
        tally.refused += usize::from(matches!(record.status, Status::Invalid(_)));
        tally.after_end += usize::from(record.status == Status::AfterEnd);
        (map, score) = (record.map, record.score);
    }
    let outcome = game.finish();
    assert_eq!(outcome.score, score);
    assert_eq!(solve(instance), outcome.result(), "solve and the stepper differ on\n{instance}");
}

/// `record`, made on `before` with `score` before it, against the rules'
/// invariants: the points are the events' values; each merge empties cells
/// of the level below its own, row-major, each once, and leaves none of
/// its region; the map after is `before` with the events applied; no
/// mergeable region is left at the placed cell; a command that was not
/// carried out changes nothing.
fn check_record(before: &Map, score: i64, record: &CommandRecord) {
    assert_eq!(record.score, score + record.points, "the score does not add up");
    let mut map = before.clone();
    let mut points = 0;
    if record.status != Status::Played || record.command.action == Action::End {
        assert_eq!((record.placed, record.merges.len(), record.bombed), (None, 0, None));
    } else if let Some(bombed) = record.bombed {
        assert!(record.placed.is_none() && record.merges.is_empty(), "a bomb built something");
        let Pos { row, col } = bombed.pos;
        assert_eq!(before.get(row, col), bombed.level);
        assert_ne!(bombed.level, EMPTY, "a bomb went off on an empty cell");
        assert_eq!(2 * bombed.penalty, VALUES[usize::from(bombed.level)]);
        map.set(row, col, EMPTY);
        points -= bombed.penalty;
    } else {
        let placed = record.placed.expect("a PUT or STAR builds a tile");
        let Pos { row, col } = placed.pos;
        assert_eq!(before.get(row, col), EMPTY, "a tile was built on another");
        map.set(row, col, placed.level);
        points += VALUES[usize::from(placed.level)];
        let mut level = placed.level;
        for merge in &record.merges {
            assert_eq!(merge.level, level + 1, "a merge skipped a level");
            assert!(merge.emptied.len() >= 2, "a region of fewer than 3 merged");
            assert!(merge.emptied.windows(2).all(|pair| pair[0] < pair[1]), "emptied is not row-major");
            for pos in &merge.emptied {
                assert_eq!(map.get(pos.row, pos.col), level, "{pos} was not in the region");
                map.set(pos.row, pos.col, EMPTY);
            }
            assert_eq!(oracle::region(&map, placed.pos).len(), 1, "part of the region was left");
            level = merge.level;
            map.set(row, col, level);
            points += VALUES[usize::from(level)];
        }
        let left = oracle::region(&map, placed.pos).len();
        assert!(level >= MAX_LEVEL || left < 3, "a region of {left} is left at {}", placed.pos);
    }
    assert_eq!(record.points, points);
    assert_eq!(record.map, map);
}

fn run(seed: u64, games: usize, shape: impl Fn(&mut Lcg) -> Shape) -> Tally {
    let mut rng = Lcg(seed);
    let mut tally = Tally::default();
    for _ in 0..games {
        let shape = shape(&mut rng);
        let (instance, expected) = random_game(&mut rng, shape);
        check_game(&instance, &expected, &mut tally);
    }
    tally
}

#[test]
fn small_random_games_match_the_oracle() {
    let tally = run(1, 3000, |rng| Shape {
        rows: 1 + rng.below(7),
        cols: 1 + rng.below(7),
        levels: 2 + rng.below(7) as u8,
        empty_per_mille: 300 + rng.below(600),
        stars: rng.below(4) as u32,
        bombs: rng.below(4) as u32,
        tiles: 10 + rng.below(60),
        commands: 1 + rng.below(60),
        refused_per_mille: rng.below(200),
        end_per_mille: if rng.chance(300) { rng.below(30) } else { 0 },
    });
    // The games must reach the rules, or they test nothing.
    let Tally { merges, chains, stars_merged, bombs, refused, after_end } = tally;
    assert!(merges > 8_000 && chains > 500 && stars_merged > 1_000, "{tally:?}");
    assert!(bombs > 2_500 && refused > 3_000 && after_end > 2_000, "{tally:?}");
}

#[test]
fn medium_random_games_match_the_oracle() {
    let tally = run(2, 200, |rng| Shape {
        rows: 5 + rng.below(26),
        cols: 5 + rng.below(26),
        levels: 3 + rng.below(6) as u8,
        empty_per_mille: 300 + rng.below(500),
        stars: rng.below(30) as u32,
        bombs: rng.below(30) as u32,
        tiles: 100 + rng.below(300),
        commands: 100 + rng.below(300),
        refused_per_mille: rng.below(30),
        end_per_mille: rng.below(3),
    });
    assert!(tally.merges > 10_000 && tally.chains > 1_000 && tally.stars_merged > 500, "{tally:?}");
}

#[test]
fn long_games_match_the_oracle_and_both_paths_agree() {
    // Nothing refused, so that the quiet path plays every command too.
    let mut rng = Lcg(3);
    for _ in 0..3 {
        let shape = Shape {
            rows: 24,
            cols: 24,
            levels: 5,
            empty_per_mille: 500,
            stars: 300,
            bombs: 1_000,
            tiles: 6_000,
            commands: 8_000,
            refused_per_mille: 0,
            end_per_mille: 0,
        };
        let (instance, expected) = random_game(&mut rng, shape);
        let mut tally = Tally::default();
        check_game(&instance, &expected, &mut tally);
        assert!(instance.commands.len() > 6_000 && tally.merges > 2_000, "{tally:?}");
        assert_eq!(tally.refused, 0);
        assert_eq!(solve(&instance), Ok(expected.last().unwrap().score));
    }
}

#[test]
fn a_full_size_map_with_a_long_sequence_plays_every_tile() {
    // 100x100 and 100,000 tiles, played by the stepper on cells drawn at
    // random (empty ones, found by a few tries on the last record's map).
    let mut rng = Lcg(4);
    let shape = Shape {
        rows: 100,
        cols: 100,
        levels: 4,
        empty_per_mille: 600,
        stars: 5_000,
        bombs: 50_000,
        tiles: 100_000,
        commands: 0,
        refused_per_mille: 0,
        end_per_mille: 0,
    };
    let map = random_map(&mut rng, shape);
    let sequence: Vec<u8> = (0..shape.tiles).map(|_| level(&mut rng, shape.levels)).collect();
    let empty = Instance::new(5, map, shape.stars, shape.bombs, sequence, Vec::new());
    let mut game = <Game as Stepper<TripleTown>>::start(&empty);
    let (mut map, mut actions, mut merges) = (empty.map.clone(), Vec::new(), 0);
    let (mut tiles, mut stars) = (0, 0);
    while tiles < shape.tiles {
        let mut draw = || Pos::new(rng.below(shape.rows), rng.below(shape.cols));
        let free = (0..30).map(|_| draw()).find(|pos| map.get(pos.row, pos.col) == EMPTY);
        let action = match free {
            Some(pos) if stars < shape.stars && actions.len() % 20 == 19 => {
                stars += 1;
                Action::Star(pos.into())
            }
            Some(pos) => {
                tiles += 1;
                Action::Put(pos.into())
            }
            None => {
                let full = (0..30).map(|_| draw()).find(|pos| map.get(pos.row, pos.col) != EMPTY).unwrap();
                Action::Bomber(full.into())
            }
        };
        let command = Command { line: shape.rows + 6 + actions.len(), action: action.clone() };
        let record = game.step(&command);
        assert_eq!(record.status, Status::Played, "{command}");
        merges += record.merges.len();
        map = record.map;
        actions.push(action);
    }
    let outcome = game.finish();
    assert!(merges > 30_000, "only {merges} merges");
    let instance = Instance::new(5, empty.map, empty.stars, empty.bombs, empty.sequence, actions);
    assert_eq!(solve(&instance), outcome.result());
    assert_eq!(outcome.rejection, None);
}

#[test]
fn the_check_catches_a_broken_record() {
    // The invariant check must be able to fail: a merge that leaves part of
    // its region, one listed out of row order, or wrong points.
    let instance = super::instance(&["1.1", "..1", "1.."], 0, 0, &[1], &[super::put(1, 2)]);
    let mut game = <Game as Stepper<TripleTown>>::start(&instance);
    let record = game.step(&instance.commands[0]);
    check_record(&instance.map, 0, &record);
    let mut partial = record.clone();
    partial.merges[0].emptied.pop();
    assert!(std::panic::catch_unwind(|| check_record(&instance.map, 0, &partial)).is_err());
    let mut unordered = record.clone();
    unordered.merges[0].emptied.reverse();
    assert!(std::panic::catch_unwind(|| check_record(&instance.map, 0, &unordered)).is_err());
    let mut rich = record.clone();
    (rich.points, rich.score) = (rich.points + 4, rich.score + 4);
    assert!(std::panic::catch_unwind(|| check_record(&instance.map, 0, &rich)).is_err());
}
