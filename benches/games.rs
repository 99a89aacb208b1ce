//! Engine against reference on every game's bench table (`Game::benchmarks`),
//! smallest to largest, one criterion group per game: `cargo bench --bench
//! games -- texas` runs one game.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use m3diff::games::{self, Visitor};
use m3diff::oracle::play;
use m3diff::Game;

/// One game's group: each instance through the engine's quiet path and
/// through the reference.
struct Bench<'a>(&'a mut Criterion);

impl Visitor for Bench<'_> {
    type Output = ();

    fn visit<G: Game>(self) {
        let mut group = self.0.benchmark_group(G::NAME);
        group.sample_size(20);
        for (name, instance) in G::benchmarks() {
            group.bench_with_input(BenchmarkId::new("engine", name), &instance, |b, i| b.iter(|| G::solve(i)));
            group.bench_with_input(BenchmarkId::new("reference", name), &instance, |b, i| {
                b.iter(|| G::answer(&play::<G, G::Reference>(i).1))
            });
        }
        group.finish();
    }
}

fn every_game(c: &mut Criterion) {
    for name in games::NAMES {
        games::visit(name, Bench(c));
    }
}

criterion_group!(benches, every_game);
criterion_main!(benches);
