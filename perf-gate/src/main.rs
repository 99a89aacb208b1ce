//! The gate on instruction counts: runs the gungraun bench
//! `benches/instructions.rs` under valgrind, compares every case (each
//! engine benchmark, and each game's harness case) with the committed
//! baseline and fails when one needs more than
//! the allowed share of extra instructions. Instruction counts, unlike
//! wall-clock times, are the same on every run of the same binary, so the
//! gate neither cries wolf nor sleeps through a slowdown. See
//! benches/README.md.

mod baseline;
mod bench;
mod report;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

#[derive(Parser)]
#[command(
    about = "Fail when an engine benchmark or a harness case needs more instructions than benches/instructions.baseline allows"
)]
struct Args {
    /// Write this run's counts to the baseline instead of checking them.
    #[arg(long)]
    update: bool,
    /// The dry run: build the engines with `--cfg m3diff_slowdown` (an extra
    /// pass over the board per move) into target/slowdown and count the
    /// slowed game's cases only; the gate must fail.
    #[arg(long, conflicts_with = "update")]
    slowdown: bool,
    /// The extra instructions allowed, in percent of the baseline.
    #[arg(long, default_value_t = 3.0, value_name = "PERCENT")]
    threshold: f64,
    /// The baseline file.
    #[arg(long, default_value_os_t = workspace().join("benches/instructions.baseline"))]
    baseline: PathBuf,
}

/// Exit codes: 0 the gate passes, 1 it fails, 2 it could not run.
fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("perf-gate: {error}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<bool, Error> {
    let counts = bench::run(&workspace(), args.slowdown)?;
    let compiler = bench::compiler_version();
    if args.update {
        baseline::write(&args.baseline, &compiler, &counts)?;
        println!("perf-gate: wrote {} counts to {}; review its diff like code", counts.len(), args.baseline.display());
        return Ok(true);
    }
    let mut baseline = baseline::read(&args.baseline)?;
    if args.slowdown {
        // The dry run counts the slowed game's cases only.
        baseline.counts.retain(|(id, _)| counts.iter().any(|(counted, _)| counted == id));
    }
    let verdict = report::compare(&baseline, &counts, args.threshold);
    print!("{}", verdict.table());
    if baseline.compiler != compiler {
        println!("note: the baseline was counted with {}, this run with {compiler}", baseline.compiler);
    }
    println!("{}", verdict.summary(&args.baseline));
    Ok(verdict.passes())
}

/// The workspace's root, which holds this crate.
fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().map(PathBuf::from).unwrap_or_default()
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Bench(String),
    #[error("{path}: {message}")]
    Baseline { path: String, message: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}
