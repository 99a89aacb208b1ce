//! Magic Door's generator knobs, `m3diff gen door`'s options: what the
//! generator (`generate`) draws from and the max tests (`max_tests`) fix.

use m3_model::door::{MAX_COLOUR, MAX_SIDE, MIN_SIDE};

use super::extremes::Extreme;
use crate::game::knobs::EdgeKnob;
use crate::game::{Count, Percent, PercentOr, Sides, Statement};

/// The most swaps a generated game makes: the most the format reads.
pub use m3_model::door::MAX_SWAPS;

/// The generator's knobs, which are also `m3diff gen door`'s options; a
/// field left `None` is drawn for each game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Knobs {
    /// Rows (m) and columns (n) of the grid.
    #[command(flatten)]
    pub sides: Sides<MIN_SIDE, MAX_SIDE>,
    /// Colours of regular gems; a cell where each would complete a starting
    /// group holds a bomb.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=i64::from(MAX_COLOUR)))]
    pub colours: Option<u8>,
    /// Percentage of cells that hold a bomb.
    #[arg(long)]
    pub bomb_percent: Option<Percent>,
    /// Percentage of cells that hold vibranium (after the bombs: the two
    /// add up to at most 100).
    #[arg(long)]
    pub vibranium_percent: Option<Percent>,
    /// Percentage of the gems above the first swap's groups made bombs, which
    /// the groups' fall arms.
    #[arg(long)]
    pub stacked_percent: Option<Percent>,
    /// Percentage of swaps chosen among those that make a group.
    #[arg(long, default_value_t)]
    pub group_percent: PercentOr<90>,
    #[command(flatten)]
    pub further: FurtherSwaps,
    /// `--edge-percent`, and the statement's extreme every game is drawn at.
    #[command(flatten)]
    pub edges: EdgeKnob<8, Extreme>,
    #[command(flatten)]
    pub statement: Statement,
}

/// The swaps after the statement's one, each made on the grid the one
/// before left settled: this project's extension, which `--help` shows
/// under a heading of its own and `--against` does without.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "Further swaps (this project's extension)")]
pub struct FurtherSwaps {
    /// Swaps in all, the statement's one included.
    #[arg(long)]
    pub swaps: Option<Count<1, MAX_SWAPS>>,
    /// Percentage of further swaps that MD1 refuses: one cell twice, or a
    /// cell with no regular gem.
    #[arg(long, default_value_t)]
    pub refused_percent: PercentOr<5>,
}

/// Knobs with `edges` as given, every other left to draw: an edge game's.
impl From<EdgeKnob<8, Extreme>> for Knobs {
    fn from(edges: EdgeKnob<8, Extreme>) -> Knobs {
        Knobs { edges, ..Knobs::default() }
    }
}
