//! A catalogue of wrong solutions (`tests/wrong/GAME.mutants`): one-line
//! changes of an accepted solution of the kind contestants make. The test
//! set `m3diff tests` writes must fail each of them at every seed, and pass
//! the accepted solution itself and every example of `examples/against/`
//! of its game (C++, Python, JavaScript; a batch reader given the set as
//! one batch). Then `tests --wrong` and `--accepted`: a wrong solution the
//! set passes gets a hack that fails it, one nothing fails is named, and
//! the accepted ones' times give the time limit. Where g++ is on the
//! machine (`.ci/run` installs it, and python3 and node).

// Only the process helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use suites::examples::{named, of_game, Reads};
use suites::wrong::mutants;
use suites::{m3diff, m3diff_with_env, text};

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

/// The test `input` as a solution reads it, and the answer it must give.
/// A Triple Town test's commands (`NN.commands`) follow its map, as
/// `--against` gives them, so the line its answer names within the
/// commands is that many lines further on.
fn test_and_answer(input: &Path) -> (String, String) {
    let mut test = std::fs::read_to_string(input).unwrap();
    let answer = std::fs::read_to_string(input.with_extension("ans")).unwrap().trim().to_string();
    let Ok(commands) = std::fs::read_to_string(input.with_extension("commands")) else { return (test, answer) };
    let map_lines = test.lines().count();
    test.push_str(&commands);
    let answer = match answer.strip_prefix("invalid: line ").and_then(|rest| rest.split(':').next()) {
        Some(line) => format!("invalid: line {}", line.parse::<usize>().unwrap() + map_lines),
        None => answer,
    };
    (test, answer)
}

/// Whether `printed` gives `answer` as `--against` judges it: the same
/// text, or for a refused command its line, whatever reason follows.
fn gives(printed: &str, answer: &str) -> bool {
    let printed = printed.trim();
    match printed.strip_prefix(answer) {
        Some(rest) => rest.is_empty() || (answer.starts_with("invalid: line ") && rest.starts_with(':')),
        None => false,
    }
}

/// The first test of `set` that `command` fails (a wrong answer, a crash,
/// 10 s passed), by its name; a batch reader is given each test alone.
fn first_failed(command: &[String], reads: Reads, set: &Path) -> Option<String> {
    inputs(set).into_iter().find_map(|input| {
        let (mut test, answer) = test_and_answer(&input);
        if let Reads::Batch = reads {
            test.insert_str(0, "1\n");
        }
        let run = run_on(Command::new("timeout").arg("10").args(command).stderr(Stdio::null()), test);
        let right = run.status.success() && gives(&text(&run.stdout), &answer);
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
    // A player is judged by the output validator, not against the set's
    // answers: `a_triple_town_player_passes_the_set_and_one_that_swaps_row_and_column_fails_it`
    // tries it.
    let examples: Vec<_> = of_game(game)
        .filter(|example| example.reads != Reads::Player)
        .filter_map(|example| Some((example, example.command(dir.path())?)))
        .collect();
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
                Reads::Player => unreachable!("players are left out above"),
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

#[test]
fn every_wrong_triple_town_solution_fails_the_set_at_seeds_1_to_3() {
    every_mutant_fails_the_set_at_every_seed("triple", "triple.cpp");
}

/// Magic Door's solution with rows and columns mixed up where a column's
/// gems fall: right on every square board, wrong on any other (a crash on
/// one wider than tall), as contestants' bugs hang on the board's shape.
fn square_fall(source: &str) -> String {
    let (line, wrong) = ("        int bottom = rows - 1;\n", "        int bottom = cols - 1;\n");
    assert_eq!(source.matches(line).count(), 1, "the line square_fall changes is in the solution once");
    source.replacen(line, wrong, 1)
}

fn magic_door_solution() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/against/magic_door.cpp")).unwrap()
}

#[test]
fn a_wrong_solution_the_set_passes_gets_a_hack_that_fails_it() {
    let dir = tempfile::tempdir().unwrap();
    let source = square_fall(&magic_door_solution());
    let binary = dir.path().join("square_fall");
    if !compile(&source, &binary) {
        eprintln!("g++ is not on PATH: tests --wrong is not tried");
        return;
    }
    let wrong = dir.path().join("square_fall.cpp");
    std::fs::write(&wrong, &source).unwrap();
    let set = dir.path().join("set");
    // One test: the first max test, a square board, which the wrong one passes.
    let args = ["tests", "door", "--out", set.to_str().unwrap(), "--seed", "1", "--count", "1"];
    let written = m3diff(&[&args[..], &["--wrong", wrong.to_str().unwrap(), "--hunt-time", "30s"]].concat(), "");
    let stderr = text(&written.stderr);
    assert!(written.status.success(), "{stderr}");
    assert!(stderr.contains("square_fall.cpp passes every test: hunting"), "{stderr}");
    assert_eq!(inputs(&set).len(), 2, "the test chosen and the hack");
    assert_eq!(
        first_failed(&[binary.display().to_string()], Reads::One, &set).as_deref(),
        Some("02.in"),
        "the wrong solution passes the test chosen and fails the hack, run again here"
    );
    let readme = std::fs::read_to_string(set.join("README.md")).unwrap();
    assert!(readme.contains(" | hack: fails square_fall.cpp ("), "{readme}");
    assert!(readme.contains("| square_fall.cpp | 02, a hack |"), "{readme}");
    assert!(readme.contains("Test 02 is a hack") && readme.contains("the set holds 2 tests, 1 of them chosen"));
    let summary = text(&written.stdout);
    assert!(summary.contains("wrong square_fall.cpp: fails test 02, a hack ("), "{summary}");
}

#[test]
fn accepted_solutions_times_give_the_time_limit_and_a_failing_accepted_or_an_uncaught_wrong_one_is_named() {
    let has = |tool: &str| Command::new(tool).arg("--version").output().is_ok_and(|out| out.status.success());
    if !has("g++") || !has("python3") {
        eprintln!("g++ or python3 is not on PATH: tests --accepted is not tried");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let source = magic_door_solution();
    let accepted = dir.path().join("accepted.cpp");
    // A right solution given as a wrong one, no case fails it: the
    // reference's, run as SRC=CMD, which builds nothing.
    let not_wrong = dir.path().join("not_wrong.cpp");
    let zero = dir.path().join("zero.py");
    std::fs::write(&accepted, &source).unwrap();
    std::fs::write(&not_wrong, &source).unwrap();
    std::fs::write(&zero, "print(0)\n").unwrap();
    let package = dir.path().join("door");
    let path = |path: &Path| path.to_str().unwrap().to_string();
    let reference = format!("{}='{}' solve door", path(&not_wrong), env!("CARGO_BIN_EXE_m3diff"));
    let args = ["tests", "door", "--out", &path(&package), "--package", "--seed", "1", "--count", "2"];
    // A wrong solution given as an accepted one: named, and left out of the time limit.
    let not_accepted = dir.path().join("not_accepted.py");
    std::fs::write(&not_accepted, "print(1)\n").unwrap();
    let [accepted, not_accepted, zero] = [&accepted, &not_accepted, &zero].map(|source| path(source));
    let submissions =
        [["--accepted", &accepted], ["--accepted", &not_accepted], ["--wrong", &zero], ["--wrong", &reference]]
            .concat();
    let written = m3diff(&[&args[..], &submissions, &["--hunt-time", "2s"]].concat(), "");
    let stderr = text(&written.stderr);
    assert_eq!(written.status.code(), Some(1), "a wrong solution nothing fails: {stderr}");
    assert!(stderr.contains("m3diff tests: not_wrong.cpp: a wrong submission that passes every test"), "{stderr}");
    assert!(stderr.contains("m3diff tests: not_accepted.py: an accepted submission that fails test 01"), "{stderr}");
    let summary = text(&written.stdout);
    assert!(summary.contains("wrong zero.py: fails test 01 (wrong answer)"), "{summary}");
    assert!(summary.contains("accepted accepted.cpp: passes every test"), "{summary}");
    let secret = package.join("data/secret");
    assert_eq!(inputs(&secret).len(), 2, "written whole, and no hack: none was found");
    for (folder, name) in [("accepted", "accepted.cpp"), ("wrong_answer", "zero.py"), ("wrong_answer", "not_wrong.cpp")]
    {
        assert!(package.join("submissions").join(folder).join(name).is_file(), "{folder}/{name}");
    }
    let readme = std::fs::read_to_string(package.join("README.md")).unwrap();
    let times: Vec<&str> =
        readme.lines().skip_while(|line| !line.starts_with("| test | accepted.cpp | not_accepted.py |")).collect();
    assert!(times.len() > 4, "no table of times:\n{readme}");
    for (line, test) in times[2..].iter().zip(["01", "02", "largest"]) {
        let cells = line.strip_prefix(&format!("| {test} | ")).unwrap_or_else(|| panic!("{test}: {line}"));
        let (cell, _) = cells.split_once(" | ").unwrap();
        assert!(cell.contains("s") && cell.contains(" MiB"), "{test}: CPU time and peak memory: {line}");
    }
    assert!(times[3].ends_with(" | not run |"), "not run past the test it fails: {}", times[3]);
    let (_, suggested) = readme.split_once("The time limit they suggest: **").expect("a time limit is suggested");
    assert!(suggested.contains("by accepted.cpp on test"), "from the accepted one that passes: {suggested}");
    let seconds = suggested.split(' ').next().unwrap();
    assert_eq!(std::fs::read_to_string(package.join(".timelimit")).unwrap(), format!("{seconds}\n"));
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    assert!(yaml.contains("limits:\n  time_multiplier: 2\n"), "{yaml}");
}

/// Triple Town's submissions are players (`--against --player`): the
/// greedy player passes every test, and the one that prints the column
/// where the row goes (TT1) fails one, its commands refused (TT7) or
/// scoring below the judge's. Then `check --player` names why, the judge's
/// reason, on the statement's sample.
#[test]
fn a_triple_town_player_passes_the_set_and_one_that_swaps_row_and_column_fails_it() {
    let dir = tempfile::tempdir().unwrap();
    let accepted = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/against/triple_player.cpp");
    let source = std::fs::read_to_string(&accepted).unwrap();
    let wrong_source = suites::wrong::player_swaps_row_and_column(&source);
    let binary = dir.path().join("wrong_player");
    if !compile(&wrong_source, &binary) {
        eprintln!("g++ is not on PATH: tests --accepted of a player is not tried");
        return;
    }
    let wrong = dir.path().join(suites::wrong::WRONG_PLAYER);
    std::fs::write(&wrong, &wrong_source).unwrap();
    let set = dir.path().join("set");
    let args = ["tests", "triple", "--out", set.to_str().unwrap(), "--seed", "1", "--count", "4"];
    let submissions = ["--accepted", accepted.to_str().unwrap(), "--wrong", wrong.to_str().unwrap()];
    let written = m3diff(&[&args[..], &submissions, &["--hunt-time", "30s"]].concat(), "");
    let (stderr, summary) = (text(&written.stderr), text(&written.stdout));
    assert!(written.status.success(), "{stderr}");
    assert!(summary.contains("accepted triple_player.cpp: passes every test"), "{summary}");
    let caught = format!("wrong {}: fails test ", suites::wrong::WRONG_PLAYER);
    assert!(summary.contains(&caught) && summary.contains("(wrong answer)"), "{summary}");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/triple/sample.in");
    let player = binary.to_str().unwrap();
    let checked = m3diff(&["check", "triple", "--against", player, "--player", sample.to_str().unwrap()], "");
    let report = text(&checked.stdout);
    assert_eq!(checked.status.code(), Some(1), "{report}{}", text(&checked.stderr));
    // Its first command, PUT 1 2 with the row and the column swapped.
    assert!(
        report.contains("    PUT 2 1\n") && report.contains("the judge: invalid: line 1: occupied cell"),
        "{report}"
    );
    assert!(report.contains(&format!("shrink triple {} --against {player} --player", sample.display())), "{report}");
}

/// A build that does not end is refused within the compile time limit, as
/// a judge refuses it, and takes its compiler's children with it: `tests`
/// does not hang on it. The g++ here (first on the PATH) starts a child
/// that would outlive it and never ends.
#[test]
fn a_build_that_never_ends_is_refused_at_the_compile_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let pid_file = dir.path().join("child.pid");
    let compiler = format!("#!/bin/sh\nsleep 1000 &\necho $! > '{}'\nwait\n", pid_file.display());
    std::fs::write(bin.join("g++"), compiler).unwrap();
    std::fs::set_permissions(bin.join("g++"), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let source = dir.path().join("endless.cpp");
    std::fs::write(&source, "int main() {}\n").unwrap();
    let set = dir.path().join("set");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let started = std::time::Instant::now();
    let args = ["tests", "door", "--out", set.to_str().unwrap(), "--seed", "1", "--count", "1"];
    let limited = [&args[..], &["--wrong", source.to_str().unwrap(), "--compile-time", "1s"]].concat();
    let refused = m3diff_with_env(&limited, "", &[("PATH", &path)]);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("endless.cpp does not build within 1.00s, the compile time limit (g++ "), "{stderr}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "the build was not stopped");
    let child = std::fs::read_to_string(&pid_file).unwrap();
    let alive = Path::new("/proc").join(child.trim()).join("stat");
    // Gone, or a zombie its parent's parent (init) has yet to reap.
    let state = std::fs::read_to_string(&alive).unwrap_or_default();
    assert!(state.is_empty() || state.contains(") Z"), "the compiler's child lives on: {state}");
    assert!(!set.exists(), "no set is written");
}
