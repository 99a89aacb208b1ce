//! The games, a folder each, and the registry: the one list of games. The
//! CLI's game names, `fuzz --game`, `corpus export`, the test suites and the
//! benches all come from it; adding a game is one line here plus the game's
//! own folder. A game's folder holds its rules as the harness needs them
//! (generator, checker, counters, trace, diff, shrink candidates) and
//! nothing else: it uses no other game's.
//!
//! May use: `check`, `game`, `kit`, `process`.

use crate::game::{Difference, Game};
use crate::process::input::Bound;

/// Something to do with one game, whichever it is.
pub trait Visitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// A line a game: `module: Type, "title";`. The module's name is the name
/// users type, and names the game's module in the model (which defines
/// `Type`, whose `Rules` give the format's `parse` and a game's
/// `operations`, and the reader's `MOST_BYTES`), in the engine and the
/// reference, whose `Engine` and `Reference` are the two implementations
/// compared, and in this crate, which exports the game's `Checker`,
/// `Counter`, `Knobs` and `Trace`, has its `diff::record_difference`,
/// `diff::outcome_difference` and `shrink::candidates`, and implements its
/// `Rulebook`.
macro_rules! registry {
    ($($module:ident: $game:ident, $title:literal;)+) => {
        $(impl Game for m3_model::$module::$game {
            const NAME: &'static str = stringify!($module);
            const TITLE: &'static str = $title;
            const MOST_BYTES: usize = m3_model::$module::MOST_BYTES;
            type Engine = m3_engine::$module::Engine;
            type Reference = m3_reference::$module::Reference;
            type Checker = crate::games::$module::Checker;
            type Counter = crate::games::$module::Counter;
            type Knobs = crate::games::$module::Knobs;
            type Trace = crate::games::$module::Trace;

            fn record_difference(before: &Self::State, engine: &Self::Record, reference: &Self::Record) -> Difference {
                crate::games::$module::diff::record_difference(before, engine, reference)
            }

            fn outcome_difference(engine: &Self::Outcome, reference: &Self::Outcome) -> Difference {
                crate::games::$module::diff::outcome_difference(engine, reference)
            }

            fn shrink_candidates(instance: &Self::Instance) -> Box<dyn Iterator<Item = Self::Instance>> {
                Box::new(crate::games::$module::shrink::candidates(instance).into_iter())
            }
        })+

        /// Every game's name, in the registry's order.
        pub const NAMES: &[&str] = &[$(stringify!($module)),+];
        /// Every game's full name, in the same order.
        pub const TITLES: &[&str] = &[$($title),+];

        /// Runs a copy of `visitor` on every game, in the registry's order.
        pub fn visit_all<V: Visitor + Clone>(visitor: &V) -> Vec<V::Output> {
            vec![$(visitor.clone().visit::<m3_model::$module::$game>()),+]
        }

        /// Runs `visitor` on the game called `name`; `None` when there is none.
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(if name == stringify!($module) {
                return Some(visitor.visit::<m3_model::$module::$game>());
            })+
            None
        }
    };
}

pub mod door;
pub mod square;
pub mod texas;
pub mod triple;

registry! {
    texas: Texas, "Texas Match-3 (THUPC 2022)";
    square: SquareRemover, "SquareRemover (TCO'14 Marathon Round 1)";
    door: MagicDoor, "Magic Door (ICPC 2025 Seoul Regional)";
    triple: TripleTown, "Triple Town (NOI 2012)";
}

impl Bound {
    /// A file of the game called `name`; `None` when there is none.
    pub fn of_game(name: &str) -> Option<Bound> {
        struct Of;
        impl Visitor for Of {
            type Output = Bound;
            fn visit<G: Game>(self) -> Bound {
                Bound::of::<G>()
            }
        }
        visit(name, Of)
    }
}

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
        let benchmarks = G::benchmarks().into_iter().map(|benchmark| benchmark.name);
        benchmarks.chain([HARNESS_CASE]).map(|name| format!("{}/{name}", G::NAME)).collect()
    }
}

/// The name of each game's last case in the instruction gate, which counts
/// the harness's own cost: [`crate::check::oracle::harness_case`].
pub const HARNESS_CASE: &str = "harness";

/// Every case the instruction gate counts as `game/name`, in the order it
/// counts them, without building any: each game's bench table, then its
/// harness case.
pub fn gate_ids() -> Vec<String> {
    visit_all(&BenchmarkIds).into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone)]
    struct HarnessCase;

    impl Visitor for HarnessCase {
        type Output = (String, Result<(), String>);

        fn visit<G: Game>(self) -> Self::Output {
            (G::NAME.to_string(), crate::check::oracle::harness_case::<G>().map(drop))
        }
    }

    #[test]
    fn every_game_has_a_harness_case_in_the_gate_and_it_passes() {
        let ids = gate_ids();
        for (game, result) in visit_all(&HarnessCase) {
            assert!(ids.contains(&format!("{game}/{HARNESS_CASE}")), "{game} has no harness case in {ids:?}");
            assert_eq!(result, Ok(()), "{game}'s harness case");
        }
    }
}
