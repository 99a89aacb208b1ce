//! `m3diff fuzz`: the campaign on the command line, with a progress bar and
//! a stop on Ctrl-C, SIGTERM or SIGHUP ([`crate::process::interrupt`]) that ends the
//! cases under way (a program under test is killed, its case not counted)
//! and keeps what they found.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILURE_FOUND};
use super::io::{probe, write_stdout};
use crate::game::{Game, Size};
use crate::games::{self, Visitor};
use crate::process::files::write_whole;
use crate::process::prose::counted;
use crate::process::spent::Part;
use crate::runs::against::{AgainstTarget, Program};
use crate::runs::campaign::{self, Budget, GameTarget, KindFound, Reporter, Settings, Target};

/// What `--game` takes besides the games' names.
const ALL: &str = "all";

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
    #[arg(long, value_parser = super::against::time_limit, default_value = crate::runs::against::DEFAULT_TIMEOUT, requires = "against")]
    pub timeout: Duration,
}

impl AgainstArgs {
    /// The program, when `--against` names one; an error is one line.
    pub fn program(&self) -> Result<Option<Program>, String> {
        self.against.as_deref().map(|command| Program::new(command, self.timeout)).transpose()
    }
}

/// `m3diff fuzz`: the games chosen, run for the budget, the summary
/// printed (and written as JSON), the exit saying what was found.
pub fn fuzz(args: &FuzzArgs) -> Result<ExitCode, String> {
    // Every place the campaign writes is tried before the first case: a
    // night must not end in a path that cannot be written.
    let json = args.json.as_ref().map(|file| JsonFile::create(file)).transpose()?;
    let program = args.against.program()?;
    let (option, folder) = keeping_folder(args, program.as_ref());
    probe(folder, option)?;
    let settings = settings(args);
    let chosen = chosen_targets(args, settings.size, program.as_ref())?;
    let targets: Vec<&dyn Target> = chosen.iter().map(|target| target.as_ref()).collect();
    // Honoured before the announcement: a signal that follows the first
    // line (as a test's does) must find the campaign stopping by itself.
    let honoured = crate::process::interrupt::honour();
    announce(&targets, &settings);
    let ran = run(&targets, &settings)?;
    let replay = replay_command(&targets, &settings, ran.dealt, program.as_ref());
    let mut summary = summary_of(&targets, &settings, &ran);
    let ended = conclude(&targets, program.as_ref(), ran.interrupted, &mut summary);
    summary.push_str(&format!("replay: {replay}\n"));
    write_stdout(&summary)?;
    let code = match ended {
        Ok(code) => code,
        Err(shortfalls) => {
            write_json(json, &targets, &settings, ran.started.elapsed(), &replay);
            return Err(shortfalls);
        }
    };
    // A folder tried at the start and gone at the end could keep nothing
    // found meanwhile: the exit says so, even when nothing was found.
    let folder_gone = !folder.is_dir();
    if folder_gone {
        eprintln!("error: {option} {}: the folder is gone (removed during the run?)", folder.display());
    }
    let json_written = write_json(json, &targets, &settings, ran.started.elapsed(), &replay);
    Ok(exit_code(code, folder_gone || !json_written, honoured))
}

/// The folder a failing case is kept in, and the option that names it:
/// regressions in the corpus, a program's failing cases apart.
fn keeping_folder<'a>(args: &'a FuzzArgs, program: Option<&Program>) -> (&'static str, &'a Path) {
    match program {
        None => ("--corpus", &args.corpus),
        Some(_) => ("--keep", &args.keep),
    }
}

/// The campaign's settings from the options: 60 seconds and a job per
/// core unless told otherwise, the clock's seed unless given one.
fn settings(args: &FuzzArgs) -> Settings {
    Settings {
        budget: match (args.cases, args.time) {
            (Some(cases), _) => Budget::Cases(cases),
            (None, time) => Budget::Time(time.unwrap_or(Duration::from_secs(60))),
        },
        seed: args.seed.unwrap_or_else(crate::process::seed::clock_seed),
        jobs: args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), usize::from),
        size: args.size,
        corpus: args.corpus.clone(),
    }
}

/// A target for each game `--game` names, in the registry's order: engine
/// against reference, or the `--against` program against the reference,
/// which checks one game at a time.
fn chosen_targets(args: &FuzzArgs, size: Size, program: Option<&Program>) -> Result<Vec<Box<dyn Target>>, String> {
    #[derive(Clone)]
    struct MakeTarget<'a>(Size, Option<&'a Program>, &'a Path);
    impl Visitor for MakeTarget<'_> {
        type Output = Box<dyn Target>;
        fn visit<G: Game>(self) -> Box<dyn Target> {
            match self.1 {
                None => Box::new(GameTarget::<G>::new(self.0)),
                Some(program) => Box::new(AgainstTarget::<G>::new(program.clone(), self.2.to_path_buf(), self.0)),
            }
        }
    }
    let everything = args.game.iter().any(|name| name == ALL);
    let chosen: Vec<Box<dyn Target>> = games::NAMES
        .iter()
        .filter(|name| everything || args.game.iter().any(|chosen| chosen == *name))
        .filter_map(|name| games::visit(name, MakeTarget(size, program, &args.keep)))
        .collect();
    if program.is_some() && chosen.len() != 1 {
        let named: Vec<&str> = chosen.iter().map(|target| target.name()).collect();
        return Err(format!(
            "--against checks one game at a time, and --game names {}: give one of them",
            named.join(", ")
        ));
    }
    Ok(chosen)
}

fn names<'a>(targets: &[&'a dyn Target]) -> Vec<&'a str> {
    targets.iter().map(|target| target.name()).collect()
}

/// Says on stderr what is about to run.
fn announce(targets: &[&dyn Target], settings: &Settings) {
    eprintln!(
        "m3diff fuzz: games {}, seed {}, {}, size {}, {}",
        names(targets).join(" "),
        settings.seed,
        counted(settings.jobs as u64, "job"),
        settings.size.name(),
        match settings.budget {
            Budget::Time(limit) => crate::process::prose::duration(limit),
            Budget::Cases(cases) => format!("{} per game", counted(cases, "case")),
        }
    );
}

/// A campaign that ran: the cases dealt, when it started, whether a signal
/// stopped it.
struct Ran {
    dealt: u64,
    started: Instant,
    interrupted: bool,
}

/// Runs the campaign with a progress bar; an error when a game could not
/// run at all (a program that cannot be started, say).
fn run(targets: &[&dyn Target], settings: &Settings) -> Result<Ran, String> {
    crate::check::oracle::quiet_panics();
    let reporter = BarReporter::new();
    let started = Instant::now();
    let dealt = campaign::run(targets, settings, &reporter, crate::process::interrupt::flag());
    reporter.bar.finish_and_clear();
    let interrupted = crate::process::interrupt::requested();
    if let Some(hopeless) = targets.iter().find_map(|target| target.hopeless()) {
        return Err(hopeless);
    }
    Ok(Ran { dealt, started, interrupted })
}

/// The command that replays the campaign: the cases that ran, by count,
/// since a time or a signal ends a campaign elsewhere each run.
fn replay_command(targets: &[&dyn Target], settings: &Settings, dealt: u64, program: Option<&Program>) -> String {
    let budget = format!("--cases {}", dealt.div_ceil(targets.len() as u64).max(1));
    let against = program.map_or(String::new(), |program| format!(" {}", program.options()));
    format!(
        "m3diff fuzz --game {} --seed {} --size {} {budget}{against}",
        names(targets).join(","),
        settings.seed,
        settings.size.name()
    )
}

/// Each game's summary, then a `time:` line as the games' own: no seed
/// replays it.
fn summary_of(targets: &[&dyn Target], settings: &Settings, ran: &Ran) -> String {
    let cases: u64 = targets.iter().map(|t| t.cases()).sum();
    let mut summary = String::new();
    for target in targets {
        summary.push_str(&format!("{}\n\n", target.summary()));
    }
    let wall = ran.started.elapsed();
    summary.push_str(&format!(
        "time: {} in {:.1} s on {}, {:.0} a second\n",
        counted(cases, "case"),
        wall.as_secs_f64(),
        counted(settings.jobs as u64, "job"),
        cases as f64 / wall.as_secs_f64().max(1e-3)
    ));
    summary
}

/// The summary's verdict and what to do next, and the exit that goes with
/// it; an error naming the games that fell short of their budget when
/// nothing failed.
fn conclude(
    targets: &[&dyn Target],
    program: Option<&Program>,
    interrupted: bool,
    summary: &mut String,
) -> Result<ExitCode, String> {
    let failures: u64 = targets.iter().map(|t| t.failures()).sum();
    let cases: u64 = targets.iter().map(|t| t.cases()).sum();
    if failures > 0 {
        summary.push_str(&failures_found(targets, program, failures));
        Ok(ExitCode::from(EXIT_FAILURE_FOUND))
    } else if interrupted {
        summary.push_str(&format!("interrupted: nothing found in the {} that ran\n", counted(cases, "case")));
        Ok(ExitCode::from(crate::process::interrupt::EXIT_INTERRUPTED))
    } else {
        let shortfalls: Vec<String> = targets.iter().filter_map(|target| target.shortfall()).collect();
        if !shortfalls.is_empty() {
            return Err(shortfalls.join("; "));
        }
        summary.push_str(&match program {
            None => "no divergence, no invariant broken\n".to_string(),
            Some(_) => format!("the program answered all {} as the reference does\n", counted(cases, "case")),
        });
        Ok(ExitCode::SUCCESS)
    }
}

/// The failures' lines: one case kept per kind of failure, where it is and
/// how to replay it, then what to do next.
fn failures_found(targets: &[&dyn Target], program: Option<&Program>, failures: u64) -> String {
    let mut lines = String::new();
    let kinds: Vec<(&str, KindFound)> =
        targets.iter().flat_map(|t| t.kinds().into_iter().map(|found| (t.name(), found))).collect();
    let kept = kinds.iter().filter(|(_, found)| found.regression.is_some()).count();
    let kept_as = if program.is_some() { "case" } else { "regression" };
    let (failing, regressions) = (counted(failures, "failing case"), counted(kept as u64, kept_as));
    lines.push_str(&format!("{failing}; {regressions} kept, one per kind of failure:\n"));
    for (game, found) in &kinds {
        let cases = counted(found.cases, "case");
        match &found.regression {
            Some((path, replay)) => {
                lines.push_str(&format!("  {}  {} ({cases})\n", path.display(), found.kind));
                if let Some(note) = &found.note {
                    lines.push_str(&format!("    {note}\n"));
                }
                lines.push_str(&format!("    replay: {replay}\n"));
            }
            None => {
                let note = found.note.as_deref().unwrap_or("not kept");
                lines.push_str(&format!("  {game}: {} ({cases}): {note}\n", found.kind));
            }
        }
    }
    // With nothing kept there is no report to read: what to do next is
    // to make room for the cases, which the lines above name.
    lines.push_str(match program {
        _ if kept == 0 => "next: make the folder writable (or give another) and replay, to keep the cases\n",
        None => "next, for each: diagnose, fix, write the root cause, accept the snapshot, commit (README, \"Back to green\")\n",
        Some(_) => "next, for each: read its report (.txt beside it: the reference's account), fix the program, replay\n",
    });
    lines
}

/// The exit once the summary is out: a clean run whose folder or JSON
/// could not be written still says so, as does a signal after the cases
/// ended.
fn exit_code(code: ExitCode, not_written: bool, honoured: crate::process::interrupt::Honoured) -> ExitCode {
    if not_written && code == ExitCode::SUCCESS {
        // What was found is on disk and printed; the exit still says so.
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    // Until the summary and the JSON are written, a signal leaves it to
    // this command to stop.
    drop(honoured);
    if crate::process::interrupt::requested() && code == ExitCode::SUCCESS {
        return ExitCode::from(crate::process::interrupt::EXIT_INTERRUPTED);
    }
    code
}

/// Writes the summary to the `--json` file, if any; false, with the error
/// said, when it cannot.
fn write_json(
    json: Option<JsonFile>,
    targets: &[&dyn Target],
    settings: &Settings,
    duration: Duration,
    replay: &str,
) -> bool {
    let Some(json) = json else { return true };
    match json.write(&summary_json(targets, settings, duration, replay)) {
        Ok(()) => true,
        Err(error) => {
            eprintln!("error: {error}");
            false
        }
    }
}

/// The `--json` file, tried before the campaign so that a path that
/// cannot be written is known before the night, not after it, and written
/// whole at its end: until then there is no file, never an empty one.
pub(super) struct JsonFile {
    path: PathBuf,
}

impl JsonFile {
    pub(super) fn create(path: &Path) -> Result<JsonFile, String> {
        let cannot = |e: std::io::Error| format!("--json {}: cannot write: {e}", path.display());
        if path.is_dir() {
            return Err(cannot(std::io::Error::new(std::io::ErrorKind::IsADirectory, "a folder")));
        }
        let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
        crate::process::files::try_writing(folder).map_err(cannot)?;
        // An earlier run's summary must not pass for this one's, should this
        // one end before it writes its own.
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(cannot(e)),
            _ => {}
        }
        Ok(JsonFile { path: path.to_path_buf() })
    }

    pub(super) fn write(self, value: &serde_json::Value) -> Result<(), String> {
        let text = serde_json::to_string_pretty(value).expect("JSON values print") + "\n";
        // The error names the path (or the folder, should it be gone).
        write_whole(&self.path, text).map_err(|e| format!("--json: cannot write the summary: {e}"))
    }
}

/// The campaign for CI and dashboards: what `m3diff fuzz` printed, as data.
fn summary_json(targets: &[&dyn Target], settings: &Settings, duration: Duration, replay: &str) -> serde_json::Value {
    let games: Vec<serde_json::Value> = targets
        .iter()
        .map(|target| {
            let kinds: Vec<serde_json::Value> = target
                .kinds()
                .into_iter()
                .map(|found| {
                    let (regression, replay) = found.regression.unzip();
                    serde_json::json!({
                        "kind": found.kind,
                        "cases": found.cases,
                        "regression": regression,
                        "replay": replay,
                        "note": found.note,
                    })
                })
                .collect();
            let coverage: Vec<serde_json::Value> = target
                .coverage()
                .into_iter()
                .map(|(rule, variant, count)| serde_json::json!({ "rule": rule, "variant": variant, "count": count }))
                .collect();
            let spent = target.spent();
            let time: serde_json::Map<String, serde_json::Value> = Part::ALL
                .iter()
                .map(|&part| {
                    let seconds = spent.of(part).as_secs_f64();
                    let name = spent.name_of(part).to_string();
                    (name, serde_json::json!({ "seconds": seconds, "percent": spent.percent(part) }))
                })
                .collect();
            serde_json::json!({
                "game": target.name(),
                "cases": target.cases(),
                // Under --against: games generated, of which `cases` reached the program.
                "drawn": target.drawn().unwrap_or_else(|| target.cases()),
                "failures": target.failures(),
                "failures_by_kind": kinds,
                "time": time,
                "coverage": coverage,
            })
        })
        .collect();
    serde_json::json!({
        "seed": settings.seed,
        "size": settings.size.name(),
        "jobs": settings.jobs,
        "duration_seconds": duration.as_secs_f64(),
        "cases": targets.iter().map(|t| t.cases()).sum::<u64>(),
        "failures": targets.iter().map(|t| t.failures()).sum::<u64>(),
        "games": games,
        "replay": replay,
    })
}

/// A spinner on a terminal; elsewhere (CI logs) a progress line every 10 s.
struct BarReporter {
    bar: ProgressBar,
    last_line: Mutex<Instant>,
}

impl BarReporter {
    fn new() -> Self {
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("a valid template"));
        BarReporter { bar, last_line: Mutex::new(Instant::now()) }
    }
}

impl Reporter for BarReporter {
    fn line(&self, text: &str) {
        if self.bar.is_hidden() {
            eprintln!("{text}");
        } else {
            self.bar.println(text);
        }
    }

    fn progress(&self, elapsed: Duration, cases: u64, failures: u64) {
        let rate = cases as f64 / elapsed.as_secs_f64().max(1e-3);
        let message = format!("{cases} cases ({rate:.0}/s), {failures} failing");
        if self.bar.is_hidden() {
            let mut last = self.last_line.lock().unwrap_or_else(|p| p.into_inner());
            if last.elapsed() >= Duration::from_secs(10) {
                *last = Instant::now();
                eprintln!("{}s: {message}", elapsed.as_secs());
            }
        } else {
            self.bar.set_message(message);
            self.bar.tick();
        }
    }
}
