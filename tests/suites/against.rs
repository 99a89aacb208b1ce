//! `--against` on every game: the project's own solver as the program, and
//! what a program is given.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use m3diff::{Counts, Game, RuleCounter, Size, Tally};

use super::{m3diff, m3diff_with_env, text};

/// A shell script in `dir` that runs `body` (`$M` is the m3diff binary), as
/// a program to check: `--against` runs it by its path.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let text = format!("#!/bin/sh\nM='{}'\n{body}\n", env!("CARGO_BIN_EXE_m3diff"));
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A Magic Door instance inside the statement, and the reference's answer.
pub const DOOR: &str = "corpus/door/md4-beam-stopped-by-vibranium.in";

/// `m3diff check door DOOR --against PROGRAM`; the exit code and what it
/// printed.
pub fn check_against(program: &Path, extra: &[&str]) -> (Option<i32>, String) {
    check_against_with_env(program, extra, &[])
}

/// [`check_against`] with `env` added to m3diff's environment.
pub fn check_against_with_env(program: &Path, extra: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let program = program.display().to_string();
    let mut args = vec!["check", "door", DOOR, "--against", &program];
    args.extend(extra);
    let out = m3diff_with_env(&args, "", env);
    (out.status.code(), format!("{}{}", text(&out.stdout), text(&out.stderr)))
}

/// The cases kept in a game's folder under `--keep`.
pub fn cases_in(folder: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect()
}

/// A time as m3diff prints one below a minute ("302ms", "1.02s"), in seconds.
pub fn seconds(time: &str) -> Option<f64> {
    match time.strip_suffix("ms") {
        Some(ms) => Some(ms.parse::<f64>().ok()? / 1000.0),
        None => time.strip_suffix('s')?.parse().ok(),
    }
}

/// `m3diff fuzz --game G --against PROGRAM` for `cases` cases, with what it
/// finds kept under `dir`; the exit code and what it printed.
pub fn fuzz_against<G: Game>(program: &Path, dir: &Path, cases: u64, extra: &[&str]) -> (Option<i32>, String) {
    let (program, keep, cases) = (program.display().to_string(), dir.join("found"), cases.to_string());
    let keep = keep.display().to_string();
    let mut args = vec!["fuzz", "--game", G::NAME, "--cases", &cases, "--seed", "7", "--jobs", "2"];
    args.extend(["--against", &program, "--keep", &keep]);
    args.extend(extra);
    let out = m3diff(&args, "");
    (out.status.code(), format!("{}{}", text(&out.stdout), text(&out.stderr)))
}

/// The project's own `m3diff solve G`, as a contest solution, answers every
/// generated case as the reference does.
pub fn own_solver_passes<G: Game>() {
    let dir = tempfile::tempdir().unwrap();
    let solver = script(dir.path(), "solver", &format!("exec \"$M\" solve {}", G::NAME));
    let json = dir.path().join("summary.json");
    let (code, printed) = fuzz_against::<G>(&solver, dir.path(), 60, &["--json", json.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("the program answered all 60 cases as the reference does"), "{printed}");
    assert!(printed.contains(": 60 cases reached the program (100.0%), 0 failures; 60 cases drawn"), "{printed}");
    // The counters only games beyond the statement reach are named apart,
    // never among those this campaign could have reached.
    let never = printed.lines().find(|line| line.starts_with("never reached")).unwrap_or_default();
    for &counter in <G::Counter as Counts<G>>::beyond_statement() {
        assert!(!never.contains(counter.variant()), "{printed}");
        assert!(printed.contains(&format!("{} {}", counter.rule(), counter.variant())), "{printed}");
    }
    // The JSON names the parts of the time as the summary line does.
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!((summary["games"][0]["cases"].as_u64(), summary["games"][0]["drawn"].as_u64()), (Some(60), Some(60)));
    let time = &summary["games"][0]["time"];
    assert!(time.get("program").is_some() && time.get("engine").is_none(), "{time}");
}

/// Every instance a program is given keeps to the statement: a program is
/// written for the statement, and the generator's extensions stay on the
/// engine-against-reference path.
pub fn only_the_statement_reaches_the_program<G: Game>() {
    let dir = tempfile::tempdir().unwrap();
    let given = dir.path().join("given");
    std::fs::create_dir(&given).unwrap();
    let body = format!(
        "input=$(cat); printf '%s\\n' \"$input\" > \"$(mktemp -p '{}')\"; printf '%s\\n' \"$input\" | exec \"$M\" solve {}",
        given.display(),
        G::NAME
    );
    let recorder = script(dir.path(), "recorder", &body);
    let (code, printed) = fuzz_against::<G>(&recorder, dir.path(), 40, &[]);
    assert_eq!(code, Some(0), "{printed}");
    let files: Vec<_> = std::fs::read_dir(&given).unwrap().map(|entry| entry.unwrap().path()).collect();
    // A case drawn beyond the statement is drawn again: --cases 40 is 40
    // cases run through the program.
    assert_eq!(files.len(), 40, "cases that reached the program\n{printed}");
    for file in files {
        let instance = G::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(G::beyond_statement(&instance), None, "given to the program:\n{instance}");
    }
}

/// The game the `--against` path draws from `seed` at `size`: the knobs
/// `Generator::within_statement` sets, with `adjust` applied.
pub fn within_statement<G: Game>(seed: u64, size: Size, adjust: impl Fn(&mut G::Knobs)) -> G::Instance {
    m3diff::process::seed::with_seed(seed, |u| {
        let mut shape = <G::Knobs as m3diff::Generator<G>>::within_statement(u)?;
        adjust(&mut shape);
        G::generate(u, size, &shape)
    })
    .unwrap()
}

/// Within the statement, games at `max` reach every one of `extremes`, and
/// so do games at `mixed`, which stay mostly small: fewer than one in
/// `one_in` reaches one of `costly`.
pub fn extremes_are_drawn_within_the_statement<G: Game>(extremes: &[G::Counter], costly: &[G::Counter], one_in: u64)
where
    G::Counter: std::fmt::Debug,
{
    for (size, games) in [(Size::Max, 120), (Size::Mixed, 600)] {
        let mut tally = Tally::default();
        for seed in 0..games {
            let instance = within_statement::<G>(seed, size, |_| {});
            m3diff::check_game::<G>(&instance, &mut tally).unwrap_or_else(|f| panic!("{f}"));
        }
        let missing: Vec<_> = extremes.iter().filter(|&&counter| tally.count(counter) == 0).collect();
        assert!(missing.is_empty(), "{size:?}: never reached {missing:?}\n{tally}");
        if size == Size::Mixed {
            let reached: u64 = costly.iter().map(|&counter| tally.count(counter)).sum();
            assert!(reached < games / one_in, "{tally}");
        }
    }
}

/// A `sleep` duration no other process runs: `1000.` and digits of this
/// test binary's own (GNU sleep takes fractions). A hostile program's
/// processes run `sleep MARKER` and are found by it in `/proc`, never by a
/// PID the program prints: in a namespace that PID names another process.
/// Dropped, it kills every process still marked, so that a failing test
/// leaves no sleep of 1000 s behind.
pub struct Marker(pub String);

impl Marker {
    pub fn new() -> Marker {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        Marker(format!("1000.{}{:04}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// The live processes (a zombie is dead) that run `sleep MARKER`.
    pub fn live(&self) -> Vec<libc::pid_t> {
        let wanted = format!("sleep\0{}\0", self.0);
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse().ok()) else { continue };
            let marked = std::fs::read(entry.path().join("cmdline")).is_ok_and(|line| line == wanted.as_bytes());
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let zombie = stat.rsplit_once(") ").is_none_or(|(_, rest)| rest.starts_with('Z'));
            if marked && !zombie {
                found.push(pid);
            }
        }
        found
    }

    /// How many marked processes are still there after up to `limit`.
    pub fn left_after(&self, limit: Duration) -> usize {
        let started = Instant::now();
        while !self.live().is_empty() && started.elapsed() < limit {
            thread::sleep(Duration::from_millis(20));
        }
        self.live().len()
    }

    /// Waits until at least `count` marked processes run at once, while
    /// `m3diff` runs, for a minute at most.
    pub fn wait_for(&self, count: usize, m3diff: &mut std::process::Child) {
        let started = Instant::now();
        while self.live().len() < count {
            assert!(started.elapsed() < Duration::from_secs(60), "no run started {count} of {} in a minute", self.0);
            assert!(m3diff.try_wait().unwrap().is_none(), "m3diff ended before its runs started {count} of {}", self.0);
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Marker {
    fn drop(&mut self) {
        for pid in self.live() {
            // SAFETY: kill(2) takes plain integers; pid runs this test's
            // own marked sleep.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}
