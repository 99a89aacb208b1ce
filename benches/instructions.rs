//! Instruction counts of every game's engine on its bench table, and of one
//! seeded case through the whole harness, under valgrind (gungraun): unlike
//! wall-clock time, the count is the same on every run of the same binary,
//! so CI can gate on it. `cargo perf-gate` runs this bench and compares the
//! counts with `benches/instructions.baseline`; see benches/README.md. The
//! n-th bench (`case_N`) is the n-th of `m3diff::games::gate_ids()`.

use std::hint::black_box;

use gungraun::{library_benchmark, library_benchmark_group, main};

mod common;

/// Builds what case `id` counts, outside the count.
fn counted(id: String) -> Box<dyn Fn() -> String> {
    common::counted(&id)
}

#[library_benchmark]
#[benches::case(iter = m3diff::games::gate_ids(), setup = counted)]
fn count(run: Box<dyn Fn() -> String>) -> String {
    black_box(run())
}

library_benchmark_group!(name = gate, benchmarks = [count]);

main!(library_benchmark_groups = gate);
