//! The night and the morning as a user lives them, on a copy of this clone:
//! a bug planted in an engine, the documented overnight `cargo fuzz` command
//! (read from fuzz/README.md, run for a minute), triage, and the documented
//! way back to green (README, "Back to green"), with a check at every step
//! that the messages name the next one. The copy lives in the system's
//! temporary folder, its builds in `target/night/`.
//!
//! Ignored by a plain `cargo test`: it builds the copy twice over (the fuzz
//! target and m3diff) and needs cargo-fuzz. `.ci/run` runs it after its fuzz
//! build: `cargo test --workspace --test night -- --ignored`. A second run rebuilds
//! only the copy's own crates.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The planted bug: TX10's full house leaves out the pair's colour.
const HAND: &str = "engine/src/texas/hand.rs";
const RIGHT: &str = "(3, 2) => 500 + 3 * colour(0) + colour(1),";
const PLANTED: &str = "(3, 2) => 500 + 3 * colour(0),";

/// How long the night runs: long enough to find the bug in its first
/// seconds and go on for the rest.
const NIGHT_SECONDS: u64 = 40;

#[test]
#[ignore = "builds a copy of the clone and needs cargo-fuzz: .ci/run runs it"]
fn a_night_with_a_planted_bug_keeps_going_and_the_documented_way_leads_back_to_green() {
    let work = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/night");
    // Outside this workspace, or cargo would take the copy's fuzz/ for a
    // member of this one.
    let clone = copy_of_the_clone(
        &std::env::temp_dir()
            .join(format!("m3diff-night-{}", m3diff::process::hash::short_hash(env!("CARGO_MANIFEST_DIR")))),
    );
    let user = User { clone: clone.clone(), root_target: work.join("root"), fuzz_target: work.join("fuzz") };
    edit(&clone.join(HAND), RIGHT, PLANTED);

    // The evening: fuzz/README.md's overnight command, for NIGHT_SECONDS.
    user.run(&["run", "--release", "--", "corpus", "export"], None).success();
    let night = documented_night_command(&std::fs::read_to_string(clone.join("fuzz/README.md")).unwrap());
    let started = Instant::now();
    let output = user.cargo(&night.iter().map(String::as_str).collect::<Vec<_>>(), Some("fuzz"));
    let log = text(&output.stderr) + &text(&output.stdout);
    let lasted = started.elapsed();
    assert!(
        lasted >= Duration::from_secs(NIGHT_SECONDS * 9 / 10) && log.contains("INFO: fuzzed for"),
        "the documented night stopped after {lasted:?} instead of running for {NIGHT_SECONDS} s:\n{}",
        tail(&log, 40)
    );
    let artifacts = clone.join("fuzz/artifacts/texas_diff");
    let crashes: Vec<PathBuf> = files(&artifacts).into_iter().filter(|f| name(f).starts_with("crash-")).collect();
    assert_eq!(crashes.len(), 1, "one kind of failure, one artifact: {crashes:?}\n{}", tail(&log, 40));

    // The morning: triage keeps one regression and names the next steps.
    let triaged = user.run(&["run", "--release", "--", "triage"], None);
    let report = text(&triaged.stdout);
    assert_eq!(triaged.status.code(), Some(1), "{report}{}", text(&triaged.stderr));
    assert!(report.contains("texas: divergence in `hand_points`"), "{report}");
    assert!(report.contains("next: 1. diagnose: `cargo m3diff check texas"), "{report}");
    let regressions = clone.join("corpus/texas/regressions");
    let kept: Vec<PathBuf> = files(&regressions).into_iter().filter(|f| f.extension().unwrap() == "in").collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let regression = &kept[0];

    // The README's test command builds and runs every suite despite a
    // failing one, and the regression suite names steps 1 and 2. Narrowed
    // by a name filter to the regression suites: every test binary is still
    // built and run (what --no-fail-fast is for), and the rest of the suite,
    // minutes of it, has run on the clone itself in CI's tests step.
    let tests = user.cargo(&["test", "--workspace", "--no-fail-fast", "--", "every_regression"], None);
    let said = text(&tests.stdout) + &text(&tests.stderr);
    assert!(!tests.status.success(), "the planted bug went unnoticed by the tests");
    let texas_ran = said.find("Running tests/texas.rs").expect("the texas suite ran");
    assert!(
        said[texas_ran..].contains("Running tests/triple.rs"),
        "the suites after the failing texas one did not run: {}",
        tail(&said, 60)
    );
    assert!(said.contains("steps 1 and 2, diagnose and fix: it still fails"), "{}", tail(&said, 60));
    assert!(said.contains("divergence at operation"), "the shrunk case's report is shown: {}", tail(&said, 60));

    // 1, 2: diagnosed with `check`, and fixed.
    let checked = user.m3diff(&["check", "texas", &relative(regression, &clone)]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stdout));
    edit(&clone.join(HAND), PLANTED, RIGHT);
    let checked = user.m3diff(&["check", "texas", &relative(regression, &clone)]);
    assert!(checked.status.success() && text(&checked.stdout).starts_with("agree: "), "{}", text(&checked.stdout));
    user.regression_suite_says("step 3, write the root cause");

    // 3: the root cause, in place of the line that says it is missing.
    let report_file = regression.with_extension("txt");
    let written = std::fs::read_to_string(&report_file).unwrap();
    let undiagnosed = written.lines().find(|line| line.starts_with("root cause: not yet diagnosed")).unwrap();
    edit(&report_file, undiagnosed, "root cause: TX10 full house scored without the pair's colour (planted).");
    user.regression_suite_says("step 4, accept its trace snapshot");

    // 4: the snapshot, accepted as the README says without cargo-insta.
    let accepted =
        user.cargo_env(&["test", "--test", "texas", "--", "trace_of_every_corpus_file"], &[("INSTA_UPDATE", "always")]);
    assert!(accepted.status.success(), "{}", tail(&text(&accepted.stdout), 40));
    let green = user.cargo(&["test", "--test", "texas"], None);
    assert!(green.status.success(), "not green after the documented steps:\n{}", tail(&text(&green.stdout), 60));
}

/// A player of the user's part, in the copy, with its own build folders.
struct User {
    clone: PathBuf,
    root_target: PathBuf,
    fuzz_target: PathBuf,
}

impl User {
    /// `cargo ARGS` in the copy (or its folder `dir`).
    fn cargo(&self, args: &[&str], dir: Option<&str>) -> Output {
        self.cargo_in(args, dir, &[])
    }

    fn cargo_env(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        self.cargo_in(args, None, env)
    }

    fn cargo_in(&self, args: &[&str], dir: Option<&str>, env: &[(&str, &str)]) -> Output {
        let target = if dir == Some("fuzz") { &self.fuzz_target } else { &self.root_target };
        let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        command.args(args).current_dir(dir.map_or_else(|| self.clone.clone(), |d| self.clone.join(d)));
        command.env("CARGO_TARGET_DIR", target).env_remove("M3DIFF_SEED").envs(env.iter().copied());
        command.output().expect("cargo runs")
    }

    fn run(&self, args: &[&str], dir: Option<&str>) -> Output {
        self.cargo(args, dir)
    }

    /// `m3diff ARGS`, as the copy builds it now.
    fn m3diff(&self, args: &[&str]) -> Output {
        let mut all = vec!["run", "--quiet", "--release", "--"];
        all.extend_from_slice(args);
        self.cargo(&all, None)
    }

    /// The texas regression suite fails, naming `step`.
    fn regression_suite_says(&self, step: &str) {
        let output = self.cargo(&["test", "--test", "texas", "--", "every_regression"], None);
        let said = text(&output.stdout);
        assert!(!output.status.success() && said.contains(step), "expected \"{step}\":\n{}", tail(&said, 40));
    }
}

trait Succeeds {
    fn success(self) -> Output;
}

impl Succeeds for Output {
    fn success(self) -> Output {
        assert!(self.status.success(), "{}\n{}", tail(&text(&self.stdout), 20), tail(&text(&self.stderr), 20));
        self
    }
}

/// The overnight command of fuzz/README.md for texas_diff on stable, as
/// cargo's arguments, with 2 processes and NIGHT_SECONDS.
fn documented_night_command(readme: &str) -> Vec<String> {
    let start = readme
        .find("cargo fuzz run texas_diff -s none --no-trace-compares -- -fork")
        .expect("fuzz/README.md's night command");
    let mut command = String::new();
    for line in readme[start..].lines() {
        command.push_str(line.trim_end_matches('\\'));
        if !line.ends_with('\\') {
            break;
        }
    }
    let words: Vec<String> = command
        .split_whitespace()
        .skip(1) // cargo
        .map(|word| match word {
            "-fork=$(nproc)" => "-fork=2".to_string(),
            "-max_total_time=28800" => format!("-max_total_time={NIGHT_SECONDS}"),
            word => word.to_string(),
        })
        .collect();
    assert!(words.contains(&"-fork=2".to_string()), "{command}");
    assert!(words.contains(&format!("-max_total_time={NIGHT_SECONDS}")), "{command}");
    words
}

/// The files git tracks or would track here, copied to `to` afresh.
fn copy_of_the_clone(to: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    if to.exists() {
        std::fs::remove_dir_all(to).unwrap();
    }
    for file in listed.stdout.split(|&b| b == 0).filter(|f| !f.is_empty()) {
        let file = Path::new(std::str::from_utf8(file).unwrap());
        if !root.join(file).is_file() {
            continue; // deleted in the work tree
        }
        std::fs::create_dir_all(to.join(file).parent().unwrap()).unwrap();
        std::fs::copy(root.join(file), to.join(file)).unwrap();
    }
    to.to_path_buf()
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} no longer holds {from:?}: update this test's planted bug", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root).unwrap().display().to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}
