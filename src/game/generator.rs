//! The generator's side of the contract: the trait each game's knobs
//! implement, and the fixed games it names for the benches, the judge's
//! max tests and the fuzz night's edges.

use std::fmt;

use arbitrary::Unstructured;
use m3_model::Stepper;

use super::knobs::EdgeKnob;
use super::{Game, Size, Statement};

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
    /// [`crate::game::Rulebook::beyond_statement`] lets through, by
    /// construction (the campaign draws a game again only as a last resort,
    /// and counts it), and `m3diff gen --within-statement` draws with them
    /// too: by default, `--within-statement` alone, every other knob left
    /// to draw.
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
