//! Triple Town games drawn from an `Unstructured`: maps of 1 to 20 rows and
//! columns (up to the format's 100 when asked), partly filled with tiles of
//! low levels, or of high ones so that chains reach L9 (regions of 3 or more
//! are allowed, TT6); a build sequence biased toward low levels so that
//! chains happen; p stars and q bombs. A player then writes the commands on
//! the map as `S` (the engine, for speed) leaves it: mostly PUT on an empty
//! cell beside tiles of the next level, now and then a star or a bomb, a bomb
//! on the lowest tile when the map is full, every kind of refused command now
//! and then, and END early, last or missing. Everything the format reads is
//! within the statement; under `--within-statement` (what `--against` draws)
//! a game is drawn now and then at one of the format's extremes
//! (`extremes`).

use std::cell::RefCell;

use arbitrary::{Result, Unstructured};
use m3_model::triple::{
    Action, At, Command, CommandRecord, Instance, Map, Pos, Status, TripleTown, EMPTY, MAX_LEVEL, MIN_SIDE,
};
use m3_model::Stepper;

use super::extremes::{Extreme, Given, Rendered};
use super::knobs::{Ending, Knobs, Play, Tools, MAX_TILES};
use super::levels::Levels;
use super::rules::{neighbours, verdict};
use super::state::{each_change, Town};
use super::survey::Survey;
use crate::game::knobs::EdgeKnob;
use crate::game::{
    Benchmark, Count, EdgeGame, Generator, MaxTest, Percent, PercentOr, Rulebook, Sides, Size, Statement,
};
use crate::kit::edges::{draw_edge, draw_within};
use crate::kit::following::Following;

/// `--within-statement` alone: anything the format reads; now and then at
/// an extreme.
impl From<Statement> for Knobs {
    fn from(statement: Statement) -> Knobs {
        Knobs { statement, ..Knobs::default() }
    }
}

/// The longest sequence a campaign plays whole, the most `--size max` draws.
const LONGEST_PLAYED: usize = 3000;

/// What a game expects to read for each tile of its sequence: a game of
/// 100,000 tiles reads 5.15 a tile, and a stream grown to its expectation
/// holds it whole.
const BYTES_A_TILE: usize = 6;

/// The field a game draws at an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AtAnEdge {
    Side,
    Stars,
    Bombs,
    Tiles,
}

/// The sizes of a game that may be drawn at an edge.
struct Sizes {
    rows: usize,
    cols: usize,
    tiles: usize,
    stars: u32,
    bombs: u32,
}

impl Tools {
    /// The stars and the bombs of one game: each as given, or else drawn,
    /// stars first, mostly none or a few.
    fn draw(&self, u: &mut Unstructured<'_>) -> Result<(u32, u32)> {
        let draw = |given: Option<u32>, u: &mut Unstructured<'_>| match given {
            Some(count) => Ok(count),
            None => u.choose(&[0, 0, 1, 2, 3, 5, 20]).copied(),
        };
        Ok((draw(self.stars, u)?, draw(self.bombs, u)?))
    }
}

impl Play {
    /// The player of one game that builds `tiles` tiles.
    fn draw(&self, u: &mut Unstructured<'_>, tiles: usize) -> Result<Player> {
        let ending = match self.ending {
            Some(ending) => ending,
            None => *u.choose(&[Ending::Last, Ending::Last, Ending::Last, Ending::Early, Ending::Missing])?,
        };
        Ok(Player {
            beside: self.beside_percent.percent(),
            refused: self.refused_percent.percent(),
            ending,
            end_after: u.int_in_range(0..=tiles)?,
            most_stars: MOST_STARS_USED,
        })
    }
}

/// The player's choices for one game, drawn once.
struct Player {
    beside: Percent,
    refused: Percent,
    ending: Ending,
    /// Commands after which an early END comes.
    end_after: usize,
    /// The most stars it uses, however many it has.
    most_stars: u32,
}

impl Generator<TripleTown> for Knobs {
    /// Renders a game, its commands written on the map as `S` leaves it.
    fn generate<S: Stepper<TripleTown>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let extreme = self.edges.extreme_or_drawn(u, self.statement.within_statement, |u| Extreme::draw(u, size))?;
        let (rows, cols) = self.sides.draw(u, |u| side(u, size))?;
        let tiles = Count::or_draw(self.tiles, u, |u| {
            size.draw(u, &[(1, 0..=10)], &[(6, 0..=30), (3, 0..=200), (1, 0..=1000)], &[(1, 1000..=LONGEST_PLAYED)])
        })?;
        let (stars, bombs) = self.tools.draw(u)?;
        let sizes = Sizes { rows, cols, tiles, stars, bombs };
        let edge = self.edges.happens(u, size)?;
        let Sizes { rows, cols, tiles, stars, bombs } = if edge { self.at_an_edge(u, sizes)? } else { sizes };
        let (rows, cols) = match extreme.and_then(Extreme::sides) {
            Some(at) => self.sides.at_most_or_fewer(u, (rows, cols), at)?,
            None => (rows, cols),
        };
        let drawn = Rendered { tiles, stars, bombs };
        let Rendered { tiles, stars, bombs } = match extreme {
            Some(extreme) => extreme.shape(u, self.given(), drawn)?,
            None => drawn,
        };
        // A cell of the map reads a byte or two, a tile of the sequence
        // and the commands that build it about five.
        if crate::process::seed::expect_to_read(u, 2 * rows * cols + BYTES_A_TILE * tiles) {
            return Err(arbitrary::Error::NotEnoughData);
        }
        let fill = match self.fill_percent {
            Some(percent) => percent,
            None => Percent::new(*u.choose(&[0, 10, 30, 50, 80])?),
        };
        let high = u.ratio(1, 4)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for _ in 0..rows * cols {
            cells.push(if fill.happens(u)? { level(u, high)? } else { EMPTY });
        }
        let mut map = Map::from_cells(rows, cols, cells);
        if u.ratio(1, 3)? {
            staircase(u, &mut map)?;
        }
        let mut sequence = Vec::with_capacity(tiles);
        for _ in 0..tiles {
            let chosen = match extreme {
                Some(extreme) => extreme.level(u)?,
                None => None,
            };
            sequence.push(match chosen {
                Some(level) => level,
                None => level(u, false)?,
            });
        }
        let mut player = self.play.draw(u, tiles)?;
        // A sequence as long as a wide integer's edge, which only `edges`
        // draws, is played no longer than the longest drawn otherwise: the
        // edge is in its length, and playing it all would cost a night
        // thousands of games.
        if tiles > LONGEST_PLAYED && self.tiles.is_none() && self.play.ending.is_none() {
            player.ending = Ending::Early;
            player.end_after = player.end_after.min(LONGEST_PLAYED);
        }
        // A refusal is the game's answer (TT7): a program checks nothing
        // after it. Within the statement half the games have none, so that
        // the long ones are checked to their end.
        let refusals_left_to_draw = self.play.refused_percent == PercentOr::default();
        if self.statement.within_statement && refusals_left_to_draw && u.ratio(1, 2)? {
            player.refused = Percent::ZERO;
        }
        if let Some(extreme) = extreme.filter(|extreme| extreme.played_whole()) {
            player.refused = Percent::ZERO;
            if self.play.ending.is_none() {
                player.ending = Ending::Last;
            }
            if extreme.stars_unbounded() {
                player.most_stars = u32::MAX;
            }
        }
        let test = u.int_in_range(0..=10)?;
        let instance = Instance::new(test, map, stars, bombs, sequence, Vec::new());
        play::<S>(u, instance, &player)
    }

    /// The bench table: a greedy player (always beside tiles of its level, a
    /// bomb on the lowest tile when the map is full) through long sequences.
    fn benchmarks() -> Vec<Benchmark<TripleTown>> {
        let shape = |side, tiles| Knobs {
            sides: Sides::new(side, side),
            tools: Tools { stars: Some(50), bombs: Some(tiles as u32) },
            fill_percent: Some(Percent::new(0)),
            tiles: Some(Count::new(tiles)),
            play: Play {
                beside_percent: PercentOr::new(100),
                refused_percent: PercentOr::new(0),
                ending: Some(Ending::Last),
            },
            edges: EdgeKnob::NONE,
            statement: Statement::default(),
        };
        vec![
            Benchmark { name: "8x8-1k", seed: 1, shape: shape(8, 1000) },
            Benchmark { name: "20x20-100k", seed: 1, shape: shape(20, MAX_TILES) },
        ]
    }

    fn max_tests() -> Vec<MaxTest<TripleTown>> {
        super::max_tests::max_tests()
    }

    fn edge_games() -> Vec<EdgeGame<TripleTown>> {
        super::extremes::edge_games()
    }
}

/// The sequence lengths past this (the widths 32,768 to 65,536, the most
/// the generator draws) come up once in [`LONG_SEQUENCE_ONE_IN`] of a
/// length's edges: such a game costs a few hundred of the mix.
const SHORT_SEQUENCE: i64 = 256;
const LONG_SEQUENCE_ONE_IN: u32 = 100;

impl Knobs {
    /// Which of the sizes an extreme may move the user gave.
    fn given(&self) -> Given {
        Given { tiles: self.tiles.is_some(), stars: self.tools.stars.is_some(), bombs: self.tools.bombs.is_some() }
    }

    /// `sizes` with one of them, of those the shape leaves to draw, at an
    /// edge of what the format reads.
    fn at_an_edge(&self, u: &mut Unstructured<'_>, mut sizes: Sizes) -> Result<Sizes> {
        let open = [
            (AtAnEdge::Side, self.sides.rows.is_none() || self.sides.cols.is_none()),
            (AtAnEdge::Stars, self.tools.stars.is_none()),
            (AtAnEdge::Bombs, self.tools.bombs.is_none()),
            (AtAnEdge::Tiles, self.tiles.is_none()),
        ];
        let open: Vec<AtAnEdge> = open.iter().filter(|(_, open)| *open).map(|&(field, _)| field).collect();
        let Ok(&field) = u.choose(&open) else { return Ok(sizes) };
        let tools = 0..=i64::from(u32::MAX);
        match field {
            AtAnEdge::Side => (sizes.rows, sizes.cols) = self.sides.one_at_an_edge(u, (sizes.rows, sizes.cols))?,
            AtAnEdge::Stars => sizes.stars = draw_within(u, tools.clone(), tools)? as u32,
            AtAnEdge::Bombs => sizes.bombs = draw_within(u, tools.clone(), tools)? as u32,
            AtAnEdge::Tiles => {
                let most =
                    if u.int_in_range(1..=LONG_SEQUENCE_ONE_IN)? == 1 { MAX_TILES as i64 } else { SHORT_SEQUENCE };
                sizes.tiles = draw_within(u, 0..=MAX_TILES as i64, 0..=most)? as usize;
            }
        }
        Ok(sizes)
    }
}

fn side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    size.draw(u, &[(1, MIN_SIDE..=5)], &[(10, MIN_SIDE..=8), (5, MIN_SIDE..=20)], &[(1, 20..=20)])
}

/// A level: half of them L1, each level above about half as frequent as
/// the one below (as the game's grass, bushes and trees); from `high`
/// levels 5..=9 mostly, for maps where chains reach L9.
fn level(u: &mut Unstructured<'_>, high: bool) -> Result<u8> {
    if high {
        return u.choose(&[5, 6, 6, 7, 7, 8, 8, 8, 9, 1]).copied();
    }
    let roll: u8 = u.int_in_range(0..=63)?;
    Ok(match roll {
        0..=31 => 1,
        32..=47 => 2,
        48..=55 => 3,
        56..=59 => 4,
        _ => u.int_in_range(5..=MAX_LEVEL)?,
    })
}

/// Lays out the longest chains TT2 allows: around an empty cell, each side
/// a pair of tiles one level above the side before, starting from L1 (or
/// from a higher level now and then), so that a tile of the first level
/// placed there merges once per side.
fn staircase(u: &mut Unstructured<'_>, map: &mut Map) -> Result<()> {
    let centre = Pos::new(u.int_in_range(0..=map.rows() - 1)?, u.int_in_range(0..=map.cols() - 1)?);
    map.set(centre.row, centre.col, EMPTY);
    let mut level = if u.ratio(1, 4)? { u.int_in_range(1..=MAX_LEVEL - 4)? } else { 1 };
    for side in neighbours(map, centre).collect::<Vec<_>>() {
        // The pair's second tile: beyond the side, or beside it.
        let beyond = Pos::new((2 * side.row).wrapping_sub(centre.row), (2 * side.col).wrapping_sub(centre.col));
        let second = std::iter::once(beyond).chain(neighbours(map, side)).find(|&cell| {
            map.contains(cell.row, cell.col) && cell != centre && neighbours(map, cell).all(|n| n != centre)
        });
        let Some(second) = second else { continue };
        map.set(side.row, side.col, level);
        map.set(second.row, second.col, level);
        level += 1;
    }
    Ok(())
}

thread_local! {
    /// The player's survey, whose buffers each game on this thread reuses.
    static SURVEY: RefCell<Survey> = RefCell::default();
}

/// Writes the commands, stepping `S` through them to see the map.
fn play<S: Stepper<TripleTown>>(u: &mut Unstructured<'_>, mut instance: Instance, player: &Player) -> Result<Instance> {
    let mut game = Following::<TripleTown, S>::start(&instance);
    let mut town = TripleTown::start_state(&instance);
    let mut actions = Vec::new();
    // Enough for every tile, star and bomb, with refusals between them.
    let most = 2 * (instance.sequence.len() + 20) + town.stars.min(50) as usize + town.bombs.min(50) as usize;
    // One record, which each command is written over but for its map: the
    // player follows the map from the cells each record says its command
    // changed, where a record of its own for each command copied the whole
    // map into a new one.
    let mut record = CommandRecord {
        command: Command { line: 0, action: Action::End },
        status: Status::AfterEnd,
        placed: None,
        merges: Vec::new(),
        bombed: None,
        points: 0,
        score: 0,
        map: Map::filled(0, 0, EMPTY),
    };
    SURVEY.with_borrow_mut(|survey| {
        survey.look_anew(&town.map);
        // An exhausted `u` would draw refusals to the end (every `happens`
        // is true on zeros): stop, and let `seed::with_seed` give more bytes.
        while actions.len() < most && !town.ended && !u.is_empty() {
            let Some(action) = next_action(u, &instance, &town, player, survey, actions.len())? else { break };
            let command = Command { line: 0, action };
            if !game.step_events(&command, &mut record) {
                break;
            }
            town.count(&record);
            // A cell off the map, which only a wrong record names, is the
            // oracle's to find: the player passes over it.
            let map = &mut town.map;
            each_change(&record, |pos, level| {
                if map.contains(pos.row, pos.col) {
                    map.set(pos.row, pos.col, level);
                }
                survey.see(pos, level);
            });
            actions.push(command.action);
        }
        Ok(())
    })?;
    let Instance { test, map, stars, bombs, sequence, .. } = instance;
    instance = Instance::new(test, map, stars, bombs, sequence, actions);
    Ok(instance)
}

/// The most stars a player uses, however many it has: the most it is given
/// but at an edge.
const MOST_STARS_USED: u32 = 20;

/// The player's next command; `None` when it stops without END.
fn next_action(
    u: &mut Unstructured<'_>,
    instance: &Instance,
    town: &Town,
    player: &Player,
    survey: &mut Survey,
    written: usize,
) -> Result<Option<Action>> {
    if player.refused.happens(u)? {
        return refused(u, town, survey).map(Some);
    }
    let tiles_left = town.built < town.sequence;
    if player.ending == Ending::Early && written >= player.end_after {
        return Ok(Some(Action::End));
    }
    if survey.empty() == 0 {
        // A full map: a bomb to make room, or the end.
        let next = instance.sequence.get(town.built).copied();
        return Ok(match room(survey, next) {
            Some(pos) if town.bombs > 0 && (tiles_left || town.stars > 0) => Some(Action::Bomber(pos.into())),
            _ => ending(player),
        });
    }
    // Stars by the thousand (an edge of p) would bury the map in L1s.
    let stars_usable = town.stars > 0 && instance.stars - town.stars < player.most_stars;
    if stars_usable && (!tiles_left || u.ratio(1, 10)?) {
        let pos = placement(u, survey, None, player.beside)?;
        return Ok(Some(Action::Star(pos.into())));
    }
    if tiles_left && survey.occupied > 0 && town.bombs > 0 && u.ratio(1, 25)? {
        return Ok(Some(Action::Bomber(survey.tiles().choose(u)?.into())));
    }
    if !tiles_left {
        return Ok(ending(player));
    }
    let next = instance.sequence[town.built];
    let pos = placement(u, survey, Some(next), player.beside)?;
    Ok(Some(Action::Put(pos.into())))
}

fn ending(player: &Player) -> Option<Action> {
    (player.ending != Ending::Missing).then_some(Action::End)
}

/// Where to place a tile of `level` (any level for a star): `beside`
/// percent of the time, beside tiles of its level when there is such a
/// cell, and there mostly where it merges.
fn placement(u: &mut Unstructured<'_>, survey: &mut Survey, level: Option<u8>, beside: Percent) -> Result<Pos> {
    if beside.happens(u)? {
        // TT3: a star merges when a level it may become does, and only the
        // level of a tile beside it may.
        let levels = level.map_or(Levels::ALL, Levels::of);
        let merging = survey.merging(levels);
        if merging.count() > 0 && u.ratio(3, 4)? {
            return merging.choose(u);
        }
        let near = survey.near(levels);
        if near.count() > 0 {
            return near.choose(u);
        }
    }
    survey.empty_cells().choose(u)
}

/// The tile to bomb on a full map: the lowest of those whose cell the next
/// tile would merge in, else the highest of all (the last in row-major
/// order of equals), which would never make room by merging.
fn room(survey: &mut Survey, next: Option<u8>) -> Option<Pos> {
    let next = next.map_or(Levels::NONE, Levels::of);
    survey.lowest_merging_at_tiles(next).or_else(|| survey.highest_tile())
}

/// Lines the format reads as no command (TT7).
const UNKNOWN: [&str; 7] = ["PUT 1", "put 1 1", "JUMP 1 1", "STAR one 1", "END 0", "BOMBER 1 1 1", "*"];

/// A command the rules refuse, of a kind drawn among those the town allows,
/// on the cells `survey` counts.
fn refused(u: &mut Unstructured<'_>, town: &Town, survey: &Survey) -> Result<Action> {
    let map = &town.map;
    let any = Pos::new(u.int_in_range(0..=map.rows() - 1)?, u.int_in_range(0..=map.cols() - 1)?);
    // A cell of the map with one coordinate moved to an edge of its field
    // off the map: 0, -1, one past, an integer-width edge, an i64 extreme.
    let mut outside = At::from(any);
    let horizontal: bool = u.arbitrary()?;
    let side = if horizontal { map.cols() } else { map.rows() } as i64;
    let (_, edge) = draw_edge(u, 1, side, |v| !(1..=side).contains(&v))?;
    *(if horizontal { &mut outside.col } else { &mut outside.row }) = edge;
    // The kinds, drawn among as from a list: the unknown command first, then
    // each command on a cell, kept as the command and the cell so that no
    // list is allocated for each refusal.
    let unknown = *u.choose(&UNKNOWN)?;
    let mut on_cells = [(Action::Put as fn(At) -> Action, outside); 6];
    let mut kinds = 0;
    let mut add = |command, at| {
        on_cells[kinds] = (command, at);
        kinds += 1;
    };
    add(*u.choose(&[Action::Put, Action::Star, Action::Bomber])?, outside);
    if town.built >= town.sequence {
        add(Action::Put, any.into());
    }
    if town.stars == 0 {
        add(Action::Star, any.into());
    }
    if town.bombs == 0 {
        add(Action::Bomber, any.into());
    }
    if survey.occupied > 0 {
        let at = At::from(survey.tiles().choose(u)?);
        add(if u.arbitrary()? { Action::Put } else { Action::Star }, at);
    }
    if survey.empty() > 0 {
        add(Action::Bomber, survey.empty_cells().choose(u)?.into());
    }
    let action = match u.choose_index(1 + kinds)? {
        0 => Action::Unknown(unknown.to_string()),
        kind => {
            let (command, at) = on_cells[kind - 1];
            command(at)
        }
    };
    debug_assert!(verdict(town, &action).is_err(), "{action} is refused");
    Ok(action)
}
