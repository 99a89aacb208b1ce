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
