//! A judge's test set, as `m3diff tests` writes it: the smallest generated
//! games that between them reach every rule counter the statement lets a
//! game reach, then games that show the most behaviour the others do not
//! (each counter at each edge of the board and on each shape: `distinct`),
//! mostly at the statement's largest, then the max tests a judge writes
//! ([`Generator::max_tests`]). Every place of the count is used. Every test
//! lies inside the statement, and its answer is the reference's. The same
//! seed gives the same set.

mod behaviour;
mod choose;
mod distinct;
mod drawing;

use crate::game::coverage::{RuleCounter, Tally};
use crate::game::{Game, Generator, Size, Verdict};
use crate::runs::campaign::case_seed;
use behaviour::{observed, Behaviour};

pub use choose::Reached;
pub use drawing::{within_statement, FEWEST_DRAWN, MOST_DRAWN};

/// A judge's tests by default.
pub const MOST_TESTS: u16 = 60;
/// One test of the set.
pub struct Test<G: Game> {
    pub instance: G::Instance,
    /// The reference's answer; for a game whose operations come apart, the
    /// verdict on the two texts [`Rulebook::write_apart`](crate::game::Rulebook::write_apart) writes.
    pub answer: Verdict,
    pub why: Why,
    /// The counters this test is the first of the set to reach.
    pub first_reached: Vec<G::Counter>,
    /// What else it is the first to show: a counter at an edge of the
    /// board or on a shape of board, named.
    pub first_shown: Vec<String>,
}

/// Why a test is in the set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The smallest game drawn that reaches a counter no smaller test does;
    /// drawn from this seed at this size.
    Coverage { seed: u64, size: Size },
    /// A game drawn from this seed at this size that shows the most no
    /// test before it shows.
    Distinct { seed: u64, size: Size },
    /// A judge's max test, by its name.
    Max(&'static str),
    /// A case a wrong program fails though it passed every test before:
    /// found by a hunt and shrunk, as a hack becomes a test on Codeforces.
    /// The program's name and how it fails the case.
    Hack { program: String, how: String },
}

impl Why {
    /// Why the test of `game` is in the set, with the command that draws
    /// it again where one does.
    pub fn said(&self, game: &str) -> String {
        let drawn = |seed: &u64, size: &Size| {
            format!("`m3diff gen {game} --seed {seed} --size {} --within-statement`", size.name())
        };
        match self {
            Why::Coverage { seed, size } => format!("coverage: the game of {}", drawn(seed, size)),
            Why::Distinct { seed, size } => format!("distinct: the game of {}", drawn(seed, size)),
            Why::Max(name) => format!("max test: {name}"),
            Why::Hack { program, how } => format!("hack: fails {program} ({how})"),
        }
    }
}

/// The set, with what it and the games drawn to choose it reached.
pub struct TestSet<G: Game> {
    pub tests: Vec<Test<G>>,
    /// Games drawn to choose the coverage tests from.
    pub drawn: u64,
    /// What the whole set reaches, counted as a campaign counts.
    pub tally: Tally<G::Counter>,
    /// Counters some drawn game reached that no test of the set does: only
    /// when `most` tests could not hold them all.
    pub left_out: Vec<G::Counter>,
    /// What the tests reach and show between them, and what the drawn
    /// games reached: a hack's first columns are told beside them.
    reached: Reached<G::Counter>,
    shown: Behaviour<G::Counter>,
    everything: Reached<G::Counter>,
}

impl<G: Game> TestSet<G> {
    /// Adds `instance`, which the wrong program `program` fails (`how`), as
    /// the last test: a hack. Its columns say what it is the first of the
    /// set to reach and show, as every test's do. An error when it lies
    /// beyond the statement or does not read back as a judge reads it.
    pub fn add_hack(&mut self, instance: G::Instance, program: &str, how: &str) -> Result<&Test<G>, String> {
        if let Some(beyond) = G::beyond_statement(&instance) {
            return Err(format!("the case that fails {program} lies beyond the statement: {beyond}"));
        }
        let why = Why::Hack { program: program.to_string(), how: how.to_string() };
        let (test, own, behaviour) = judged::<G>(instance, why)?;
        self.push(test, &own, &behaviour);
        self.left_out = self.everything.minus(&self.reached);
        Ok(self.tests.last().expect("pushed"))
    }

    /// Adds `test` last, its first columns told beside the tests before it.
    fn push(&mut self, mut test: Test<G>, own: &Tally<G::Counter>, behaviour: &Behaviour<G::Counter>) {
        test.first_reached = self.reached.add(own);
        let first_shown = self.shown.add(behaviour);
        // A counter first reached is first shown too: named once.
        let reached_names: Vec<String> = test.first_reached.iter().map(|counter| counter.named()).collect();
        test.first_shown = first_shown.into_iter().filter(|name| !reached_names.contains(name)).collect();
        self.tally.merge(own);
        self.tests.push(test);
    }
}

/// Chooses the set for `seed`, `most` tests: the max tests take their
/// places first (a judge writes them whatever else the set holds), the
/// coverage tests next, the distinct games the rest. Coverage tests come
/// first in the set, smallest first, so that the first test a solution
/// fails is the most readable; then the distinct games, the readable ones
/// first; the max tests last.
pub fn choose<G: Game>(seed: u64, most: usize) -> Result<TestSet<G>, String> {
    let mut max_tests = Vec::new();
    let mut max_reached = Reached::none();
    for (index, max_test) in (0..).zip(<G::Knobs as Generator<G>>::max_tests()).take(most) {
        let named = |what: String| format!("{} max test {:?}: {what}", G::NAME, max_test.name);
        let instance = max_test
            .instance(case_seed(seed, &format!("{}/max", G::NAME), index))
            .map_err(|error| named(format!("the generator gave up: {error}")))?;
        if let Some(beyond) = G::beyond_statement(&instance) {
            return Err(named(format!("lies beyond the statement: {beyond}")));
        }
        let judged = judged::<G>(instance, Why::Max(max_test.name))?;
        max_reached.add(&judged.1);
        max_tests.push(judged);
    }
    let room = most - max_tests.len();
    let (coverage, drawn) = choose::coverage_tests::<G>(seed, room, &max_reached)?;
    let mut judged_coverage = Vec::with_capacity(coverage.len());
    for (seed, size, instance) in coverage {
        judged_coverage.push(judged::<G>(instance, Why::Coverage { seed, size })?);
    }
    let mut shown = Behaviour::none();
    for (_, _, behaviour) in judged_coverage.iter().chain(&max_tests) {
        shown.add(behaviour);
    }
    let room = room - judged_coverage.len();
    let mut judged_distinct = Vec::with_capacity(room);
    for candidate in distinct::distinct_games::<G>(seed, room, &drawn.drawn, &mut shown)? {
        let instance = choose::draw::<G>(candidate.seed, candidate.size).expect("a game drawn once is drawn again");
        judged_distinct.push(judged::<G>(instance, Why::Distinct { seed: candidate.seed, size: candidate.size })?);
    }
    let mut everything = drawn.reached;
    everything.join(&max_reached);
    let mut set = TestSet {
        tests: Vec::with_capacity(most),
        drawn: drawn.games,
        tally: Tally::default(),
        left_out: Vec::new(),
        reached: Reached::none(),
        shown: Behaviour::none(),
        everything,
    };
    for (test, own, behaviour) in judged_coverage.into_iter().chain(judged_distinct).chain(max_tests) {
        set.push(test, &own, &behaviour);
    }
    set.left_out = set.everything.minus(&set.reached);
    Ok(set)
}

/// A test as the judge reads it, answered by the reference, with what the
/// reference reached on it and the behaviour it shows.
#[allow(clippy::type_complexity)]
fn judged<G: Game>(
    instance: G::Instance,
    why: Why,
) -> Result<(Test<G>, Tally<G::Counter>, Behaviour<G::Counter>), String> {
    let instance = as_the_judge_reads::<G>(&instance)?;
    let mut own = Tally::default();
    let (answer, behaviour) = observed::<G>(&instance, &mut own)?;
    Ok((Test { instance, answer, why, first_reached: Vec::new(), first_shown: Vec::new() }, own, behaviour))
}

/// The instance as read back from the text(s) a judge's files hold: a
/// Triple Town refusal names the line of the commands' own file.
fn as_the_judge_reads<G: Game>(instance: &G::Instance) -> Result<G::Instance, String> {
    let read = match G::write_apart(instance) {
        Some((input, operations)) => G::parse_apart(&input, &operations).expect("a game that writes apart reads apart"),
        None => G::parse(&instance.to_string()),
    };
    read.map_err(|error| format!("{}: a test written does not read back: {error}", G::NAME))
}
