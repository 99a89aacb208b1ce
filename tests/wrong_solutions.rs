//! A catalogue of wrong solutions (`tests/wrong/GAME.mutants`): one-line
//! changes of an accepted solution of the kind contestants make. The test
//! set `m3diff tests` writes must fail each of them at every seed, and pass
//! the accepted solution itself and every example of `examples/against/`
//! of its game (C++, Python, JavaScript; a batch reader given the set as
//! one batch). Where g++ is on the machine (`.ci/run` installs it, and
//! python3 and node).

// Only the process helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use suites::examples::{named, of_game, Reads};
use suites::wrong::mutants;
use suites::{m3diff, text};

/// Compiles `source` into `binary`; false when g++ is missing.
fn compile(source: &str, binary: &Path) -> bool {
    let mut g = Command::new("g++");
    g.args(["-O1", "-x", "c++", "-o"]).arg(binary).arg("-").stdin(Stdio::piped()).stdout(Stdio::piped());
    let Ok(mut child) = g.stderr(Stdio::piped()).spawn() else { return false };
    use std::io::Write;
    child.stdin.take().unwrap().write_all(source.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "g++ of {}: {}", binary.display(), text(&out.stderr));
    true
}

/// The tests' inputs of `set`, in the order of their names.
fn inputs(set: &Path) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(set)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// `command` run with `input` on its standard input, its output kept.
fn run_on(command: &mut Command, input: String) -> std::process::Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A solution that stops reading early closes the pipe: not the test's error.
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    let run = child.wait_with_output().unwrap();
    writer.join().unwrap();
    run
}

/// The first test of `set` that `command` fails (a wrong answer, a crash,
/// 10 s passed), by its name; a batch reader is given each test alone.
fn first_failed(command: &[String], reads: Reads, set: &Path) -> Option<String> {
    inputs(set).into_iter().find_map(|input| {
        let answer = std::fs::read_to_string(input.with_extension("ans")).unwrap();
        let mut test = std::fs::read_to_string(&input).unwrap();
        if let Reads::Batch = reads {
            test.insert_str(0, "1\n");
        }
        let run = run_on(Command::new("timeout").arg("10").args(command).stderr(Stdio::null()), test);
        let right = run.status.success() && text(&run.stdout).trim() == answer.trim();
        (!right).then(|| input.file_name().unwrap().to_string_lossy().into_owned())
    })
}

/// The tests of `set` that `command`, a program reading a batch, answers
/// otherwise than their `.ans`, given the whole set as one batch.
fn batch_failures(command: &[String], set: &Path) -> Vec<String> {
    let inputs = inputs(set);
    let mut batch = format!("{}\n", inputs.len());
    inputs.iter().for_each(|input| batch.push_str(&std::fs::read_to_string(input).unwrap()));
    let run = run_on(Command::new(&command[0]).args(&command[1..]), batch);
    assert!(run.status.success(), "{command:?} on {}: {:?}", set.display(), run.status);
    let printed = text(&run.stdout);
    let mut answers = printed.lines();
    inputs
        .iter()
        .filter(|input| {
            let answer = std::fs::read_to_string(input.with_extension("ans")).unwrap();
            answers.next().map(str::trim) != Some(answer.trim())
        })
        .map(|input| input.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// `work` on each of `items`, the items dealt among as many threads as
/// there are cores.
fn on_every_core<T: Sync>(items: &[T], work: impl Fn(&T) + Sync) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    work(item);
                }
            });
        }
    });
}

/// `solution`, an example of `game` in `examples/against/`, and every
/// other example of the game pass the set of each of seeds 1 to 3, and
/// every mutant of the catalogue fails each of them.
fn every_mutant_fails_the_set_at_every_seed(game: &str, solution: &str) {
    let dir = tempfile::tempdir().unwrap();
    let accepted = named(solution);
    let examples: Vec<_> = of_game(game).filter_map(|example| Some((example, example.command(dir.path())?))).collect();
    if !examples.iter().any(|(example, _)| example.file == solution) {
        eprintln!("the wrong solutions of {game} are not tried");
        return;
    }
    let source = std::fs::read_to_string(accepted.source()).unwrap();
    let mutants = mutants(game);
    assert!(mutants.len() >= 20, "{game}: {} wrong solutions, the catalogue holds at least 20", mutants.len());
    let binaries: Vec<PathBuf> = mutants.iter().map(|mutant| dir.path().join(mutant.short_name())).collect();
    on_every_core(&mutants.iter().zip(&binaries).collect::<Vec<_>>(), |(mutant, binary)| {
        compile(&mutant.applied_to(&source), binary);
    });
    let mut passed = Vec::new();
    for seed in ["1", "2", "3"] {
        let set = dir.path().join(format!("set-{seed}"));
        let written = m3diff(&["tests", game, "--out", set.to_str().unwrap(), "--seed", seed], "");
        assert!(written.status.success(), "{}", text(&written.stderr));
        for (example, command) in &examples {
            let failed = match example.reads {
                Reads::One => first_failed(command, Reads::One, &set).into_iter().collect(),
                Reads::Batch => batch_failures(command, &set),
            };
            assert!(failed.is_empty(), "{game} seed {seed}: the example {} fails {failed:?}", example.file);
        }
        let passing = std::sync::Mutex::new(Vec::new());
        on_every_core(&mutants.iter().zip(&binaries).collect::<Vec<_>>(), |(mutant, binary)| {
            if first_failed(&[binary.display().to_string()], accepted.reads, &set).is_none() {
                passing.lock().unwrap().push(format!("seed {seed}: {}", mutant.name));
            }
        });
        let mut passing = passing.into_inner().unwrap();
        passing.sort();
        passed.extend(passing);
    }
    assert!(passed.is_empty(), "{game}: wrong solutions that pass the set:\n{}", passed.join("\n"));
}

#[test]
fn every_wrong_magic_door_solution_fails_the_set_at_seeds_1_to_3() {
    every_mutant_fails_the_set_at_every_seed("door", "magic_door.cpp");
}

#[test]
fn every_wrong_square_remover_solution_fails_the_set_at_seeds_1_to_3() {
    every_mutant_fails_the_set_at_every_seed("square", "square.cpp");
}

#[test]
fn every_wrong_texas_match3_solution_fails_the_set_at_seeds_1_to_3() {
    every_mutant_fails_the_set_at_every_seed("texas", "texas.cpp");
}
