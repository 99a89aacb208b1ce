//! Engine against reference on every game's bench table (`Game::benchmarks`),
//! smallest to largest: one criterion group per game and size, holding the
//! engine and the reference, so that the HTML report (target/criterion/
//! report/index.html) plots the two side by side. After the runs, a table
//! gives the reference/engine ratio of every size. `cargo bench --bench games
//! -- square` runs one game.

use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion};

mod common;

fn main() {
    let mut criterion = Criterion::default().sample_size(20).configure_from_args();
    let cases = common::cases();
    let started = std::time::SystemTime::now();
    for case in &cases {
        let mut group = criterion.benchmark_group(group_name(case));
        group.bench_function(BenchmarkId::from_parameter("engine"), |b| b.iter(&case.engine));
        group.bench_function(BenchmarkId::from_parameter("reference"), |b| b.iter(&case.reference));
        group.finish();
    }
    criterion.final_summary();
    print_ratios(&cases, started);
}

/// The time of each side, as criterion printed and saved it during this
/// run, and their ratio.
fn print_ratios(cases: &[common::Case], started: std::time::SystemTime) {
    let root = output_directory();
    let mut lines = Vec::new();
    for case in cases {
        let group = root.join(group_name(case));
        let time = |side: &str| typical_ns(&group.join(side), started);
        let (Some(engine), Some(reference)) = (time("engine"), time("reference")) else {
            continue; // filtered out of this run
        };
        lines.push(format!(
            "{:<32} {:>12} {:>12} {:>9.1}x",
            group_name(case),
            duration(engine),
            duration(reference),
            reference / engine
        ));
    }
    if !lines.is_empty() {
        println!("\n{:<32} {:>12} {:>12} {:>10}", "case", "engine", "reference", "ref/engine");
        lines.iter().for_each(|line| println!("{line}"));
    }
}

/// The case's criterion group, which is also what `cargo bench --bench games
/// -- NAME` filters on: `door-80x80-chain` (criterion would turn a `/` into
/// folders).
fn group_name(case: &common::Case) -> String {
    case.id.replace('/', "-")
}

/// Where criterion writes: `$CRITERION_HOME`, else `target/criterion`.
fn output_directory() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    target.join("criterion")
}

/// The last run's estimate as criterion prints it (`time: [low estimate
/// high]`): the slope of its linear sampling where it has one, else the mean
/// (criterion's "typical" estimate), from `new/estimates.json`, when that
/// run is this one (a filtered run leaves older estimates in place).
fn typical_ns(bench: &Path, started: std::time::SystemTime) -> Option<f64> {
    let estimates = bench.join("new/estimates.json");
    if std::fs::metadata(&estimates).and_then(|m| m.modified()).ok()? < started {
        return None;
    }
    let text = std::fs::read_to_string(estimates).ok()?;
    let estimates: serde_json::Value = serde_json::from_str(&text).ok()?;
    estimates["slope"]["point_estimate"].as_f64().or_else(|| estimates["mean"]["point_estimate"].as_f64())
}

fn duration(ns: f64) -> String {
    match ns {
        ns if ns >= 1e9 => format!("{:.2} s", ns / 1e9),
        ns if ns >= 1e6 => format!("{:.2} ms", ns / 1e6),
        ns if ns >= 1e3 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{ns:.0} ns"),
    }
}
