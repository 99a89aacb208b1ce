//! Choosing the coverage tests: draw games within the statement, keep for
//! each counter the smallest game that reaches it (its seed, not the game:
//! the seed draws it again), then take the fewest of those that together
//! reach what the drawn games reach, rarest counter first.

use std::marker::PhantomData;
use std::ops::Range;

use super::behaviour::{observed, Behaviour};
use super::drawing::{within_statement, BATCH, FEWEST_DRAWN, MOST_DRAWN};
use crate::game::coverage::{RuleCounter, Tally};
use crate::game::{Game, Generator, Size};
use crate::runs::campaign::case_seed;

/// Which counters a game or a set of games reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached<C> {
    reached: Vec<bool>,
    counter: PhantomData<C>,
}

impl<C: RuleCounter> Reached<C> {
    pub fn none() -> Reached<C> {
        Reached { reached: vec![false; C::ALL.len()], counter: PhantomData }
    }

    pub fn of(tally: &Tally<C>) -> Reached<C> {
        Reached { reached: C::ALL.iter().map(|&c| tally.count(c) > 0).collect(), counter: PhantomData }
    }

    pub fn contains(&self, counter: C) -> bool {
        self.reached[counter.index()]
    }

    /// Adds what `tally` reached; returns the counters it is the first to.
    pub fn add(&mut self, tally: &Tally<C>) -> Vec<C> {
        let first: Vec<C> = C::ALL.iter().copied().filter(|&c| tally.count(c) > 0 && !self.contains(c)).collect();
        for &counter in &first {
            self.reached[counter.index()] = true;
        }
        first
    }

    pub fn join(&mut self, other: &Reached<C>) {
        for (mine, theirs) in self.reached.iter_mut().zip(&other.reached) {
            *mine |= theirs;
        }
    }

    /// The counters reached here and not in `other`, in declaration order.
    pub fn minus(&self, other: &Reached<C>) -> Vec<C> {
        C::ALL.iter().copied().filter(|&c| self.contains(c) && !other.contains(c)).collect()
    }

    fn counters(&self) -> impl Iterator<Item = C> + '_ {
        C::ALL.iter().copied().filter(|&c| self.contains(c))
    }
}

/// A game drawn, by what draws it again.
#[derive(Debug, Clone)]
pub struct Candidate<C> {
    pub seed: u64,
    pub size: Size,
    pub measure: usize,
    reached: Reached<C>,
    pub behaviour: Behaviour<C>,
}

/// What the drawn games reached, all of them together, and each of them.
pub struct Rendered<C> {
    pub games: u64,
    pub reached: Reached<C>,
    pub drawn: Vec<Candidate<C>>,
}

/// Games to choose from, each (seed, size, game), smallest first, at most
/// `room` of them: the fewest that reach every counter the games drawn
/// reach. Games are drawn until every counter within the statement is
/// reached by one of them or by `reached_already` (the max tests'), and at
/// least [`FEWEST_DRAWN`], at most [`MOST_DRAWN`].
#[allow(clippy::type_complexity)]
pub fn coverage_tests<G: Game>(
    seed: u64,
    room: usize,
    reached_already: &Reached<G::Counter>,
) -> Result<(Vec<(u64, Size, G::Instance)>, Rendered<G::Counter>), String> {
    let counters = G::Counter::ALL.len();
    let mut best: Vec<Option<Candidate<G::Counter>>> = vec![None; counters];
    let mut games_reaching = vec![0u64; counters];
    let mut all = Reached::none();
    let mut games = 0;
    let mut drawn = Vec::new();
    while games < MOST_DRAWN && (games < FEWEST_DRAWN || unreached::<G>(&all, reached_already)) {
        let seeds = |index| candidate_seed::<G>(seed, index);
        for candidate in drawn_in_parallel::<G>(seeds, games..games + BATCH, cores())? {
            for counter in candidate.reached.counters() {
                games_reaching[counter.index()] += 1;
                let slot = &mut best[counter.index()];
                if slot.as_ref().is_none_or(|kept| candidate.measure < kept.measure) {
                    *slot = Some(candidate.clone());
                }
            }
            all.join(&candidate.reached);
            drawn.push(candidate);
        }
        games += BATCH;
    }
    // A counter the max tests reach still gets a game of its own when a
    // readable one reaches it: a solution failing on it then fails a test
    // a person can follow by hand, not only a 50x50 one.
    let mut unreadable_or_max = Reached::none();
    for &counter in G::Counter::ALL {
        let readable = best[counter.index()].as_ref().is_some_and(|c| c.measure <= READABLE);
        if reached_already.contains(counter) && !readable {
            unreadable_or_max.reached[counter.index()] = true;
        }
    }
    let mut picked = fewest_reaching_all(&best, &games_reaching, &unreadable_or_max);
    picked.truncate(room);
    picked.sort_by_key(|candidate| (candidate.measure, candidate.seed));
    let tests = picked
        .into_iter()
        .map(|candidate| {
            let instance = draw::<G>(candidate.seed, candidate.size).expect("a game drawn once is drawn again");
            (candidate.seed, candidate.size, instance)
        })
        .collect();
    Ok((tests, Rendered { games, reached: all, drawn }))
}

/// The most characters of a game a person follows by hand: a counter whose
/// smallest game drawn is longer takes no game of its own when a max test
/// reaches it.
const READABLE: usize = 2_000;

/// The games `indices`, each drawn from the seed and size `seeds` gives
/// it, drawn and played on every core, in the order of their index; a game
/// the generator gives up on is left out.
pub fn drawn_in_parallel<G: Game>(
    seeds: impl Fn(u64) -> (u64, Size) + Sync,
    indices: Range<u64>,
    threads: u64,
) -> Result<Vec<Candidate<G::Counter>>, String> {
    let per_thread = (indices.end - indices.start).div_ceil(threads);
    let parts: Vec<Result<Vec<_>, String>> = std::thread::scope(|scope| {
        let seeds = &seeds;
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let start = indices.start + thread * per_thread;
                let part = start..(start + per_thread).min(indices.end);
                scope.spawn(move || part.filter_map(|index| candidate::<G>(seeds(index)).transpose()).collect())
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap_or_else(|_| Err("a thread drawing games panicked".into())))
            .collect()
    });
    Ok(parts.into_iter().collect::<Result<Vec<_>, _>>()?.into_iter().flatten().collect())
}

pub fn cores() -> u64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

/// The game of `case_seed` at `size`, played by the reference, by what
/// draws it again.
fn candidate<G: Game>((case_seed, size): (u64, Size)) -> Result<Option<Candidate<G::Counter>>, String> {
    let Some(instance) = draw::<G>(case_seed, size) else { return Ok(None) };
    let mut tally = Tally::default();
    let (_, behaviour) = observed::<G>(&instance, &mut tally)?;
    let reached = Reached::of(&tally);
    Ok(Some(Candidate { seed: case_seed, size, measure: G::measure(&instance), reached, behaviour }))
}

/// The seed and size of game `index`: every other one small, for the
/// smallest tests, and the rest mixed, for the counters only larger games
/// reach, as a campaign draws them.
fn candidate_seed<G: Game>(seed: u64, index: u64) -> (u64, Size) {
    (case_seed(seed, G::NAME, index), if index.is_multiple_of(2) { Size::Small } else { Size::Mixed })
}

/// The game of `seed` within the statement, as `--against` draws one;
/// `None` when the generator gives up or draws one beyond the statement.
pub fn draw<G: Game>(seed: u64, size: Size) -> Option<G::Instance> {
    let instance = crate::process::seed::with_seed(seed, |u| {
        let shape = G::Knobs::within_statement(u)?;
        G::generate(u, size, &shape)
    });
    instance.ok().filter(|instance| G::beyond_statement(instance).is_none())
}

fn unreached<G: Game>(drawn: &Reached<G::Counter>, already: &Reached<G::Counter>) -> bool {
    within_statement::<G>().any(|c| !drawn.contains(c) && !already.contains(c))
}

/// For each counter, rarest first, the smallest game reaching it unless
/// the max tests (`already`) or a game taken already do; then each game
/// whose every counter the others (max tests included) reach is let go,
/// last taken first. In the order taken.
fn fewest_reaching_all<C: RuleCounter>(
    best: &[Option<Candidate<C>>],
    games_reaching: &[u64],
    already: &Reached<C>,
) -> Vec<Candidate<C>> {
    let mut rarest_first: Vec<C> = C::ALL.to_vec();
    rarest_first.sort_by_key(|c| (games_reaching[c.index()], c.index()));
    let mut covered = already.clone();
    let mut picked: Vec<Candidate<C>> = Vec::new();
    for counter in rarest_first {
        if let Some(candidate) = &best[counter.index()] {
            if !covered.contains(counter) {
                covered.join(&candidate.reached);
                picked.push(candidate.clone());
            }
        }
    }
    let mut reaching: Vec<usize> = C::ALL.iter().map(|&c| usize::from(already.contains(c))).collect();
    for candidate in &picked {
        candidate.reached.counters().for_each(|c| reaching[c.index()] += 1);
    }
    for index in (0..picked.len()).rev() {
        if picked[index].reached.counters().all(|c| reaching[c.index()] > 1) {
            picked[index].reached.counters().for_each(|c| reaching[c.index()] -= 1);
            picked.remove(index);
        }
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::counters! {
        enum Example {
            "EX1" => { Common: "reached by most games" }
            "EX2" => { Rare: "reached by one game" }
            "EX3" => { Other: "reached by a few" }
        }
    }

    fn candidate(seed: u64, measure: usize, counters: &[Example]) -> Candidate<Example> {
        let mut tally = Tally::default();
        counters.iter().for_each(|&c| tally.add(c, 1));
        Candidate { seed, size: Size::Small, measure, reached: Reached::of(&tally), behaviour: Behaviour::none() }
    }

    #[test]
    fn the_rarest_counter_s_game_is_taken_first_and_a_game_the_others_cover_is_let_go() {
        let common = candidate(1, 10, &[Example::Common]);
        let other = candidate(2, 20, &[Example::Common, Example::Other]);
        let rare = candidate(3, 30, &[Example::Rare, Example::Other]);
        let best = [Some(common), Some(rare), Some(other)];
        let picked = fewest_reaching_all(&best, &[100, 1, 5], &Reached::none());
        // The rare game reaches EX3 too; only EX1's game is still needed.
        assert_eq!(picked.iter().map(|c| c.seed).collect::<Vec<_>>(), [3, 1]);
    }

    #[test]
    fn a_game_taken_for_a_counter_that_a_later_game_reaches_too_is_let_go() {
        let rare = candidate(1, 10, &[Example::Rare]);
        let other = candidate(2, 20, &[Example::Other, Example::Rare]);
        let common = candidate(3, 30, &[Example::Common]);
        let best = [Some(common), Some(rare), Some(other)];
        // Taken for EX2, EX3, EX1 in turn; EX3's game reaches EX2 as well.
        let picked = fewest_reaching_all(&best, &[3, 1, 2], &Reached::none());
        assert_eq!(picked.iter().map(|c| c.seed).collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn a_counter_the_max_tests_reach_takes_no_game_of_its_own() {
        let rare = candidate(1, 10, &[Example::Rare]);
        let common = candidate(2, 20, &[Example::Common]);
        let best = [Some(common), Some(rare), None];
        let mut max_tests = Tally::default();
        max_tests.add(Example::Rare, 1);
        let picked = fewest_reaching_all(&best, &[3, 1, 0], &Reached::of(&max_tests));
        assert_eq!(picked.iter().map(|c| c.seed).collect::<Vec<_>>(), [2]);
    }

    #[test]
    fn the_games_drawn_are_the_same_on_one_thread_and_on_three() {
        let drawn = |threads| -> Vec<(u64, usize, Vec<bool>)> {
            let seeds = |index| candidate_seed::<m3_model::door::MagicDoor>(7, index);
            let games = drawn_in_parallel::<m3_model::door::MagicDoor>(seeds, 0..40, threads).unwrap();
            games.into_iter().map(|c| (c.seed, c.measure, c.reached.reached)).collect()
        };
        let one = drawn(1);
        assert_eq!(one.len(), 40);
        assert_eq!(one, drawn(3));
    }

    #[test]
    fn what_a_tally_is_the_first_to_reach_is_what_was_not_reached_before() {
        let mut reached = Reached::<Example>::none();
        let mut tally = Tally::default();
        tally.add(Example::Rare, 2);
        assert_eq!(reached.add(&tally), [Example::Rare]);
        tally.add(Example::Common, 1);
        assert_eq!(reached.add(&tally), [Example::Common]);
        assert_eq!(Reached::of(&tally).minus(&Reached::<Example>::none()), [Example::Common, Example::Rare]);
    }
}
