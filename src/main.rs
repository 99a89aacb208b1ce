use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    m3diff::cli::run(m3diff::cli::Cli::parse())
}
