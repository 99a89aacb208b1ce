//! The command line. Every command is written once, generic over [`Game`],
//! and reaches the game it names through the registry ([`crate::games`]).
//!
//! May use: `runs`, `games`, `check`, `game`, `kit`, `process`.

mod against;
mod check_output;
mod corpus;
mod exit;
mod fuzz;
mod gen;
mod hunt;
mod io;
mod package;
mod play;
mod setter;
mod solutions;
mod triage;
mod validate;

use crate::process::streams::say;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::game::Game;
use crate::games::{self, Visitor};

pub use exit::{EXIT_BAD_INPUT, EXIT_FAILURE_FOUND, EXIT_REFUSED};
pub use io::{read_instance, read_instance_apart};

#[derive(Debug, Parser)]
#[command(name = "m3diff", version, about = "Differential fuzzing and reference checking for match-3 engines")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Print what an accepted contest solution prints for an instance.
    Solve {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The instance in the statement's format; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// The player's commands in a file of their own, as the contest's
        /// checker took them (Triple Town); else they follow the instance.
        #[arg(long, value_name = "FILE")]
        commands: Option<PathBuf>,
        /// Use the reference instead of the engine.
        #[arg(long)]
        reference: bool,
        /// Before the answer, give an account of every operation and step.
        #[arg(long)]
        trace: bool,
        /// Answer a file beyond the statement (several Magic Door swaps, say)
        /// by this project's extension of the rules; without it, `solve`
        /// refuses such a file, as no contest solution answers it.
        #[arg(long)]
        extended: bool,
        /// Before the answer, the reference's line after each operation, as
        /// a program checked with `--against CMD --per-operation` prints
        /// it: its running total as the README defines it for the game
        /// (`total`, the default), or its record as one line of JSON
        /// (`json`), the fields a program may give.
        #[arg(long, value_name = "LINES", num_args = 0..=1, default_missing_value = "total", conflicts_with = "trace")]
        per_operation: Option<play::Lines>,
        /// Also write the game as a page to OUT: one self-contained HTML
        /// file that draws the engine's and the reference's boards side by
        /// side, operation by operation, with the cells that differ
        /// outlined (the reference's alone with --reference).
        #[arg(long, value_name = "OUT", conflicts_with = "per_operation")]
        html: Option<PathBuf>,
    },
    /// Run engine and reference side by side with every invariant.
    Check {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The instance; standard input when `-`.
        file: PathBuf,
        /// The player's commands in a file of their own (Triple Town).
        #[arg(long, value_name = "FILE")]
        commands: Option<PathBuf>,
        #[command(flatten)]
        against: fuzz::AgainstArgs,
    },
    /// Print a generated instance; each game has its own options.
    #[command(subcommand)]
    Gen(gen::GenCommand),
    /// Fuzz engine against reference until the time or the cases run out;
    /// shrink and keep every failure under CORPUS/GAME/regressions/.
    Fuzz(fuzz::FuzzArgs),
    /// Shrink a failing instance and keep it as a regression.
    Shrink {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The failing instance, in the statement's format.
        file: PathBuf,
        /// The corpus root that holds GAME/regressions/.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        #[command(flatten)]
        against: fuzz::AgainstArgs,
        /// With --against: where the shrunk case goes, as
        /// DIR/GAME/KIND-HASH.in beside a report .txt.
        #[arg(long, value_name = "DIR", default_value = crate::runs::against::DEFAULT_KEEP, requires = "against")]
        keep: PathBuf,
    },
    /// Move cases between the corpus and cargo-fuzz.
    #[command(subcommand)]
    Corpus(corpus::CorpusCommand),
    /// Replay a night's failures (cargo-fuzz artifacts, campaign logs), group
    /// them by what fails and keep one shrunk regression per group.
    Triage(triage::TriageArgs),
    /// Check files against the statement's bounds and exact layout, as a
    /// testlib validator does: one line per file; exit 0 when every file is
    /// inside, 1 when some is not (naming the line, the column and the bound
    /// broken, a parse error or a stray space or line included), 2 when some
    /// cannot be read. A Triple Town file is the input alone, the player's
    /// commands being a file of their own.
    Validate {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The files, each an instance in the statement's format; none (or
        /// `-`) reads one from standard input, as a testlib validator does.
        #[arg(conflicts_with_all = ["icpc", "testlib"])]
        files: Vec<PathBuf>,
        /// As an ICPC input validator: one input on standard input; exit 42
        /// inside, 43 not, the line, column and bound on standard error.
        #[arg(long, conflicts_with = "testlib")]
        icpc: bool,
        /// As a testlib validator: one input on standard input; exit 0
        /// inside, 3 not, the line, column and bound on standard error.
        #[arg(long)]
        testlib: bool,
    },
    /// Judge a team's output as a contest's output validator: for Triple
    /// Town, accepted when no command is refused and the score is at least
    /// that of the judge's commands in ANSWER; for another game, when the
    /// answer is ANSWER's. ICPC's convention by default: `check-output GAME
    /// INPUT ANSWER FEEDBACK_DIR < team_output`, exit 42 accepted, 43 not,
    /// one line in FEEDBACK_DIR/judgemessage.txt. With --testlib, a testlib
    /// checker's: `check-output GAME --testlib INPUT OUTPUT ANSWER`, exit 0
    /// ok, 1 wrong, 2 presentation, 3 fail (the judge's files at fault).
    CheckOutput {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// INPUT ANSWER FEEDBACK_DIR, or with --testlib INPUT OUTPUT ANSWER.
        #[arg(num_args = 3, required = true, value_names = ["INPUT", "ANSWER", "FEEDBACK_DIR"])]
        files: Vec<PathBuf>,
        /// A testlib checker's arguments and exit codes.
        #[arg(long)]
        testlib: bool,
    },
    /// Write a judge's test set: DIR/01.in, 01.ans ... (and 01.commands
    /// for Triple Town), every file inside the statement, answered by the
    /// reference: the smallest generated games that together reach every
    /// rule counter, games that show each counter at the board's edges and
    /// on each shape of board, mostly at the statement's largest, then the
    /// max tests a judge writes. DIR/README.md lists each test, its size
    /// and what it is the first to reach and show. With --wrong and
    /// --accepted, the set is checked by the setter's own solutions: a
    /// wrong one the set passes gets a hack, a test that fails it.
    Tests {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The folder the set goes into, new or empty.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The same seed, the same set (drawn from the clock when absent, and said).
        #[arg(long, env = crate::process::seed::SEED_VARIABLE, value_parser = crate::process::seed::parse)]
        seed: Option<u64>,
        /// The tests in the set: every place is used.
        #[arg(long, default_value_t = crate::runs::setter::MOST_TESTS, value_parser = clap::value_parser!(u16).range(1..=999))]
        count: u16,
        /// Write DIR as an ICPC problem package (Kattis legacy format, what
        /// problemtools' verifyproblem checks): the statement's samples, the
        /// set as its secret data, m3diff as input (and Triple Town's
        /// output) validator.
        #[arg(long)]
        package: bool,
        /// An accepted submission, run on every test as a judge runs it: it
        /// must pass each. Its CPU time and peak memory on each go into
        /// DIR/README.md, and the slowest sets the suggested time limit (2 ×,
        /// rounded up to a whole second), which --package writes into
        /// problem.yaml and .timelimit. SRC is a C++ file (.cpp .cc .cxx .c++
        /// .C: g++ -g -O2 -std=gnu++17 -static), C (.c: gcc -g -O2 -std=gnu99
        /// -static -lm) or Python 3 (.py: python3 SRC), or SRC=CMD for any
        /// other: the file, and the command that runs it ('door.js=node
        /// door.js'). With --package, copied into submissions/accepted/.
        #[arg(long, value_name = "SRC", value_parser = crate::runs::submissions::Submission::parse)]
        accepted: Vec<crate::runs::submissions::Submission>,
        /// A wrong submission (SRC as for --accepted): it must fail some
        /// test. One that passes them all is hunted as `fuzz --against` hunts
        /// (up to --hunt-time), and the shrunk case that fails it joins the
        /// set as a test, a hack: the set may then hold more than --count.
        /// One no case fails is named, and the exit is 1. With --package,
        /// copied into submissions/wrong_answer/.
        #[arg(long, value_name = "SRC", value_parser = crate::runs::submissions::Submission::parse)]
        wrong: Vec<crate::runs::submissions::Submission>,
        /// With --wrong: how long a hunt for a case that fails a wrong
        /// submission lasts at most.
        #[arg(long, value_name = "TIME", default_value = "60s", value_parser = crate::runs::against::parse_time, requires = "wrong")]
        hunt_time: std::time::Duration,
        /// With --accepted or --wrong: how long the build of one may take,
        /// as a judge's compile time limit (Kattis's compilation_time is
        /// 60 s); one that takes longer is refused, as a compiler error is.
        #[arg(long, value_name = "TIME", default_value = "60s", value_parser = crate::runs::against::parse_time)]
        compile_time: std::time::Duration,
        /// With --package: the corpus root whose GAME/ holds the statement's
        /// samples (sample*.in, example*.in, each with its .out).
        #[arg(long, default_value = "corpus", requires = "package")]
        corpus: PathBuf,
    },
    /// Print the rule-coverage table of a set of instances, as a campaign
    /// prints it, with the counters it never reaches. A folder stands for
    /// its *.in files; NAME.commands beside NAME.in holds its player's
    /// commands (Triple Town), as `tests` writes them. With --fuzz-inputs,
    /// of what a cargo fuzz night kept: `m3diff coverage texas --fuzz-inputs
    /// fuzz/corpus/texas_diff`.
    Coverage {
        /// The rule set.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// Instance files and folders of them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Read the paths as inputs of the game's `_diff` fuzz target, as it
        /// reads them (a folder stands for every file in it).
        #[arg(long)]
        fuzz_inputs: bool,
    },
}

/// An argument error as one line, as every other error is: clap's message
/// spreads over lines (the values possible, the usage, a pointer to
/// `--help`) that a script reading standard error takes for several errors.
pub fn one_line(rendered: &str) -> String {
    let mut said = Vec::new();
    let mut usage = None;
    for line in rendered.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if line.starts_with("For more information") {
            continue;
        }
        match line.strip_prefix("Usage:") {
            Some(rest) => usage = Some(rest.trim().to_string()),
            None => said.push(line),
        }
    }
    let mut line = said.join(" ");
    if let Some(usage) = usage {
        line.push_str(&format!(" (usage: {usage})"));
    }
    line
}

pub fn run(cli: Cli) -> ExitCode {
    // Before any command: a program under test must not outlive a signal.
    crate::process::interrupt::install();
    let result = match cli.command {
        Command::Fuzz(args) => fuzz::fuzz(&args),
        Command::Corpus(corpus::CorpusCommand::Export { dir, corpus }) => corpus::export_all(&corpus, &dir),
        Command::Gen(command) => command.run(),
        Command::Triage(args) => triage::run(&args),
        command => {
            let game = match &command {
                Command::Solve { game, .. }
                | Command::Check { game, .. }
                | Command::Shrink { game, .. }
                | Command::Validate { game, .. }
                | Command::CheckOutput { game, .. }
                | Command::Tests { game, .. }
                | Command::Coverage { game, .. } => game,
                Command::Corpus(corpus::CorpusCommand::Import { game, .. }) => game,
                _ => unreachable!("handled above"),
            }
            .clone();
            games::visit(&game, OneGame(command)).unwrap_or_else(|| Err(format!("no game called {game:?}")))
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            say!("error: {message}");
            // A command a signal ended exits as the signal asks, whichever
            // thread saw it first: the handler's exit, or the command's
            // error on finding its program killed.
            let interrupted = crate::process::interrupt::requested();
            ExitCode::from(if interrupted { crate::process::interrupt::EXIT_INTERRUPTED } else { EXIT_BAD_INPUT })
        }
    }
}

/// A command about one game, run once the registry has found the game.
struct OneGame(Command);

impl Visitor for OneGame {
    type Output = Result<ExitCode, String>;

    fn visit<G: Game>(self) -> Self::Output {
        match self.0 {
            Command::Solve { file, commands, per_operation: Some(lines), extended, .. } => {
                play::per_operation::<G>(file.as_deref(), commands.as_deref(), extended, lines)
            }
            Command::Solve { file, commands, reference, trace, extended, html, .. } => {
                let read = play::Read { file: file.as_deref(), commands: commands.as_deref() };
                play::solve::<G>(read, reference, trace, extended, html.as_deref())
            }
            Command::Check { file, commands, against, .. } => match against.program::<G>()? {
                None => play::check::<G>(&file, commands.as_deref()),
                Some(program) => against::check::<G>(&file, commands.as_deref(), &program),
            },
            Command::Shrink { file, corpus, against, keep, .. } => match against.program::<G>()? {
                None => corpus::shrink::<G>(&file, &corpus),
                Some(program) => against::shrink::<G>(&file, &program, &keep),
            },
            Command::Validate { files, icpc, testlib, .. } => {
                let convention = match (icpc, testlib) {
                    (true, _) => validate::Convention::Icpc,
                    (false, true) => validate::Convention::Testlib,
                    (false, false) => validate::Convention::Lines,
                };
                let standard_input = [PathBuf::from("-")];
                validate::validate::<G>(if files.is_empty() { &standard_input } else { &files }, convention)
            }
            Command::CheckOutput { files, testlib, .. } => check_output::check_output::<G>(&files, testlib),
            Command::Tests { out, seed, count, package, accepted, wrong, hunt_time, compile_time, corpus, .. } => {
                let seed = seed.unwrap_or_else(|| {
                    let seed = crate::process::seed::clock_seed();
                    say!("m3diff tests: seed {seed} (drawn from the clock; --seed {seed} gives this set again)");
                    seed
                });
                let sources = |submissions: &[crate::runs::submissions::Submission]| {
                    submissions.iter().map(|submission| submission.source.clone()).collect()
                };
                let package =
                    package.then(|| package::Package { accepted: sources(&accepted), wrong: sources(&wrong), corpus });
                let submissions = setter::Submissions { accepted, wrong, hunt_time, compile_time };
                setter::tests::<G>(&out, seed, usize::from(count), package.as_ref(), &submissions)
            }
            Command::Coverage { paths, fuzz_inputs: false, .. } => setter::coverage::<G>(&paths),
            Command::Coverage { paths, fuzz_inputs: true, .. } => setter::fuzz_input_coverage::<G>(&paths),
            Command::Corpus(corpus::CorpusCommand::Import { artifact, corpus, .. }) => {
                corpus::import::<G>(&artifact, &corpus)
            }
            Command::Fuzz(_)
            | Command::Gen(_)
            | Command::Triage(_)
            | Command::Corpus(corpus::CorpusCommand::Export { .. }) => {
                unreachable!("commands about several games are run without the registry's visit")
            }
        }
    }
}
