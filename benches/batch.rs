//! What `--batch` gains: for each example program of `examples/against/`
//! that reads a batch and whose compiler or interpreter is on the machine
//! (C++, Python, JavaScript under node), a campaign at `--size small` on one job with
//! one process per case (`--batch 1`) beside one with `--batch 1000`, each
//! for the same time, and their cases a second. A table, not a timed test:
//!
//! ```sh
//! cargo bench --bench batch               # 10 seconds a campaign, Magic Door
//! cargo bench --bench batch -- 30 square  # 30 seconds a campaign, SquareRemover
//! ```
//!
//! The two campaigns of a language run one after the other: read their
//! rates side by side, never alone.

use std::path::Path;
use std::process::Command;

// The examples and how each reads its input, as the tests list them: a
// program that reads the statement's one instance has no batch to measure.
#[path = "../tests/suites/examples.rs"]
#[allow(dead_code)]
mod examples;

use examples::Reads;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let seconds: u64 = args.iter().find_map(|arg| arg.parse().ok()).unwrap_or(10);
    let game = args.iter().find(|arg| arg.parse::<u64>().is_err()).map_or("door", String::as_str);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let batch_readers: Vec<_> = examples::of_game(game).filter(|example| example.reads == Reads::Batch).collect();
    if batch_readers.is_empty() {
        let mut games: Vec<&str> =
            examples::EXAMPLES.iter().filter(|e| e.reads == Reads::Batch).map(|e| e.game).collect();
        games.dedup();
        eprintln!("no example of {game} reads a batch (examples/against/): measured for {}", games.join(", "));
        std::process::exit(2);
    }
    println!("{game} at --size small, one job, {seconds} s a campaign: cases a second");
    println!("{:<16} {:>16} {:>16} {:>8}", "program", "a process a case", "--batch 1000", "gain");
    for example in batch_readers {
        let Some(words) = example.command(dir.path()) else {
            println!("{:<16} not measured: {} is not on PATH", example.file, example.tool());
            continue;
        };
        let program = words.join(" ");
        let keep = dir.path().join("kept");
        let single = campaign(game, &program, 1, seconds, &keep);
        let batch = campaign(game, &program, 1000, seconds, &keep);
        println!("{:<16} {single:>16.0} {batch:>16.0} {:>7.0}x", example.file, batch / single);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A campaign's cases a second, as its last line gives them.
fn campaign(game: &str, program: &str, batch: u64, seconds: u64, keep: &Path) -> f64 {
    let output = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", game, "--size", "small", "--jobs", "1", "--seed", "7"])
        .args(["--time", &format!("{seconds}s"), "--batch", &batch.to_string(), "--against", program])
        .arg("--keep")
        .arg(keep)
        .output()
        .expect("m3diff runs");
    let printed = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{program} --batch {batch}:\n{printed}");
    // "time: 1234 cases in 10.0 s on 1 job, 123 a second"
    let line = printed.lines().find(|line| line.starts_with("time:") && line.ends_with("a second"));
    let rate = line.and_then(|line| line.rsplit(", ").next()?.strip_suffix(" a second")?.parse().ok());
    rate.unwrap_or_else(|| panic!("no rate in:\n{printed}"))
}
