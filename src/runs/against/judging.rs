//! Running a program on a case and judging what it did against the
//! reference's answer, and shrinking a case it fails: a module of its own,
//! not `mod.rs`, so that the campaign target uses it without importing its
//! parent, which re-exports it.

use std::convert::Infallible;
use std::time::Duration;

use super::failed::{Failed, Wrong};
use super::program::{mebibytes, Program, Ran, Run, Usage, MAX_OUTPUT};
use crate::check::oracle::catch_panic;
use crate::game::coverage::Tally;
use crate::game::{Counts, Game, Verdict};

/// The most of a program's output a report shows.
const SHOWN: usize = 400;
/// The most lines of an output past [`MAX_OUTPUT`] a report shows.
const OVERFLOW_LINES: usize = 8;

/// The reference's answer on `instance`, its records counted in `tally`.
/// An error is the reference panicking: its own bug, not the program's.
pub fn reference_answer<G: Game>(instance: &G::Instance, tally: &mut Tally<G::Counter>) -> Result<Verdict, String> {
    // Counted as they come: no record is kept.
    let played = catch_panic(|| {
        crate::check::oracle::play_through::<G, G::Reference, Infallible>(instance, |_, before, record| {
            tally.operations += 1;
            G::Counter::record(tally, before, record);
            Ok(())
        })
    });
    let Ok((outcome, state)) = played.map_err(|panicked| format!("the reference panicked: {}", panicked.message))?;
    tally.games += 1;
    G::Counter::outcome(tally, &state, &outcome);
    Ok(G::answer(&outcome))
}

/// Whether a run that times out is run again before it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Timeouts {
    Confirmed,
    /// Taken at once: a shrink's candidates, whose last is confirmed once
    /// shrinking ends ([`shrink`]), each of which would otherwise cost two
    /// whole timeouts.
    AtOnce,
}

/// A run judged: how the program failed the case, if it did, and what the
/// run used, which a campaign keeps the most of whether it failed or not.
#[derive(Debug, Clone)]
pub struct Judged {
    pub failed: Option<Failed>,
    pub usage: Usage,
}

/// How `program` fails a case whose reference answer is `reference`'s,
/// worked out while the program runs: on one job a case then costs the
/// longer of the two, not their sum. The reference goes on a thread of its
/// own, the program on this one, whose init is kept from run to run. A
/// wall timeout counts only when a second run times out too (a loaded
/// machine slows a run now and then); else the second run is judged.
pub fn judge_alongside<G: Game>(
    program: &Program,
    instance: &G::Instance,
    reference: impl FnOnce() -> Result<Verdict, String> + Send,
) -> Result<(Verdict, Judged), NotJudged> {
    judge_alongside_with::<G>(program, instance, reference, Timeouts::Confirmed)
}

/// The smallest instance, in bytes of its file, whose reference runs on a
/// thread of its own: below it the reference takes less time than starting
/// a thread (a door campaign of `--size small` ran 4% slower with a thread
/// a case, one of `--size max` 28% faster).
const ALONGSIDE_FROM_BYTES: usize = 2048;

/// Why a case was not judged: the reference failed on it (its own bug), or
/// the program could not be run (it did not start, or m3diff was asked to
/// stop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotJudged {
    Reference(String),
    Program(String),
}

fn judge_alongside_with<G: Game>(
    program: &Program,
    instance: &G::Instance,
    reference: impl FnOnce() -> Result<Verdict, String> + Send,
    timeouts: Timeouts,
) -> Result<(Verdict, Judged), NotJudged> {
    let input = instance.to_string();
    let (expected, ran) = if input.len() < ALONGSIDE_FROM_BYTES {
        (reference(), runs(program, &input, timeouts))
    } else {
        std::thread::scope(|scope| {
            let answer = scope.spawn(reference);
            let ran = runs(program, &input, timeouts);
            (answer.join().unwrap_or_else(|_| Err("the reference panicked".to_string())), ran)
        })
    };
    let expected = expected.map_err(NotJudged::Reference)?;
    let (run, timed_out_before) = ran.map_err(NotJudged::Program)?;
    let judged = judged::<G>(program, run, timed_out_before, &expected).map_err(NotJudged::Program)?;
    Ok((expected, judged))
}

/// The program's run on `input`, and again when it timed out and
/// `timeouts` asks for a second, with the first's wall time.
fn runs(program: &Program, input: &str, timeouts: Timeouts) -> Result<(Run, Option<Duration>), String> {
    Ok(match program.run(input)? {
        run @ Run { ran: Ran::TimedOut { .. }, .. } if timeouts == Timeouts::Confirmed => {
            (program.run(input)?, Some(run.usage.wall))
        }
        run => (run, None),
    })
}

/// Judges `run` against `expected`, the reference's answer.
fn judged<G: Game>(
    program: &Program,
    run: Run,
    timed_out_before: Option<Duration>,
    expected: &Verdict,
) -> Result<Judged, String> {
    let expected = expected.to_string();
    // Escaped once, here, where what the program printed becomes what a
    // report shows: every printer of a `Failed` then shows it safely.
    let usage = run.usage;
    let failed = |wrong, got: String| {
        let got = crate::process::visible::escaped(&got);
        let failed = Failed { wrong, got, expected: expected.clone(), usage, limits: program.limits() };
        Judged { failed: Some(failed), usage }
    };
    let prose = crate::process::prose::duration;
    let printed = match &run.ran {
        Ran::Interrupted => return Err(INTERRUPTED.to_string()),
        Ran::TimeLimit => {
            let limit = prose(program.limits().time);
            return Ok(failed(Wrong::TimeLimit, format!("used {} of CPU time, past {limit}", prose(run.usage.cpu))));
        }
        Ran::MemoryLimit => {
            let (peak, limit) = (mebibytes(run.usage.peak), mebibytes(program.limits().memory));
            return Ok(failed(Wrong::MemoryLimit, format!("held {peak} of memory, past {limit}")));
        }
        Ran::TimedOut { killed_at } => {
            let limit = prose(program.limits().wall);
            let times: Vec<String> = timed_out_before.iter().chain([killed_at]).map(|at| prose(*at)).collect();
            let runs = if times.len() == 2 { "twice" } else { "once" };
            let waited = format!("ran past {limit} of wall time {runs}, using {} of CPU", prose(run.usage.cpu));
            return Ok(failed(Wrong::WallTimeout, format!("{waited}: killed at {}", times.join(" and "))));
        }
        Ran::TooMuchOutput { printed } => {
            let lines = printed.lines().take(OVERFLOW_LINES).collect::<Vec<_>>().join("\n");
            let start: String = lines.chars().take(SHOWN).collect();
            return Ok(failed(Wrong::TooMuchOutput, format!("{start}... (and more, past {MAX_OUTPUT} bytes)")));
        }
        // A checker commonly says "refused" by its exit code as well.
        Ran::Crashed { printed, .. } if G::read_answer(printed).is_some_and(|answer| answer.is_refused()) => printed,
        Ran::Crashed { status, stderr, .. } => return Ok(failed(Wrong::RuntimeError, format!("{status}\n{stderr}"))),
        Ran::Printed(printed) => printed,
    };
    Ok(match G::read_answer(printed) {
        None => failed(Wrong::Unreadable, shown(printed)),
        Some(answer) if Some(&answer) == G::read_answer(&expected).as_ref() => Judged { failed: None, usage },
        Some(_) => failed(Wrong::Answer, shown(printed)),
    })
}

/// Why a run was not judged when m3diff was asked to stop.
pub const INTERRUPTED: &str = "interrupted: m3diff was asked to stop, and ended the run";

/// The start of `text`, when it is long.
fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}... ({} bytes in all)", &text[..end], text.len()),
        None => text.to_string(),
    }
}

/// The reference's answer and the program's judgement on one instance the
/// statement allows; an error says why it cannot be judged.
pub fn check<G: Game>(program: &Program, instance: &G::Instance) -> Result<(Verdict, Judged), String> {
    check_with::<G>(program, instance, Timeouts::Confirmed)
}

fn check_with<G: Game>(
    program: &Program,
    instance: &G::Instance,
    timeouts: Timeouts,
) -> Result<(Verdict, Judged), String> {
    if let Some(beyond) = G::beyond_statement(instance) {
        return Err(format!("beyond the statement ({beyond}): --against gives a program only what it allows"));
    }
    let reference = || reference_answer::<G>(instance, &mut Tally::default());
    judge_alongside_with::<G>(program, instance, reference, timeouts)
        .map_err(|(NotJudged::Reference(error) | NotJudged::Program(error))| error)
}

/// Shrinks `instance`, which `program` fails with `failed`, to a smaller
/// one that the statement allows and the program fails the same way. A
/// candidate beyond the statement is refused before it is even written
/// out: a SquareRemover game's moves are fixed at 10,000, and cutting them
/// would otherwise spend the shrink's whole time on candidates never run.
pub fn shrink<G: Game>(
    program: &Program,
    instance: &G::Instance,
    failed: Failed,
    limits: crate::check::shrink::Limits<'_>,
) -> crate::check::shrink::Shrunk<G::Instance, Failed> {
    let wrong = failed.wrong;
    let beyond = |candidate: &G::Instance| G::beyond_statement(candidate).is_some();
    let fails_alike = |candidate: &G::Instance, timeouts| {
        check_with::<G>(program, candidate, timeouts)
            .ok()
            .and_then(|(_, judged)| judged.failed)
            .filter(|f| f.wrong == wrong)
    };
    let first = failed.clone();
    let shrunk = crate::check::shrink::shrink_within::<G, _>(instance, failed, limits, beyond, |candidate| {
        fails_alike(candidate, Timeouts::AtOnce)
    });
    if wrong != Wrong::WallTimeout || shrunk.steps == 0 {
        return shrunk;
    }
    // A timeout is kept only when it times out again: else the case found
    // stands, whose timeout was.
    match fails_alike(&shrunk.instance, Timeouts::Confirmed) {
        Some(confirmed) => crate::check::shrink::Shrunk { failure: confirmed, ..shrunk },
        None => crate::check::shrink::Shrunk { instance: instance.clone(), failure: first, steps: 0, ..shrunk },
    }
}
