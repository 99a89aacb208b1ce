//! The engines' quiet path allocates when a game starts, never per
//! operation: each test binary's allocator counts, per thread, every
//! allocation made (a binary has one global allocator, so this is it).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use m3diff::Game;

struct Counts;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn tally() {
    // `try_with`: a thread being torn down has no counter left.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counts {
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
static COUNTING: Counts = Counts;

/// Allocations `G::solve(instance)` (the engine's quiet path) makes on this
/// thread.
fn allocations<G: Game>(instance: &G::Instance) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    std::hint::black_box(G::solve(instance));
    ALLOCATIONS.with(Cell::get) - before
}

/// Every bench case, the busiest games the generator is asked for, costs
/// the quiet path as many allocations as the same start with no operation
/// (`Game::opening`).
pub fn solve_allocates_at_the_start_only<G: Game>() {
    for benchmark in G::benchmarks() {
        let instance = benchmark.instance();
        let operations = G::operations(&instance).len();
        assert!(operations > 0, "{}/{}: a bench case with no {} tells nothing", G::NAME, benchmark.name, G::OPERATION);
        let (played, at_start) = (allocations::<G>(&instance), allocations::<G>(&G::opening(&instance)));
        assert_eq!(
            played,
            at_start,
            "{}/{}: solve allocated {} times over {operations} {}s, {at_start} times with none",
            G::NAME,
            benchmark.name,
            played,
            G::OPERATION
        );
    }
}
