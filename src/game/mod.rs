//! What the harness needs to know of a rule set. Each game implements
//! [`Rulebook`] once, in its module's `mod.rs`; its line in the registry,
//! [`crate::games`], implements [`Game`], which names the two
//! implementations and the game's parts. The oracle, the CLI, the campaign,
//! the fuzz targets, the test suites and the benches are written against
//! [`Game`] only, and reach every game through the registry. Beside the
//! traits: the knobs' vocabulary ([`knobs`]), the rule-coverage counters
//! and their tally ([`coverage`]), and what the harness finds of a game
//! (a verdict, a violation, a difference).
//!
//! May use: `kit`, `process`.

pub mod coverage;
mod findings;
pub mod knobs;
pub mod places;
pub mod sides;

use std::fmt;

use arbitrary::Unstructured;
use m3_model::{ParseError, Rules, Stepper};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::kit::picture::Picture;
use crate::process::input::Bound;
use coverage::{RuleCounter, Tally};
use knobs::EdgeKnob;
use places::{BoardEdges, Shape};

pub use findings::{invariant, Beyond, Difference, Verdict, Violation};
pub use knobs::{Count, Percent, PercentOr, Size, Spread, Statement};
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
///
/// A record reads and writes as JSON (the model's `serde`), so that a
/// program's own account of an operation can be compared with it
/// ([`crate::check::records_json`]).
pub trait Rulebook: Rules<Instance: Send + Sync, Record: Serialize + DeserializeOwned> + Sized + 'static {
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
    /// whitespace, which must be one integer of any length, compared as
    /// printed ([`Verdict::integer`]).
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

    /// The line a program prints after `record` under `--per-operation`:
    /// its running total as the README defines it for the game, worked out
    /// from the state before the operation; `None` for an operation of
    /// m3diff's own that the statement does not list (SquareRemover's
    /// opening adjust), after which the program prints nothing.
    fn running_total(before: &Self::State, record: &Self::Record) -> Option<String>;

    /// Whether the checker refuses the operation `record` tells of, which
    /// makes the verdict [`Verdict::Refused`] (Triple Town's TT7) and
    /// changes nothing else; `false` for a game whose checker refuses none.
    fn refused(record: &Self::Record) -> bool {
        let _ = record;
        false
    }

    /// One case of a batch (`--batch N`) as the program reads it after the
    /// first line N: by default the instance's file as it is, for a format
    /// whose text says where it ends.
    fn batch_case(instance: &Self::Instance) -> String {
        instance.to_string()
    }

    /// The time and memory a solution has per test, where the contest's
    /// statement says; `None` where it does not (`--against` then uses its
    /// own defaults).
    const STATEMENT_LIMITS: Option<StatementLimits> = None;
}

/// The limits a contest's statement sets a solution, per test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatementLimits {
    /// CPU time.
    pub time: std::time::Duration,
    /// Memory, in bytes.
    pub memory: u64,
}

/// A game's generator, written in its own `generate` module and implemented
/// by its knobs (`Game::Knobs`), which are also the options of `m3diff gen`:
/// a field left open is drawn for each game, and how is for the `Size` the
/// harness asks (`--size`, the same for every game) to say. The knobs made
/// from a `Statement` are that knob with every other left to draw.
pub trait Generator<G: Game>:
    clap::Args + clap::FromArgMatches + Default + Clone + fmt::Debug + Send + Sync + From<Statement>
{
    /// A game of `size` drawn from `u`. A generator that writes operations
    /// on the board as the game goes follows it with `S`.
    fn generate<S: Stepper<G>>(&self, size: Size, u: &mut Unstructured<'_>) -> arbitrary::Result<G::Instance>;
    /// Fixed instances to time, smallest first, for the benches.
    fn benchmarks() -> Vec<Benchmark<G>>;

    /// The max tests a judge writes for the game, each inside the
    /// statement: every side at its bound, the most colours, the longest
    /// game, the largest sums, the highest scores a strong player reaches,
    /// and the games a slow solution cannot finish in the contest's time.
    /// `m3diff tests` adds them to the tests it chooses for coverage.
    fn max_tests() -> Vec<MaxTest<G>>;

    /// The generator's edges, each as knobs that draw every game at it:
    /// the largest board, the longest game, the most colours. The
    /// generator draws each now and then on its own; a fuzz input selects
    /// one by its first byte ([`crate::runs::fuzzing`]), so that a coverage-guided
    /// night reaches them on purpose too. At most
    /// [`crate::runs::fuzzing::MOST_EDGE_GAMES`].
    fn edge_games() -> Vec<EdgeGame<G>>;

    /// Knobs that keep to the contest's statement, drawn for one case of
    /// `--against`: at every size they draw only games that
    /// [`Rulebook::beyond_statement`] lets through, by construction (the
    /// campaign draws a game again only as a last resort, and counts it),
    /// and `m3diff gen --within-statement` draws with them too: by default,
    /// `--within-statement` alone, every other knob left to draw.
    fn within_statement(u: &mut Unstructured<'_>) -> arbitrary::Result<Self> {
        let _ = u;
        Ok(Self::from(Statement::WITHIN))
    }
}

/// A fixed instance to time: what the generator draws from `seed` with
/// `shape`, at the default size (`Size::Mixed`). It is built only when
/// timed, as a bench under valgrind lists every case but runs one.
pub struct Benchmark<G: Game> {
    /// The case's name in reports and in the instruction baseline.
    pub name: &'static str,
    pub seed: u64,
    pub shape: G::Knobs,
}

impl<G: Game> Benchmark<G> {
    pub fn instance(&self) -> G::Instance {
        crate::process::seed::with_seed(self.seed, |u| G::generate(u, Size::default(), &self.shape))
            .expect("seeded bytes suffice")
    }
}

/// One of a judge's max tests ([`Generator::max_tests`]): what the
/// generator draws with `shape` at `size`, from the seed of the test set.
pub struct MaxTest<G: Game> {
    /// What the test is, for the test set's list: "50x50, 100 colours, q =
    /// 1000".
    pub name: &'static str,
    pub size: Size,
    pub shape: G::Knobs,
}

impl<G: Game> MaxTest<G> {
    pub fn instance(&self, seed: u64) -> arbitrary::Result<G::Instance> {
        crate::process::seed::with_seed(seed, |u| G::generate(u, self.size, &self.shape))
    }
}

/// Games at one of the generator's edges ([`Generator::edge_games`]).
pub struct EdgeGame<G: Game> {
    /// What the edge is, for the README's night section and the tests:
    /// "50x50, k = 100, dense specials".
    pub name: &'static str,
    /// The knobs that draw every game at the edge; a fuzz input that
    /// selects it draws the rest at the small size
    /// ([`crate::runs::fuzzing::instance_from_input`]).
    pub shape: G::Knobs,
    /// The rule-coverage counter that names the edge: games drawn with
    /// `shape` reach it (most of them, not each: an edge of several values,
    /// 1, 49 or 50, has one counted).
    pub counter: G::Counter,
}

impl<G: Game> EdgeGame<G> {
    /// The edge game whose games are all drawn at `extreme`, with the
    /// knobs made of it.
    pub fn at<E: NamedExtreme<G>>(extreme: E) -> Self
    where
        G::Knobs: From<E>,
    {
        EdgeGame { name: extreme.name(), counter: extreme.counter(), shape: extreme.into() }
    }

    /// The edge games of a generator whose `EdgeKnob` names its extremes:
    /// one at each of `extremes`, in order, and last the one whose every
    /// game has one field at an edge ([`EdgeKnob::ALWAYS`]), named `name`
    /// and reaching `counter`.
    pub fn at_extremes_then_any_field<const SHARE: u8, E: NamedExtreme<G>>(
        extremes: impl IntoIterator<Item = E>,
        name: &'static str,
        counter: G::Counter,
    ) -> Vec<Self>
    where
        G::Knobs: From<EdgeKnob<SHARE, E>>,
    {
        let at = |extreme: E| EdgeGame {
            name: extreme.name(),
            counter: extreme.counter(),
            shape: EdgeKnob::at(extreme).into(),
        };
        let any_field = EdgeGame { name, counter, shape: EdgeKnob::ALWAYS.into() };
        extremes.into_iter().map(at).chain([any_field]).collect()
    }
}

/// One of the extremes a generator draws every game at when its knobs name
/// it (door's and triple's `Extreme`, texas's `EdgeField`): each is an
/// edge game ([`EdgeGame::at`], [`EdgeGame::at_extremes_then_any_field`]).
pub trait NamedExtreme<G: Game>: Copy {
    /// What the extreme is, for the README's night section and the tests.
    fn name(self) -> &'static str;
    /// The rule-coverage counter that names the extreme, which the games
    /// drawn at it reach.
    fn counter(self) -> G::Counter;
}

/// A game rendered for people to read, written in its own `render` module:
/// `--trace` and the snapshots show an instance's size and start, then every
/// operation from the state before it, then the outcome; the failure page
/// draws its boards as pictures.
pub trait Renders<G: Game> {
    /// An instance in a few words, "4x5 board, 2 operations": a trace's
    /// first line after the game's title, and its size in reports.
    fn dimensions(instance: &G::Instance) -> String;
    /// What follows the first line: the legend, the starting board, and
    /// whatever else of the instance the operations use.
    fn start(instance: &G::Instance) -> String;
    /// Operation `number` (1-based), from the state `before` it.
    fn operation(number: usize, before: &G::State, record: &G::Record) -> String;
    /// The last lines.
    fn outcome(outcome: &G::Outcome) -> String;

    /// The starting board as the failure page draws it.
    fn start_picture(instance: &G::Instance) -> Picture;
    /// The boards `record` leaves as the failure page draws them: after
    /// each of its steps that leaves one (a round, a stage), then after the
    /// operation.
    fn pictures(record: &G::Record) -> Vec<Picture>;
}

/// What a game's rule-coverage counters count, written in its own `count`
/// module: the oracle calls it on what both sides agreed.
pub trait Counts<G: Game>: RuleCounter {
    /// Counts what one record exercised.
    fn record(tally: &mut Tally<Self>, before: &G::State, record: &G::Record);
    /// The counters only games beyond the statement reach
    /// (`Rulebook::beyond_statement`): a campaign `--against` a program
    /// never draws them.
    fn beyond_statement() -> &'static [Self] {
        &[]
    }
    /// The board's edges the events of one record touched (the cells it
    /// removed, set or merged), from the state `before` it.
    fn edges(before: &G::State, record: &G::Record) -> BoardEdges;
    /// The shape of the instance's board.
    fn shape(instance: &G::Instance) -> Shape;
    /// Counts what a finished game exercised; nothing for a game whose end
    /// adds nothing to its records.
    fn outcome(tally: &mut Tally<Self>, last: &G::State, outcome: &G::Outcome) {
        let _ = (tally, last, outcome);
    }
}

/// The invariants of docs/RULES.md, checked on one implementation's records as
/// they come.
pub trait Checks<G: Game> {
    fn new(instance: &G::Instance) -> Self;
    /// Checks one operation's record, which started from `before`.
    fn record(&mut self, before: &G::State, record: &G::Record) -> Result<(), Violation>;
    /// Checks the finished game's books; `last` is the state it ended in.
    fn outcome(&self, last: &G::State, outcome: &G::Outcome) -> Result<(), Violation>;
}

impl Bound {
    /// A file of game `G`: at most [`Game::MOST_BYTES`].
    pub fn of<G: Game>() -> Bound {
        Bound::game(G::NAME, G::MOST_BYTES)
    }
}
