//! The places a set has left after its coverage and max tests: every one
//! is used, for the games that show the most behaviour no test before them
//! shows (`behaviour`). A third at most go to the games already drawn for
//! coverage (small and mixed, readable), and only while one shows
//! something new; the rest, most of them, to games drawn at the statement's
//! largest, where contest programs break most, taken by what they show and
//! then in the order drawn. A random game at the largest size fails a
//! wrong solution more often than any other kind (a 60-second campaign
//! catches every one of the held-out mutants), so a place with nothing new
//! to show still goes to one.

use super::behaviour::Behaviour;
use super::choose::{cores, drawn_in_parallel, Candidate};
use crate::game::coverage::RuleCounter;
use crate::game::{Game, Size};
use crate::runs::campaign::case_seed;

/// Games drawn at the largest size for each place they may take: the more
/// drawn, the more each one taken shows.
const LARGEST_DRAWN_PER_PLACE: u64 = 2;

/// The games for `room` places, `shown` being what the tests before them
/// show (updated): the readable ones chosen from `drawn`, smallest first,
/// then those at the largest size, in the order chosen.
pub fn distinct_games<G: Game>(
    seed: u64,
    room: usize,
    drawn: &[Candidate<G::Counter>],
    shown: &mut Behaviour<G::Counter>,
) -> Result<Vec<Candidate<G::Counter>>, String> {
    if room == 0 {
        return Ok(Vec::new());
    }
    let mut readable = most_showing(drawn, shown, room / 3, |candidate| candidate.measure);
    readable.sort_by_key(|candidate| (candidate.measure, candidate.seed));
    let places = room - readable.len();
    let name = format!("{}/largest", G::NAME);
    let seeds = |index| (case_seed(seed, &name, index), Size::Max);
    let largest = drawn_in_parallel::<G>(seeds, 0..places as u64 * LARGEST_DRAWN_PER_PLACE, cores())?;
    let mut chosen = most_showing(&largest, shown, places, |_| 0);
    if chosen.len() < places {
        // Nothing new to show: the rest in the order drawn.
        let taken: Vec<u64> = chosen.iter().map(|candidate| candidate.seed).collect();
        let rest = largest.iter().filter(|candidate| !taken.contains(&candidate.seed));
        chosen.extend(rest.take(places - chosen.len()).cloned());
    }
    readable.extend(chosen);
    Ok(readable)
}

/// At most `places` of `pool`, each in turn the one that shows the most
/// that `shown` does not (added to it), ties to the least `cost`, then to
/// the first; none that shows nothing new.
fn most_showing<C: RuleCounter>(
    pool: &[Candidate<C>],
    shown: &mut Behaviour<C>,
    places: usize,
    cost: impl Fn(&Candidate<C>) -> usize,
) -> Vec<Candidate<C>> {
    let behaviours: Vec<&Behaviour<C>> = pool.iter().map(|candidate| &candidate.behaviour).collect();
    let costs: Vec<usize> = pool.iter().map(cost).collect();
    showing_most(&behaviours, &costs, shown, places).into_iter().map(|index| pool[index].clone()).collect()
}

/// [`most_showing`] by the indices of `behaviours`, each costing its
/// `costs`.
fn showing_most<C: RuleCounter>(
    behaviours: &[&Behaviour<C>],
    costs: &[usize],
    shown: &mut Behaviour<C>,
    places: usize,
) -> Vec<usize> {
    let mut taken = vec![false; behaviours.len()];
    let mut chosen = Vec::new();
    while chosen.len() < places {
        let best = (0..behaviours.len())
            .filter(|&index| !taken[index])
            .map(|index| (behaviours[index].new_beside(shown), index))
            .filter(|&(new, _)| new > 0)
            .max_by_key(|&(new, index)| (new, std::cmp::Reverse((costs[index], index))));
        let Some((_, index)) = best else { break };
        taken[index] = true;
        shown.add(behaviours[index]);
        chosen.push(index);
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::places::{BoardEdges, Shape};

    crate::counters! {
        enum Example {
            "EX1" => { Run: "run marked", Fall: "piece fell" }
        }
    }

    fn showing(events: &[(Example, (usize, usize))]) -> Behaviour<Example> {
        let mut behaviour = Behaviour::none();
        for &(counter, cell) in events {
            behaviour.counted(counter, BoardEdges::of(5, 5, [cell]), Shape::Square);
        }
        behaviour
    }

    #[test]
    fn each_place_goes_to_the_game_showing_the_most_not_yet_shown_and_none_to_a_game_showing_nothing_new() {
        let inner = showing(&[(Example::Run, (2, 2))]);
        let corner = showing(&[(Example::Run, (0, 0)), (Example::Fall, (4, 4))]);
        let again = showing(&[(Example::Run, (0, 0))]);
        let cheaper_corner = showing(&[(Example::Run, (0, 4)), (Example::Fall, (4, 0))]);
        let behaviours = [&inner, &corner, &again, &cheaper_corner];
        let mut shown = Behaviour::none();
        let chosen = showing_most(&behaviours, &[1, 9, 1, 5], &mut shown, 4);
        // The two corners show 8 features each: the cheaper is taken first,
        // then the other for the two edges it alone shows. Then nothing is
        // new: the inner run and the repeated corner take no place.
        assert_eq!(chosen, [3, 1]);
        assert_eq!(inner.new_beside(&shown), 0);
    }
}
