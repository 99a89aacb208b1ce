//! Standard output and standard error that break under m3diff: closed
//! (`>&-`), or a pipe whose reader is gone (`| head`). No command panics;
//! an answer or a summary that could not be written makes the exit
//! non-zero; a campaign keeps its cases and writes its JSON whatever
//! became of its streams.

#![cfg(unix)]

use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The write end of a pipe whose read end is closed: a reader gone.
fn broken_pipe() -> Stdio {
    let mut ends = [0; 2];
    // SAFETY: `ends` is an array of two descriptors, as pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
    // SAFETY: pipe(2) gave both descriptors, owned by nothing else.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
    drop(read);
    Stdio::from(write)
}

/// m3diff with `args`, its standard output and error as given.
fn m3diff(args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .expect("m3diff runs")
}

/// m3diff with `args` and standard output closed, as `>&-` leaves it.
fn m3diff_without_stdout(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_m3diff"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR")).stdin(Stdio::null()).stderr(Stdio::piped());
    // SAFETY: close(2) is async-signal-safe, as pre_exec requires.
    unsafe {
        command.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    command.output().expect("m3diff runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A program that answers most cases wrong, for a campaign that keeps
/// cases (one that crashes on every case is given up on at once).
fn wrong_program(dir: &Path) -> String {
    let program = dir.join("wrong");
    std::fs::write(&program, "#!/bin/sh\necho 987654321\n").unwrap();
    std::fs::set_permissions(&program, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    program.display().to_string()
}

fn kept_cases(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("door"))
        .map(|entries| entries.filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in")).count())
        .unwrap_or(0)
}

#[test]
fn an_error_whose_standard_error_reader_is_gone_exits_two_without_a_panic() {
    let out = m3diff(&["solve", "door", "missing.in"], Stdio::null(), broken_pipe());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_answer_whose_reader_is_gone_is_not_called_given() {
    let out = m3diff(&["solve", "door", "corpus/door/sample1.in"], broken_pipe(), Stdio::piped());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).starts_with("error: standard output: "), "{}", text(&out.stderr));
    for trace in [&["solve", "door", "corpus/door/sample1.in", "--trace"][..], &["gen", "texas", "--seed", "1"]] {
        let out = m3diff(trace, broken_pipe(), broken_pipe());
        assert_eq!(out.status.code(), Some(2), "{trace:?}");
    }
}

#[test]
fn an_answer_to_a_closed_standard_output_is_lost_and_the_exit_says_it() {
    let out = m3diff_without_stdout(&["solve", "door", "corpus/door/sample1.in"]);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(said.starts_with("error: standard output: ") && said.contains("is lost"), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
}

/// A campaign against [`wrong_program`], run by `run`, with what it kept
/// and the JSON it wrote.
fn campaign(run: impl FnOnce(&[&str]) -> Output) -> (Output, usize, String) {
    let dir = tempfile::tempdir().unwrap();
    let (keep, json) = (dir.path().join("found"), dir.path().join("summary.json"));
    let program = wrong_program(dir.path());
    let (keep_arg, json_arg) = (keep.display().to_string(), json.display().to_string());
    let out = run(&[
        "fuzz",
        "--game",
        "door",
        "--cases",
        "40",
        "--seed",
        "1",
        "--jobs",
        "2",
        "--against",
        &program,
        "--keep",
        &keep_arg,
        "--json",
        &json_arg,
    ]);
    (out, kept_cases(&keep), std::fs::read_to_string(&json).unwrap_or_default())
}

#[test]
fn a_campaign_whose_standard_error_reader_is_gone_keeps_its_cases_and_prints_its_summary() {
    let (out, kept, json) = campaign(|args| m3diff(args, Stdio::piped(), broken_pipe()));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).lines().any(|line| line.starts_with("replay: ") && line.contains("m3diff fuzz --game door")),
        "{}",
        text(&out.stdout)
    );
    assert!(json.contains("\"failures\""), "{json}");
    assert_eq!(kept, 1, "one kind of failure, kept once");
}

#[test]
fn a_campaign_whose_summary_cannot_be_printed_keeps_its_cases_and_json_and_exits_two() {
    let (out, kept, json) = campaign(m3diff_without_stdout);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("error: standard output: "), "{}", text(&out.stderr));
    assert!(json.contains("\"failures\""), "{json}");
    assert_eq!(kept, 1, "one kind of failure, kept once");
}
