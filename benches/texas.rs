//! Engine against reference on fixed generated Texas Match-3 games, from a
//! small board to the largest the statement allows.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use m3_model::texas::{Instance, Texas};
use m3diff::texas::{Shape, Size};
use m3diff::Game;

/// (name, seed, shape): fixed seeds, so every run measures the same games.
fn cases() -> Vec<(&'static str, Instance)> {
    let shape = |rows, cols, colours, operations| Shape {
        size: Size::Mixed,
        rows: Some(rows),
        cols: Some(cols),
        colours: Some(colours),
        operations: Some(operations),
        special_percent: Some(5),
        valid_percent: Some(90),
    };
    let draw = |seed, shape: Shape| m3diff::seed::with_seed(seed, |u| <Texas as Game>::generate(u, &shape)).unwrap();
    vec![
        ("8x8-q32", draw(1, shape(8, 8, 5, 32))),
        ("20x20-q200", draw(2, shape(20, 20, 6, 200))),
        ("50x50-q1000", draw(3, Shape { special_percent: Some(2), ..shape(50, 50, 8, 1000) })),
    ]
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("texas-solve");
    group.sample_size(20);
    for (name, instance) in cases() {
        group.throughput(Throughput::Elements(instance.swaps.len() as u64));
        group.bench_with_input(BenchmarkId::new("engine", name), &instance, |b, i| {
            b.iter(|| m3_engine::texas::solve(i))
        });
        group.bench_with_input(BenchmarkId::new("reference", name), &instance, |b, i| {
            b.iter(|| m3_reference::texas::solve(i))
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
