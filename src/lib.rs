//! m3diff: differential fuzzing and reference checking for match-3 engines.
//!
//! For each rule set the crate knows how to generate games, run the optimized
//! engine and the literal reference side by side, compare every operation's
//! record, check the invariants of RULES.md, and explain what went wrong. It
//! knows nothing of libFuzzer: cargo-fuzz targets, proptest properties and the
//! CLI all call the same functions.

pub mod cli;
pub mod corpus;
pub mod fuzzing;
pub mod game;
pub mod oracle;
pub mod seed;
pub mod texas;

pub use game::{Checker, Difference, Game, Stats, Violation};
pub use oracle::{check_game, Failure, FailureKind};
