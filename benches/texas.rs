//! Engine against reference on fixed generated Texas Match-3 games, from a
//! small board to the largest the statement allows.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use m3_model::texas::{Instance, Texas};
use m3diff::texas::Shape;
use m3diff::{Game, Size};

/// Fixed seeds, so every run measures the same games. The 50x50 games ask for
/// a valid swap every time: a board of 2500 pieces takes about 400 before
/// none is left (each removes 3 or more), and the rest of the 1000 are
/// invalid. Specials clear such a board fast, so the largest case has none
/// and a second one has 1%.
fn cases() -> Vec<(&'static str, Instance)> {
    let shape = |rows, cols, colours, operations, special_percent, valid_percent| Shape {
        size: Size::Mixed,
        rows: Some(rows),
        cols: Some(cols),
        colours: Some(colours),
        operations: Some(operations),
        special_percent: Some(special_percent),
        valid_percent: Some(valid_percent),
    };
    let draw = |seed, shape: Shape| m3diff::seed::with_seed(seed, |u| <Texas as Game>::generate(u, &shape)).unwrap();
    vec![
        ("8x8-q32", draw(1, shape(8, 8, 5, 32, 5, 90))),
        ("20x20-q200", draw(2, shape(20, 20, 6, 200, 2, 90))),
        ("50x50-q1000", draw(3, shape(50, 50, 8, 1000, 0, 100))),
        ("50x50-q1000-specials", draw(3, shape(50, 50, 8, 1000, 1, 100))),
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
