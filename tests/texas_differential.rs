//! Engine against reference on generated games: a proptest property that
//! shrinks what fails, and a seeded smoke test that fails when the generator
//! stops producing games worth running.

use m3_model::texas::Texas;
use m3diff::texas::{generate, Shape, TexasStats};
use m3diff::Game;
use proptest::prelude::*;

proptest! {
    // 256 cases unless PROPTEST_CASES says otherwise.
    #[test]
    fn engine_agrees_with_reference(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        let mut u = arbitrary::Unstructured::new(&bytes);
        let instance = generate::<m3_engine::texas::Game>(&mut u, &Shape::default()).unwrap();
        let result = m3diff::check_game::<Texas>(&instance, &mut TexasStats::default());
        prop_assert!(result.is_ok(), "{}\ninstance:\n{instance}", result.unwrap_err());
    }
}

/// The seeded games of this test: `M3DIFF_SEED` moves them.
fn first_seed() -> u64 {
    std::env::var(m3diff::seed::SEED_VARIABLE).ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[test]
fn generator_keeps_producing_interesting_games() {
    let seed = first_seed();
    let stats: TexasStats = m3diff::fuzzing::seeded_stats::<Texas>(seed, 400, &Shape::default()).unwrap();
    let valid_share = stats.valid as f64 / stats.operations as f64;
    let checks = [
        ("most operations are valid", (0.6..0.95).contains(&valid_share)),
        ("every kind of invalid operation occurs", stats.invalid.iter().all(|&n| n > 0)),
        ("valid operations often chain", stats.chains * 20 >= stats.valid),
        ("specials are triggered", stats.specials_triggered * 10 >= stats.valid),
        ("hands are scored", stats.hands > 0),
        ("some boards are cleared", stats.boards_cleared * 50 >= stats.games),
    ];
    let failed: Vec<&str> = checks.iter().filter(|(_, ok)| !ok).map(|(what, _)| *what).collect();
    assert!(failed.is_empty(), "from seed {seed}: not true that {failed:?}\n{stats}");
}

#[test]
fn every_size_generates_runnable_games() {
    use m3diff::Size;
    for size in [Size::Small, Size::Mixed, Size::Max] {
        let shape = Shape { size, ..Shape::default() };
        let games = if size == Size::Max { 1 } else { 50 };
        let stats = m3diff::fuzzing::seeded_stats::<Texas>(first_seed(), games, &shape).unwrap();
        assert!(stats.valid > 0, "{size:?}: {stats}");
        if size == Size::Max {
            assert_eq!(stats.operations, 1000, "{stats}");
        }
    }
}

#[test]
fn seeded_generation_is_reproducible() {
    let draw = |seed| m3diff::seed::with_seed(seed, |u| <Texas as Game>::generate(u, &Shape::default())).unwrap();
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
}
