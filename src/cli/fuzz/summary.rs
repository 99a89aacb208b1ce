//! What `m3diff fuzz` prints when the campaign ends: each game's summary,
//! the verdict, the failures kept and what to do next, and the command
//! that replays the campaign. Written apart from the running so that the
//! words a user reads the morning after are in one place.

use std::process::ExitCode;

use super::running::{names, Ran};
use crate::cli::exit::EXIT_FAILURE_FOUND;
use crate::process::prose::counted;
use crate::runs::against::Program;
use crate::runs::campaign::{KindFound, Settings, Target};

/// The command that replays the campaign: the cases that ran, by count,
/// since a time or a signal ends a campaign elsewhere each run.
pub(super) fn replay_command(
    targets: &[&dyn Target],
    settings: &Settings,
    dealt: u64,
    program: Option<&Program>,
) -> String {
    // Dealt in whole rounds of the games (campaign::run): each ran as many.
    let budget = format!("--cases {}", dealt / targets.len().max(1) as u64);
    let against = program.map_or(String::new(), |program| format!(" {}", program.options()));
    let mut stopped: Vec<u64> = settings.skip.iter().copied().chain(targets.iter().flat_map(|t| t.stopped())).collect();
    stopped.sort_unstable();
    stopped.dedup();
    let skip = match stopped.is_empty() {
        true => String::new(),
        false => format!(" --skip-cases {}", stopped.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
    };
    format!(
        "{} fuzz --game {} --seed {} --size {} {budget}{skip}{against}",
        crate::process::invocation::m3diff(),
        names(targets).join(","),
        settings.seed,
        settings.size.name()
    )
}

/// Each game's summary, then a `time:` line as the games' own: no seed
/// replays it.
pub(super) fn summary_of(targets: &[&dyn Target], settings: &Settings, ran: &Ran) -> String {
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
pub(super) fn conclude(
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
        let cases = counted(found.cases, found.counted_as);
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
