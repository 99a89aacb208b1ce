//! `solve` allocates at the start only: counted by the test binary's
//! allocator (`crate::counting`).

use m3_model::triple::{Instance, Rejection};

use super::games::{random_game, Lcg, Shape};
use crate::counting;
use crate::triple::solve;

/// Allocations `solve(instance)` makes on this thread, and its answer.
fn allocations(instance: &Instance) -> (usize, Result<i64, Rejection>) {
    let before = counting::allocations();
    let answer = solve(instance);
    (counting::allocations() - before, answer)
}

#[test]
fn solve_allocates_nothing_per_command_or_merge() {
    let mut rng = Lcg(7);
    let mut merges = 0;
    for _ in 0..4 {
        let shape = Shape {
            rows: 40,
            cols: 40,
            levels: 5,
            empty_per_mille: 400,
            stars: 200,
            bombs: 500,
            tiles: 2_000,
            commands: 2_500,
            refused_per_mille: 0,
            end_per_mille: 0,
        };
        let (instance, records) = random_game(&mut rng, shape);
        let quiet = Instance { commands: Vec::new(), ..instance.clone() };
        let (at_start, _) = allocations(&quiet);
        let (played, answer) = allocations(&instance);
        assert_eq!(played, at_start, "solve allocated while playing to {answer:?}");
        assert!(answer.is_ok());
        merges += records.iter().map(|record| record.merges.len()).sum::<usize>();
    }
    // The games must merge, or the count tells nothing.
    assert!(merges > 2_000, "the games were too quiet to tell: {merges} merges");
}
