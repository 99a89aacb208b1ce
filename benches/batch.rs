//! What `--batch` gains: for each example program of `examples/against/`
//! whose compiler or interpreter is on the machine (C++, Python,
//! JavaScript under node), a campaign at `--size small` on one job with
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

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    let seconds: u64 = args.iter().find_map(|arg| arg.parse().ok()).unwrap_or(10);
    let game = args.iter().find(|arg| arg.parse::<u64>().is_err()).map_or("door", String::as_str);
    let dir = tempfile::tempdir().expect("a temporary folder");
    println!("{game} at --size small, one job, {seconds} s a campaign: cases a second");
    println!("{:<12} {:>16} {:>16} {:>8}", "program", "a process a case", "--batch 1000", "gain");
    for language in LANGUAGES {
        let Some(program) = language.program(dir.path(), game) else {
            println!("{:<12} not measured: {} is not on PATH", language.name, language.tool);
            continue;
        };
        let keep = dir.path().join("kept");
        let single = campaign(game, &program, 1, seconds, &keep);
        let batch = campaign(game, &program, 1000, seconds, &keep);
        println!("{:<12} {single:>16.0} {batch:>16.0} {:>7.0}x", language.name, batch / single);
    }
}

struct Language {
    name: &'static str,
    /// The compiler or interpreter.
    tool: &'static str,
    extension: &'static str,
}

const LANGUAGES: [Language; 3] = [
    Language { name: "C++", tool: "g++", extension: "cpp" },
    Language { name: "Python", tool: "python3", extension: "py" },
    Language { name: "JavaScript", tool: "node", extension: "js" },
];

impl Language {
    /// The command that runs the example of `game`, compiled where it must
    /// be; `None` when its tool is missing.
    fn program(&self, dir: &Path, game: &str) -> Option<String> {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/against/{game}.{}", self.extension));
        Command::new(self.tool).arg("--version").output().ok()?;
        if self.tool != "g++" {
            return Some(format!("{} {}", self.tool, source.display()));
        }
        let binary: PathBuf = dir.join(game);
        let status = Command::new("g++").args(["-O2", "-o"]).arg(&binary).arg(&source).status().ok()?;
        assert!(status.success(), "g++ could not compile {}", source.display());
        Some(binary.display().to_string())
    }
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
