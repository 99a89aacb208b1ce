//! The example programs of `examples/against/` (README, "Many cases a
//! run, every operation compared"), each run by m3diff in the batch form
//! with its per-operation lines, where its compiler or interpreter is on
//! the machine (`.ci/run` installs them): each answers, and prints after
//! each operation, what the reference does.

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::Path;
use std::process::Command;

use m3_model::door::MagicDoor;
use m3_model::square::SquareRemover;
use m3diff::Game;
use suites::against::script;
use suites::{m3diff, text};

/// The command that runs `examples/against/<game>.<extension>`, compiled
/// into `dir` where it must be; `None` when its tool is missing.
fn example(dir: &Path, game: &str, extension: &str) -> Option<String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/against/{game}.{extension}"));
    let tool = match extension {
        "cpp" => "g++",
        "py" => "python3",
        _ => "node",
    };
    if Command::new(tool).arg("--version").output().is_err() {
        eprintln!("{tool} is not on PATH: {} is not tried", source.display());
        return None;
    }
    if tool != "g++" {
        return Some(format!("{tool} {}", source.display()));
    }
    let binary = dir.join(game);
    let mut compile = Command::new("g++");
    compile.args(["-O2", "-Wall", "-Wextra", "-Werror", "-o"]).arg(&binary).arg(&source);
    let compiled = compile.output().expect("g++ runs");
    assert!(compiled.status.success(), "g++ {}: {}", source.display(), text(&compiled.stderr));
    Some(binary.display().to_string())
}

/// A campaign of `cases` cases against each example of game `G`, in
/// batches of `batch` with their per-operation lines.
fn every_example_agrees<G: Game>(cases: u64, batch: u64) {
    for extension in ["cpp", "py", "js"] {
        let dir = tempfile::tempdir().unwrap();
        let Some(command) = example(dir.path(), G::NAME, extension) else { continue };
        // Through a script, since `--against` runs no shell: the words of
        // the command and the program's own flag.
        let program = script(dir.path(), "example", &format!("exec {command} --per-operation"));
        let (program, keep) = (program.display().to_string(), dir.path().join("found").display().to_string());
        let (cases, batch) = (cases.to_string(), batch.to_string());
        let args = ["fuzz", "--game", G::NAME, "--cases", &cases, "--seed", "11", "--jobs", "2", "--size", "mixed"];
        let out = m3diff(
            &[&args[..], &["--batch", &batch, "--per-operation", "--against", &program, "--keep", &keep]].concat(),
            "",
        );
        let printed = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{}.{extension}: {printed}", G::NAME);
        let agreed = format!("the program answered all {cases} cases as the reference does");
        assert!(printed.contains(&agreed), "{}.{extension}: {printed}", G::NAME);
    }
}

#[test]
fn md7_each_magic_door_example_answers_and_counts_each_swap_as_the_reference_does() {
    every_example_agrees::<MagicDoor>(400, 100);
}

#[test]
fn sr2_each_squareremover_example_answers_and_counts_each_moves_squares_as_the_reference_does() {
    every_example_agrees::<SquareRemover>(12, 6);
}
