//! m3diff: differential fuzzing and reference checking for match-3 engines.
//!
//! For each rule set the crate knows how to generate games, run the optimized
//! engine and the literal reference side by side, compare every operation's
//! record, check the invariants of docs/RULES.md, and explain what went wrong. It
//! knows nothing of libFuzzer: cargo-fuzz targets, proptest properties and the
//! CLI all call the same functions. A game plugs in by implementing
//! [`Game`] and taking a line in the registry, [`games`].

pub mod against;
pub mod campaign;
pub mod cli;
pub mod conservation;
pub mod corpus;
pub mod coverage;
pub mod diff;
pub mod door;
pub mod draw;
pub mod edges;
pub mod files;
pub mod following;
pub mod fuzzing;
pub mod game;
pub mod games;
pub mod gravity;
pub mod hash;
pub mod input;
pub mod interrupt;
pub mod knobs;
pub mod one_colour;
pub mod oracle;
pub mod planted;
pub mod regression;
pub mod seed;
pub mod setter;
pub mod shrink;
pub mod spent;
pub mod square;
pub mod texas;
pub mod triage;
pub mod triple;
pub mod word_bits;
pub mod words;

pub use coverage::{Counter, Tally};
pub use game::{
    invariant, Benchmark, Beyond, Checker, Counting, Difference, Game, Generator, MaxTest, Rulebook, Size, Trace,
    Verdict, Violation,
};
pub use oracle::{check_game, check_game_with, Failure, FailureKind};
