//! What `m3diff fuzz` takes on its command line, as clap reads it. Apart
//! from the running so that the options, their defaults and their help
//! read as one list; `--against`'s options serve `check` and `shrink` too.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;

use crate::game::Size;
use crate::games;
use crate::runs::against::Program;

/// What `--game` takes besides the games' names.
pub(super) const ALL: &str = "all";

fn game_parser() -> PossibleValuesParser {
    let all = PossibleValue::new(ALL).help("Every game, side by side");
    PossibleValuesParser::new(std::iter::once(all).chain(games::possible_values()))
}

/// A duration as humantime reads it, with an error that shows one.
pub(super) fn duration(text: &str) -> Result<Duration, String> {
    match humantime::parse_duration(text) {
        Ok(duration) if duration.is_zero() => Err("a campaign of no time runs no case: give more, such as 60s".into()),
        Ok(duration) => Ok(duration),
        Err(_) => Err(format!("expected a duration such as 90s, 10m, 8h or 1h30m, found {text:?}")),
    }
}

#[derive(Debug, Clone, Args)]
pub struct FuzzArgs {
    /// The games to fuzz, side by side: `all`, or names separated by commas.
    #[arg(long, value_delimiter = ',', default_value = ALL, value_parser = game_parser())]
    pub game: Vec<String>,
    /// How long to run: 60s, 10m, 8h ... (default 60s).
    #[arg(long, value_parser = duration, conflicts_with = "cases")]
    pub time: Option<Duration>,
    /// Run exactly this many cases of each game instead (1 or more).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub cases: Option<u64>,
    /// Replays a campaign exactly (with --cases); drawn from the clock when absent.
    #[arg(long, env = crate::process::seed::SEED_VARIABLE, value_parser = crate::process::seed::parse)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// How large the generated games are.
    #[arg(long, value_enum, default_value = "mixed")]
    pub size: Size,
    /// The corpus root; failures go to CORPUS/GAME/regressions/.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Also write the summary as JSON to FILE: cases, failures by kind,
    /// rule-coverage counters, seed, duration.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    #[command(flatten)]
    pub against: AgainstArgs,
    /// With --against: where the cases a program fails go, as
    /// DIR/<game>/<kind>-<hash>.in beside a report .txt.
    #[arg(long, value_name = "DIR", default_value = crate::runs::against::DEFAULT_KEEP, requires = "against")]
    pub keep: PathBuf,
}

/// `--against`: a program in the engine's place.
#[derive(Debug, Clone, Args)]
pub struct AgainstArgs {
    /// Check this program against the reference instead of the engine: it
    /// reads an instance in the statement's format on standard input and
    /// prints its answer. Split into words as a shell would ('...' and "..."
    /// quote, no variables); the program is run directly, not by a shell.
    #[arg(long, value_name = "CMD")]
    pub against: Option<String>,
    /// With --against: a run that takes longer is a timeout.
    #[arg(long, value_parser = crate::cli::against::time_limit, default_value = crate::runs::against::DEFAULT_TIMEOUT, requires = "against")]
    pub timeout: Duration,
}

impl AgainstArgs {
    /// The program, when `--against` names one; an error is one line.
    pub fn program(&self) -> Result<Option<Program>, String> {
        self.against.as_deref().map(|command| Program::new(command, self.timeout)).transpose()
    }
}
