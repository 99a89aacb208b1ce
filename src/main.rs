use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    match m3diff::cli::Cli::try_parse() {
        Ok(cli) => m3diff::cli::run(cli),
        Err(error) if matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => error.exit(),
        Err(error) => {
            eprintln!("{}", m3diff::cli::one_line(&error.render().to_string()));
            ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
        }
    }
}
