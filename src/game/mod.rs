//! What the harness needs to know of a rule set. Each game implements
//! [`Rulebook`] once, in its module's `mod.rs`; its line in the registry,
//! [`crate::games`], implements [`Game`], which names the two
//! implementations and the game's parts. The oracle, the CLI, the campaign,
//! the fuzz targets, the test suites and the benches are written against
//! [`Game`] only, and reach every game through the registry.

use arbitrary::Unstructured;
use m3_model::{ParseError, Rules, Stepper};

use crate::process::input::Bound;

pub mod coverage;
mod findings;
mod generator;
pub mod knobs;
mod parts;
pub mod sides;

pub use findings::{invariant, Beyond, Difference, Verdict, Violation};
pub use generator::{Benchmark, EdgeGame, Generator, MaxTest, NamedExtreme};
pub use knobs::{Count, Percent, PercentOr, Size, Spread, Statement};
pub use parts::{Checks, Counts, Renders};
pub use sides::{AtMost, Sides};

/// A game as the harness sees it, all from its line in the registry
/// ([`crate::games`]): its names, the two implementations compared, the
/// parts its module in this crate exports under the names `Checker`,
/// `Counter`, `Knobs` and `Trace`, and the functions of its `diff` and
/// `shrink` modules. What else only the game can say is [`Rulebook`].
pub trait Game: Rulebook {
    /// The name users type on the command line.
    const NAME: &'static str;
    /// The rule set's full name, for help and reports.
    const TITLE: &'static str;

    /// The optimized implementation, the one users ship (`engine/`).
    type Engine: Stepper<Self>;
    /// The literal transcription of the rule book (`reference/`), which the
    /// engine is checked against.
    type Reference: Stepper<Self>;
    /// The invariants of docs/RULES.md, checked on the records both sides agree on.
    type Checker: Checks<Self>;
    /// The rule-coverage counters.
    type Counter: Counts<Self>;
    /// The generator's knobs, which are also the options of `m3diff gen`.
    type Knobs: Generator<Self>;
    /// How a game reads in a `--trace` and in the snapshots.
    type Trace: Renders<Self>;

    /// The most bytes of one file of the game a reader takes before it
    /// refuses it, twice the largest instance `--extended` reads: the
    /// model's `MOST_BYTES`.
    const MOST_BYTES: usize;

    /// Where two records that are not equal first differ; both sides
    /// started the operation from `before`: the game's
    /// `diff::record_difference`.
    fn record_difference(before: &Self::State, engine: &Self::Record, reference: &Self::Record) -> Difference;
    /// Where two outcomes that are not equal first differ: the game's
    /// `diff::outcome_difference`.
    fn outcome_difference(engine: &Self::Outcome, reference: &Self::Outcome) -> Difference;

    /// Smaller instances derived from `instance`, most promising first: the
    /// shrinker keeps the first that still fails the same way, of those the
    /// problem format writes and reads back as themselves (it skips the
    /// rest, so a candidate may be one the format cannot hold): the game's
    /// `shrink::candidates`. They come one at a time, as the shrinker asks:
    /// each is a whole instance, and on the largest Triple Town game the
    /// cuts of its sequence alone would take gigabytes made at once.
    fn shrink_candidates(instance: &Self::Instance) -> Box<dyn Iterator<Item = Self::Instance>>;

    /// A game of `size` drawn from `u`, with the knobs `shape` sets and the
    /// others drawn: fuzzers, proptest and seeded runs all come through
    /// here. The generator follows the game with the engine, the faster
    /// side: a wrong engine only skews the mix of operations, and the
    /// oracle reports it anyway.
    fn generate(u: &mut Unstructured<'_>, size: Size, shape: &Self::Knobs) -> arbitrary::Result<Self::Instance> {
        shape.generate::<Self::Engine>(size, u)
    }

    /// Fixed instances to time, smallest first, for the benches.
    fn benchmarks() -> Vec<Benchmark<Self>> {
        Self::Knobs::benchmarks()
    }
}

/// What only a rule set's own module can say: how its operations are
/// listed, the state between two of them, and the contest's verdict.
pub trait Rulebook: Rules + Sized + 'static {
    /// What one operation is called in reports ("operation", "turn").
    const OPERATION: &'static str;
    /// What the steps inside an operation are called ("round", "stage").
    const STEP: &'static str;

    /// The game between two operations, as the checker, the diff and the
    /// trace see it: the state before each operation reaches them once,
    /// from here.
    type State: Clone;

    /// The same start with no operation (the suites compare what the engine
    /// allocates for the two).
    fn opening(instance: &Self::Instance) -> Self::Instance {
        Self::with_operations(instance, Vec::new())
    }
    /// The same start with `operations` in place of its own: the shrinker
    /// cuts operations with it.
    fn with_operations(instance: &Self::Instance, operations: Vec<Self::Operation>) -> Self::Instance;

    /// The state before the first operation.
    fn start_state(instance: &Self::Instance) -> Self::State;
    /// Carries `state` past `record`, which both sides agreed on: in place,
    /// so that a board is copied into the one the state holds rather than
    /// allocated anew for every operation.
    fn advance(state: &mut Self::State, record: &Self::Record);

    /// How big an instance is, as one number to compare: of two cases that
    /// fail the same way, the campaign keeps the smaller. It is the length
    /// of the instance in its problem format, which is what a reader of the
    /// regression file faces: an operation's line weighs like the few cells
    /// it takes as many characters to write, in every game alike.
    fn measure(instance: &Self::Instance) -> usize {
        instance.to_string().len()
    }

    /// How large an instance is along each of its dimensions, each named
    /// (rows, columns, colours, operations ...): the shrinker never keeps a
    /// candidate larger than its case in any of them, so that a shrink
    /// never grows what the statement bounds.
    fn dimensions(instance: &Self::Instance) -> Vec<(&'static str, usize)>;

    /// What the contest's checker says of the finished game.
    fn answer(outcome: &Self::Outcome) -> Verdict;
    /// The same verdict by the engine's fastest path, which builds no record.
    fn solve(instance: &Self::Instance) -> Verdict;

    /// An answer's text read as `--against` compares it, the same way for
    /// a program's output and for the reference's verdict; `None` when the
    /// text is no answer of this game. By default the text trimmed of
    /// whitespace, which must be one integer.
    fn read_answer(text: &str) -> Option<Verdict> {
        Verdict::integer(text)
    }

    /// What of `instance` the contest's statement does not allow (this
    /// project's extensions), in words, and the word of its file where it
    /// is first seen; `None` when any accepted solution reads it. `--against`
    /// gives a program only instances of the latter, and `validate` names
    /// the line and column of the word. With the bounds the parser enforces,
    /// this is the one definition of the statement's limits.
    fn beyond_statement(instance: &Self::Instance) -> Option<Beyond> {
        let _ = instance;
        None
    }

    /// The instance from two texts, for a game whose player's operations
    /// come in a file of their own (the contest's output file); `None` for a
    /// game whose operations are part of the instance.
    fn parse_apart(instance: &str, operations: &str) -> Option<Result<Self::Instance, ParseError>> {
        let _ = (instance, operations);
        None
    }

    /// The two texts [`Rulebook::parse_apart`] reads back as `instance`:
    /// the statement's input and the player's operations, as a judge's
    /// files hold them; `None` for a game whose operations are part of the
    /// instance.
    fn write_apart(instance: &Self::Instance) -> Option<(String, String)> {
        let _ = instance;
        None
    }
}

impl Bound {
    /// A file of game `G`: at most [`Game::MOST_BYTES`].
    pub fn of<G: Game>() -> Bound {
        Bound::game(G::NAME, G::MOST_BYTES)
    }
}
