//! The knobs a generator's `Knobs` is made of, which are also the options
//! of `m3diff gen`: a knob left out is drawn for each game, and how large
//! it is drawn is for the `Size` of the campaign to say; a `PercentOr` left
//! out is its default.

use std::convert::Infallible;
use std::ops::RangeInclusive;

use arbitrary::unstructured::Int;
use arbitrary::Unstructured;

/// How large the generated games of a campaign are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Size {
    /// Small boards and few operations: games that end in empty boards, and
    /// quick to shrink.
    Small,
    /// Mostly small, sometimes up to the statement's bounds.
    #[default]
    Mixed,
    /// The statement's largest instances.
    Max,
}

/// How often a generator does something, in percent (0 to 100): a knob of
/// `m3diff gen`, where it takes a whole number in that range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Percent(u8);

impl Percent {
    /// Never.
    pub const ZERO: Percent = Percent(0);

    /// `percent`, or 100 when it is more.
    pub const fn new(percent: u8) -> Percent {
        Percent(if percent < 100 { percent } else { 100 })
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// True this many times in a hundred, as `u` draws it.
    pub fn happens(self, u: &mut Unstructured<'_>) -> arbitrary::Result<bool> {
        Ok(u.int_in_range(0..=99u8)? < self.0)
    }
}

impl clap::builder::ValueParserFactory for Percent {
    type Parser = clap::builder::MapValueParser<clap::builder::RangedI64ValueParser<u8>, fn(u8) -> Percent>;

    fn value_parser() -> Self::Parser {
        use clap::builder::TypedValueParser;
        clap::value_parser!(u8).range(0..=100).map(Percent::new)
    }
}

/// A `Percent` knob that is not drawn: left out, it is `DEFAULT`, which
/// `m3diff gen --help` shows and `Knobs::default()` holds alike, so that
/// neither a doc nor the generator's code has to say it again. Only in a
/// struct that is not generic: clap's derive keeps a `default_value_t` in
/// one static for every instance of a generic one (clap-rs/clap#5127).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PercentOr<const DEFAULT: u8>(Percent);

impl<const DEFAULT: u8> PercentOr<DEFAULT> {
    pub const fn new(percent: u8) -> Self {
        PercentOr(Percent::new(percent))
    }

    pub fn percent(self) -> Percent {
        self.0
    }
}

impl<const DEFAULT: u8> Default for PercentOr<DEFAULT> {
    fn default() -> Self {
        Self::new(DEFAULT)
    }
}

/// As `--help` shows the default.
impl<const DEFAULT: u8> std::fmt::Display for PercentOr<DEFAULT> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.get())
    }
}

impl<const DEFAULT: u8> clap::builder::ValueParserFactory for PercentOr<DEFAULT> {
    type Parser =
        clap::builder::MapValueParser<<Percent as clap::builder::ValueParserFactory>::Parser, fn(Percent) -> Self>;

    fn value_parser() -> Self::Parser {
        use clap::builder::TypedValueParser;
        <Percent as clap::builder::ValueParserFactory>::value_parser().map(PercentOr)
    }
}

/// How many of something a generator makes (operations, colours, tiles),
/// in `MIN..=MAX`: a knob of `m3diff gen`, where clap checks the range, and
/// kept in it when set in code, as `Percent` keeps a share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count<const MIN: usize, const MAX: usize>(usize);

impl<const MIN: usize, const MAX: usize> Count<MIN, MAX> {
    /// `count`, or the nearer bound when it is out of them.
    pub fn new(count: usize) -> Self {
        Count(count.clamp(MIN, MAX))
    }

    pub fn get(self) -> usize {
        self.0
    }

    /// The count `knob` gives, or else the one `draw` draws, kept within
    /// the bounds.
    pub fn or_draw(
        knob: Option<Self>,
        u: &mut Unstructured<'_>,
        draw: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<usize>,
    ) -> arbitrary::Result<usize> {
        Ok(knob.map_or_else(|| draw(u).map(Self::new), Ok)?.get())
    }
}

impl<const MIN: usize, const MAX: usize> clap::builder::ValueParserFactory for Count<MIN, MAX> {
    type Parser = clap::builder::MapValueParser<clap::builder::RangedU64ValueParser<usize>, fn(usize) -> Self>;

    fn value_parser() -> Self::Parser {
        use clap::builder::TypedValueParser;
        clap::builder::RangedU64ValueParser::new().range(MIN as u64..=MAX as u64).map(Self::new)
    }
}

/// Ranges to draw a number from, each with its weight: `&[(9, 2..=6), (1,
/// 1..=100)]` draws from 2..=6 nine times in ten.
pub type Spread<'a, T> = &'a [(u8, RangeInclusive<T>)];

impl Size {
    /// A number for a game of this size, from the spread of its size: the
    /// generators' one way to say how large a game gets.
    pub fn draw<T: Int>(
        self,
        u: &mut Unstructured<'_>,
        small: Spread<'_, T>,
        mixed: Spread<'_, T>,
        max: Spread<'_, T>,
    ) -> arbitrary::Result<T> {
        let spread = match self {
            Size::Small => small,
            Size::Mixed => mixed,
            Size::Max => max,
        };
        let range = match spread {
            [(_, only)] => only,
            _ => {
                let total: u32 = spread.iter().map(|&(weight, _)| u32::from(weight)).sum();
                let mut roll = u.int_in_range(0..=total - 1)?;
                let mut chosen = &spread[spread.len() - 1].1;
                for (weight, range) in spread {
                    if roll < u32::from(*weight) {
                        chosen = range;
                        break;
                    }
                    roll -= u32::from(*weight);
                }
                chosen
            }
        };
        u.int_in_range(range.clone())
    }

    /// Whether a game of this size is drawn at one of the statement's
    /// extremes: one in [`EXTREME_ONE_IN_MIXED`] at `mixed`, one in
    /// [`EXTREME_ONE_IN_MAX`] at `max`, none at `small`, whose games stay
    /// small to shrink fast.
    pub fn at_an_extreme(self, u: &mut Unstructured<'_>) -> arbitrary::Result<bool> {
        let one_in = match self {
            Size::Small => return Ok(false),
            Size::Mixed => EXTREME_ONE_IN_MIXED,
            Size::Max => EXTREME_ONE_IN_MAX,
        };
        Ok(u.int_in_range(1..=one_in)? == 1)
    }

    /// As the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Mixed => "mixed",
            Size::Max => "max",
        }
    }
}

/// `--within-statement`: the games a contest's statement allows and no
/// extension of this project's, drawn so by construction at every size.
/// `--against` gives a program only such games ([`crate::game::Generator::within_statement`]),
/// and a setter's tests are made of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "The statement")]
pub struct Statement {
    /// Draw only games the contest's statement allows, as `--against` gives
    /// a program: no field beyond its bounds, no extension of this project's.
    #[arg(long)]
    pub within_statement: bool,
}

impl Statement {
    /// Only what the statement allows.
    pub const WITHIN: Statement = Statement { within_statement: true };
}

/// Games of `--size mixed` in this many drawn at one of the statement's
/// extremes ([`Size::at_an_extreme`]).
pub const EXTREME_ONE_IN_MIXED: u32 = 10;
/// Games of `--size max` in this many.
pub const EXTREME_ONE_IN_MAX: u32 = 2;

/// A generator's edges: the knob `--edge-percent` of one that draws one
/// field of a game at an edge in `SHARE` percent of the games unless told
/// otherwise, and the extreme `E` (of the statement or of the format)
/// every game is drawn at, which only an edge game names. A generator with
/// no extremes leaves `E` out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
// Its own heading also ends the one a game's knobs before it may have set
// (triple's player's commands), which would otherwise take it in.
#[command(next_help_heading = "Edges")]
pub struct EdgeKnob<const SHARE: u8, E = Infallible> {
    /// Percentage of games with one field (a side, a count, a value the
    /// format reads) at an edge; the game's own share when left out, none
    /// at the largest size.
    // Not a `PercentOr<SHARE>` shown with `default_value_t`: clap's derive
    // keeps that default in one static for every `SHARE` (clap-rs/clap#5127).
    #[arg(long)]
    pub edge_percent: Option<Percent>,
    /// The extreme every game is drawn at (a fuzz input's edge game,
    /// [`crate::game::Generator::edge_games`]; not an option of `m3diff
    /// gen`). Left out, one is drawn now and then within the statement
    /// only ([`EdgeKnob::extreme_or_drawn`]).
    #[arg(skip)]
    pub extreme: Option<E>,
}

// Not derived: the derive would ask `E` for a default it has no need of.
impl<const SHARE: u8, E> Default for EdgeKnob<SHARE, E> {
    fn default() -> Self {
        EdgeKnob { edge_percent: None, extreme: None }
    }
}

impl<const SHARE: u8, E> EdgeKnob<SHARE, E> {
    /// No field at an edge, and no draw for it: the bench table's games
    /// stay the games its counts were taken of.
    pub const NONE: Self = EdgeKnob { edge_percent: Some(Percent::ZERO), extreme: None };

    /// One field at an edge in every game: the edge game of a generator
    /// that draws one now and then ([`crate::game::Generator::edge_games`]).
    pub const ALWAYS: Self = EdgeKnob { edge_percent: Some(Percent::new(100)), extreme: None };

    /// Every game drawn at `extreme`: an edge game's.
    pub const fn at(extreme: E) -> Self {
        EdgeKnob { edge_percent: None, extreme: Some(extreme) }
    }

    /// Whether a game draws one of its fields at an edge: the knob's
    /// percentage of the games, else `SHARE`, none at the largest size,
    /// whose games are at their edges already. At 0, nothing is drawn.
    pub fn happens(&self, u: &mut Unstructured<'_>, size: Size) -> arbitrary::Result<bool> {
        let percent = self.edge_percent.unwrap_or(Percent::new(SHARE));
        Ok(size != Size::Max && percent.get() > 0 && percent.happens(u)?)
    }
}

impl<const SHARE: u8, E: Copy> EdgeKnob<SHARE, E> {
    /// The extreme a game is drawn at: the one the knob names, or else,
    /// `within` the statement only, the one `draw` draws now and then. A
    /// generator draws it before anything else, so that the games drawn
    /// without the statement stay the ones their seeds always gave.
    pub fn extreme_or_drawn(
        &self,
        u: &mut Unstructured<'_>,
        within: bool,
        draw: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<Option<E>>,
    ) -> arbitrary::Result<Option<E>> {
        match self.extreme {
            Some(extreme) => Ok(Some(extreme)),
            None if within => draw(u),
            None => Ok(None),
        }
    }
}

/// One of `weighted`, each as often as its weight says: `&[(3, a), (1, b)]`
/// draws `a` three times in four.
pub fn choose_weighted<T: Copy>(u: &mut Unstructured<'_>, weighted: &[(u32, T)]) -> arbitrary::Result<T> {
    let total: u32 = weighted.iter().map(|&(weight, _)| weight).sum();
    let mut roll = u.int_in_range(0..=total - 1)?;
    for &(weight, value) in weighted {
        if roll < weight {
            return Ok(value);
        }
        roll -= weight;
    }
    unreachable!("the roll is below the weights' sum")
}
