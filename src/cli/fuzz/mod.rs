//! `m3diff fuzz`: the campaign on the command line, with a progress bar and
//! a stop on Ctrl-C, SIGTERM or SIGHUP ([`crate::process::interrupt`]) that ends the
//! cases under way (a program under test is killed, its case not counted)
//! and keeps what they found.

mod json;
mod options;
mod page;
mod running;
mod summary;

use crate::process::streams::say;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::exit::EXIT_BAD_INPUT;
use super::io::{probe, write_stdout};
use crate::game::{Game, Size};
use crate::games::{self, Visitor};
use crate::runs::against::{AgainstTarget, Program};
use crate::runs::campaign::{Budget, GameTarget, Settings, Target};

use json::write_json;
// A test set's page is the campaign page's, drawn from its set's data.
pub(super) use json::{coverage_json, SummaryFile};
use options::ALL;
pub use options::{AgainstArgs, FuzzArgs};
pub(super) use page::set_page;
use running::{announce, run};
// A hunt for a wrong submission (`tests --wrong`) is a campaign like any.
pub(super) use running::run as run_campaign;
use summary::{conclude, replay_command, summary_of};

/// `m3diff fuzz`: the games chosen, run for the budget, the summary
/// printed (and written as JSON), the exit saying what was found.
pub fn fuzz(args: &FuzzArgs) -> Result<ExitCode, String> {
    // Every place the campaign writes is tried before the first case: a
    // night must not end in a path that cannot be written.
    let json = args.json.as_ref().map(|file| SummaryFile::create(file)).transpose()?;
    let html = args.html.as_ref().map(|file| SummaryFile::create_for("--html", file)).transpose()?;
    let summaries = [json, html];
    let program = program(args)?;
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
    // A summary whose reader is gone (`| head`) is lost, but not the JSON,
    // nor what the exit says.
    let printed = write_stdout(&summary);
    let code = match ended {
        Ok(code) => code,
        Err(shortfalls) => {
            write_json(summaries, &targets, &settings, ran.started.elapsed(), &replay);
            return Err(printed.err().map_or(shortfalls.clone(), |lost| format!("{shortfalls}; {lost}")));
        }
    };
    // A folder tried at the start and gone at the end could keep nothing
    // found meanwhile: the exit says so, even when nothing was found.
    let folder_gone = !folder.is_dir();
    if folder_gone {
        say!("error: {option} {}: the folder is gone (removed during the run?)", folder.display());
    }
    let json_written = write_json(summaries, &targets, &settings, ran.started.elapsed(), &replay);
    printed?;
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
        skip: args.skip_cases.clone(),
    }
}

/// The names of the games `--game` names, in the registry's order.
fn chosen_names(args: &FuzzArgs) -> Vec<&'static str> {
    let everything = args.game.iter().any(|name| name == ALL);
    games::NAMES.iter().copied().filter(|name| everything || args.game.iter().any(|chosen| chosen == name)).collect()
}

/// The `--against` program, with the limits of the one game it is checked
/// on.
fn program(args: &FuzzArgs) -> Result<Option<Program>, String> {
    #[derive(Clone)]
    struct ProgramOf<'a>(&'a AgainstArgs);
    impl Visitor for ProgramOf<'_> {
        type Output = Result<Option<Program>, String>;
        fn visit<G: Game>(self) -> Self::Output {
            self.0.program::<G>()
        }
    }
    if args.against.against.is_none() {
        return Ok(None);
    }
    match chosen_names(args)[..] {
        [name] => games::visit(name, ProgramOf(&args.against)).expect("a game of the registry"),
        ref named => {
            Err(format!("--against checks one game at a time, and --game names {}: give one of them", named.join(", ")))
        }
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
    let chosen: Vec<Box<dyn Target>> = chosen_names(args)
        .into_iter()
        .filter_map(|name| games::visit(name, MakeTarget(size, program, &args.keep)))
        .collect();
    Ok(chosen)
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
