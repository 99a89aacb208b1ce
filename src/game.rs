//! What the harness needs to know of a rule set. Each game implements
//! [`Game`] once; the oracle, the CLI, the fuzz targets and the tests are
//! written against this trait only.

use std::fmt;

use arbitrary::Unstructured;
use m3_model::{ParseError, Rules, Stepper};

/// A rule set as the harness sees it: its two implementations, its problem
/// format, its generator and its invariants.
pub trait Game: Rules + Sized + 'static {
    /// The name users type on the command line.
    const NAME: &'static str;
    type Engine: Stepper<Self>;
    type Reference: Stepper<Self>;
    type Checker: Checker<Self>;
    type Stats: Stats<Self>;
    /// The knobs of the generator.
    type Shape: Default + Clone + fmt::Debug + Send + Sync;

    fn parse(input: &str) -> Result<Self::Instance, ParseError>;
    fn operations(instance: &Self::Instance) -> &[Self::Operation];

    /// The generator's knobs for a campaign of games of `size`.
    fn shape(size: Size) -> Self::Shape;

    /// A game drawn from `u`: fuzzers, proptest and seeded runs all come
    /// through here.
    fn generate(u: &mut Unstructured<'_>, shape: &Self::Shape) -> arbitrary::Result<Self::Instance>;

    /// Where two records that are not equal first differ. `previous` is the
    /// last record both agreed on (`None` for the first operation).
    fn record_difference(
        instance: &Self::Instance,
        previous: Option<&Self::Record>,
        engine: &Self::Record,
        reference: &Self::Record,
    ) -> Difference;
    /// Where two outcomes that are not equal first differ.
    fn outcome_difference(engine: &Self::Outcome, reference: &Self::Outcome) -> Difference;

    /// Smaller instances derived from `instance`, most promising first: the
    /// shrinker keeps the first that still fails the same way. Each must be
    /// an instance the problem format accepts.
    fn shrink_candidates(instance: &Self::Instance) -> Vec<Self::Instance>;
    /// How big an instance is, for reports: "4x5 board, 2 operations".
    fn describe_size(instance: &Self::Instance) -> String;
    /// How big an instance is, as one number to compare: of two cases that
    /// fail the same way, the campaign keeps the smaller.
    fn measure(instance: &Self::Instance) -> usize;

    /// A readable account of a game: every operation, every round, boards
    /// drawn as grids.
    fn trace(instance: &Self::Instance, records: &[Self::Record], outcome: &Self::Outcome) -> String;
    /// The answer an accepted contest solution prints.
    fn answer(outcome: &Self::Outcome) -> String;
    /// The same answer by the engine's fastest path, which builds no record.
    fn solve(instance: &Self::Instance) -> String;
}

/// The invariants of RULES.md, checked on one implementation's records as
/// they come.
pub trait Checker<G: Game> {
    fn new(instance: &G::Instance) -> Self;
    /// Checks one operation's record against the state the checker carries.
    fn record(&mut self, record: &G::Record) -> Result<(), Violation>;
    /// Checks the finished game's books.
    fn outcome(&self, outcome: &G::Outcome) -> Result<(), Violation>;
}

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

/// Figures that tell whether generated games are interesting.
pub trait Stats<G: Game>: Default + fmt::Display + Send {
    fn record(&mut self, record: &G::Record);
    fn outcome(&mut self, outcome: &G::Outcome);
    /// Adds another run's figures (campaign jobs merge theirs).
    fn merge(&mut self, other: &Self);
}

/// An invariant that a record breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Short name of the invariant: "conservation", "gravity", ...
    pub invariant: &'static str,
    /// 1-based round of the operation, when the violation lies in one.
    pub round: Option<usize>,
    pub detail: String,
}

impl Violation {
    pub fn new(invariant: &'static str, round: Option<usize>, detail: impl Into<String>) -> Violation {
        Violation { invariant, round, detail: detail.into() }
    }
}

/// The first place where the engine's and the reference's results differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// 1-based round, when the difference lies in one.
    pub round: Option<usize>,
    /// The record field that differs, e.g. `removed` or `hand_points`.
    pub field: &'static str,
    pub engine: String,
    pub reference: String,
    /// Both sides' boards drawn next to each other, where there are boards.
    pub boards: Option<String>,
}
