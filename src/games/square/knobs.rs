//! SquareRemover's generator knobs, `m3diff gen square`'s options, and the
//! statement's bounds they keep to: what the generator (`generate`) draws
//! from, the max tests (`max_tests`) fix and `beyond_statement` judges by.

use m3_model::square::{SquareRemover, CONTEST_MOVES, MAX_COLOURS, MAX_SIDE, MIN_COLOURS, MIN_SIDE, MODULUS};

use super::count::Counter;
use crate::game::knobs::EdgeKnob;
use crate::game::{Count, EdgeGame, PercentOr, Statement};

/// The statement's bounds (its test case generation): 4 to 6 colours, a
/// side of 8 to 16; the format reads more (SR), the generator and
/// `beyond_statement` keep to these.
pub const STATEMENT_COLOURS: std::ops::RangeInclusive<u8> = 4..=6;
pub const STATEMENT_SIDES: std::ops::RangeInclusive<usize> = 8..=16;

/// The most moves a game on a board of the format's largest side makes,
/// and the fewest colours it has (the statement's most), unless every size
/// is at an extreme: a move there costs ten on a board of the statement's,
/// and the opening adjust of fewer colours removes from sixty squares (four
/// colours) to five hundred (two), five to thirty games' worth.
pub(super) const MOVES_ON_THE_LARGEST: usize = 8;
pub(super) const COLOURS_ON_THE_LARGEST: u8 = 6;

/// The most moves `--moves` asks: the most the format reads.
pub use m3_model::square::MAX_MOVES;

/// The generator's knobs, which are also `m3diff gen square`'s options; a
/// field left `None` is drawn for each game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Knobs {
    /// Rows and columns of the board (N).
    #[arg(long)]
    pub side: Option<Count<MIN_SIDE, MAX_SIDE>>,
    /// Colours.
    #[arg(long, value_parser = clap::value_parser!(u8).range(i64::from(MIN_COLOURS)..=i64::from(MAX_COLOURS)))]
    pub colours: Option<u8>,
    /// The buffer's seed (startSeed, `A[0]` of SR1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..MODULUS))]
    pub start_seed: Option<u64>,
    /// Moves (M).
    #[arg(long)]
    pub moves: Option<Count<0, MAX_MOVES>>,
    /// Percentage of moves a greedy player makes (one that makes a square,
    /// when it finds one); the rest are random moves and equal-colour swaps.
    #[arg(long, default_value_t)]
    pub greedy_percent: PercentOr<80>,
    /// Who makes the valid moves: a greedy player (with `--greedy-percent`
    /// of random ones), or a strong one that looks two moves ahead and
    /// scores over 12,000 squares in a contest game on 16x16 in 4 colours,
    /// in a few tenths of a second. Left out: the greedy one, but for a share of the
    /// games within the statement at `--size max` on 4 colours and a side of 12
    /// or more, where only the strong one scores 12,000.
    #[arg(long, value_enum)]
    pub player: Option<Player>,
    /// Percentage of games with an invalid move (of a drawn kind, at a drawn
    /// place).
    #[arg(long, default_value_t)]
    pub invalid_percent: PercentOr<15>,
    /// The side, the colours, the seed or the number of moves at an edge, in
    /// a share of the games that lets a few hundred of them reach each edge.
    #[command(flatten)]
    pub edges: EdgeKnob<12>,
    /// Within the statement, `--side` and `--colours` are kept in its
    /// bounds, and `--moves` is its 10,000.
    #[command(flatten)]
    pub statement: Statement,
}

/// Who makes a game's valid moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Player {
    /// Makes a square when it finds one, else a random move.
    Greedy,
    /// Looks two moves ahead, buffer included: the most squares, then the
    /// most windows of three tiles alike.
    Strong,
}

/// The sizes the generator draws at their edges now and then, each
/// selectable by a fuzz input: the statement's 10,000 moves, the format's
/// largest board, and one size at an edge in every game. Not both at once
/// (64x64 and 10,000 moves), which the generator draws on its own (every
/// size at an extreme) and a night meets so: a game of it costs a quarter
/// of a second, and as a seed it and its mutations cut a night's
/// executions by a third. Not the strong player either: `m3diff fuzz` draws it only for
/// a judge's max tests, and a game of it costs a night two seconds.
pub(super) fn edge_games() -> Vec<EdgeGame<SquareRemover>> {
    let contest = Some(Count::new(CONTEST_MOVES));
    let largest = Some(Count::new(MAX_SIDE));
    let edge = |name, shape, counter| EdgeGame { name, shape, counter };
    vec![
        // No other size at an edge: a side of 64 would make it 64x64.
        edge(
            "M = 10,000 moves",
            Knobs { moves: contest, edges: EdgeKnob::NONE, ..Knobs::default() },
            Counter::ContestLength,
        ),
        edge(
            "64x64, the format's largest board, a few moves",
            Knobs { side: largest, moves: Some(Count::new(MOVES_ON_THE_LARGEST)), ..Knobs::default() },
            Counter::LargestBoard,
        ),
        edge(
            "the side, the colours, the seed or the moves at an edge of the format",
            Knobs { edges: EdgeKnob::ALWAYS, ..Knobs::default() },
            Counter::SeedAtAnEdge,
        ),
    ]
}
