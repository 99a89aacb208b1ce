//! Instruction counts of every game's engine on its bench table, under
//! valgrind (gungraun): unlike wall-clock time, the count is the same on
//! every run of the same binary, so CI can gate on it. `cargo perf-gate`
//! runs this bench and compares the counts with
//! `benches/instructions.baseline`; see benches/README.md. The n-th bench is
//! the n-th of `m3diff::games::benchmark_ids()`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};

mod common;

/// Builds the case `id` outside the count.
fn case(id: String) -> common::Case {
    common::case(&id)
}

#[library_benchmark]
#[benches::engine(iter = m3diff::games::benchmark_ids(), setup = case)]
fn solve(case: common::Case) -> String {
    black_box((case.engine)())
}

library_benchmark_group!(name = engines, benchmarks = [solve]);

main!(library_benchmark_groups = engines);
