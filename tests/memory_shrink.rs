//! Peak memory of a shrink, engine against reference, on the largest
//! Triple Town game the format reads (100x100, 100,000 tiles), with a
//! planted bug: the cuts of its sequence, made all at once, each with every
//! command, took gigabytes. One test in a binary of its own, so that the
//! process's peak (`getrusage(RUSAGE_SELF)`) is this shrink's. Memory is
//! measured, never time: the shrink runs for a fixed time, not to its end.

#![cfg(unix)]

mod bugs;

use std::process::Command;
use std::time::Duration;

use bugs::HundredWideShort;
use m3_model::triple::{self, TripleTown};
use m3diff::check::oracle::check_game_with;
use m3diff::check::planted::Planted;
use m3diff::check::shrink::{shrink, Limits};

/// The bound of issue 41, in the kilobytes `ru_maxrss` counts on Linux.
const MOST_KB: i64 = 200 * 1024;

#[test]
fn shrinking_the_largest_triple_town_game_stays_under_200_mb() {
    // A change that makes the shrink grow with the game again aborts here
    // rather than fill the machine.
    let limit = libc::rlimit { rlim_cur: 4 << 30, rlim_max: 4 << 30 };
    // SAFETY: a pointer to a live local.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
    let generated = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["gen", "triple", "--seed", "1", "--rows", "100", "--cols", "100", "--tiles", "100000"])
        .args(["--stars", "100", "--bombs", "100", "--fill-percent", "30", "--ending", "last"])
        .args(["--refused-percent", "0"])
        .output()
        .expect("m3diff gen runs");
    let instance = triple::parse(&String::from_utf8(generated.stdout).unwrap()).expect("gen writes the format");
    assert_eq!(instance.sequence.len(), 100_000);
    type Wrong = Planted<TripleTown, HundredWideShort>;
    let failure = check_game_with::<TripleTown, Wrong>(&instance, &mut Default::default()).unwrap_err();
    let limits = Limits { stop: &|| false, time: Some(Duration::from_secs(20)) };
    let shrunk = shrink::<TripleTown, Wrong>(&instance, failure, limits);
    // It went past the cuts of the commands into the game's own.
    assert!(shrunk.instance.commands.len() < 10, "{} commands left", shrunk.instance.commands.len());
    assert!(shrunk.steps > 0 && shrunk.tries > 20, "{}", shrunk.how());
    // SAFETY: an all-zero rusage is a valid value, which getrusage fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a pointer to a live local.
    assert_eq!(unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) }, 0);
    println!("shrink: {}; peak {} KB", shrunk.how(), usage.ru_maxrss);
    assert!(usage.ru_maxrss < MOST_KB, "the shrink peaked at {} KB, over {MOST_KB} KB", usage.ru_maxrss);
}
