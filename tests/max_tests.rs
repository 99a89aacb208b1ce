//! The max tests a judge writes for each game (`Generator::max_tests`):
//! every one draws, lies inside the statement and reads back from its text,
//! each has a name of its own, and each game's list reaches the statement's
//! largest sides and its extremes of colour and length.

use std::collections::HashSet;
use std::sync::OnceLock;

use m3diff::games::{visit_all, Visitor};
use m3diff::{Game, Generator};

/// Each max test's dimensions (`Rulebook::dimensions`) at the seeds of a
/// test set, after checking it is one a contest solution reads.
#[derive(Clone)]
struct Rendered;

impl Visitor for Rendered {
    type Output = (&'static str, Dimensions);

    fn visit<G: Game>(self) -> Self::Output {
        let tests = <G::Knobs as Generator<G>>::max_tests();
        assert!((6..=12).contains(&tests.len()), "{}: {} max tests", G::NAME, tests.len());
        let mut names = HashSet::new();
        let mut dimensions = Vec::new();
        for test in &tests {
            assert!(names.insert(test.name), "{}: two max tests are called {:?}", G::NAME, test.name);
            for seed in [1, 2] {
                let instance = test.instance(seed).unwrap_or_else(|error| panic!("{}: {error}", test.name));
                if let Some(beyond) = G::beyond_statement(&instance) {
                    panic!("{} {:?} at seed {seed} is beyond the statement: {beyond}", G::NAME, test.name);
                }
                let text = instance.to_string();
                let read = G::parse(&text).unwrap_or_else(|error| panic!("{} {:?}: {error}", G::NAME, test.name));
                assert!(read.to_string() == text, "{} {:?} does not read back as itself", G::NAME, test.name);
                dimensions.push(G::dimensions(&instance));
            }
        }
        (G::NAME, dimensions)
    }
}

type Dimensions = Vec<Vec<(&'static str, usize)>>;

/// Every game's max tests, drawn once for all the tests of this file.
fn every_game() -> &'static [(&'static str, Dimensions)] {
    static DRAWN: OnceLock<Vec<(&'static str, Dimensions)>> = OnceLock::new();
    DRAWN.get_or_init(|| visit_all(&Rendered))
}

fn dimensions(game: &str) -> &'static Dimensions {
    every_game()
        .iter()
        .find(|(name, _)| *name == game)
        .map(|(_, dimensions)| dimensions)
        .expect("a game of the registry")
}

/// Whether some max test has every one of `wanted` (a dimension's name and
/// its value).
fn reaches(tests: &[Vec<(&'static str, usize)>], wanted: &[(&str, usize)]) -> bool {
    tests.iter().any(|test| wanted.iter().all(|want| test.iter().any(|(name, value)| (*name, *value) == *want)))
}

#[test]
fn every_max_test_of_every_game_draws_within_the_statement_under_a_name_of_its_own() {
    // The per-game tests below read each game's list; this one reaches every
    // game of the registry, one added later included.
    let drawn: Vec<&str> = every_game().iter().map(|(name, _)| *name).collect();
    assert_eq!(drawn, m3diff::games::NAMES);
}

/// TX1: 1 <= n, m <= 50, 1 <= k <= 100, 1 <= q <= 1000, and the one-wide
/// boards the statement allows.
#[test]
fn tx1_the_texas_max_tests_reach_n_m_50_k_100_q_1000_and_one_wide_boards() {
    let tests = dimensions("texas");
    assert!(reaches(tests, &[("rows", 50), ("columns", 50), ("operations", 1000)]));
    assert!(reaches(tests, &[("rows", 50), ("columns", 50), ("colours in play", 100)]));
    assert!(reaches(tests, &[("rows", 50), ("columns", 1)]) && reaches(tests, &[("rows", 1), ("columns", 50)]));
}

/// SR1: 8 <= N <= 16, 4 <= colors <= 6, M = 10,000.
#[test]
fn sr1_the_squareremover_max_tests_reach_n_8_and_16_with_4_and_6_colours() {
    let tests = dimensions("square");
    for (side, colours) in [(16, 4), (16, 6), (8, 4), (8, 6)] {
        assert!(reaches(tests, &[("side", side), ("colours", colours), ("moves", 10_000)]), "{side}, {colours}");
    }
}

/// MD1: 3 <= m, n <= 80, regular gems of colours 1 to 9.
#[test]
fn md1_the_magic_door_max_tests_reach_80x80_with_the_most_colours_and_the_fewest_and_3_wide_grids() {
    let tests = dimensions("door");
    assert!(reaches(tests, &[("rows", 80), ("columns", 80), ("colours in play", 9)]));
    assert!(reaches(tests, &[("rows", 80), ("columns", 80), ("colours in play", 2)]));
    assert!(reaches(tests, &[("rows", 80), ("columns", 3)]) && reaches(tests, &[("rows", 3), ("columns", 80)]));
}

/// TT1: the format's largest map and longest build sequence.
#[test]
fn tt1_the_triple_town_max_tests_reach_the_100x100_map_and_100000_tiles() {
    let tests = dimensions("triple");
    assert!(reaches(tests, &[("rows", 100), ("columns", 100), ("build sequence", 100_000)]));
    assert!(reaches(tests, &[("rows", 100), ("columns", 1)]) && reaches(tests, &[("rows", 1), ("columns", 100)]));
}
