//! What a game shows beyond the counters it reaches: each counter's event
//! at each edge of the board, and each counter on each shape of board. A
//! wrong solution's bug is often a counter plus a condition the counter
//! does not name (an index off by one at the last column, rows and columns
//! mixed up on a board wider than tall): a set that reaches every counter
//! still misses it. The places a set has left after its coverage and max
//! tests go to the games that show the most of this not yet shown.

use std::marker::PhantomData;

use crate::game::coverage::{RuleCounter, Tally};
use crate::game::places::{BoardEdges, Shape, EDGE_NAMES};
use crate::game::{Counts, Game, Verdict};
use crate::kit::bit_set;
use crate::runs::against::reference_answer_seen;

/// Features a counter has: reached at all, at each edge, on each shape.
const PER_COUNTER: usize = 1 + EDGE_NAMES.len() + Shape::ALL.len();

/// A set of features, each a counter reached at all, at an edge or on a
/// shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Behaviour<C> {
    features: Vec<u64>,
    counter: PhantomData<C>,
}

impl<C: RuleCounter> Behaviour<C> {
    pub fn none() -> Behaviour<C> {
        Behaviour { features: vec![0; bit_set::words_for(C::ALL.len() * PER_COUNTER)], counter: PhantomData }
    }

    /// Features shown here and not in `shown`.
    pub fn new_beside(&self, shown: &Behaviour<C>) -> usize {
        self.features.iter().zip(&shown.features).map(|(mine, theirs)| (mine & !theirs).count_ones() as usize).sum()
    }

    /// Adds what `other` shows; returns the features it is the first to,
    /// named.
    pub fn add(&mut self, other: &Behaviour<C>) -> Vec<String> {
        let mut first = Vec::new();
        for (index, (mine, theirs)) in self.features.iter_mut().zip(&other.features).enumerate() {
            first.extend(bit_set::ones(theirs & !*mine).map(|bit| feature_name::<C>(index * 64 + bit)));
            *mine |= theirs;
        }
        first
    }

    pub(super) fn counted(&mut self, counter: C, edges: BoardEdges, shape: Shape) {
        let base = counter.index() * PER_COUNTER;
        bit_set::insert(&mut self.features, base);
        for edge in edges.iter() {
            bit_set::insert(&mut self.features, base + 1 + edge);
        }
        bit_set::insert(&mut self.features, base + 1 + EDGE_NAMES.len() + shape.index());
    }
}

/// A feature by its name: "TX9 component of 5+ at the last row".
fn feature_name<C: RuleCounter>(feature: usize) -> String {
    let (counter, detail) = (C::ALL[feature / PER_COUNTER], feature % PER_COUNTER);
    match detail {
        0 => counter.named(),
        edge if edge <= EDGE_NAMES.len() => format!("{} at {}", counter.named(), EDGE_NAMES[edge - 1]),
        shape => format!("{} on {}", counter.named(), Shape::ALL[shape - 1 - EDGE_NAMES.len()].name()),
    }
}

/// The reference's answer on `instance`, its records counted in `tally`
/// as [`reference_answer_seen`] counts them, and the behaviour they show.
pub fn observed<G: Game>(
    instance: &G::Instance,
    tally: &mut Tally<G::Counter>,
) -> Result<(Verdict, Behaviour<G::Counter>), String> {
    let shape = <G::Counter as Counts<G>>::shape(instance);
    let mut behaviour = Behaviour::none();
    let mut game = Tally::default();
    let mut own = Tally::default();
    let answer = reference_answer_seen::<G>(instance, &mut game, |before, record| {
        own.clear();
        G::Counter::record(&mut own, before, record);
        let edges = G::Counter::edges(before, record);
        for &counter in G::Counter::ALL.iter().filter(|&&counter| own.count(counter) > 0) {
            behaviour.counted(counter, edges, shape);
        }
    })?;
    // What the end of the game counts has no place on the board.
    for &counter in G::Counter::ALL.iter().filter(|&&counter| game.count(counter) > 0) {
        behaviour.counted(counter, BoardEdges::default(), shape);
    }
    tally.merge(&game);
    Ok((answer, behaviour))
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::counters! {
        enum Example {
            "EX1" => { Run: "run marked", Fall: "piece fell" }
        }
    }

    #[test]
    fn a_counter_at_an_edge_is_a_feature_of_its_own_named_by_the_edge() {
        let mut shown = Behaviour::<Example>::none();
        let mut game = Behaviour::none();
        game.counted(Example::Fall, BoardEdges::of(5, 5, [(4, 2)]), Shape::Wide);
        assert_eq!(game.new_beside(&shown), 3, "reached, at the last row, on a wide board");
        assert_eq!(
            shown.add(&game),
            ["EX1 piece fell", "EX1 piece fell at the last row", "EX1 piece fell on a board wider than tall"]
        );
        let mut again = Behaviour::none();
        again.counted(Example::Fall, BoardEdges::of(5, 5, [(4, 0)]), Shape::Wide);
        assert_eq!(again.new_beside(&shown), 1, "only the first column is new");
    }
}
