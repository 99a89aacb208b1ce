//! How many games the setter draws, and the counters they are to reach: a
//! module of its own, not `mod.rs`, so that choosing the tests uses them
//! without importing its parent, which calls it.

use crate::game::coverage::RuleCounter;
use crate::game::{Counts, Game};

/// Games drawn between two looks at what is still unreached: the same for
/// any number of threads, so that the same seed draws the same games.
pub const BATCH: u64 = 256;

/// Games drawn before the set is chosen, even when every counter is
/// reached sooner: the more drawn, the smaller the one that reaches each.
pub const FEWEST_DRAWN: u64 = 8 * BATCH;
/// Games drawn at most while some counter is still unreached: a counter no
/// game of the statement reaches (or a rare one) must not keep `tests`
/// drawing for ever.
pub const MOST_DRAWN: u64 = 160 * BATCH;

/// The counters a campaign within the statement can reach: all but those
/// only games beyond it reach.
pub fn within_statement<G: Game>() -> impl Iterator<Item = G::Counter> {
    let beyond = <G::Counter as Counts<G>>::beyond_statement();
    G::Counter::ALL.iter().copied().filter(move |c| !beyond.iter().any(|b| b.index() == c.index()))
}
