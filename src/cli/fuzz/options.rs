//! What `m3diff fuzz` takes on its command line, as clap reads it. Apart
//! from the running so that the options, their defaults and their help
//! read as one list; `--against`'s options serve `check` and `shrink` too.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;

use crate::game::{Game, Size};
use crate::games;
use crate::runs::against::{Limits, Program, Protocol};

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
    /// Run exactly this many cases of each game instead. 0, which the
    /// replay line of a campaign that ran no case gives, runs none and ends
    /// as such a campaign does.
    #[arg(long)]
    pub cases: Option<u64>,
    /// Case seeds not to run, though dealt: the replay line of an
    /// `--against` campaign stopped by a signal names those whose runs the
    /// stop ended, which it did not judge, so that the replay judges what
    /// the campaign judged.
    #[arg(long, value_delimiter = ',', value_name = "SEEDS")]
    pub skip_cases: Vec<u64>,
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
    /// Also write the summary as a page to FILE, one self-contained HTML
    /// file: cases, failures by kind with a link to each kept case's page,
    /// the time split and the coverage table as bars, the counters never
    /// reached apart.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
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
    /// With --against: the CPU time of one run, the program and all its
    /// children; past it, "time limit exceeded". The statement's where it
    /// gives one (Triple Town 4.5s, SquareRemover 30s), else 2s.
    #[arg(long, value_name = "TIME", value_parser = crate::runs::against::parse_time, requires = "against")]
    pub time_limit: Option<Duration>,
    /// With --against: the peak memory of one run, the program and all its
    /// children (256M, 1G: powers of 1024); past it, "memory limit
    /// exceeded". The statement's where it gives one (Triple Town 512M,
    /// SquareRemover 1024M), else 1G.
    #[arg(long, value_name = "SIZE", value_parser = crate::runs::against::parse_memory, requires = "against")]
    pub memory_limit: Option<u64>,
    /// With --against: the wall-clock time of one run, for a program that
    /// waits without using CPU; past it, "wall timeout". Twice the time
    /// limit and a second unless given.
    #[arg(long, value_name = "TIME", value_parser = crate::runs::against::parse_time, requires = "against")]
    pub timeout: Option<Duration>,
    /// With --against: the program reads up to N cases a run, in the
    /// multi-test form (a first line N, then the cases; a Triple Town case
    /// after a line with its count of lines), and prints an answer for
    /// each. The CPU time and wall limits are per run, N times a case's. A
    /// batch that fails is split down to the one case that fails, which is
    /// run alone, as a batch of one, and kept in the single-case format.
    #[arg(long, value_name = "N", requires = "against")]
    pub batch: Option<std::num::NonZeroUsize>,
    /// With --against: the program prints a line after each operation, its
    /// running total as the README defines it for the game, or a JSON
    /// record (`m3diff solve GAME FILE --per-operation json` prints the
    /// reference's), then its answer; a failure names the first operation
    /// that differs.
    #[arg(long, requires = "against")]
    pub per_operation: bool,
    /// With --against: the program is a player, the contest's program of a
    /// game whose operations are its output (Triple Town): it reads the
    /// statement's input (the map, the stars, the bombs and the build
    /// sequence, no commands) and prints its own commands. It is accepted,
    /// as the package's output validator (`check-output`) accepts, when
    /// none is refused and they score at least the case's own commands,
    /// the judge's, with those refused left out. A player reads one game a
    /// run: not with --batch nor --per-operation.
    #[arg(long, requires = "against")]
    pub player: bool,
}

impl AgainstArgs {
    /// The program for game `G`, when `--against` names one, with its
    /// limits; an error is one line.
    pub fn program<G: Game>(&self) -> Result<Option<Program>, String> {
        let limits = Limits::of::<G>(self.time_limit, self.memory_limit, self.timeout);
        let protocol = Protocol { batch: self.batch, per_operation: self.per_operation, player: self.player };
        if let Some(refused) = protocol.refused::<G>() {
            return Err(refused);
        }
        let program = self.against.as_deref().map(|command| Program::new(command, limits)).transpose()?;
        Ok(program.map(|program| program.speaking(protocol)))
    }
}
