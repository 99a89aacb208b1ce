//! Texas Match-3 games drawn from an `Unstructured`: boards with no starting
//! run, specials at a tunable density, and operations mostly chosen among the
//! swaps that are valid on the board as it then stands.

use arbitrary::{Result, Unstructured};
use m3_model::texas::{At, Board, Instance, Piece, Pos, Special, Swap, Texas};
use m3_model::texas::{MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};
use m3_model::Stepper;

use crate::following::Following;
use crate::game::{Benchmark, Count, Generator, Percent, Sides, Size};
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
    #[arg(long)]
    pub valid_percent: Option<Percent>,
}

const SPECIAL_PERCENTS: [u8; 7] = [0, 1, 2, 5, 10, 20, 40];

impl Generator<Texas> for Shape {
    /// Draws a game. The board's evolution is followed with `S` (the engine, for
    /// speed: a wrong engine only skews the mix of operations, and the oracle
    /// reports it anyway).
    fn generate<S: Stepper<Texas>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let (rows, cols) = self.sides.draw(u, |u| side(u, size))?;
        let mut colours = match self.colours {
            Some(k) => k.clamp(1, MAX_COLOURS),
            None => colour_count(u, size)?,
        };
        let special_percent = match self.special_percent {
            Some(percent) => percent,
            // A large board dense with specials is cleared by its first swaps.
            None if size == Size::Max => Percent::new(*u.choose(&SPECIAL_PERCENTS[..3])?),
            None => Percent::new(*u.choose(&SPECIAL_PERCENTS)?),
        };
        let board = board(u, rows, cols, &mut colours, special_percent)?;
        let operations = Count::or_draw(self.operations, u, |u| operation_count(u, size))?;
        let valid_percent = self.valid_percent.unwrap_or(Percent::new(80));
        let fixed_length = self.operations.is_some() || size == Size::Max;

        let mut instance = Instance { colours, board, swaps: Vec::with_capacity(operations) };
        let mut game = Following::<Texas, S>::start(&instance);
        let mut current = instance.board.clone();
        for _ in 0..operations {
            let Some(swap) = operation(u, &current, valid_percent)? else {
                // No valid swap is left: a game whose length was not asked for
                // ends here rather than padding itself with invalid operations.
                if !fixed_length && !instance.swaps.is_empty() {
                    break;
                }
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
            valid_percent: Some(Percent::new(valid_percent)),
        };
        vec![
            Benchmark { name: "8x8-q32", seed: 1, shape: shape(8, 8, 5, 32, 5, 90) },
            Benchmark { name: "20x20-q200", seed: 2, shape: shape(20, 20, 6, 200, 2, 90) },
            Benchmark { name: "50x50-q1000", seed: 3, shape: shape(50, 50, 8, 1000, 0, 100) },
            Benchmark { name: "50x50-q1000-specials", seed: 3, shape: shape(50, 50, 8, 1000, 1, 100) },
        ]
    }
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

/// A full board with no run (TX1). A drawn colour that would complete a run
/// with the two pieces to its left or above is replaced by the next colour
/// that does not; when every colour would, the board gets one more colour.
fn board(
    u: &mut Unstructured<'_>,
    rows: usize,
    cols: usize,
    colours: &mut u8,
    special_percent: Percent,
) -> Result<Board> {
    let mut board = Board::filled(rows, cols, None);
    for cell in (0..rows).flat_map(|row| (0..cols).map(move |col| Pos::new(row, col))) {
        let drawn = u.int_in_range(1..=*colours)?;
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
            let inside = At::of(any_cell(u, board)?);
            let rows = board.rows() as u32;
            let cols = board.cols() as u32;
            let outside = *u.choose(&[
                At::new(0, inside.col),
                At::new(inside.row, 0),
                At::new(rows + 1, inside.col),
                At::new(inside.row, cols + 1),
                At::new(u32::MAX, u32::MAX),
            ])?;
            Ok(Some(if u.arbitrary()? { Swap::new(inside, outside) } else { Swap::new(outside, inside) }))
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
