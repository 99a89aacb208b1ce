//! The extremes of what Triple Town's format reads, drawn on purpose under
//! `--within-statement` (the games `--against` gives a program): a map
//! kept in a fixed array breaks at 100 a side, a sequence in a fixed buffer
//! at its longest, p and q or the score in 32 bits at their largest, which
//! a uniform draw almost never makes. Each is named by a counter of
//! `count`, so that a campaign shows it met it, and is an edge game a fuzz
//! input selects (`edge_games`).

use arbitrary::{Result, Unstructured};
use m3_model::triple::{TripleTown, MAX_LEVEL, MAX_TILES};

use super::count::Counter;
use crate::game::knobs::choose_weighted;
use crate::game::{AtMost, EdgeGame, NamedExtreme, Size};

/// An extreme of the format a game is drawn at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extreme {
    /// 100 rows (n, the format's most) and fewer columns.
    MostRows,
    /// 100 columns (m) and fewer rows.
    MostCols,
    /// 100x100.
    Largest,
    /// The longest sequence drawn, `MAX_TILES`, built whole: bombs enough
    /// to make room on a full map.
    LongestSequence,
    /// p and q at the format's most, 2^32 - 1, and stars used by the
    /// hundred: a count kept in a signed 32-bit integer reads -1.
    MostTools,
    /// The longest sequence of tiles of L8 and L9, built whole, bombing
    /// room on a full map: the score passes 2^32.
    LargestScore,
}

/// What a fuzz input's edge game at each extreme is called, and the
/// counter that names it.
impl NamedExtreme<TripleTown> for Extreme {
    fn name(self) -> &'static str {
        match self {
            Extreme::MostRows => "100 rows, fewer columns",
            Extreme::MostCols => "100 columns, fewer rows",
            Extreme::Largest => "100x100, the format's largest map",
            Extreme::LongestSequence => "the longest sequence, 100,000 tiles, built whole",
            Extreme::MostTools => "p = q = 2^32 - 1, stars used by the hundred",
            Extreme::LargestScore => "100,000 tiles of L8 and L9: a score past 2^32",
        }
    }

    fn counter(self) -> Counter {
        match self {
            Extreme::MostRows => Counter::MostRows,
            Extreme::MostCols => Counter::MostCols,
            Extreme::Largest => Counter::Largest,
            Extreme::LongestSequence => Counter::LongestBuilt,
            Extreme::MostTools => Counter::MostTools,
            Extreme::LargestScore => Counter::ScorePastU32,
        }
    }
}

/// Every extreme of the format, each an edge game, and last a side, the
/// tiles, the stars or the bombs at an edge in every game: each selectable
/// by a fuzz input.
pub(super) fn edge_games() -> Vec<EdgeGame<TripleTown>> {
    use Extreme::*;
    EdgeGame::at_extremes_then_any_field(
        [Largest, MostRows, MostCols, MostTools, LongestSequence, LargestScore],
        "a side, the tiles, the stars or the bombs at an edge",
        Counter::WidthTiles,
    )
}

impl Extreme {
    /// The kinds with their weights: a game of the longest sequence costs
    /// a campaign some seventy of the mix's (0.35 s against a program that
    /// starts in a few milliseconds), so those come an eighth as often as
    /// the others, and a 60 s campaign still meets them by the ten.
    const WEIGHTED: [(u32, Extreme); 6] = [
        (8, Extreme::MostRows),
        (8, Extreme::MostCols),
        (8, Extreme::Largest),
        (8, Extreme::MostTools),
        (1, Extreme::LongestSequence),
        (1, Extreme::LargestScore),
    ];

    /// The extreme a game of `size` is drawn at, if any: now and then at
    /// `mixed`, every other game at `max`, never at `small`.
    pub fn draw(u: &mut Unstructured<'_>, size: Size) -> Result<Option<Extreme>> {
        if !size.at_an_extreme(u)? {
            return Ok(None);
        }
        choose_weighted(u, &Extreme::WEIGHTED).map(Some)
    }

    /// Whether the game is played to its end, with no refused command
    /// (which would end the game's answer there, TT7) and no early END.
    pub fn played_whole(self) -> bool {
        matches!(self, Extreme::LongestSequence | Extreme::MostTools | Extreme::LargestScore)
    }

    /// Whether the player may use stars without the cap that keeps a map
    /// from being buried in L1s.
    pub fn stars_unbounded(self) -> bool {
        self == Extreme::MostTools
    }

    /// A level of the sequence, for an extreme that chooses its own.
    pub fn level(self, u: &mut Unstructured<'_>) -> Result<Option<u8>> {
        Ok(match self {
            // L9 scores the most; pairs of L8 merge into it.
            Extreme::LargestScore => Some(*u.choose(&[MAX_LEVEL - 1, MAX_LEVEL])?),
            _ => None,
        })
    }
}

/// The sizes of a Triple Town game, as drawn and then moved to an extreme.
#[derive(Debug, Clone, Copy)]
pub struct Rendered {
    pub tiles: usize,
    pub stars: u32,
    pub bombs: u32,
}

/// Which of the drawn values the user gave, which an extreme leaves alone.
#[derive(Debug, Clone, Copy)]
pub struct Given {
    pub tiles: bool,
    pub stars: bool,
    pub bombs: bool,
}

/// The sequence a game of the most tools plays, so that it uses many.
const TOOLS_TILES: std::ops::RangeInclusive<usize> = 200..=1000;

impl Extreme {
    /// The sides this extreme puts at the statement's most, if any.
    pub fn sides(self) -> Option<AtMost> {
        match self {
            Extreme::MostRows => Some(AtMost::Rows),
            Extreme::MostCols => Some(AtMost::Cols),
            Extreme::Largest => Some(AtMost::Both),
            _ => None,
        }
    }

    /// `drawn` at this extreme, but for what the user gave; the sides are
    /// [`Extreme::sides`]'s to say.
    pub fn shape(self, u: &mut Unstructured<'_>, given: Given, mut drawn: Rendered) -> Result<Rendered> {
        fn set<T>(is_given: bool, value: &mut T, to: T) {
            if !is_given {
                *value = to;
            }
        }
        // Bombs enough to make room for every tile once.
        let room = MAX_TILES as u32;
        match self {
            Extreme::MostRows | Extreme::MostCols | Extreme::Largest => {}
            Extreme::LongestSequence | Extreme::LargestScore => {
                set(given.tiles, &mut drawn.tiles, MAX_TILES);
                set(given.bombs, &mut drawn.bombs, room);
            }
            Extreme::MostTools => {
                let tiles = u.int_in_range(TOOLS_TILES)?;
                set(given.tiles, &mut drawn.tiles, tiles);
                set(given.stars, &mut drawn.stars, u32::MAX);
                set(given.bombs, &mut drawn.bombs, u32::MAX);
            }
        }
        Ok(drawn)
    }
}
