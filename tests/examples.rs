//! The example programs of `examples/against/` (README, "Many cases a
//! run, every operation compared"), each run by m3diff where its compiler
//! or interpreter is on the machine (`.ci/run` installs them): those that
//! read a batch in the batch form with their per-operation lines, those
//! that read one instance a case at a time. Each answers, and prints after
//! each operation, what the reference does.

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::Path;

use m3_model::door::MagicDoor;
use m3_model::square::SquareRemover;
use m3_model::texas::Texas;
use m3_model::triple::TripleTown;
use m3diff::Game;
use suites::against::script;
use suites::examples::{of_game, Reads, EXAMPLES};
use suites::{m3diff, text};

/// A campaign of `cases` cases against each example of game `G`, those
/// reading a batch given batches of `batch` with their per-operation lines.
fn every_example_agrees<G: Game>(cases: u64, batch: u64) {
    // A player has no answer to agree on: it plays, and is accepted when it
    // scores at least the judge's commands, which a greedy player does on
    // the sets (tests/wrong_solutions.rs, tests/package.rs) but not on
    // every game drawn.
    for example in of_game(G::NAME).filter(|example| example.reads != Reads::Player) {
        let dir = tempfile::tempdir().unwrap();
        let Some(command) = example.command(dir.path()) else { continue };
        let (cases, batch) = (cases.to_string(), batch.to_string());
        let mut args =
            vec!["fuzz", "--game", G::NAME, "--cases", &cases, "--seed", "11", "--jobs", "2", "--size", "mixed"];
        // Through a script, since `--against` runs no shell: the words of
        // the command and the program's own flag.
        let mut body = format!("exec {}", command.join(" "));
        if example.reads == Reads::Batch {
            args.extend(["--batch", &batch, "--per-operation"]);
            body.push_str(" --per-operation");
        }
        let program = script(dir.path(), "example", &body);
        let (program, keep) = (program.display().to_string(), dir.path().join("found").display().to_string());
        let out = m3diff(&[&args[..], &["--against", &program, "--keep", &keep]].concat(), "");
        let printed = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{}: {printed}", example.file);
        let agreed = format!("the program answered all {cases} cases as the reference does");
        assert!(printed.contains(&agreed), "{}: {printed}", example.file);
    }
}

#[test]
fn every_program_of_examples_against_is_listed_with_its_game() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/against");
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = EXAMPLES.iter().map(|example| example.file.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn md7_each_magic_door_example_answers_and_counts_each_swap_as_the_reference_does() {
    every_example_agrees::<MagicDoor>(400, 100);
}

#[test]
fn sr2_each_squareremover_example_answers_and_counts_each_moves_squares_as_the_reference_does() {
    every_example_agrees::<SquareRemover>(12, 6);
}

#[test]
fn tx12_the_texas_example_answers_as_the_reference_does() {
    every_example_agrees::<Texas>(400, 100);
}

#[test]
fn tt7_the_triple_town_example_answers_and_names_the_refused_line_as_the_reference_does() {
    every_example_agrees::<TripleTown>(400, 100);
}
