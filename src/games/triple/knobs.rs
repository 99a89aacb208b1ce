//! Triple Town's generator knobs, `m3diff gen triple`'s options: what the
//! generator (`generate`) draws from, the max tests (`max_tests`) fix and
//! the extremes (`extremes`) are bounded by.

use m3_model::triple::{MAX_SIDE, MIN_SIDE};

use super::extremes::Extreme;

use crate::game::knobs::EdgeKnob;
use crate::game::{Count, Percent, PercentOr, Sides, Statement};

/// The most tiles a generated sequence holds: the most the format reads.
pub use m3_model::triple::MAX_TILES;

/// How a generated game ends (TT5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Ending {
    /// END before the sequence is used up.
    Early,
    /// END once the sequence is used up and the tools are put away.
    Last,
    /// No END: the game is scored after its last command.
    Missing,
}

/// The generator's knobs, which are also `m3diff gen triple`'s options, in
/// the order of the input they shape; a field left `None` is drawn for each
/// game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Knobs {
    /// Rows (n) and columns (m) of the map.
    #[command(flatten)]
    pub sides: Sides<MIN_SIDE, MAX_SIDE>,
    /// Stars (p) and bombs (q).
    #[command(flatten)]
    pub tools: Tools,
    /// Percentage of the map's cells that start with a tile.
    #[arg(long)]
    pub fill_percent: Option<Percent>,
    /// Tiles in the build sequence (k).
    #[arg(long)]
    pub tiles: Option<Count<0, MAX_TILES>>,
    /// How the player writes the commands.
    #[command(flatten)]
    pub play: Play,
    /// `--edge-percent`, and the format's extreme every game is drawn at.
    #[command(flatten)]
    pub edges: EdgeKnob<8, Extreme>,
    #[command(flatten)]
    pub statement: Statement,
}

/// The stars and the bombs the player has, the input's third line (p q):
/// the knobs `--stars` and `--bombs`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct Tools {
    /// Stars the player has (p).
    #[arg(long)]
    pub stars: Option<u32>,
    /// Bombs the player has (q).
    #[arg(long)]
    pub bombs: Option<u32>,
}

/// How the player writes the commands, the second input (the contest's
/// output file): the knobs `--beside-percent`, `--refused-percent` and
/// `--ending`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "The player's commands")]
pub struct Play {
    /// Percentage of placements on a cell beside tiles of the same level,
    /// when there is one.
    #[arg(long, default_value_t)]
    pub beside_percent: PercentOr<70>,
    /// Percentage of commands that the rules refuse, each kind in turn.
    #[arg(long, default_value_t)]
    pub refused_percent: PercentOr<4>,
    /// How the game ends.
    #[arg(long, value_enum)]
    pub ending: Option<Ending>,
}

/// Knobs with `edges` as given, every other left to draw: an edge game's.
impl From<EdgeKnob<8, Extreme>> for Knobs {
    fn from(edges: EdgeKnob<8, Extreme>) -> Knobs {
        Knobs { edges, ..Knobs::default() }
    }
}
