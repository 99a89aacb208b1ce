//! The parts each game writes in modules of its own and names in its line
//! of the registry: its trace, its rule-coverage counter and its checker.

use super::coverage::{RuleCounter, Tally};
use super::{Game, Violation};

/// A game rendered for people to read, written in its own `render` module:
/// `--trace` and the snapshots show an instance's size and start, then every
/// operation from the state before it, then the outcome.
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
