//! `solve`, `check` and `gen`: one instance at a time.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use super::exit::{EXIT_FAILURE_FOUND, EXIT_REFUSED};
use super::io::{read_instance_apart, write_stdout};
use crate::check::oracle::{check_game, outcome, play_through, write_trace};
use crate::game::{Game, Size};

/// Where `solve` reads its game: the instance's file (standard input when
/// `None`), and the player's commands when they come apart.
#[derive(Clone, Copy)]
pub struct Read<'a> {
    pub file: Option<&'a Path>,
    pub commands: Option<&'a Path>,
}

/// `solve`; with `html`, the game's page written there first.
pub fn solve<G: Game>(
    read: Read<'_>,
    reference: bool,
    trace: bool,
    extended: bool,
    html: Option<&Path>,
) -> Result<ExitCode, String> {
    let Read { file, commands } = read;
    let instance = read_instance_apart::<G>(file, commands)?;
    if let Some(out) = html {
        write_page::<G>(&instance, read, reference, out)?;
    }
    // A trace is read by a person, and says so in its first line.
    let beyond = G::beyond_statement(&instance);
    if !trace {
        within_statement::<G>(file, &instance, extended)?;
    }
    let verdict = match (trace, reference) {
        (false, false) => G::solve(&instance),
        (false, true) => G::answer(&outcome::<G, G::Reference>(&instance)),
        (true, _) => {
            let traced = write_account::<G>(&instance, beyond.as_ref().map(|beyond| beyond.what.as_str()), reference);
            match traced {
                Ok(outcome) => G::answer(&outcome),
                Err(e) => return Err(crate::process::streams::lost_stdout(&e)),
            }
        }
    };
    let written = write_stdout(&format!("{verdict}\n"))?;
    Ok(if verdict.is_refused() { ExitCode::from(EXIT_REFUSED) } else { written })
}

/// `solve --html`: the page of the file's game, both sides or the
/// reference's alone, written whole to `out`.
fn write_page<G: Game>(
    instance: &G::Instance,
    read: Read<'_>,
    reference_alone: bool,
    out: &Path,
) -> Result<(), String> {
    use crate::check::page::{both_sides, reference_alone as alone, Shown};
    let Read { file, commands } = read;
    let name = file.map_or("-".to_string(), |file| file.display().to_string());
    let apart = commands.map_or(String::new(), |commands| format!(" --commands {}", commands.display()));
    let m3diff = crate::process::invocation::m3diff();
    let page = if reference_alone {
        let replay = format!("{m3diff} solve {} {name}{apart} --reference --trace", G::NAME);
        alone::<G>(instance, &Shown { failure: None, replay: &replay, note: "" })
    } else {
        let failure = check_game::<G>(instance, &mut Default::default()).err();
        let replay = format!("{m3diff} check {} {name}{apart}", G::NAME);
        both_sides::<G, G::Engine>(instance, "engine", &Shown { failure: failure.as_ref(), replay: &replay, note: "" })
    };
    crate::process::files::write_whole(out, page).map_err(|error| error.to_string())
}

/// An answer to what no statement allows is this project's reading, not a
/// contest solution's: a script that takes `solve` for one must not get it
/// unasked.
fn within_statement<G: Game>(file: Option<&Path>, instance: &G::Instance, extended: bool) -> Result<(), String> {
    match G::beyond_statement(instance) {
        Some(beyond) if !extended => {
            let name = file.map_or("standard input".to_string(), |file| file.display().to_string());
            Err(format!(
                "{name}: beyond the statement ({beyond}), so no contest solution answers it; \
                 --extended prints the answer by this project's extension of the rules"
            ))
        }
        _ => Ok(()),
    }
}

/// What `solve --per-operation` prints after each operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Lines {
    /// The running total.
    Total,
    /// The record, as one line of JSON.
    Json,
}

/// `solve --per-operation`: the reference's line after each operation,
/// then its answer, exactly as a program checked with `--per-operation`
/// is to print them, so that a user can compare the two by hand.
pub fn per_operation<G: Game>(
    file: Option<&Path>,
    commands: Option<&Path>,
    extended: bool,
    lines: Lines,
) -> Result<ExitCode, String> {
    let instance = read_instance_apart::<G>(file, commands)?;
    within_statement::<G>(file, &instance, extended)?;
    let mut out =
        BufWriter::new(crate::process::streams::stdout().map_err(|e| crate::process::streams::lost_stdout(&e))?);
    let played = play_through::<G, G::Reference, io::Error>(&instance, |_, before, record| {
        match (G::running_total(before, record), lines) {
            (None, _) => Ok(()),
            (Some(total), Lines::Total) => writeln!(out, "{total}"),
            (Some(_), Lines::Json) => writeln!(out, "{}", crate::check::records_json::record_json::<G>(record)),
        }
    });
    let written = played.and_then(|(outcome, _)| {
        let verdict = G::answer(&outcome);
        writeln!(out, "{verdict}")?;
        out.flush()?;
        Ok(verdict)
    });
    match written {
        Ok(verdict) if verdict.is_refused() => Ok(ExitCode::from(EXIT_REFUSED)),
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(crate::process::streams::lost_stdout(&e)),
    }
}

/// The trace of `instance` on standard output, written as each operation
/// is stepped: the largest Triple Town game's trace runs to gigabytes.
fn write_account<G: Game>(instance: &G::Instance, beyond: Option<&str>, reference: bool) -> io::Result<G::Outcome> {
    let mut out = BufWriter::new(crate::process::streams::stdout()?);
    if let Some(beyond) = beyond {
        writeln!(out, "beyond the statement: {beyond}; the answer is this project's extension of the rules")?;
    }
    let outcome = if reference {
        write_trace::<G, G::Reference>(instance, &mut out)?
    } else {
        write_trace::<G, G::Engine>(instance, &mut out)?
    };
    out.flush()?;
    Ok(outcome)
}

pub fn check<G: Game>(file: &Path, commands: Option<&Path>) -> Result<ExitCode, String> {
    let instance = read_instance_apart::<G>(Some(file), commands)?;
    match check_game::<G>(&instance, &mut Default::default()) {
        Ok(outcome) => {
            let operations = G::operations(&instance).len();
            let answer = G::answer(&outcome);
            let plural = if operations == 1 { "" } else { "s" };
            write_stdout(&format!(
                "agree: {operations} {}{plural}, answer {answer}, no invariant broken\n",
                G::OPERATION
            ))
        }
        Err(failure) => {
            let apart = commands.map_or(String::new(), |commands| format!(" --commands {}", commands.display()));
            let replay =
                format!("{} check {} {}{apart}", crate::process::invocation::m3diff(), G::NAME, file.display());
            write_stdout(&failure.report_with_replay(&replay))?;
            Ok(ExitCode::from(EXIT_FAILURE_FOUND))
        }
    }
}

pub fn generate<G: Game>(seed: u64, size: Size, shape: &G::Knobs) -> Result<ExitCode, String> {
    let instance = crate::process::seed::with_seed(seed, |u| G::generate(u, size, shape))
        .map_err(|e| format!("seed {seed}: the generator gave up: {e}"))?;
    write_stdout(&instance.to_string())
}
