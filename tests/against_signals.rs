//! A campaign stopped by a signal (SIGTERM, SIGINT) ends at once, kills the
//! program under test with all it started, and still prints its summary,
//! writes its `--json` and exits 130; a shrink stopped so keeps what it has
//! come to.

#![cfg(target_os = "linux")]

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ExitStatus};
use std::thread;
use std::time::{Duration, Instant};

use suites::against::{script, Marker};
use suites::{drain, spawn_m3diff};

/// Generous: the machine that runs the tests may be loaded.
const A_FEW_SECONDS: Duration = Duration::from_secs(15);

fn signal(child: &Child, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: kill(2) takes plain integers; pid is our own child.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// The exit status within `limit`, or `None` (and the child killed).
fn exits_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// A Magic Door solution that hangs on grids of 6 rows or more, leaving a
/// child outside its process group (setsid) that holds its output; both
/// run `sleep MARKER`, and are found by it (a PID the script printed would
/// name another process: in a namespace PIDs differ).
fn hanging_door(dir: &Path, marker: &Marker) -> std::path::PathBuf {
    let body = format!(
        "input=$(cat)\n\
         if [ \"${{input%% *}}\" -ge 6 ]; then setsid sleep {marker} & exec sleep {marker}; fi\n\
         printf '%s\\n' \"$input\" | exec \"$M\" solve door",
        marker = marker.0
    );
    script(dir, "hangs", &body)
}

/// No process of `marker` is left a few seconds after m3diff ended.
fn none_left(marker: &Marker) {
    let left = marker.left_after(Duration::from_secs(5));
    assert_eq!(left, 0, "{left} processes of sleep {} outlived m3diff", marker.0);
}

#[test]
fn sigterm_ends_a_campaign_against_a_program_with_its_summary_its_json_and_no_process_left() {
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let program = hanging_door(dir.path(), &marker);
    let json = dir.path().join("summary.json");
    let keep = dir.path().join("found");
    let (program, json_arg, keep) = (program.display().to_string(), json.display().to_string(), keep.display());
    let keep = keep.to_string();
    // A timeout far away: no case may fail before the signal.
    let mut child = spawn_m3diff(&[
        "fuzz",
        "--game",
        "door",
        "--time",
        "60s",
        "--jobs",
        "2",
        "--against",
        &program,
        "--timeout",
        "60s",
        "--json",
        &json_arg,
        "--keep",
        &keep,
    ]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    // Both jobs' programs hang: a run of each is under way.
    marker.wait_for(4, &mut child);
    let signalled = Instant::now();
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let printed = format!("{stdout}{stderr}");
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    eprintln!("ended {:?} after SIGTERM", signalled.elapsed());
    assert_eq!(status.code(), Some(130), "{printed}");
    assert!(stderr.contains("m3diff: stopping after the cases under way"), "{printed}");
    assert!(
        stdout.lines().any(|line| line.starts_with("replay: ") && line.contains("m3diff fuzz --game door")),
        "the summary: {printed}"
    );
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["failures"], 0, "{summary}");
    none_left(&marker);
    replays_what_it_judged(&summary, &json_arg);
}

/// Issue 55: the replay of a campaign a signal stopped judges the cases it
/// judged, no more: the two runs the stop ended, one a job, are dealt
/// again and skipped (`--skip-cases`), so the replay never reaches the
/// grids the program hangs on.
fn replays_what_it_judged(summary: &serde_json::Value, json: &str) {
    let replay = summary["replay"].as_str().unwrap();
    let (_, args) = replay.split_once(" fuzz ").unwrap_or_else(|| panic!("{replay}"));
    let (_, skipped) = args.split_once("--skip-cases ").unwrap_or_else(|| panic!("no case skipped: {replay}"));
    let skipped = skipped.split(' ').next().unwrap();
    assert_eq!(skipped.split(',').count(), 2, "the two runs under way: {replay}");
    let args: Vec<&str> = ["fuzz"].into_iter().chain(args.split(' ')).chain(["--json", json]).collect();
    let mut replayed = spawn_m3diff(&args);
    let (stdout, stderr) = (drain(replayed.stdout.take().unwrap()), drain(replayed.stderr.take().unwrap()));
    let status = exits_within(&mut replayed, Duration::from_secs(120));
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    // Both jobs may have hung on their first cases: then the replay, as the
    // campaign, judges none, which never reports success.
    let judged_none = summary["games"][0]["cases"] == 0;
    assert_eq!(status.and_then(|status| status.code()), Some(if judged_none { 2 } else { 0 }), "{printed}");
    let again: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(again["games"][0]["cases"], summary["games"][0]["cases"], "{printed}");
    assert_eq!(again["replay"], summary["replay"], "{printed}");
}

#[test]
fn sigterm_ends_a_campaign_of_the_engine_with_its_summary_and_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let corpus = dir.path().join("corpus");
    let (json_arg, corpus) = (json.display().to_string(), corpus.display().to_string());
    let mut child = spawn_m3diff(&[
        "fuzz", "--game", "door", "--time", "60s", "--jobs", "1", "--json", &json_arg, "--corpus", &corpus,
    ]);
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    // The first line comes after the handler is in place.
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("m3diff fuzz: games door"), "{first}");
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(stderr));
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    // A signal right after the first line once found the campaign not yet
    // honouring a stop, and it quit with nothing printed.
    assert!(printed.contains("m3diff: stopping after the cases under way"), "{printed}");
    assert!(
        printed.lines().any(|line| line.starts_with("replay: ") && line.contains("m3diff fuzz --game door")),
        "the summary: {printed}"
    );
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["failures"], 0, "{summary}");
}

#[test]
fn a_second_ctrl_c_quits_at_once_and_leaves_no_process_of_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let program = hanging_door(dir.path(), &marker).display().to_string();
    let keep = dir.path().join("found").display().to_string();
    let mut child = spawn_m3diff(&[
        "fuzz",
        "--game",
        "door",
        "--time",
        "60s",
        "--jobs",
        "2",
        "--against",
        &program,
        "--timeout",
        "60s",
        "--keep",
        &keep,
    ]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    marker.wait_for(2, &mut child);
    signal(&child, libc::SIGINT);
    signal(&child, libc::SIGINT);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after two SIGINTs\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    none_left(&marker);
}

#[test]
fn sigterm_during_a_shrink_against_a_program_keeps_what_it_came_to() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    // Vibranium (-1) read as a bomb (0), slowly: the shrink is under way
    // when the signal comes.
    let body = format!("echo run >> '{}'; sleep 0.2; sed 's/-1/0/g' | exec \"$M\" solve door", runs.display());
    let program = script(dir.path(), "slow-no-vibranium", &body).display().to_string();
    let keep = dir.path().join("found");
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/door/md4-beam-stopped-by-vibranium.in");
    let (case, keep_arg) = (case.display().to_string(), keep.display().to_string());
    let mut child = spawn_m3diff(&["shrink", "door", &case, "--against", &program, "--keep", &keep_arg]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    let started = Instant::now();
    // The first run is the check; the shrink's runs follow it.
    while std::fs::read_to_string(&runs).map_or(0, |text| text.lines().count()) < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "the shrink did not start in a minute");
        thread::sleep(Duration::from_millis(20));
    }
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{stdout}{stderr}"));
    assert_eq!(status.code(), Some(1), "a failure was found: {stdout}{stderr}");
    assert!(stdout.contains("(cut short: stopped)"), "{stdout}{stderr}");
    let kept = stdout.lines().find_map(|line| line.strip_prefix("kept ")).expect("a kept line");
    assert!(std::fs::read_to_string(kept).is_ok_and(|text| !text.is_empty()), "{kept}");
}

#[test]
fn sigterm_ends_a_check_against_a_program_at_once_with_no_process_left() {
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let program = hanging_door(dir.path(), &marker).display().to_string();
    // Six rows: the program hangs on it.
    let case = dir.path().join("six-rows.in");
    std::fs::write(&case, "6 3\n1 2 3\n2 3 1\n3 1 2\n1 2 3\n2 3 1\n3 1 2\n1 1 1 2\n").unwrap();
    let case = case.display().to_string();
    let mut child = spawn_m3diff(&["check", "door", &case, "--against", &program, "--timeout", "60s"]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    marker.wait_for(2, &mut child);
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    none_left(&marker);
}

/// Ctrl-C while `tests --wrong` builds a submission ends the compiler and
/// what it started, though they lead a process group of their own that the
/// terminal's signal does not reach: `tests` exits at once (130) and
/// writes no set. The g++ here (first on the PATH) never ends, and starts a child
/// that would outlive it.
#[test]
fn sigint_during_a_build_ends_the_compiler_and_its_children() {
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    script(&bin, "g++", &format!("sleep {marker} &\nexec sleep {marker}", marker = marker.0));
    let source = dir.path().join("endless.cpp");
    std::fs::write(&source, "int main() {}\n").unwrap();
    let set = dir.path().join("set");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let (set_arg, source_arg) = (set.display().to_string(), source.display().to_string());
    let args = ["tests", "door", "--out", &set_arg, "--seed", "1", "--count", "1", "--wrong", &source_arg];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    marker.wait_for(2, &mut child);
    signal(&child, libc::SIGINT);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still building {A_FEW_SECONDS:?} after Ctrl-C\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    none_left(&marker);
    assert!(!set.exists(), "no set is written");
}
