//! Texas Match-3's generator knobs, `m3diff gen texas`'s options, and the
//! fields a game draws at an edge: what the generator (`generate`) draws
//! from and the max tests (`max_tests`) fix.

use m3_model::texas::{Texas, MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};

use crate::game::{Count, EdgeGame, NamedExtreme, Percent, PercentOr, Sides, Statement};

use super::count::Counter;

/// The generator's knobs, which are also `m3diff gen texas`'s options; a
/// field left `None` is drawn for each game.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Knobs {
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
    /// The field drawn at an edge, or the statement's extreme drawn whole,
    /// in every game: a fuzz input's edge game's, or the one a judge's max
    /// test asks for by name (not an option of `m3diff gen`).
    #[arg(skip)]
    pub extreme: Option<EdgeField>,
    #[command(flatten)]
    pub statement: Statement,
}

/// A field of the instance that one game draws at one of its edges
/// ([`crate::kit::edges`]), or one of the statement's extremes drawn whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeField {
    /// A side n or m: 1, 49 or 50.
    Side,
    /// k: 1, 99 or 100, with the pieces drawn from the colours at k's edges
    /// and a few small ones, so that colours above 63 are in runs.
    Colours,
    /// q: 1, 999, 1000, or an integer-width edge within them (127, 128,
    /// 255, 256).
    Operations,
    /// The statement's largest instance with the other extremes: a 50x50
    /// board of 100 colours dense with specials.
    Largest,
    /// Within the statement: n = 50, m = 50, or both (an array sized for 49
    /// breaks).
    SidesAtMost,
    /// Within the statement: k = 100 with every colour of 1..=100 on the
    /// board, the others drawn from pairs of colours 64 apart (1 and 65, 36
    /// and 100), so that runs of both go in one round and one hand: a
    /// colour table one word wide or of 64 entries takes one for the other.
    EveryColour,
    /// Within the statement: a 50x50 board of colours above 64 dense with
    /// specials, whose first valid swap clears most of it in one round: the
    /// round's sum of colours passes 65,535, a sum kept in 16 bits wraps.
    LargestSum,
}

/// What a fuzz input's edge game at each field is called, and the counter
/// that names it.
impl NamedExtreme<Texas> for EdgeField {
    fn name(self) -> &'static str {
        match self {
            EdgeField::Side => "a side of 1, 49 or 50",
            EdgeField::Colours => "k of 1, 99 or 100",
            EdgeField::Operations => "q of 1, 999, 1000 or an integer-width edge",
            EdgeField::Largest => "50x50, k = 100, colours at k's edges, dense specials",
            EdgeField::SidesAtMost => "n or m of 50, or both",
            EdgeField::EveryColour => "k = 100, every colour on the board, runs of colours 64 apart",
            EdgeField::LargestSum => "50x50, colours above 64 dense with specials: a round's sum past 16 bits",
        }
    }

    fn counter(self) -> Counter {
        match self {
            EdgeField::Side => Counter::SideOfFifty,
            EdgeField::Colours => Counter::MostColours,
            EdgeField::Operations => Counter::MostOperations,
            EdgeField::Largest => Counter::LargestBoard,
            EdgeField::SidesAtMost => Counter::RowsAtMost,
            EdgeField::EveryColour => Counter::EveryColour,
            EdgeField::LargestSum => Counter::HighColour,
        }
    }
}

/// Knobs that draw every game with `field` at an edge or at the extreme,
/// every other knob left to draw: an edge game's.
impl From<EdgeField> for Knobs {
    fn from(field: EdgeField) -> Knobs {
        Knobs { extreme: Some(field), ..Knobs::default() }
    }
}

/// Every field the generator draws at an edge, each selectable by a fuzz
/// input: the three of the mixed campaign's rare draws and the
/// statement's extremes.
pub(super) fn edge_games() -> Vec<EdgeGame<Texas>> {
    use EdgeField::*;
    [Largest, Side, Colours, Operations, SidesAtMost, EveryColour, LargestSum].map(EdgeGame::at).into()
}
