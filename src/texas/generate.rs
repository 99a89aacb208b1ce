//! Texas Match-3 games drawn from an `Unstructured`: boards with no starting
//! run, specials at a tunable density, and operations mostly chosen among the
//! swaps that are valid on the board as it then stands. Now and then one
//! field of the instance (a side, k, q) is drawn at one of its edges, and
//! the statement's largest board with 100 colours and dense specials is
//! drawn on purpose: uniform draws about never reach them.

use arbitrary::{Result, Unstructured};
use m3_model::texas::{At, Board, Instance, Piece, Pos, Special, Swap, Texas};
use m3_model::texas::{MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};
use m3_model::Stepper;

use crate::edges::{draw_edge, draw_within, edge_values};
use crate::following::Following;
use crate::game::{Benchmark, Count, Generator, Percent, PercentOr, Sides, Size};
use crate::one_colour::colour_ending_no_run;

/// The generator's knobs, which are also `m3diff gen texas`'s options; a
/// field left `None` is drawn for each game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Shape {
    /// Rows (n) and columns (m) of the board.
    #[command(flatten)]
    pub sides: Sides<1, MAX_SIDE>,
    /// Colours (k); the generator adds one when a board cannot avoid a run.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_COLOURS)))]
    pub colours: Option<u8>,
    /// Operations (q).
    #[arg(long)]
    pub operations: Option<Count<1, MAX_OPERATIONS>>,
    /// Percentage of pieces that are specials.
    #[arg(long)]
    pub special_percent: Option<Percent>,
    /// Percentage of operations chosen among the valid swaps.
    #[arg(long, default_value_t)]
    pub valid_percent: PercentOr<80>,
}

const SPECIAL_PERCENTS: [u8; 7] = [0, 1, 2, 5, 10, 20, 40];

impl Generator<Texas> for Shape {
    /// Draws a game. The board's evolution is followed with `S` (the engine, for
    /// speed: a wrong engine only skews the mix of operations, and the oracle
    /// reports it anyway).
    fn generate<S: Stepper<Texas>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        // A shape that gives every field an edge could set draws none, so
        // that the bench table's games stay those its counts were taken of.
        let given = [self.sides.rows.is_some(), self.sides.cols.is_some(), self.colours.is_some()];
        let edge =
            if given.iter().all(|&given| given) && self.operations.is_some() { None } else { edge_field(u, size)? };
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
            Some(EdgeField::Largest) => {
                rows = self.sides.rows.map_or(MAX_SIDE, |knob| knob.get());
                cols = self.sides.cols.map_or(MAX_SIDE, |knob| knob.get());
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
            (None, _) => (colour_count(u, size)?, None),
        };
        let special_percent = match self.special_percent {
            Some(percent) => percent,
            None if edge == Some(EdgeField::Largest) => Percent::new(*u.choose(&SPECIAL_PERCENTS[5..])?),
            // A large board dense with specials is cleared by its first swaps.
            None if size == Size::Max => Percent::new(*u.choose(&SPECIAL_PERCENTS[..3])?),
            None => Percent::new(*u.choose(&SPECIAL_PERCENTS)?),
        };
        let board = board(u, rows, cols, &mut colours, palette.as_deref(), special_percent)?;
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

        let mut instance = Instance { colours, board, swaps: Vec::with_capacity(operations) };
        let mut game = Following::<Texas, S>::start(&instance);
        let mut current = instance.board.clone();
        // Once no valid swap is left the board stands still (the invalid
        // operations that pad a game are not stepped), so none is looked for
        // again: a game of 1000 operations would look 1000 times.
        let mut exhausted = false;
        for _ in 0..operations {
            let drawn = if exhausted { None } else { operation(u, &current, valid_percent)? };
            let Some(swap) = drawn else {
                // No valid swap is left: a game whose length was not asked for
                // ends here rather than padding itself with invalid operations.
                if !fixed_length && !instance.swaps.is_empty() {
                    break;
                }
                exhausted = true;
                instance.swaps.push(invalid_operation(u, &current)?);
                continue;
            };
            instance.swaps.push(swap);
            let Some(record) = game.step(&swap) else { break };
            current = record.board;
        }
        Ok(instance)
    }

    /// The bench table: fixed seeds, so every run measures the same games. The
    /// 50x50 games ask for a valid swap every time: a board of 2500 pieces takes
    /// about 400 before none is left (each removes 3 or more), and the rest of
    /// the 1000 are invalid. Specials clear such a board fast, so the largest
    /// case has none and a second one has 1%.
    fn benchmarks() -> Vec<Benchmark<Texas>> {
        let shape = |rows, cols, colours, operations, special_percent, valid_percent| Shape {
            sides: Sides::new(rows, cols),
            colours: Some(colours),
            operations: Some(Count::new(operations)),
            special_percent: Some(Percent::new(special_percent)),
            valid_percent: PercentOr::new(valid_percent),
        };
        vec![
            Benchmark { name: "8x8-q32", seed: 1, shape: shape(8, 8, 5, 32, 5, 90) },
            Benchmark { name: "20x20-q200", seed: 2, shape: shape(20, 20, 6, 200, 2, 90) },
            Benchmark { name: "50x50-q1000", seed: 3, shape: shape(50, 50, 8, 1000, 0, 100) },
            Benchmark { name: "50x50-q1000-specials", seed: 3, shape: shape(50, 50, 8, 1000, 1, 100) },
        ]
    }
}

/// A field of the instance that one game draws at one of its edges
/// ([`crate::edges`]), or the statement's largest instance with the other
/// extremes: a 50x50 board of 100 colours dense with specials.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EdgeField {
    /// A side n or m: 1, 49 or 50.
    Side,
    /// k: 1, 99 or 100, with the pieces drawn from the colours at k's edges
    /// and a few small ones, so that colours above 63 are in runs.
    Colours,
    /// q: 1, 999, 1000, or an integer-width edge within them (127, 128,
    /// 255, 256).
    Operations,
    Largest,
}

/// How often each edge is drawn, in games out of 4000: as often as a
/// night affords. A 50x50 game costs a mixed campaign about 200 others (a
/// special there sets off the whole board, and the checker and the
/// reference follow it cell by cell; one in a hundred tripled a campaign's
/// time), a side of 49 or 50 about 6, a q at its edge about 100 operations'
/// worth, a k at its edge nothing. A max campaign's games are all 50x50
/// with q = 1000 already, so it varies k and draws the largest board one
/// game in a hundred. Small games stay small, to shrink fast.
fn edge_field(u: &mut Unstructured<'_>, size: Size) -> Result<Option<EdgeField>> {
    let weights: &[(u16, EdgeField)] = match size {
        Size::Small => return Ok(None),
        Size::Mixed => {
            &[(1, EdgeField::Largest), (20, EdgeField::Side), (166, EdgeField::Colours), (10, EdgeField::Operations)]
        }
        Size::Max => &[(40, EdgeField::Largest), (500, EdgeField::Colours)],
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
/// there is one, else from 1..=k. A drawn colour that would complete a run
/// with the two pieces to its left or above is replaced by the next colour
/// that does not; when every colour would, the board gets one more colour.
fn board(
    u: &mut Unstructured<'_>,
    rows: usize,
    cols: usize,
    colours: &mut u8,
    palette: Option<&[u8]>,
    special_percent: Percent,
) -> Result<Board> {
    let mut board = Board::filled(rows, cols, None);
    for cell in (0..rows).flat_map(|row| (0..cols).map(move |col| Pos::new(row, col))) {
        let drawn = match palette {
            Some(palette) => *u.choose(palette)?,
            None => u.int_in_range(1..=*colours)?,
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

const INVALID_KINDS: [Kind; 5] = [Kind::OffBoard, Kind::SameCell, Kind::NotAdjacent, Kind::EmptyCell, Kind::NoRun];

/// One operation of a drawn kind; `None` when the kind drawn is a valid swap
/// and the board has none left.
fn operation(u: &mut Unstructured<'_>, board: &Board, valid_percent: Percent) -> Result<Option<Swap>> {
    if valid_percent.happens(u)? {
        operation_of_kind(u, board, Kind::Valid)
    } else {
        invalid_operation(u, board).map(Some)
    }
}

/// An operation of a drawn invalid kind; when that kind is impossible on this
/// board (no empty cell, a board too small for two cells apart, ...), any two
/// cells.
fn invalid_operation(u: &mut Unstructured<'_>, board: &Board) -> Result<Swap> {
    let kind = *u.choose(&INVALID_KINDS)?;
    match operation_of_kind(u, board, kind)? {
        Some(swap) => Ok(swap),
        None => Ok(Swap::between(any_cell(u, board)?, any_cell(u, board)?)),
    }
}

fn operation_of_kind(u: &mut Unstructured<'_>, board: &Board, kind: Kind) -> Result<Option<Swap>> {
    let pick = |u: &mut Unstructured<'_>, pairs: Vec<(Pos, Pos)>| -> Result<Option<Swap>> {
        if pairs.is_empty() {
            return Ok(None);
        }
        let (a, b) = *u.choose(&pairs)?;
        Ok(Some(if u.arbitrary()? { Swap::between(a, b) } else { Swap::between(b, a) }))
    };
    match kind {
        Kind::Valid => pick(u, neighbour_pairs(board).filter(|&(a, b)| makes_run(board, a, b)).collect()),
        Kind::NoRun => pick(
            u,
            neighbour_pairs(board)
                .filter(|&(a, b)| board.get(a).is_some() && board.get(b).is_some() && !makes_run(board, a, b))
                .collect(),
        ),
        Kind::EmptyCell => {
            pick(u, neighbour_pairs(board).filter(|&(a, b)| board.get(a).is_none() || board.get(b).is_none()).collect())
        }
        Kind::SameCell => {
            let cell = any_cell(u, board)?;
            Ok(Some(Swap::between(cell, cell)))
        }
        Kind::NotAdjacent => {
            let (a, b) = (any_cell(u, board)?, any_cell(u, board)?);
            Ok((a.row.abs_diff(b.row) + a.col.abs_diff(b.col) >= 2).then(|| Swap::between(a, b)))
        }
        Kind::OffBoard => {
            // Two neighbours (or a cell and itself on a 1x1 board), then one
            // of the four coordinates at an edge of its field: 0, one past
            // the board, an integer-width edge; now and then on the board.
            let first = any_cell(u, board)?;
            let neighbours: Vec<Pos> = neighbour_pairs(board)
                .filter(|&(a, b)| a == first || b == first)
                .map(|(a, b)| if a == first { b } else { a })
                .collect();
            let second = if neighbours.is_empty() { first } else { *u.choose(&neighbours)? };
            let (first, second) = (At::of(first), At::of(second));
            let mut coordinates = [first.row, first.col, second.row, second.col];
            let which = u.int_in_range(0..=3)?;
            let side = if which % 2 == 0 { board.rows() } else { board.cols() };
            let (_, edge) = draw_edge(u, 1, side as i64, |v| u32::try_from(v).is_ok())?;
            coordinates[which] = edge as u32;
            let [row1, col1, row2, col2] = coordinates;
            Ok(Some(Swap::new(At::new(row1, col1), At::new(row2, col2))))
        }
    }
}

fn any_cell(u: &mut Unstructured<'_>, board: &Board) -> Result<Pos> {
    Ok(Pos::new(u.int_in_range(0..=board.rows() - 1)?, u.int_in_range(0..=board.cols() - 1)?))
}

/// Every pair of 4-adjacent cells, each pair once.
fn neighbour_pairs(board: &Board) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    board.all_cells().flat_map(move |cell| {
        let right = Pos::new(cell.row, cell.col + 1);
        let below = Pos::new(cell.row + 1, cell.col);
        [right, below].into_iter().filter(|&other| board.contains(other)).map(move |other| (cell, other))
    })
}

/// Whether swapping the pieces of `a` and `b` makes a run through either.
/// Only steers the mix of operations; the implementations decide validity.
fn makes_run(board: &Board, a: Pos, b: Pos) -> bool {
    let (Some(piece_a), Some(piece_b)) = (board.get(a), board.get(b)) else { return false };
    if piece_a.colour == piece_b.colour {
        return false;
    }
    let colour_after = |cell: Pos| {
        if cell == a {
            Some(piece_b.colour)
        } else if cell == b {
            Some(piece_a.colour)
        } else {
            board.get(cell).map(|p| p.colour)
        }
    };
    [a, b].into_iter().any(|cell| super::runs::in_run(board.rows(), board.cols(), &colour_after, cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coverage::Tally;
    use crate::game::Game;
    use crate::texas::Counter;

    /// The first seed whose mixed game draws `field`, and the tally of that
    /// game: the draws too rare for the smoke test's 400 games.
    fn first_game_drawing(field: EdgeField) -> (Instance, Tally<Counter>) {
        let seed = (0..100_000)
            .find(|&seed| crate::seed::with_seed(seed, |u| edge_field(u, Size::Mixed)) == Ok(Some(field)))
            .expect("drawn within 100,000 seeds");
        let instance = crate::seed::with_seed(seed, |u| Texas::generate(u, Size::Mixed, &Shape::default())).unwrap();
        let mut tally = Tally::default();
        crate::check_game::<Texas>(&instance, &mut tally).unwrap_or_else(|failure| panic!("{failure}"));
        (instance, tally)
    }

    #[test]
    fn tx1_the_largest_board_with_100_colours_and_dense_specials_is_drawn_on_purpose() {
        let (instance, tally) = first_game_drawing(EdgeField::Largest);
        assert_eq!((instance.board.rows(), instance.board.cols(), instance.colours), (50, 50, 100));
        assert!(tally.count(Counter::LargestBoard) > 0, "{tally}");
        assert!(tally.count(Counter::HighColour) > 0, "{tally}");
    }

    #[test]
    fn tx11_q_is_drawn_at_its_edges_and_kept() {
        let mut seen = Vec::new();
        for seed in 0..20_000 {
            if crate::seed::with_seed(seed, |u| edge_field(u, Size::Mixed)) == Ok(Some(EdgeField::Operations)) {
                let instance = crate::seed::with_seed(seed, |u| Texas::generate(u, Size::Mixed, &Shape::default()));
                seen.push(instance.unwrap().swaps.len());
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, [1, 127, 128, 255, 256, 999, 1000]);
    }
}
