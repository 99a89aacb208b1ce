//! What a SIGKILLed run leaves (temporary files and folders, probes, each
//! named with its writer's PID) is removed by the next run that writes to
//! the same folder, and what a live run writes is left alone.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn m3diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("m3diff runs")
}

/// The PID of a process that has ended, as a killed writer's has.
fn a_dead_pid() -> u32 {
    let mut ended = Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    ended.id()
}

/// Lays in `dir` a temporary file and a probe of a writer that died.
fn debris_in(dir: &Path) -> [PathBuf; 2] {
    std::fs::create_dir_all(dir).unwrap();
    let dead = a_dead_pid();
    let debris = [dir.join(format!(".case.in.{dead}-0.partial")), dir.join(format!(".m3diff-probe-{dead}"))];
    for file in &debris {
        std::fs::write(file, "left by a kill").unwrap();
    }
    debris
}

#[test]
fn tests_out_removes_the_partial_set_of_a_killed_run_beside_its_folder() {
    let root = tempfile::tempdir().unwrap();
    let partial_set = root.path().join(format!(".set.{}-0.partial", a_dead_pid()));
    std::fs::create_dir(&partial_set).unwrap();
    std::fs::write(partial_set.join("01.in"), "half a set").unwrap();
    let [partial, probe] = debris_in(root.path());
    let set = root.path().join("set");
    let written = m3diff(&["tests", "door", "--out", set.to_str().unwrap(), "--seed", "1", "--count", "5"]);
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    for left in [&partial_set, &partial, &probe] {
        assert!(!left.exists(), "{} stayed", left.display());
    }
}

#[test]
fn a_campaign_removes_what_a_killed_one_left_in_its_keep_folder() {
    let root = tempfile::tempdir().unwrap();
    let keep = root.path().join("found");
    let [probe_dir_partial, probe] = debris_in(&keep);
    let [case_partial, _] = debris_in(&keep.join("door"));
    let wrong = root.path().join("wrong");
    std::fs::write(&wrong, "#!/bin/sh\necho 987654321\n").unwrap();
    std::fs::set_permissions(&wrong, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (wrong, keep_arg) = (wrong.display().to_string(), keep.display().to_string());
    let ran = m3diff(&["fuzz", "--game", "door", "--cases", "20", "--against", &wrong, "--keep", &keep_arg]);
    assert_eq!(ran.status.code(), Some(1), "{}", String::from_utf8_lossy(&ran.stdout));
    for left in [&probe_dir_partial, &probe, &case_partial] {
        assert!(!left.exists(), "{} stayed", left.display());
    }
}

/// Issue 55: a case goes on disk before its report, and its report goes
/// before it, so that a SIGKILL at any instant leaves no report without its
/// case. The kill comes at each point between the two in turn (where
/// `M3DIFF_PAUSE_IN_PAIR` holds the campaign), in writes and in removals.
#[test]
fn a_kill_between_a_case_and_its_report_never_leaves_the_report_alone() {
    use std::io::BufRead;
    let wrong = tempfile::tempdir().unwrap();
    let program = wrong.path().join("wrong");
    std::fs::write(&program, "#!/bin/sh\necho 987654321\n").unwrap();
    std::fs::set_permissions(&program, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut paused_in = std::collections::BTreeSet::new();
    // The raw case written, the shrunk one written, the raw one removed.
    for kill_at in 1..=3 {
        let root = tempfile::tempdir().unwrap();
        let keep = root.path().join("found");
        let mut campaign = Command::new(env!("CARGO_BIN_EXE_m3diff"))
            .args(["fuzz", "--game", "door", "--cases", "20", "--seed", "3", "--jobs", "1", "--against"])
            .arg(&program)
            .arg("--keep")
            .arg(&keep)
            // Held long enough for the kill to come there, not so long that
            // the run to a later point waits much; a kill that came later
            // would still have to find no report alone.
            .env("M3DIFF_PAUSE_IN_PAIR", "500")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = std::io::BufReader::new(campaign.stderr.take().unwrap());
        let pause = stderr
            .lines()
            .map_while(Result::ok)
            .filter_map(|line| line.strip_prefix("m3diff: paused ").map(String::from))
            .nth(kill_at - 1)
            .expect("the campaign pauses between a case and its report");
        campaign.kill().unwrap();
        campaign.wait().unwrap();
        let door = keep.join("door");
        let reports: Vec<PathBuf> = std::fs::read_dir(&door)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
            .collect();
        for report in &reports {
            assert!(report.with_extension("in").exists(), "killed {pause}: {} stands alone", report.display());
        }
        paused_in.insert(pause.split(' ').nth(1).unwrap_or_default().to_string());
    }
    assert!(paused_in.contains("writing") && paused_in.contains("removing"), "killed only at: {paused_in:?}");
}
