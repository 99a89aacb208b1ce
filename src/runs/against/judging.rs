//! Running a program on a case and judging what it did against the
//! reference's answer, and shrinking a case it fails: a module of its own,
//! not `mod.rs`, so that the campaign target uses it without importing its
//! parent, which re-exports it.

use std::convert::Infallible;

use super::cases::{judge_cases, NotJudged, Timeouts, Until};
use super::failed::{Failed, Wrong};
use super::program::{Program, Usage};
use crate::check::oracle::catch_panic;
use crate::game::coverage::Tally;
use crate::game::{Counts, Game, Verdict};

/// The reference's answer on `instance`, its records counted in `tally`.
/// An error is the reference panicking: its own bug, not the program's.
pub fn reference_answer<G: Game>(instance: &G::Instance, tally: &mut Tally<G::Counter>) -> Result<Verdict, String> {
    reference_answer_seen::<G>(instance, tally, |_, _| {})
}

/// [`reference_answer`], with each record and the state before it shown to
/// `seen` as it comes.
pub fn reference_answer_seen<G: Game>(
    instance: &G::Instance,
    tally: &mut Tally<G::Counter>,
    mut seen: impl FnMut(&G::State, &G::Record),
) -> Result<Verdict, String> {
    // Counted as they come: no record is kept.
    let played = catch_panic(|| {
        crate::check::oracle::play_through::<G, G::Reference, Infallible>(instance, |_, before, record| {
            tally.operations += 1;
            G::Counter::record(tally, before, record);
            seen(before, record);
            Ok(())
        })
    });
    let Ok((outcome, state)) = played.map_err(|panicked| format!("the reference panicked: {}", panicked.message))?;
    tally.games += 1;
    G::Counter::outcome(tally, &state, &outcome);
    Ok(G::answer(&outcome))
}

/// A run judged: how the program failed the case, if it did, and what the
/// run used, which a campaign keeps the most of whether it failed or not.
#[derive(Debug, Clone)]
pub struct Judged {
    pub failed: Option<Failed>,
    pub usage: Usage,
}

/// How `program` fails a case whose reference answer is `reference`'s,
/// worked out while the program runs ([`judge_cases`]), a wall timeout
/// confirmed by a second run as `timeouts` asks.
fn judge_one<G: Game>(
    program: &Program,
    instance: &G::Instance,
    reference: impl FnOnce() -> Result<Verdict, String> + Send,
    timeouts: Timeouts,
) -> Result<(Verdict, Judged), NotJudged> {
    let cases = std::slice::from_ref(instance);
    let answers = || reference().map(|answer| vec![answer]);
    let (mut expected, mut judged) = judge_cases::<G>(program, cases, answers, timeouts, Until::AllJudged)?;
    let failed = judged.failed.pop().flatten();
    Ok((expected.remove(0), Judged { failed, usage: judged.usage }))
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
    judge_one::<G>(program, instance, reference, timeouts)
        .map_err(|(NotJudged::Reference(error) | NotJudged::Program(error))| error)
}

/// The most candidates of a shrink run in one batch: the first few of
/// each search are the likeliest kept, and those after the one kept are
/// run for nothing.
const SHRINK_BATCH: usize = 32;

/// Whether each of `candidates`, run as one batch, fails as `wrong` says,
/// up to the first that fails at all; a candidate that cannot be judged
/// does not fail alike.
fn candidates_failing<G: Game>(program: &Program, candidates: &[G::Instance], wrong: Wrong) -> Vec<Option<Failed>> {
    let reference =
        || candidates.iter().map(|candidate| reference_answer::<G>(candidate, &mut Tally::default())).collect();
    let Ok((_, judged)) = judge_cases::<G>(program, candidates, reference, Timeouts::AtOnce, Until::FirstFailure)
    else {
        return vec![None; candidates.len()];
    };
    let first_failing = judged.failed.iter().position(Option::is_some);
    let first_together = judged.together.iter().map(|together| together.end - 1).min();
    match (first_failing, first_together) {
        (Some(case), together) if together.is_none_or(|together| case <= together) => {
            let mut failed = judged.failed;
            failed.truncate(case + 1);
            failed[case] = failed[case].take().filter(|failed| failed.wrong == wrong);
            failed
        }
        (_, Some(together)) => vec![None; together + 1],
        _ => vec![None; candidates.len()],
    }
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
    let shrunk = match program.protocol().batch {
        None => crate::check::shrink::shrink_within::<G, _>(instance, failed, limits, beyond, |candidate| {
            fails_alike(candidate, Timeouts::AtOnce)
        }),
        Some(batch) => {
            let batch = batch.get().min(SHRINK_BATCH);
            let judge = |candidates: &[G::Instance]| candidates_failing::<G>(program, candidates, wrong);
            crate::check::shrink::shrink_in_batches::<G, _>(instance, failed, limits, beyond, batch, judge)
        }
    };
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
