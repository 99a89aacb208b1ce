//! Greedy shrinking: keep taking the first smaller candidate that still fails
//! the same way, until none does.

use m3_model::Stepper;

use crate::game::Game;
use crate::oracle::{check_game_with, Failure};

/// At most this many candidates are run for one case.
pub const MAX_TRIES: usize = 20_000;

/// A shrunk case and how it got there.
pub struct Shrunk<I> {
    pub instance: I,
    pub failure: Failure,
    /// Candidates kept.
    pub steps: usize,
    /// Candidates run.
    pub tries: usize,
    /// True when the shrinker stopped early (asked to, or out of tries).
    pub cut_short: bool,
}

/// Shrinks `instance`, which fails with `failure` when checked with engine
/// `E`. `stop` is asked between candidates (Ctrl-C): the best case so far is
/// returned.
pub fn shrink<G: Game, E: Stepper<G>>(
    instance: &G::Instance,
    failure: Failure,
    stop: &dyn Fn() -> bool,
) -> Shrunk<G::Instance> {
    let mut shrunk = Shrunk { instance: instance.clone(), failure, steps: 0, tries: 0, cut_short: false };
    'pass: loop {
        for candidate in G::shrink_candidates(&shrunk.instance) {
            if stop() || shrunk.tries >= MAX_TRIES {
                shrunk.cut_short = true;
                break 'pass;
            }
            shrunk.tries += 1;
            if let Err(failure) = check_game_with::<G, E>(&candidate, &mut G::Stats::default()) {
                if failure.kind == shrunk.failure.kind {
                    shrunk.instance = candidate;
                    shrunk.failure = failure;
                    shrunk.steps += 1;
                    continue 'pass;
                }
            }
        }
        break;
    }
    shrunk
}
