//! Texas Match-3 games drawn from an `Unstructured`: boards with no starting
//! run, specials at a tunable density, and operations mostly chosen among the
//! swaps that are valid on the board as it then stands. Now and then one
//! field of the instance (a side, k, q) is drawn at one of its edges, and
//! the statement's largest board with 100 colours and dense specials is
//! drawn on purpose: uniform draws about never reach them. Within the
//! statement (`--within-statement`, what `--against` gives a program) every
//! swap names cells on the board, and the statement's extremes are drawn
//! more often and in more ways: a side at 50 alone or both, every colour of
//! 100 in play with colours 64 apart in runs, a round whose sum passes 16
//! bits.

use arbitrary::{Result, Unstructured};
use m3_model::texas::{At, Board, Instance, Piece, Pos, Special, Swap, Texas};
use m3_model::texas::{MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};
use m3_model::Stepper;

use crate::game::{AtMost, Benchmark, Count, EdgeGame, Generator, MaxTest, Percent, PercentOr, Sides, Size, Statement};
use crate::kit::edges::{draw_edge, draw_within, edge_values};
use crate::kit::following::Following;
use crate::kit::one_colour::colour_ending_no_run;

use super::knobs::{EdgeField, Knobs};
use super::swaps::{neighbours, Pair, Pairs, Swaps};

/// `--within-statement` alone: the statement's games, every swap naming
/// two cells on the board.
impl From<Statement> for Knobs {
    fn from(statement: Statement) -> Knobs {
        Knobs { statement, ..Knobs::default() }
    }
}

const SPECIAL_PERCENTS: [u8; 7] = [0, 1, 2, 5, 10, 20, 40];

impl Generator<Texas> for Knobs {
    /// Renders a game. The board's evolution is followed with `S` (the engine, for
    /// speed: a wrong engine only skews the mix of operations, and the oracle
    /// reports it anyway).
    fn generate<S: Stepper<Texas>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let within = self.statement.within_statement;
        // A shape that gives every field an edge could set draws none, so
        // that the bench table's games stay those its counts were taken of.
        let given = [self.sides.rows.is_some(), self.sides.cols.is_some(), self.colours.is_some()];
        let edge = if self.extreme.is_some() {
            self.extreme
        } else if given.iter().all(|&given| given) && self.operations.is_some() {
            None
        } else {
            edge_field(u, size, within)?
        };
        let (mut rows, mut cols) = self.sides.draw(u, |u| side(u, size))?;
        match edge {
            Some(EdgeField::Side) => {
                let value = draw_within(u, 1..=MAX_SIDE as i64, 1..=MAX_SIDE as i64)?;
                let (knob, side) =
                    if u.arbitrary()? { (self.sides.rows, &mut rows) } else { (self.sides.cols, &mut cols) };
                if knob.is_none() {
                    *side = value as usize;
                }
            }
            Some(EdgeField::Largest | EdgeField::LargestSum) => {
                rows = self.sides.rows.map_or(MAX_SIDE, |knob| knob.get());
                cols = self.sides.cols.map_or(MAX_SIDE, |knob| knob.get());
            }
            Some(EdgeField::SidesAtMost) => (rows, cols) = self.sides_at_most(u, size, (rows, cols))?,
            Some(EdgeField::EveryColour) => {
                // Room for every colour once, and for runs among the others.
                for (knob, side) in [(self.sides.rows, &mut rows), (self.sides.cols, &mut cols)] {
                    if knob.is_none() && *side < ROOMY_SIDE {
                        *side = u.int_in_range(ROOMY_SIDE..=ROOMY_SIDE + 10)?;
                    }
                }
            }
            _ => {}
        }
        let (mut colours, palette) = match (self.colours, edge) {
            (Some(k), _) => (k.clamp(1, MAX_COLOURS), None),
            (None, Some(EdgeField::Colours)) => {
                let k = draw_within(u, 1..=i64::from(MAX_COLOURS), 1..=i64::from(MAX_COLOURS))?;
                (k as u8, Some(palette(u, k as u8)?))
            }
            (None, Some(EdgeField::Largest)) => (MAX_COLOURS, Some(palette(u, MAX_COLOURS)?)),
            (None, Some(EdgeField::EveryColour)) => (MAX_COLOURS, Some(colours_apart(u)?)),
            (None, Some(EdgeField::LargestSum)) => (MAX_COLOURS, Some(high_colours(u)?)),
            (None, _) => (colour_count(u, size)?, None),
        };
        let special_percent = match self.special_percent {
            Some(percent) => percent,
            None if matches!(edge, Some(EdgeField::Largest | EdgeField::LargestSum)) => {
                Percent::new(*u.choose(&SPECIAL_PERCENTS[5..])?)
            }
            // A large board dense with specials is cleared by its first swaps.
            None if size == Size::Max => Percent::new(*u.choose(&SPECIAL_PERCENTS[..3])?),
            None => Percent::new(*u.choose(&SPECIAL_PERCENTS)?),
        };
        let scattered = if edge == Some(EdgeField::EveryColour) { shuffled(u, colours)? } else { Vec::new() };
        let board = board(u, rows, cols, &mut colours, palette.as_deref(), special_percent, &scattered)?;
        let operations = match (self.operations, edge) {
            (None, Some(EdgeField::Operations)) => {
                let most = MAX_OPERATIONS as i64;
                draw_within(u, 1..=most, 1..=most)? as usize
            }
            _ => Count::or_draw(self.operations, u, |u| operation_count(u, size))?,
        };
        let valid_percent = self.valid_percent.percent();
        // q at an edge is the whole point of its draw: the game keeps it.
        let fixed_length = self.operations.is_some() || size == Size::Max || edge == Some(EdgeField::Operations);
        let invalid_kinds = if within { &INVALID_KINDS[1..] } else { &INVALID_KINDS[..] };

        let mut instance = Instance { colours, board, swaps: Vec::with_capacity(operations) };
        let mut game = Following::<Texas, S>::start(&instance);
        let mut swaps = Swaps::new(&instance.board);
        // Once no valid swap is left the board stands still (the invalid
        // operations that pad a game are not stepped), so none is looked for
        // again: a game of 1000 operations would look 1000 times.
        let mut exhausted = false;
        for _ in 0..operations {
            // An exhausted `u` would draw the same defaults to the end, and
            // `seed::with_seed` draws the game again from more bytes: stop.
            if u.is_empty() {
                break;
            }
            let drawn = if exhausted { None } else { operation(u, &swaps, valid_percent, invalid_kinds)? };
            let Some(swap) = drawn else {
                // No valid swap is left: a game whose length was not asked for
                // ends here rather than padding itself with invalid operations.
                if !fixed_length && !instance.swaps.is_empty() {
                    break;
                }
                exhausted = true;
                instance.swaps.push(invalid_operation(u, &swaps, invalid_kinds)?);
                continue;
            };
            instance.swaps.push(swap);
            let Some(record) = game.step(&swap) else { break };
            swaps.follow(&record);
        }
        Ok(instance)
    }

    /// The bench table: fixed seeds, so every run measures the same games. The
    /// 50x50 games ask for a valid swap every time: a board of 2500 pieces takes
    /// about 400 before none is left (each removes 3 or more), and the rest of
    /// the 1000 are invalid. Specials clear such a board fast, so the largest
    /// case has none and a second one has 1%.
    fn benchmarks() -> Vec<Benchmark<Texas>> {
        let shape = |rows, cols, colours, operations, special_percent, valid_percent| Knobs {
            sides: Sides::new(rows, cols),
            colours: Some(colours),
            operations: Some(Count::new(operations)),
            special_percent: Some(Percent::new(special_percent)),
            valid_percent: PercentOr::new(valid_percent),
            statement: Statement::default(),
            extreme: None,
        };
        vec![
            Benchmark { name: "8x8-q32", seed: 1, shape: shape(8, 8, 5, 32, 5, 90) },
            Benchmark { name: "20x20-q200", seed: 2, shape: shape(20, 20, 6, 200, 2, 90) },
            Benchmark { name: "50x50-q1000", seed: 3, shape: shape(50, 50, 8, 1000, 0, 100) },
            Benchmark { name: "50x50-q1000-specials", seed: 3, shape: shape(50, 50, 8, 1000, 1, 100) },
        ]
    }

    fn max_tests() -> Vec<MaxTest<Texas>> {
        super::max_tests::max_tests()
    }

    fn edge_games() -> Vec<EdgeGame<Texas>> {
        super::knobs::edge_games()
    }
}

impl Knobs {
    /// The sides of a game with n or m at the statement's most (50) and the
    /// other below it, or one time in four both at 50 (a mixed campaign's
    /// 50x50 board with few specials or none), each unless given. At `max`,
    /// where every other game is 50x50, the other side is 1, 48 or 49.
    fn sides_at_most(
        &self,
        u: &mut Unstructured<'_>,
        size: Size,
        (rows, cols): (usize, usize),
    ) -> Result<(usize, usize)> {
        let below = |u: &mut Unstructured<'_>, side: usize| -> Result<usize> {
            let most = MAX_SIDE as i64 - 1;
            Ok(if size == Size::Max { draw_within(u, 1..=most, 1..=most)? as usize } else { side.min(MAX_SIDE - 1) })
        };
        let both = size != Size::Max && u.int_in_range(0..=3)? == 0;
        let at = match (both, u.arbitrary::<bool>()?) {
            (true, _) => AtMost::Both,
            (false, false) => AtMost::Rows,
            (false, true) => AtMost::Cols,
        };
        self.sides.at_most(u, (rows, cols), at, below)
    }
}

/// The least side of a board that holds every colour of 100 once and runs
/// among the rest (a quarter of its cells at most).
const ROOMY_SIDE: usize = 20;

/// How often each edge is drawn, in games out of 4000: as often as a
/// night affords. A 50x50 game costs a mixed campaign about 200 others (a
/// special there sets off the whole board, and the checker and the
/// reference follow it cell by cell; one in a hundred tripled a campaign's
/// time), a side of 49 or 50 about 6, a q at its edge about 100 operations'
/// worth, a k at its edge nothing. A max campaign's games are all 50x50
/// with q = 1000 already, so it varies k and draws the largest board one
/// game in a hundred. Small games stay small, to shrink fast.
///
/// Within the statement a case costs a process started and its answer
/// read, about 4 ms, and a 50x50 game with specials about 100 ms of the
/// reference's, some 25 cases: the statement's extremes are drawn about
/// one game in ten at `mixed`, a 50x50 board one in 250 (a 60 s campaign
/// against a quick program meets some 40 of them, and every extreme's
/// counter), and at `max` k is 100 in more than half the games. Without
/// it, the draws are those of the engine's nights, whose seeds replay
/// their games.
fn edge_field(u: &mut Unstructured<'_>, size: Size, within: bool) -> Result<Option<EdgeField>> {
    use EdgeField::{Colours, EveryColour, Largest, LargestSum, Operations, Side, SidesAtMost};
    let weights: &[(u16, EdgeField)] = match (size, within) {
        (Size::Small, _) => return Ok(None),
        (Size::Mixed, false) => &[(1, Largest), (20, Side), (166, Colours), (10, Operations)],
        (Size::Max, false) => &[(40, Largest), (500, Colours)],
        (Size::Mixed, true) => &[
            (4, Largest),
            (6, LargestSum),
            (40, SidesAtMost),
            (80, EveryColour),
            (20, Side),
            (166, Colours),
            (100, Operations),
        ],
        (Size::Max, true) => {
            &[(200, Largest), (400, LargestSum), (300, SidesAtMost), (1500, EveryColour), (500, Colours)]
        }
    };
    let mut roll = u.int_in_range(0..=3999u16)?;
    for &(weight, field) in weights {
        if roll < weight {
            return Ok(Some(field));
        }
        roll -= weight;
    }
    Ok(None)
}

/// Two or three pairs of colours 64 apart, the first 1 and 65 or 36 and
/// 100, the others drawn: the colours a board of every colour makes its
/// runs of.
fn colours_apart(u: &mut Unstructured<'_>) -> Result<Vec<u8>> {
    let apart = MAX_COLOURS - 36;
    let mut low = vec![*u.choose(&[1, 36])?];
    for _ in 0..u.int_in_range(1..=2)? {
        low.push(u.int_in_range(1..=MAX_COLOURS - apart)?);
    }
    Ok(low.iter().flat_map(|&colour| [colour, colour + apart]).collect())
}

/// Four to eight colours above 64, 100 among them: the round a dense board
/// of them chains through sums about 90 a piece.
fn high_colours(u: &mut Unstructured<'_>) -> Result<Vec<u8>> {
    let mut colours = vec![MAX_COLOURS];
    for _ in 0..u.int_in_range(3..=7)? {
        colours.push(u.int_in_range(65..=MAX_COLOURS)?);
    }
    Ok(colours)
}

/// 1..=k in an order drawn from `u`.
fn shuffled(u: &mut Unstructured<'_>, k: u8) -> Result<Vec<u8>> {
    let mut colours: Vec<u8> = (1..=k).collect();
    for last in (1..colours.len()).rev() {
        colours.swap(last, u.int_in_range(0..=last)?);
    }
    Ok(colours)
}

/// The colours a board of `k` colours draws its pieces from when k is at
/// an edge: those at the edges of 1..=k (1, k - 1, k) and one to four small
/// ones, so that runs still form among few colours and the highest are
/// removed and scored.
fn palette(u: &mut Unstructured<'_>, k: u8) -> Result<Vec<u8>> {
    let mut palette: Vec<u8> =
        edge_values(1, i64::from(k), |v| (1..=i64::from(k)).contains(&v)).into_iter().map(|(_, v)| v as u8).collect();
    let small = u.int_in_range(2..=5)?;
    palette.extend((2..=small.min(k)).filter(|colour| !palette.contains(colour)).collect::<Vec<_>>());
    Ok(palette)
}

fn side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    size.draw(u, &[(1, 1..=8)], &[(7, 1..=8), (2, 1..=20), (1, 1..=MAX_SIDE)], &[(1, MAX_SIDE..=MAX_SIDE)])
}

fn colour_count(u: &mut Unstructured<'_>, size: Size) -> Result<u8> {
    let mostly_few = [(9, 2..=6), (1, 1..=MAX_COLOURS)];
    size.draw(u, &mostly_few, &mostly_few, &[(1, 6..=10)])
}

fn operation_count(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    let most = MAX_OPERATIONS;
    size.draw(u, &[(1, 1..=32)], &[(9, 1..=32), (1, 1..=most)], &[(1, most..=most)])
}

/// A full board with no run (TX1), its colours drawn from `palette` when
/// there is one, else from 1..=k, but for the `scattered` colours, each put
/// once on cells spread evenly over the board, as many as it holds. A
/// colour that would complete a run with the two pieces to its left or
/// above is replaced by the next colour that does not (a scattered one is
/// on the board already, then); when every colour would, the board gets
/// one more colour.
fn board(
    u: &mut Unstructured<'_>,
    rows: usize,
    cols: usize,
    colours: &mut u8,
    palette: Option<&[u8]>,
    special_percent: Percent,
    scattered: &[u8],
) -> Result<Board> {
    let mut board = Board::filled(rows, cols, None);
    let stride = (rows * cols / scattered.len().max(1)).max(1);
    for (index, cell) in (0..rows).flat_map(|row| (0..cols).map(move |col| Pos::new(row, col))).enumerate() {
        let placed = (index % stride == 0).then(|| scattered.get(index / stride)).flatten();
        let drawn = match (placed, palette) {
            (Some(&colour), _) => colour,
            (None, Some(palette)) => *u.choose(palette)?,
            (None, None) => u.int_in_range(1..=*colours)?,
        };
        let before = |row, col| board.get(Pos::new(row, col)).map(|p| p.colour);
        let colour = colour_ending_no_run(&before, (cell.row, cell.col), drawn, *colours).unwrap_or_else(|| {
            *colours += 1;
            *colours
        });
        let special = if special_percent.happens(u)? {
            Special::from_code(u.int_in_range(1..=6)?).expect("1..=6 are specials")
        } else {
            Special::None
        };
        board.set(cell, Some(Piece { colour, special }));
    }
    Ok(board)
}

/// The kinds of operation the generator mixes.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Valid,
    OffBoard,
    SameCell,
    NotAdjacent,
    EmptyCell,
    NoRun,
}

/// The invalid kinds; within the statement, all but the first: the
/// statement promises cells on the board, and allows the rest.
const INVALID_KINDS: [Kind; 5] = [Kind::OffBoard, Kind::SameCell, Kind::NotAdjacent, Kind::EmptyCell, Kind::NoRun];

/// One operation of a drawn kind, an invalid one of `invalid_kinds`; `None`
/// when the kind drawn is a valid swap and the board has none left.
fn operation(
    u: &mut Unstructured<'_>,
    swaps: &Swaps,
    valid_percent: Percent,
    invalid_kinds: &[Kind],
) -> Result<Option<Swap>> {
    if valid_percent.happens(u)? {
        operation_of_kind(u, swaps, Kind::Valid)
    } else {
        invalid_operation(u, swaps, invalid_kinds).map(Some)
    }
}

/// An operation of a kind drawn from `kinds`; when that kind is impossible on
/// this board (no empty cell, a board too small for two cells apart, ...),
/// any two cells.
fn invalid_operation(u: &mut Unstructured<'_>, swaps: &Swaps, kinds: &[Kind]) -> Result<Swap> {
    let kind = *u.choose(kinds)?;
    let sides = swaps.sides();
    match operation_of_kind(u, swaps, kind)? {
        Some(swap) => Ok(swap),
        None => Ok(Swap::between(any_cell(u, sides)?, any_cell(u, sides)?)),
    }
}

fn operation_of_kind(u: &mut Unstructured<'_>, swaps: &Swaps, kind: Kind) -> Result<Option<Swap>> {
    let sides = swaps.sides();
    let pick = |u: &mut Unstructured<'_>, pairs: Pairs<'_>| -> Result<Option<Swap>> {
        if pairs.is_empty() {
            return Ok(None);
        }
        let (a, b) = pairs.choose(u)?;
        Ok(Some(if u.arbitrary()? { Swap::between(a, b) } else { Swap::between(b, a) }))
    };
    match kind {
        Kind::Valid => pick(u, swaps.of(Pair::MakesRun)),
        Kind::NoRun => pick(u, swaps.of(Pair::MakesNoRun)),
        Kind::EmptyCell => pick(u, swaps.of(Pair::EmptyCell)),
        Kind::SameCell => {
            let cell = any_cell(u, sides)?;
            Ok(Some(Swap::between(cell, cell)))
        }
        Kind::NotAdjacent => {
            let (a, b) = (any_cell(u, sides)?, any_cell(u, sides)?);
            Ok((a.row.abs_diff(b.row) + a.col.abs_diff(b.col) >= 2).then(|| Swap::between(a, b)))
        }
        Kind::OffBoard => {
            // Two neighbours (or a cell and itself on a 1x1 board), then one
            // of the four coordinates at an edge of its field: 0, one past
            // the board, an integer-width edge; now and then on the board.
            let first = any_cell(u, sides)?;
            let neighbours: Vec<Pos> = neighbours(sides, first).collect();
            let second = if neighbours.is_empty() { first } else { *u.choose(&neighbours)? };
            let (first, second) = (At::of(first), At::of(second));
            let mut coordinates = [first.row, first.col, second.row, second.col];
            let which = u.int_in_range(0..=3)?;
            let side = if which % 2 == 0 { sides.0 } else { sides.1 };
            let (_, edge) = draw_edge(u, 1, side as i64, |v| u32::try_from(v).is_ok())?;
            coordinates[which] = edge as u32;
            let [row1, col1, row2, col2] = coordinates;
            Ok(Some(Swap::new(At::new(row1, col1), At::new(row2, col2))))
        }
    }
}

/// A cell of a `rows` x `cols` board.
fn any_cell(u: &mut Unstructured<'_>, (rows, cols): (usize, usize)) -> Result<Pos> {
    Ok(Pos::new(u.int_in_range(0..=rows - 1)?, u.int_in_range(0..=cols - 1)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::coverage::Tally;
    use crate::game::Game;
    use crate::games::texas::count::Counter;
    use crate::Rulebook;

    fn shape(within: bool) -> Knobs {
        if within {
            crate::process::seed::with_seed(0, Knobs::within_statement).unwrap()
        } else {
            Knobs::default()
        }
    }

    /// The first `games` seeds whose game of `size` draws `field` (within the
    /// statement or not), and the tally of those games: the draws too rare
    /// for the smoke test's 400 games.
    fn games_drawing(field: EdgeField, size: Size, within: bool, games: usize) -> (Vec<Instance>, Tally<Counter>) {
        let seeds: Vec<u64> = (0..100_000)
            .filter(|&seed| crate::process::seed::with_seed(seed, |u| edge_field(u, size, within)) == Ok(Some(field)))
            .take(games)
            .collect();
        assert_eq!(seeds.len(), games, "{field:?} drawn {games} times within 100,000 seeds");
        let mut tally = Tally::default();
        let instances: Vec<Instance> = seeds
            .iter()
            .map(|&seed| crate::process::seed::with_seed(seed, |u| Texas::generate(u, size, &shape(within))).unwrap())
            .collect();
        for instance in &instances {
            crate::check_game::<Texas>(instance, &mut tally).unwrap_or_else(|failure| panic!("{failure}"));
        }
        (instances, tally)
    }

    #[test]
    fn tx1_the_largest_board_with_100_colours_and_dense_specials_is_drawn_on_purpose() {
        let (instances, tally) = games_drawing(EdgeField::Largest, Size::Mixed, false, 1);
        assert_eq!((instances[0].board.rows(), instances[0].board.cols(), instances[0].colours), (50, 50, 100));
        assert!(tally.count(Counter::LargestBoard) > 0, "{tally}");
        assert!(tally.count(Counter::HighColour) > 0, "{tally}");
    }

    #[test]
    fn tx11_q_is_drawn_at_its_edges_and_kept() {
        for within in [false, true] {
            let mut seen = Vec::new();
            for seed in 0..20_000 {
                if crate::process::seed::with_seed(seed, |u| edge_field(u, Size::Mixed, within))
                    == Ok(Some(EdgeField::Operations))
                {
                    let instance =
                        crate::process::seed::with_seed(seed, |u| Texas::generate(u, Size::Mixed, &shape(within)));
                    seen.push(instance.unwrap().swaps.len());
                }
            }
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen, [1, 127, 128, 255, 256, 999, 1000], "within the statement: {within}");
        }
    }

    /// TX2: the statement promises cells on the board (1 <= x <= n, 1 <= y
    /// <= m), so within it no swap names one off the board, at any size,
    /// while the other invalid kinds stay; without it, the night's games
    /// keep their swaps off the board.
    #[test]
    fn tx2_within_the_statement_every_swap_names_a_cell_on_the_board_at_every_size() {
        // The night's games are only looked at: 40 of them show the kind.
        let night = 40;
        for (size, games) in [(Size::Small, 400), (Size::Mixed, 400), (Size::Max, 200)] {
            let mut beyond = [0; 2];
            let mut tally = Tally::<Counter>::default();
            for seed in 0..games {
                for within in [false, true].into_iter().filter(|&within| within || seed < night) {
                    let instance =
                        crate::process::seed::with_seed(seed, |u| Texas::generate(u, size, &shape(within))).unwrap();
                    beyond[usize::from(within)] += u64::from(Texas::beyond_statement(&instance).is_some());
                    if within && size != Size::Max {
                        crate::check_game::<Texas>(&instance, &mut tally).unwrap_or_else(|f| panic!("{f}"));
                    }
                }
            }
            let [without, within] = beyond;
            assert!(within * 100 < games, "{within} of {games} {size:?} games within the statement are beyond it");
            assert!(
                without * 10 > night,
                "only {without} of {night} {size:?} games without it hold a swap off the board"
            );
            if size != Size::Max {
                let kinds = [Counter::SameCell, Counter::NotAdjacent, Counter::EmptyCell, Counter::NoRun];
                assert!(kinds.iter().all(|&kind| tally.count(kind) > 0), "{size:?}: {tally}");
            }
        }
    }

    #[test]
    fn tx1_within_the_statement_a_side_is_drawn_at_50_alone_and_both() {
        let (_, tally) = games_drawing(EdgeField::SidesAtMost, Size::Mixed, true, 12);
        for counter in [Counter::RowsAtMost, Counter::ColumnsAtMost, Counter::BothSidesAtMost] {
            assert!(tally.count(counter) > 0, "mixed: {counter:?}\n{tally}");
        }
        let (instances, tally) = games_drawing(EdgeField::SidesAtMost, Size::Max, true, 6);
        assert!(tally.count(Counter::RowsAtMost) > 0 && tally.count(Counter::ColumnsAtMost) > 0, "max: {tally}");
        assert!(instances.iter().all(|instance| instance.swaps.len() == MAX_OPERATIONS));
    }

    /// TX1 and TX4: k = 100 with every colour on the board, and runs of two
    /// colours 64 apart in one round, which a colour table of 64 entries or
    /// one word wide confuses.
    #[test]
    fn tx4_within_the_statement_every_colour_is_in_play_and_colours_64_apart_run_together() {
        for (size, games) in [(Size::Mixed, 4), (Size::Max, 2)] {
            let (instances, tally) = games_drawing(EdgeField::EveryColour, size, true, games);
            assert!(instances.iter().all(|instance| instance.colours == MAX_COLOURS));
            assert_eq!(tally.count(Counter::EveryColour), games as u64, "{size:?}: {tally}");
            assert!(tally.count(Counter::ColoursApart) > 0, "{size:?}: {tally}");
        }
    }

    /// TX7: a round's sum of colours past 16 bits.
    #[test]
    fn tx7_within_the_statement_a_round_sums_above_65535() {
        for size in [Size::Mixed, Size::Max] {
            let (_, tally) = games_drawing(EdgeField::LargestSum, size, true, 2);
            assert!(tally.count(Counter::SumPast16Bits) > 0, "{size:?}: {tally}");
        }
    }
}
