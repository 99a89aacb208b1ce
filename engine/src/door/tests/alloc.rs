//! `solve` allocates at the start only: counted by a global allocator that
//! tallies, per thread, every allocation this test binary makes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use m3_model::door::Instance;

use super::games::{Lcg, Shape};
use crate::door::solve;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn tally() {
    // `try_with`: a thread being torn down has no counter left.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tally();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tally();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        tally();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Allocations `solve(instance)` makes on this thread, and its answer.
fn allocations(instance: &Instance) -> (usize, i64) {
    let before = ALLOCATIONS.with(Cell::get);
    let answer = solve(instance);
    (ALLOCATIONS.with(Cell::get) - before, answer)
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
