//! No reader takes more of its input than a file of the game can hold: a
//! file too large is refused by its size unread, an endless standard input
//! or device once it passes the bound, each with one line and exit 2, and
//! an error quotes a long word by its first characters and its length.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a run of m3diff left: its exit code, its standard error and, on
/// Linux, its peak resident memory in kilobytes (its own, read from
/// `wait4`, not that of other tests' children).
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    peak_kb: Option<i64>,
}

fn m3diff(args: &[&str], stdin: Stdio) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let (stdout_path, stderr_path) = (dir.path().join("stdout"), dir.path().join("stderr"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_m3diff"));
    command.args(args).stdin(stdin);
    command.stdout(File::create(&stdout_path).unwrap()).stderr(File::create(&stderr_path).unwrap());
    let child = command.spawn().expect("the m3diff binary runs");
    let (code, peak_kb) = wait(child);
    let read = |path| std::fs::read_to_string(path).unwrap();
    Run { code, stdout: read(&stdout_path), stderr: read(&stderr_path), peak_kb }
}

#[cfg(target_os = "linux")]
fn wait(child: std::process::Child) -> (Option<i32>, Option<i64>) {
    let pid = i32::try_from(child.id()).unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid one to fill, and `pid` is this
    // process's child, waited for here only (the `Child` is never waited).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, Some(usage.ru_maxrss))
}

#[cfg(not(target_os = "linux"))]
fn wait(mut child: std::process::Child) -> (Option<i32>, Option<i64>) {
    (child.wait().unwrap().code(), None)
}

/// Exit 2 and one line on standard error, which starts `error: ` and holds
/// `expected`.
fn refused(run: &Run, expected: &str) {
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    assert!(run.stderr.starts_with("error: ") && run.stderr.contains(expected), "{}", run.stderr);
}

/// Below this, a run read no more than its bound: m3diff itself takes
/// some 10 MB, and the largest bound of a game that reads an endless
/// source here, Triple Town's, under 10 MB.
const BOUNDED_KB: i64 = 64 * 1024;

fn peak_within_bound(run: &Run) {
    if let Some(peak_kb) = run.peak_kb {
        assert!(peak_kb < BOUNDED_KB, "peak resident memory {peak_kb} kB: {}", run.stderr);
    }
}

#[test]
fn a_file_larger_than_its_game_holds_is_refused_by_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.in");
    // Sparse: ten gigabytes that take no room. Read, they would take
    // minutes and the machine's memory.
    File::create(&huge).unwrap().set_len(10_000_000_000).unwrap();
    let huge = huge.to_str().unwrap();
    for game in ["texas", "square", "door", "triple"] {
        let run = m3diff(&["solve", game, huge], Stdio::null());
        refused(&run, &format!("{huge}: 10000.0 MB, more than any {game} file holds: m3diff reads at most"));
        peak_within_bound(&run);
    }
    let run = m3diff(&["check", "door", huge], Stdio::null());
    refused(&run, "10000.0 MB, more than any door file holds");
    let map = dir.path().join("map.in");
    std::fs::write(&map, "0\n1 1\n0 0\n.\n0\n").unwrap();
    let run = m3diff(&["solve", "triple", map.to_str().unwrap(), "--commands", huge], Stdio::null());
    refused(&run, "10000.0 MB, more than any triple file holds");
    let corpus = dir.path().join("corpus");
    let corpus = corpus.to_str().unwrap();
    let run = m3diff(&["corpus", "import", "texas", huge, "--corpus", corpus], Stdio::null());
    refused(&run, "10000.0 MB, more than any texas file holds");
    assert!(!Path::new(corpus).exists(), "nothing written");
}

#[test]
fn an_endless_standard_input_or_device_is_read_no_further_than_its_bound() {
    for (game, bound) in [("texas", m3_model::texas::MOST_BYTES), ("triple", m3_model::triple::MOST_BYTES)] {
        let zeros = File::open("/dev/zero").unwrap();
        let run = m3diff(&["solve", game], zeros.into());
        refused(&run, &format!("<stdin>, more than any {game} file holds: m3diff reads at most {bound} bytes"));
        peak_within_bound(&run);
        let run = m3diff(&["solve", game, "/dev/zero"], Stdio::null());
        refused(&run, &format!("/dev/zero, more than any {game} file holds: m3diff reads at most {bound} bytes"));
        peak_within_bound(&run);
    }
}

#[test]
fn a_parse_error_quotes_a_word_of_a_million_characters_by_its_first_ones() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.in");
    // SquareRemover's and Triple Town's bounds hold a megabyte, Texas's not.
    std::fs::write(&file, format!("2 {} 7\n", "9".repeat(1 << 20))).unwrap();
    let run = m3diff(&["solve", "square", file.to_str().unwrap()], Stdio::null());
    refused(&run, "line 1, column 3: expected N (rows and columns) in 2..=64, found \"9999");
    assert!(run.stderr.trim_end().ends_with("…\" (1048576 characters)"), "{}", run.stderr);
    assert!(run.stderr.len() < 250, "{} bytes: {}", run.stderr.len(), run.stderr);
}

#[test]
fn the_instance_and_its_commands_cannot_both_come_from_standard_input() {
    // Were it read, standard input would be refused for its size instead.
    for args in [&["solve", "triple", "-", "--commands", "-"][..], &["solve", "triple", "--commands", "-"]] {
        let run = m3diff(args, File::open("/dev/zero").unwrap().into());
        refused(&run, "the instance and --commands both from standard input: it cannot be read twice");
    }
    let run = m3diff(&["check", "triple", "-", "--commands", "-"], File::open("/dev/zero").unwrap().into());
    refused(&run, "cannot be read twice");
}

#[test]
fn triage_refuses_each_artifact_too_large_and_replays_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("texas_parse");
    std::fs::create_dir(&folder).unwrap();
    for name in ["crash-1", "crash-2"] {
        File::create(folder.join(name)).unwrap().set_len(5_000_000_000).unwrap();
    }
    std::fs::write(folder.join("crash-3"), "1 1 1 1\n1\n0\n1 1 1 1\n").unwrap();
    let corpus = dir.path().join("corpus");
    let run = m3diff(&["triage", folder.to_str().unwrap(), "--corpus", corpus.to_str().unwrap()], Stdio::null());
    let refusals: Vec<&str> = run.stderr.lines().filter(|line| line.contains("more than any texas file")).collect();
    assert_eq!(refusals.len(), 2, "one line each: {}", run.stderr);
    assert!(refusals.iter().all(|line| line.contains("5000.0 MB")), "{}", run.stderr);
    assert!(run.stdout.contains("3 cases triaged"), "the third is replayed: {}", run.stdout);
    assert!(run.stdout.contains("texas: an input too large to read (not replayed)   "), "{}", run.stdout);
    peak_within_bound(&run);
}

#[test]
fn triage_holds_one_artifact_at_a_time_not_the_night() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("triple_parse");
    std::fs::create_dir(&folder).unwrap();
    // Each within Triple Town's bound, 24 of them three times BOUNDED_KB
    // together: held all at once, they would pass it. Hard links take no room.
    let commands = "PUT 1 1\n".repeat(1_000_000);
    let first = folder.join("crash-0");
    std::fs::write(&first, format!("1\n1 1\n0 0\n.\n1\n1\n{commands}")).unwrap();
    for index in 1..24 {
        std::fs::hard_link(&first, folder.join(format!("crash-{index}"))).unwrap();
    }
    let corpus = dir.path().join("corpus");
    let run = m3diff(&["triage", folder.to_str().unwrap(), "--corpus", corpus.to_str().unwrap()], Stdio::null());
    assert!(run.stdout.contains("24 cases triaged"), "{}{}", run.stdout, run.stderr);
    peak_within_bound(&run);
}
