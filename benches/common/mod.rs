//! The instances both benches time: every game's `Game::benchmarks()` table,
//! in the registry's order, each ready to run through the engine's quiet path
//! or through the reference.

// Each bench uses part of this module: the instruction counts the engine only.
#![allow(dead_code)]

use m3diff::check::oracle::outcome;
use m3diff::games::{self, Visitor};
use m3diff::Game;

/// One instance of one game's bench table, built.
pub struct Case {
    /// `game/name`, the case's name in every report and in the baseline.
    pub id: String,
    /// Solves the instance with the engine's quiet path.
    pub engine: Box<dyn Fn() -> String>,
    /// Plays the instance through the reference, each record made and
    /// dropped.
    pub reference: Box<dyn Fn() -> String>,
}

/// Builds a game's cases, or (with `only`) the one of that name.
#[derive(Clone)]
struct Table {
    only: Option<String>,
}

impl Visitor for Table {
    type Output = Vec<Case>;

    fn visit<G: Game>(self) -> Vec<Case> {
        let benchmarks = G::benchmarks().into_iter().filter(|b| self.only.as_ref().is_none_or(|name| name == b.name));
        benchmarks
            .map(|benchmark| {
                let instance = std::rc::Rc::new(benchmark.instance());
                let for_reference = instance.clone();
                Case {
                    // The same id as `games::gate_ids` gives.
                    id: format!("{}/{}", G::NAME, benchmark.name),
                    engine: Box::new(move || G::solve(&instance).to_string()),
                    reference: Box::new(move || G::answer(&outcome::<G, G::Reference>(&for_reference)).to_string()),
                }
            })
            .collect()
    }
}

/// Builds every case.
pub fn cases() -> Vec<Case> {
    games::visit_all(&Table { only: None }).into_iter().flatten().collect()
}

/// What the instruction gate counts of case `id` (`games::gate_ids`): a
/// game's harness case whole, or the engine's quiet path on a bench case.
///
/// # Panics
/// When no case has that id.
pub fn counted(id: &str) -> Box<dyn Fn() -> String> {
    let (game, name) = id.split_once('/').unwrap_or((id, ""));
    let found = if name == games::HARNESS_CASE {
        games::visit(game, Harness)
    } else {
        let table = Table { only: Some(name.to_string()) };
        games::visit(game, table).and_then(|mut cases| cases.pop()).map(|case| case.engine)
    };
    found.unwrap_or_else(|| panic!("no bench case {id}"))
}

/// A game's harness case (`m3diff::check::oracle::harness_case`).
struct Harness;

impl Visitor for Harness {
    type Output = Box<dyn Fn() -> String>;

    fn visit<G: Game>(self) -> Self::Output {
        Box::new(|| match m3diff::check::oracle::harness_case::<G>() {
            Ok(outcome) => G::answer(&outcome).to_string(),
            Err(failure) => panic!("the harness case of {} fails:\n{failure}", G::NAME),
        })
    }
}
