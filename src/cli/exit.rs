//! The exit codes every command shares. 1 says "look at what was printed"
//! and 2 "the command could not do its job", as diff, grep and cmp do. A
//! failure found (check, fuzz, shrink, triage) and a refused verdict (solve)
//! share 1 on purpose: no command can give both, and a script around either
//! tests for 0 against 1.
//!
//! A module of their own, not `mod.rs`, so that the commands use them
//! without importing their parent, which calls them.

/// Exit code of a run where the implementations disagree or break an
/// invariant.
pub const EXIT_FAILURE_FOUND: u8 = 1;
/// Exit code of `solve` when the checker refuses the player's operations
/// (the verdict is printed all the same).
pub const EXIT_REFUSED: u8 = 1;
/// Exit code for input or arguments that make no sense.
pub const EXIT_BAD_INPUT: u8 = 2;
