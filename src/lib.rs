//! m3diff: differential fuzzing and reference checking for match-3 engines.
//!
//! For each rule set the crate knows how to generate games, run the optimized
//! engine and the literal reference side by side, compare every operation's
//! record, check the invariants of docs/RULES.md, and explain what went wrong. It
//! knows nothing of libFuzzer: cargo-fuzz targets, proptest properties and the
//! CLI all call the same functions. A game plugs in by implementing
//! [`Game`] and taking a line in the registry, [`games`].
//!
//! # Layout
//!
//! `src/` is seven parts, a folder each, lowest first; a part uses only the
//! parts below it (`tests/module_cycles.rs` holds it to that), and each
//! part's `mod.rs` says what it is for:
//!
//! | part | what it holds | may use |
//! |---|---|---|
//! | [`process`] | the machinery of any command-line tool: files written whole, bounded input, signals, seeds, hashes, time spent, numbers in prose | nothing of the crate |
//! | [`kit`] | the pieces games are built from, knowing no game: gravity order, runs of one colour, conservation, bit sets, edge draws, following a game, boards rendered as text and as pictures | `process` |
//! | [`game`] | the game contract: [`Game`], [`Rulebook`] and the parts a game writes, the knobs' vocabulary, rule-coverage counters, verdicts, violations and differences | `kit`, `process` |
//! | [`check`] | checking one game: the oracle, the field-by-field diff, the shrinker, planted engines, the failure page | `game`, `kit`, `process` |
//! | [`games`] | the registry and the games, a folder each (`games/texas/` ...), which use no other game's | `check`, `game`, `kit`, `process` |
//! | [`runs`] | what runs many games: campaigns, `--against` programs, the test setter, the regression shelf, the corpus, triage, the cargo-fuzz entry points | everything below |
//! | [`cli`] | the command line | everything |
//!
//! A new game is a folder in `games/` and a line of the registry
//! (`games/mod.rs`); README.md, "Adding a game", walks through it.
//!
//! # Words
//!
//! The rule book's words (run, special, round, stage, beam, merge ...) are
//! defined in docs/RULES.md. The harness's own:
//!
//! - **game**: a rule set, one line of the registry; **instance**: one
//!   input of it in the statement's format, with its **operations** (swaps,
//!   moves, commands), each made of **steps** (Texas's rounds, Magic Door's
//!   stages).
//! - **engine**, **reference**: the two implementations of a game, the
//!   optimized one and the literal one, each a `Stepper`. Stepping one
//!   through an operation gives its **record**; a finished game its
//!   **outcome**, which the contest's checker turns into a **verdict** (the
//!   **answer**, or a refusal).
//! - **oracle**: steps both sides through an instance and compares their
//!   records; a **difference** is where two records first part. The
//!   **checker** holds each record to the **invariants** (conservation,
//!   gravity, score book ...); a broken one is a **violation**.
//! - **counter**: one rule's case, counted in a **tally** whenever a record
//!   exercises it; the **coverage table** prints the tally and names each
//!   counter never reached.
//! - **knobs**: a game's generator settings (`m3diff gen`'s options, the
//!   game's `Knobs`); **size**: how large a game the generator makes where
//!   the knobs leave it open; **draw**: to sample at random (a game, a
//!   field, a seed); **edge**: a field drawn at a bound, on purpose; an
//!   **edge game**: knobs that draw every game at one edge (the largest
//!   board, the longest game), which a fuzz input selects by its first byte.
//! - **render**: to write a board, a record or a game as text for people
//!   (`render`, each game's `Trace`); a **trace** is a game rendered
//!   operation by operation.
//! - **rule case**: a hand-made game pinning one rule, kept as data in
//!   `corpus/<game>/` with its answer and its records snapshot.
//! - **case**: one generated instance, from its **seed**; **campaign**: many
//!   cases on every core until the time or the cases run out (`m3diff
//!   fuzz`).
//! - **shrink**: from a failing case, the smallest **candidate** that fails
//!   the same way (its **kind**); its **measure** is its length in the
//!   format. A shrunk case kept with its report is a **regression**, kept on
//!   the **shelf**, `corpus/<game>/regressions/`.
//! - **statement**: the contest's bounds; a game **beyond** it uses this
//!   project's extensions, which `--against` never gives a **program** (an
//!   outside solution checked against the reference).
//! - **test set**: what `m3diff tests` writes for a judge: **coverage
//!   tests**, chosen for the counters they reach, and **max tests**, at the
//!   statement's bounds.

pub mod check;
pub mod cli;
pub mod game;
pub mod games;
pub mod kit;
pub mod process;
pub mod runs;

pub use check::oracle::{check_game, check_game_with, Failure, FailureKind};
pub use game::coverage::{RuleCounter, Tally};
pub use game::{
    invariant, Benchmark, Beyond, Checks, Counts, Difference, EdgeGame, Game, Generator, MaxTest, Renders, Rulebook,
    Size, Verdict, Violation,
};
/// The model's rule-set vocabulary, whose `parse` and `operations` every
/// game has.
pub use m3_model::Rules;
