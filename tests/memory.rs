//! Peak memory on the largest Triple Town game the format reads: a 100x100
//! map and a build sequence of 100,000 tiles (`solve --reference`, `check`,
//! `check --against`, `--trace` and `shrink --against`; a shrink against a
//! wrong engine is measured in `memory_shrink.rs`). Each command runs as a child
//! whose own peak (`ru_maxrss`, from `wait4`) must stay under 200 MB: a
//! record per command kept to the end took a gigabyte, and a trace held as
//! one text seven. Memory is measured, never time.

#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

const M3DIFF: &str = env!("CARGO_BIN_EXE_m3diff");

/// The bound of issue 41, in the kilobytes `ru_maxrss` counts on Linux.
const MOST_KB: i64 = 200 * 1024;

/// Address space a child may take: a change that makes a command grow
/// with the game again fails here at once rather than filling the machine.
const ADDRESS_SPACE: libc::rlim_t = 4 << 30;

/// What a child printed and its own peak resident memory, in KB.
struct Ran {
    stdout: String,
    status: i32,
    peak_kb: i64,
}

/// Runs m3diff with `args` in `dir`, its standard output to a file when
/// `keep_output`, else to /dev/null, and waits for it with `wait4`, which
/// gives this child's peak alone (`RUSAGE_CHILDREN` would give the most of
/// every child waited for).
fn run(dir: &Path, args: &[&str], keep_output: bool) -> Ran {
    let out_path = dir.join("stdout");
    let stdout = if keep_output {
        Stdio::from(std::fs::File::create(&out_path).expect("a file in the temporary folder"))
    } else {
        Stdio::null()
    };
    let mut command = Command::new(M3DIFF);
    command.args(args.iter().map(OsStr::new)).current_dir(dir).stdout(stdout).stderr(Stdio::null());
    // SAFETY: setrlimit is async-signal-safe and touches no memory of the
    // parent; nothing else runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: ADDRESS_SPACE, rlim_max: ADDRESS_SPACE };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    #[expect(clippy::zombie_processes, reason = "wait4 below reaps it, and gives its rusage")]
    let child = command.spawn().expect("m3diff starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, which wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; both pointers are to
    // live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    let stdout = if keep_output { std::fs::read_to_string(&out_path).unwrap_or_default() } else { String::new() };
    let status = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -libc::WTERMSIG(status) };
    Ran { stdout, status, peak_kb: usage.ru_maxrss }
}

/// The largest game as `m3diff gen triple` draws it, with `tiles` in the
/// sequence, written to `name` in `dir`.
fn largest(dir: &Path, name: &str, tiles: usize) {
    let tiles = tiles.to_string();
    let args = [
        "gen",
        "triple",
        "--seed",
        "1",
        "--rows",
        "100",
        "--cols",
        "100",
        "--tiles",
        &tiles,
        "--stars",
        "100",
        "--bombs",
        "100",
        "--fill-percent",
        "30",
        "--ending",
        "last",
        "--refused-percent",
        "0",
    ];
    let ran = run(dir, &args, true);
    assert_eq!(ran.status, 0, "gen triple failed");
    // The test number, then `n m`.
    assert_eq!(ran.stdout.lines().nth(1), Some("100 100"), "gen triple drew another map");
    std::fs::write(dir.join(name), ran.stdout).expect("the instance is written");
}

#[test]
fn the_largest_triple_town_game_stays_under_200_mb_in_solve_check_trace_and_shrink() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let dir = dir.path();
    largest(dir, "largest.in", 100_000);
    // The reference itself as the program checked: it answers alike.
    let reference = format!("'{M3DIFF}' solve triple - --reference");
    let cases: [(&[&str], bool); 5] = [
        (&["solve", "triple", "largest.in", "--reference"], true),
        (&["check", "triple", "largest.in"], true),
        (&["check", "triple", "largest.in", "--against", &reference], true),
        // 6 GB of text, which was held whole.
        (&["solve", "triple", "largest.in", "--reference", "--trace"], false),
        (&["shrink", "triple", "largest.in", "--against", "sh -c 'cat >/dev/null; echo 0'", "--keep", "found"], true),
    ];
    let mut peaks = Vec::new();
    for (args, keep_output) in cases {
        let ran = run(dir, args, keep_output);
        let command = args.join(" ");
        // solve and check exit 0; the shrink keeps the wrong answer and exits 1.
        let expected = if args[0] == "shrink" { 1 } else { 0 };
        assert_eq!(ran.status, expected, "{command}: {}", ran.stdout);
        if args[0] == "check" {
            assert!(ran.stdout.starts_with("agree: "), "{command}: {}", ran.stdout);
        }
        peaks.push(format!("{command}: {} KB", ran.peak_kb));
        assert!(
            ran.peak_kb < MOST_KB,
            "{command} peaked at {} KB, over {MOST_KB} KB\n{}",
            ran.peak_kb,
            peaks.join("\n")
        );
    }
    println!("{}", peaks.join("\n"));
}
