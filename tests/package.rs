//! `m3diff tests --package` for every game, checked by problemtools'
//! `verifyproblem`: the package's config, data and validators, and for
//! each game an accepted and a wrong submission (Triple Town's players),
//! judged so, and the time limit verifyproblem sets the one `.timelimit` holds.
//! Then the two judge's conventions by hand: `validate --icpc/--testlib`
//! and Triple Town's `check-output`.
//!
//! verifyproblem is `$VERIFYPROBLEM`, else on the PATH, else installed by
//! pip into a virtual environment under the target folder (where .ci/run
//! installs it). When none of that works the package tests say why and
//! pass, unless M3DIFF_NEEDS_VERIFYPROBLEM is set (as .ci/run sets it).

// Only the catalogue of wrong solutions and the wrong player are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const M3DIFF: &str = env!("CARGO_BIN_EXE_m3diff");
/// Few tests: verifyproblem runs every submission and validator on each.
const COUNT: &str = "12";

fn m3diff() -> Command {
    Command::new(M3DIFF)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where problemtools goes when it is nowhere else: .ci/run installs it there.
fn venv() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("problemtools")
}

/// verifyproblem, or why there is none.
fn verifyproblem() -> Result<PathBuf, String> {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    FOUND.get_or_init(find_or_install).clone()
}

fn find_or_install() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("VERIFYPROBLEM") {
        return Ok(PathBuf::from(path));
    }
    let runs = |program: &Path| Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success());
    if runs(Path::new("verifyproblem")) {
        return Ok(PathBuf::from("verifyproblem"));
    }
    let installed = venv().join("bin/verifyproblem");
    if !runs(&installed) {
        let made = Command::new("python3").arg("-m").arg("venv").arg(venv()).output();
        if !made.as_ref().is_ok_and(|o| o.status.success()) {
            return Err(format!("python3 -m venv {} failed: {made:?}", venv().display()));
        }
        let pip = Command::new(venv().join("bin/pip")).args(["install", "--quiet", "problemtools"]).output();
        if !pip.as_ref().is_ok_and(|o| o.status.success()) {
            return Err(format!("pip install problemtools failed: {pip:?}"));
        }
    }
    match runs(&installed) {
        true => Ok(installed),
        false => Err(format!("{} does not run", installed.display())),
    }
}

/// verifyproblem, or `None` after saying why the test cannot check.
fn verifier() -> Option<PathBuf> {
    match verifyproblem() {
        Ok(path) => Some(path),
        Err(why) if std::env::var_os("M3DIFF_NEEDS_VERIFYPROBLEM").is_some() => panic!("no verifyproblem: {why}"),
        Err(why) => {
            eprintln!("skipped: no verifyproblem ({why})");
            None
        }
    }
}

/// Writes `game`'s package into a new folder named after the game, with
/// `extra` arguments (submissions); the folder holding it stays while the
/// guard lives.
fn package(game: &str, extra: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join(game);
    let written = m3diff()
        .args(["tests", game, "--seed", "7", "--count", COUNT, "--package", "--out"])
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    assert!(written.status.success(), "tests --package {game}: {}", text(&written.stderr));
    for file in ["problem.yaml", "data/secret/01.in", "data/secret/01.ans", "input_validators/m3diff/run"] {
        assert!(out.join(file).is_file(), "{game}: no {file}");
    }
    (dir, out)
}

/// verifyproblem's output on `parts` of the package, checked to end with
/// no error.
fn verify(verifyproblem: &Path, package: &Path, parts: &[&str]) -> String {
    let output = Command::new(verifyproblem).arg(package).arg("-p").args(parts).env("M3DIFF", M3DIFF).output().unwrap();
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    println!("{said}");
    let name = package.file_name().unwrap().to_string_lossy();
    assert!(said.contains(&format!("{name} tested: 0 errors")), "verifyproblem found errors:\n{said}");
    said
}

/// `game`'s package with the example `accepted` of examples/against/ as
/// its accepted submission and `wrong`, a source made of it and named
/// `wrong_name`, as its wrong one, judged so by verifyproblem; which works
/// out, from its own runs and problem.yaml's time_multiplier, the time
/// limit m3diff wrote in `.timelimit` from its own.
fn submissions_are_judged(game: &str, accepted: &str, wrong_name: &str, wrong: impl Fn(&str) -> String) {
    let Some(verifyproblem) = verifier() else { return };
    let accepted_path = format!("{}/examples/against/{accepted}", env!("CARGO_MANIFEST_DIR"));
    // The wrong one as a package holds it: a file.
    let sources = tempfile::tempdir().unwrap();
    let wrong_path = sources.path().join(wrong_name);
    std::fs::write(&wrong_path, wrong(&std::fs::read_to_string(&accepted_path).unwrap())).unwrap();
    let wrong_path = wrong_path.display().to_string();
    let (_guard, out) = package(game, &["--accepted", &accepted_path, "--wrong", &wrong_path]);
    let said = verify(&verifyproblem, &out, &["config", "data", "validators", "submissions"]);
    let judged = |name: &str, verdict: &str| said.lines().any(|line| line.contains(name) && line.contains(verdict));
    assert!(judged(&format!("accepted/{accepted}"), "AC"), "the accepted submission is not judged AC:\n{said}");
    assert!(judged(&format!("wrong_answer/{wrong_name}"), "WA"), "the wrong submission is not judged WA:\n{said}");
    let (_, set) = said.split_once("setting timelim to ").expect("verifyproblem sets a time limit");
    let seconds: f64 = set.split(' ').next().unwrap().parse().unwrap();
    let written: f64 = std::fs::read_to_string(out.join(".timelimit")).unwrap().trim().parse().unwrap();
    assert_eq!(seconds, written, "verifyproblem's time limit and .timelimit:\n{said}");
}

#[test]
fn door_package_passes_verifyproblem_with_its_submissions_judged() {
    first_mutant_is_judged_wrong("door", "magic_door.cpp");
}

#[test]
fn texas_package_passes_verifyproblem_with_its_submissions_judged() {
    first_mutant_is_judged_wrong("texas", "texas.cpp");
}

/// `game`'s package with `accepted` and the first wrong solution of the
/// game's catalogue, made of it.
fn first_mutant_is_judged_wrong(game: &str, accepted: &str) {
    let mutant = &suites::wrong::mutants(game)[0];
    let name = format!("{}.cpp", mutant.short_name().replace('-', "_"));
    submissions_are_judged(game, accepted, &name, |source| mutant.applied_to(source));
}

#[test]
fn square_package_passes_verifyproblem_with_its_submissions_judged() {
    // SR2: the search never looks at a square in the last two rows.
    let (line, wrong) =
        ("        for (int r = 0; r + 1 < n && !found; r++)\n", "        for (int r = 0; r + 2 < n && !found; r++)\n");
    submissions_are_judged("square", "square_remover.cpp", "squares_miss_the_last_row.cpp", |source| {
        assert_eq!(source.matches(line).count(), 1, "the line the wrong one changes is in the solution once");
        source.replacen(line, wrong, 1)
    });
}

/// Triple Town's submissions are players: they read the map and print
/// commands, which the output validator judges against the judge's.
#[test]
fn triple_package_passes_verifyproblem_with_its_players_judged() {
    let wrong = suites::wrong::player_swaps_row_and_column;
    submissions_are_judged("triple", "triple_player.cpp", suites::wrong::WRONG_PLAYER, wrong);
}

fn validate(convention: &str, input: &str) -> Output {
    use std::io::Write;
    let mut child = m3diff()
        .args(["validate", "door", convention])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn validate_speaks_icpc_and_testlib_exit_codes_with_the_reason_on_stderr() {
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/door/sample1.in")).unwrap();
    let stray = sample.replacen(' ', "  ", 1);
    for (convention, inside, outside) in [("--icpc", 42, 43), ("--testlib", 0, 3)] {
        let valid = validate(convention, &sample);
        assert_eq!(valid.status.code(), Some(inside), "{convention}: {}", text(&valid.stderr));
        let invalid = validate(convention, &stray);
        assert_eq!(invalid.status.code(), Some(outside), "{convention}");
        let reason = text(&invalid.stderr);
        assert!(reason.contains("line 1, column") && reason.contains("expected"), "{convention}: {reason}");
    }
}

/// `check-output triple` of `team` on the statement's sample, whose answer
/// file is its commands (score 824): the exit code and the judge's message.
fn check_triple(team: &str, testlib: bool, answer: Option<&str>) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/triple/sample.in")).unwrap();
    // The map is the statement's input; the commands after it, its sample output.
    let split = sample.find("PUT").unwrap();
    let (input, commands) = sample.split_at(split);
    std::fs::write(dir.path().join("in"), input).unwrap();
    std::fs::write(dir.path().join("ans"), answer.unwrap_or(commands)).unwrap();
    std::fs::write(dir.path().join("team"), team).unwrap();
    let path = |name: &str| dir.path().join(name);
    let output = match testlib {
        true => m3diff()
            .args(["check-output", "triple", "--testlib"])
            .arg(path("in"))
            .arg(path("team"))
            .arg(path("ans"))
            .output(),
        false => m3diff()
            .args(["check-output", "triple"])
            .arg(path("in"))
            .arg(path("ans"))
            .arg(dir.path())
            .stdin(std::fs::File::open(path("team")).unwrap())
            .output(),
    }
    .unwrap();
    let message = match testlib {
        true => text(&output.stderr),
        false => std::fs::read_to_string(path("judgemessage.txt")).unwrap_or_else(|_| text(&output.stderr)),
    };
    (output.status.code(), message)
}

#[test]
fn triple_town_output_is_accepted_when_valid_and_scoring_at_least_the_judges() {
    let judges = "PUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n";
    // Without the star the commands score 224, below the judge's 824.
    let worse = "PUT 1 2\nPUT 1 1\nEND\n";
    let refused = "PUT 1 2\nPUT 1 2\nEND\n";
    for testlib in [false, true] {
        let (ok, wrong) = if testlib { (0, 1) } else { (42, 43) };
        let (code, message) = check_triple(judges, testlib, None);
        assert_eq!(code, Some(ok), "{message}");
        assert!(message.contains("score 824, at least the judge's 824"), "{message}");
        let (code, message) = check_triple(worse, testlib, None);
        assert_eq!(code, Some(wrong), "{message}");
        assert!(message.contains("score 224, below the judge's 824"), "{message}");
        let (code, message) = check_triple(refused, testlib, None);
        assert_eq!(code, Some(wrong), "{message}");
        assert!(message.contains("invalid: line 2: occupied cell"), "{message}");
    }
    // The judge's own answer refused: no verdict on the team.
    let (code, message) = check_triple(judges, true, Some(refused));
    assert_eq!(code, Some(3), "{message}");
    assert_eq!(check_triple(judges, false, Some(refused)).0, Some(2));
    // A better play than the judge's passes: the bar is the judge's score.
    let (code, message) = check_triple(judges, false, Some(worse));
    assert_eq!(code, Some(42), "{message}");
}
