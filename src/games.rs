//! The registry: the one list of games. The CLI's game names, `fuzz --game`,
//! `corpus export`, the test suites and the benches all come from it; adding a
//! game is one line here plus the game's own modules.

use m3_model::door::MagicDoor;
use m3_model::square::SquareRemover;
use m3_model::texas::Texas;
use m3_model::triple::TripleTown;

use crate::game::Game;

/// Something to do with one game, whichever it is.
pub trait Visitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game's name, in the registry's order.
        pub const NAMES: &[&str] = &[$(<$game as Game>::NAME),+];
        /// Every game's full name, in the same order.
        pub const TITLES: &[&str] = &[$(<$game as Game>::TITLE),+];

        /// Runs a copy of `visitor` on every game, in the registry's order.
        pub fn visit_all<V: Visitor + Clone>(visitor: &V) -> Vec<V::Output> {
            vec![$(visitor.clone().visit::<$game>()),+]
        }

        /// Runs `visitor` on the game called `name`; `None` when there is none.
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(if name == <$game as Game>::NAME {
                return Some(visitor.visit::<$game>());
            })+
            None
        }
    };
}

registry!(Texas, SquareRemover, MagicDoor, TripleTown);

/// The game names as clap offers them, each with its full name as help.
pub fn possible_values() -> Vec<clap::builder::PossibleValue> {
    NAMES.iter().zip(TITLES).map(|(name, title)| clap::builder::PossibleValue::new(*name).help(*title)).collect()
}

/// A value parser for a game's name.
pub fn name_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(possible_values())
}

#[derive(Clone)]
struct BenchmarkIds;

impl Visitor for BenchmarkIds {
    type Output = Vec<String>;

    fn visit<G: Game>(self) -> Vec<String> {
        G::benchmarks().iter().map(|benchmark| format!("{}/{}", G::NAME, benchmark.name)).collect()
    }
}

/// Every game's bench cases as `game/name`, in the order the benches run
/// them, without building any.
pub fn benchmark_ids() -> Vec<String> {
    visit_all(&BenchmarkIds).into_iter().flatten().collect()
}
