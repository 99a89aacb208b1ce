//! The command line: `solve`, `check` and `gen`, for every game.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use m3_model::texas::Texas;

use crate::game::Game;
use crate::oracle::{check_game, play};
use crate::texas::{Shape, Size};

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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Texas Match-3 (THUPC 2022).
    Texas,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SizeName {
    Small,
    Mixed,
    Max,
}

/// The generator's knobs; what is not given is drawn from the seed.
#[derive(Debug, Clone, Args)]
pub struct ShapeArgs {
    #[arg(long, value_enum, default_value = "mixed")]
    pub size: SizeName,
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
            size: match self.size {
                SizeName::Small => Size::Small,
                SizeName::Mixed => Size::Mixed,
                SizeName::Max => Size::Max,
            },
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
            solve::<Texas>(file.as_deref(), reference, trace)
        }
        Command::Check { game: GameName::Texas, file } => check::<Texas>(&file),
        Command::Gen { game: GameName::Texas, seed, shape } => generate::<Texas>(seed, &shape.texas()),
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

fn solve<G: Game>(file: Option<&Path>, reference: bool, trace: bool) -> Result<ExitCode, String> {
    let instance = read_instance::<G>(file)?;
    let output = match (trace, reference) {
        (false, false) => format!("{}\n", G::solve(&instance)),
        (with_trace, _) => {
            let (records, outcome) =
                if reference { play::<G, G::Reference>(&instance) } else { play::<G, G::Engine>(&instance) };
            let account = if with_trace { G::trace(&instance, &records, &outcome) } else { String::new() };
            format!("{account}{}\n", G::answer(&outcome))
        }
    };
    write_stdout(&output)
}

fn check<G: Game>(file: &Path) -> Result<ExitCode, String> {
    let instance = read_instance::<G>(Some(file))?;
    let mut stats = G::Stats::default();
    match check_game::<G>(&instance, &mut stats) {
        Ok(outcome) => {
            let operations = G::operations(&instance).len();
            let answer = G::answer(&outcome);
            write_stdout(&format!("agree: {} operations, answer {answer}, no invariant broken\n", operations))
        }
        Err(failure) => {
            let replay = format!("m3diff check {} {}", G::NAME, file.display());
            print!("{}", failure.report_with_replay(&replay));
            Ok(ExitCode::from(EXIT_FAILURE_FOUND))
        }
    }
}

fn generate<G: Game>(seed: u64, shape: &G::Shape) -> Result<ExitCode, String> {
    let instance = crate::seed::with_seed(seed, |u| G::generate(u, shape))
        .map_err(|e| format!("seed {seed}: the generator gave up: {e}"))?;
    write_stdout(&instance.to_string())
}

/// Writes to standard output; a closed pipe (`| head`) is not an error.
fn write_stdout(text: &str) -> Result<ExitCode, String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}
