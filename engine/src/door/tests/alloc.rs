//! `solve` allocates at the start only: counted by the test binary's
//! allocator (`crate::counting`).

use m3_model::door::Instance;

use super::games::{Lcg, Shape};
use crate::counting;
use crate::door::solve;

/// Allocations `solve(instance)` makes on this thread, and its answer.
fn allocations(instance: &Instance) -> (usize, i64) {
    let before = counting::allocations();
    let answer = solve(instance);
    (counting::allocations() - before, answer)
}

#[test]
fn solve_allocates_nothing_per_swap_or_stage() {
    let mut rng = Lcg(7);
    let mut busiest = 0;
    for _ in 0..6 {
        let shape = Shape {
            rows: 80,
            cols: 80,
            colours: 3,
            bombs_per_mille: 50 + rng.below(200),
            vibranium_per_mille: 20,
            swaps: 6,
            unsettled_per_mille: 0,
        };
        let (instance, _) = super::games::random_game(&mut rng, shape);
        let quiet = Instance { board: instance.board.clone(), swaps: Vec::new() };
        let (at_start, _) = allocations(&quiet);
        let (played, answer) = allocations(&instance);
        assert_eq!(played, at_start, "solve allocated while playing {answer} cells away");
        busiest = busiest.max(answer);
    }
    assert!(busiest > 1_000, "the games were too quiet to tell: {busiest}");
}
