//! The command line. Every command is written once, generic over [`Game`],
//! and dispatched here by the game's name.

mod corpus;
mod fuzz;
mod play;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use m3_model::texas::Texas;

use crate::game::{Game, Size};
use crate::texas::Shape;

/// Exit code of a run where the implementations disagree or break an
/// invariant.
pub const EXIT_FAILURE_FOUND: u8 = 1;
/// Exit code for input or arguments that make no sense.
pub const EXIT_BAD_INPUT: u8 = 2;

#[derive(Debug, Parser)]
#[command(name = "m3diff", version, about = "Differential fuzzing and reference checking for match-3 engines")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print what an accepted contest solution prints for an instance.
    Solve {
        game: GameName,
        /// The instance in the statement's format; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Use the reference instead of the engine.
        #[arg(long)]
        reference: bool,
        /// Before the answer, give an account of every operation and round.
        #[arg(long)]
        trace: bool,
    },
    /// Run engine and reference side by side with every invariant.
    Check {
        game: GameName,
        /// The instance; standard input when `-`.
        file: PathBuf,
    },
    /// Print a generated instance.
    Gen {
        game: GameName,
        #[arg(long)]
        seed: u64,
        #[command(flatten)]
        shape: ShapeArgs,
    },
    /// Fuzz engine against reference until the time or the cases run out;
    /// shrink and keep every failure under CORPUS/<game>/regressions/.
    Fuzz(fuzz::FuzzArgs),
    /// Shrink a failing instance and keep it as a regression.
    Shrink {
        game: GameName,
        file: PathBuf,
        /// The corpus root that holds <game>/regressions/.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Move cases between the corpus and cargo-fuzz.
    #[command(subcommand)]
    Corpus(corpus::CorpusCommand),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Texas Match-3 (THUPC 2022).
    Texas,
}

/// The generator's knobs; what is not given is drawn from the seed.
#[derive(Debug, Clone, Args)]
pub struct ShapeArgs {
    #[arg(long, value_enum, default_value = "mixed")]
    pub size: Size,
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=50))]
    pub rows: Option<u16>,
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=50))]
    pub cols: Option<u16>,
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub colours: Option<u8>,
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub operations: Option<u16>,
    /// Percentage of pieces that are specials.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub special_percent: Option<u8>,
    /// Percentage of operations chosen among the valid swaps.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub valid_percent: Option<u8>,
}

impl ShapeArgs {
    pub fn texas(&self) -> Shape {
        Shape {
            size: self.size,
            rows: self.rows.map(usize::from),
            cols: self.cols.map(usize::from),
            colours: self.colours,
            operations: self.operations.map(usize::from),
            special_percent: self.special_percent,
            valid_percent: self.valid_percent,
        }
    }
}

pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Solve { game: GameName::Texas, file, reference, trace } => {
            play::solve::<Texas>(file.as_deref(), reference, trace)
        }
        Command::Check { game: GameName::Texas, file } => play::check::<Texas>(&file),
        Command::Gen { game: GameName::Texas, seed, shape } => play::generate::<Texas>(seed, &shape.texas()),
        Command::Fuzz(args) => fuzz::fuzz(&args),
        Command::Shrink { game: GameName::Texas, file, corpus } => corpus::shrink::<Texas>(&file, &corpus),
        Command::Corpus(command) => corpus::run(command),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Reads and parses an instance; the error is one line naming the file, the
/// line, the column and what was expected.
pub fn read_instance<G: Game>(file: Option<&Path>) -> Result<G::Instance, String> {
    let (name, text) = match file {
        None => ("<stdin>".to_string(), read_stdin()?),
        Some(path) if path == Path::new("-") => ("<stdin>".to_string(), read_stdin()?),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            let text = String::from_utf8(bytes)
                .map_err(|e| format!("{}: not UTF-8 text (byte {})", path.display(), e.utf8_error().valid_up_to()))?;
            (path.display().to_string(), text)
        }
    };
    G::parse(&text).map_err(|e| format!("{name}: {e}"))
}

fn read_stdin() -> Result<String, String> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| format!("<stdin>: cannot read: {e}"))?;
    Ok(text)
}

/// Writes to standard output; a closed pipe (`| head`) is not an error.
pub(crate) fn write_stdout(text: &str) -> Result<ExitCode, String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}
