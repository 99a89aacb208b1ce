//! SquareRemover games drawn from an `Unstructured`: uniform boards (squares
//! allowed: the opening adjust takes them), long games and short ones, moves
//! mostly made by a simple greedy player on the board as it then stands,
//! mixed with random moves, equal-colour swaps and now and then one invalid
//! move of each kind.

use arbitrary::{Result, Unstructured};
use m3_model::square::{Board, Instance, Move, SquareRemover, Turn, CONTEST_MOVES, DOWN, LEFT, RIGHT, UP};
use m3_model::square::{MAX_COLOURS, MAX_SIDE, MIN_COLOURS, MIN_SIDE, MODULUS};
use m3_model::Stepper;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rules::move_tiles;
use crate::following::Following;
use crate::game::{Benchmark, Count, Generator, Percent, Size};

/// The most moves `--moves` asks: a hundred contest games' worth.
pub const MAX_MOVES: usize = 100 * CONTEST_MOVES;

/// The generator's knobs, which are also `m3diff gen square`'s options; a
/// field left `None` is drawn for each game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Shape {
    /// Rows and columns of the board (N).
    #[arg(long)]
    pub side: Option<Count<MIN_SIDE, MAX_SIDE>>,
    /// Colours.
    #[arg(long, value_parser = clap::value_parser!(u8).range(i64::from(MIN_COLOURS)..=i64::from(MAX_COLOURS)))]
    pub colours: Option<u8>,
    /// The buffer's seed (startSeed, A[0] of SR1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..MODULUS))]
    pub start_seed: Option<u64>,
    /// Moves (M).
    #[arg(long)]
    pub moves: Option<Count<0, MAX_MOVES>>,
    /// Percentage of moves a greedy player makes (one that makes a square,
    /// when it finds one); the rest are random moves and equal-colour swaps.
    #[arg(long)]
    pub greedy_percent: Option<Percent>,
    /// Percentage of games with an invalid move (of a drawn kind, at a drawn
    /// place).
    #[arg(long)]
    pub invalid_percent: Option<Percent>,
}

/// Candidate moves a player looks at before it settles for a random one.
const LOOKS: usize = 24;
/// Percentage of moves that look for an equal-colour swap.
const EQUAL_PERCENT: u32 = 5;

impl Generator<SquareRemover> for Shape {
    /// Draws a game, following its board with `S` (the engine, for speed).
    fn generate<S: Stepper<SquareRemover>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let side = Count::or_draw(self.side, u, |u| side(u, size))?;
        let colours = match self.colours {
            Some(colours) => colours.clamp(MIN_COLOURS, MAX_COLOURS),
            None => colour_count(u, size)?,
        };
        let moves = Count::or_draw(self.moves, u, |u| move_count(u, size))?;
        let seed = match self.start_seed {
            Some(seed) => seed.clamp(1, MODULUS - 1),
            None => u.int_in_range(1..=MODULUS - 1)?,
        };
        let mut tiles = Vec::with_capacity(side * side);
        for _ in 0..side * side {
            tiles.push(u.int_in_range(0..=colours - 1)?);
        }
        let greedy = u32::from(self.greedy_percent.unwrap_or(Percent::new(80)).get());
        let invalid_at = if moves > 0 && self.invalid_percent.unwrap_or(Percent::new(15)).happens(u)? {
            Some(u.int_in_range(0..=moves - 1)?)
        } else {
            None
        };
        // Long games need more choices than a fuzzer's input holds: once it
        // runs dry the moves come from a generator seeded by it.
        let rng = ChaCha8Rng::seed_from_u64(u.arbitrary()?);
        let mut player = Player { u, rng, greedy };

        let mut instance = Instance { colours, seed, board: Board::from_cells(side, side, tiles), moves: Vec::new() };
        let mut game = Following::<SquareRemover, S>::start(&instance);
        // Past a panic the moves are chosen on the last board seen.
        let mut board = game.step(&Turn::Opening).map_or_else(|| instance.board.clone(), |record| record.board);
        for index in 0..moves {
            let m = if invalid_at == Some(index) { player.invalid(side)? } else { player.choose(&board)? };
            instance.moves.push(m);
            if let Some(record) = game.step(&Turn::Move(m)) {
                board = record.board;
            }
        }
        Ok(instance)
    }

    /// The bench table: a 16x16, 4-colour contest-length game whose moves score
    /// often (a greedy player throughout), a smaller one, and the format's
    /// largest board, where the reference's whole-board scans cost most.
    fn benchmarks() -> Vec<Benchmark<SquareRemover>> {
        let shape = |side, colours, moves| Shape {
            side: Some(Count::new(side)),
            colours: Some(colours),
            start_seed: None,
            moves: Some(Count::new(moves)),
            greedy_percent: Some(Percent::new(100)),
            invalid_percent: Some(Percent::new(0)),
        };
        vec![
            Benchmark { name: "8x8-m1000", seed: 1, shape: shape(8, 4, 1000) },
            Benchmark { name: "16x16-m10000", seed: 2, shape: shape(16, 4, CONTEST_MOVES) },
            Benchmark { name: "64x64-m10000", seed: 3, shape: shape(MAX_SIDE, 4, CONTEST_MOVES) },
        ]
    }
}

fn side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    size.draw(u, &[(1, MIN_SIDE..=6)], &[(3, MIN_SIDE..=8), (1, MIN_SIDE..=16)], &[(1, 8..=16)])
}

fn colour_count(u: &mut Unstructured<'_>, size: Size) -> Result<u8> {
    size.draw(u, &[(1, MIN_COLOURS..=4)], &[(1, MIN_COLOURS..=6)], &[(1, 4..=6)])
}

fn move_count(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    let contest = CONTEST_MOVES..=CONTEST_MOVES;
    size.draw(u, &[(1, 0..=20)], &[(80, 0..=40), (17, 1..=1000), (3, contest.clone())], &[(1, contest)])
}

/// Chooses moves: from the fuzzer's input while it lasts, then from `rng`.
struct Player<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    rng: ChaCha8Rng,
    greedy: u32,
}

impl Player<'_, '_> {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> Result<usize> {
        if self.u.is_empty() {
            Ok(self.rng.random_range(0..n))
        } else {
            self.u.choose_index(n)
        }
    }

    /// A valid move: a greedy one, an equal-colour swap or a random one.
    fn choose(&mut self, board: &Board) -> Result<Move> {
        let roll = self.below(100)? as u32;
        let wanted: &dyn Fn(&Board, Move) -> bool = if roll < self.greedy {
            &makes_square
        } else if roll < self.greedy + EQUAL_PERCENT {
            &swaps_equal_colours
        } else {
            &|_, _| true
        };
        let mut fallback = None;
        for _ in 0..LOOKS {
            let m = self.valid_move(board.rows())?;
            if wanted(board, m) {
                return Ok(m);
            }
            fallback.get_or_insert(m);
        }
        Ok(fallback.expect("LOOKS > 0"))
    }

    fn valid_move(&mut self, side: usize) -> Result<Move> {
        loop {
            let m = Move::new(self.below(side)? as i32, self.below(side)? as i32, self.below(4)? as i32);
            if move_tiles(side, m).is_ok() {
                return Ok(m);
            }
        }
    }

    /// A move invalid for a drawn reason (SR4).
    fn invalid(&mut self, side: usize) -> Result<Move> {
        let side = side as i32;
        let inside = self.below(side as usize)? as i32;
        Ok(match self.below(3)? {
            0 => Move::new([-1, side, i32::MIN][self.below(3)?], inside, RIGHT),
            1 => Move::new(inside, inside, [4, -1, i32::MAX][self.below(3)?]),
            _ => match self.below(4)? {
                0 => Move::new(0, inside, UP),
                1 => Move::new(inside, side - 1, RIGHT),
                2 => Move::new(side - 1, inside, DOWN),
                _ => Move::new(inside, 0, LEFT),
            },
        })
    }
}

/// Whether a valid move makes a one-colour square through either tile.
fn makes_square(board: &Board, m: Move) -> bool {
    let Ok((a, b)) = move_tiles(board.rows(), m) else { return false };
    let colour = |cell: (usize, usize)| {
        let from = if cell == a {
            b
        } else if cell == b {
            a
        } else {
            cell
        };
        board.get(from.0, from.1)
    };
    let side = board.rows();
    [a, b].into_iter().any(|(row, col)| {
        let corners = (row.saturating_sub(1)..=row.min(side - 2))
            .flat_map(|r| (col.saturating_sub(1)..=col.min(side - 2)).map(move |c| (r, c)));
        corners.into_iter().any(|(r, c)| {
            let first = colour((r, c));
            [(r, c + 1), (r + 1, c), (r + 1, c + 1)].into_iter().all(|cell| colour(cell) == first)
        })
    })
}

fn swaps_equal_colours(board: &Board, m: Move) -> bool {
    move_tiles(board.rows(), m).is_ok_and(|(a, b)| board.get(a.0, a.1) == board.get(b.0, b.1))
}
