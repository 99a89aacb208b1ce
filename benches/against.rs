//! What containing a program costs: a campaign against the C++ example
//! (`examples/against/magic_door.cpp`), its cases a second with each run in
//! a PID namespace of its own (the default where the kernel allows) beside
//! the same campaign with the program leading a process group only
//! (`M3DIFF_CONTAINMENT=group`, how m3diff ran programs before). A table,
//! not a timed test:
//!
//! ```sh
//! cargo bench --bench against                  # 5 rounds of 1,000 cases, one job
//! cargo bench --bench against -- 9 2000 2      # 9 rounds of 2,000 cases, two jobs
//! M3DIFF_BEFORE=/path/to/old/m3diff cargo bench --bench against   # and an older m3diff, side by side
//! ```
//!
//! The two (or three) campaigns take turns within each round, so that a
//! load that comes and goes weighs on each alike; the table gives each
//! round and the median. Wall-clock rates vary with the machine's load:
//! read them side by side, never alone.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn main() {
    let numbers: Vec<u64> = std::env::args().skip(1).filter_map(|arg| arg.parse().ok()).collect();
    let rounds = numbers.first().copied().unwrap_or(5);
    let cases = numbers.get(1).copied().unwrap_or(1000);
    let jobs = numbers.get(2).copied().unwrap_or(1);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let Some(program) = compile(dir.path()) else {
        println!("g++ is not on PATH: nothing to measure");
        return;
    };
    let this = PathBuf::from(env!("CARGO_BIN_EXE_m3diff"));
    let mut sides: Vec<(&str, PathBuf, Option<&str>)> =
        vec![("namespace", this.clone(), None), ("group", this.clone(), Some("group"))];
    if let Some(before) = std::env::var_os("M3DIFF_BEFORE") {
        sides.push(("before", PathBuf::from(before), None));
    }
    println!("{rounds} rounds of {cases} cases against magic_door.cpp on {jobs} job(s), cases a second:");
    println!("{:<8} {}", "round", sides.iter().map(|(name, ..)| format!("{name:>10}")).collect::<String>());
    let mut rates: Vec<Vec<f64>> = vec![Vec::new(); sides.len()];
    for round in 1..=rounds {
        let mut line = format!("{round:<8}");
        for (index, (_, binary, containment)) in sides.iter().enumerate() {
            let rate = campaign(binary, *containment, &program, cases, jobs, &dir.path().join("kept"));
            rates[index].push(rate);
            line.push_str(&format!("{rate:>10.0}"));
        }
        println!("{line}");
    }
    let medians: Vec<f64> = rates.iter_mut().map(|side| median(side)).collect();
    println!("{:<8} {}", "median", medians.iter().map(|rate| format!("{rate:>10.0}")).collect::<String>());
    for (index, (name, ..)) in sides.iter().enumerate().skip(1) {
        println!("namespace / {name}: {:.1}%", medians[0] / medians[index] * 100.0);
    }
}

/// The example compiled as the README says; `None` without g++.
fn compile(dir: &Path) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/against/magic_door.cpp");
    let binary = dir.join("magic_door");
    let status = Command::new("g++").args(["-O2", "-o"]).arg(&binary).arg(&source).status().ok()?;
    assert!(status.success(), "g++ could not compile {}", source.display());
    Some(binary)
}

/// One campaign's cases a second, by the wall clock around it.
fn campaign(binary: &Path, containment: Option<&str>, program: &Path, cases: u64, jobs: u64, keep: &Path) -> f64 {
    let mut command = Command::new(binary);
    command.args(["fuzz", "--game", "door", "--seed", "7", "--cases", &cases.to_string(), "--jobs", &jobs.to_string()]);
    command.arg("--against").arg(program).arg("--keep").arg(keep);
    match containment {
        Some(value) => command.env("M3DIFF_CONTAINMENT", value),
        None => command.env_remove("M3DIFF_CONTAINMENT"),
    };
    let started = Instant::now();
    let output = command.output().expect("m3diff runs");
    let took = started.elapsed();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    cases as f64 / took.as_secs_f64()
}

fn median(rates: &mut [f64]) -> f64 {
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}
