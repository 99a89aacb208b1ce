//! `tests --wrong SRC --accepted SRC`: the set checked by the setter's own
//! submissions, as a judge checks a problem package. Each wrong one must
//! fail some test; one that passes them all is hunted ([`super::hunt`]) and
//! the case that fails it becomes a test of the set, a hack. Each accepted
//! one must pass every test, and their times give the time limit.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use super::hunt::{hunt, Hunted};
use crate::game::Game;
use crate::process::prose::{counted, duration, thousands};
use crate::runs::against::{mebibytes, Limits, Program, Protocol, Usage};
use crate::runs::setter::TestSet;
use crate::runs::submissions::{trial, Built, Submission, TimeLimit, TIME_MULTIPLIER};

/// The submissions given, built, ready to run.
pub struct Programs {
    accepted: Vec<(String, Program)>,
    wrong: Vec<(String, Program)>,
    hunt_time: Duration,
    /// Where they were built: it goes when they do.
    _built: Built,
}

/// What the submissions came to.
pub struct Judged {
    /// The set's README's section on them.
    pub readme: String,
    /// What the summary says of each.
    pub summary: String,
    /// The time limit the accepted ones' times give.
    pub time_limit: Option<TimeLimit>,
    /// Each submission that does not do as its folder says, in a line.
    pub faults: Vec<String>,
}

/// Builds every submission in a folder of `parent`'s own, to run within
/// the judge's limits of `G`; two of one name are refused, as a package
/// holds them by their names.
pub fn build<G: Game>(
    accepted: &[Submission],
    wrong: &[Submission],
    hunt_time: Duration,
    compile_time: Duration,
    parent: &Path,
    name: &str,
) -> Result<Programs, String> {
    let built = Built::new(parent, name, compile_time)?;
    let limits = Limits::of::<G>(None, None, None);
    let mut names: Vec<String> = Vec::new();
    let mut programs = [Vec::new(), Vec::new()];
    for (programs, submissions) in programs.iter_mut().zip([accepted, wrong]) {
        for submission in submissions {
            let name = submission.name();
            if names.contains(&name) {
                return Err(format!("{}: a second submission named {name}", submission.source.display()));
            }
            // Run as a judge runs them: a player where the contest's
            // output is the operations (the package's submissions are).
            let program = built.program(submission, names.len(), limits)?;
            programs.push((name.clone(), program.speaking(Protocol::submission::<G>())));
            names.push(name);
        }
    }
    let [accepted, wrong] = programs;
    Ok(Programs { accepted, wrong, hunt_time, _built: built })
}

impl Programs {
    pub fn is_empty(&self) -> bool {
        self.accepted.is_empty() && self.wrong.is_empty()
    }
}

/// Runs the wrong submissions on `set`, adding a hack for each that passes
/// it, then the accepted ones on the set as it then is. A hunt draws from
/// `seed` and keeps what it finds in a folder of `parent`'s own.
pub fn judge<G: Game>(set: &mut TestSet<G>, programs: &Programs, seed: u64, parent: &Path) -> Result<Judged, String> {
    let mut faults = Vec::new();
    let chosen = set.tests.len();
    let caught = wrong_ones(set, programs, seed, parent, &mut faults)?;
    let width = stem_width(set.tests.len());
    let stem = |index: usize| format!("{:0width$}", index + 1);
    let mut readme = String::new();
    let mut summary = String::new();
    if !programs.wrong.is_empty() {
        wrong_section(&mut readme, &mut summary, &caught, chosen, set.tests.len(), &stem);
    }
    // Every accepted one's times go in the table; those of the ones that
    // pass alone give the time limit.
    let (mut usages, mut passed) = (Vec::new(), Vec::new());
    for (name, program) in &programs.accepted {
        let ran = trial::<G>(program, &set.tests)?;
        match &ran.failed {
            Some((index, failed)) => {
                faults.push(format!("{name}: an accepted submission that fails test {} ({failed})", stem(*index)))
            }
            None => {
                let _ = writeln!(summary, "accepted {name}: passes every test");
            }
        }
        if ran.failed.is_none() {
            passed.push((name.as_str(), ran.usages.clone()));
        }
        usages.push((name.as_str(), ran.usages));
    }
    let time_limit = slowest(&passed, &stem);
    if !programs.accepted.is_empty() {
        readme.push_str(&times_section::<G>(&usages, time_limit.as_ref(), &stem));
    }
    Ok(Judged { readme, summary, time_limit, faults })
}

/// Runs each wrong submission on `set`, hunting a hack for each that passes
/// it; each one shown wrong, by the index of the first test it fails and
/// how. One that is not is a line of `faults`.
fn wrong_ones<G: Game>(
    set: &mut TestSet<G>,
    programs: &Programs,
    seed: u64,
    parent: &Path,
    faults: &mut Vec<String>,
) -> Result<Vec<(String, usize, String)>, String> {
    let mut caught = Vec::new();
    for (name, program) in &programs.wrong {
        let ran = trial::<G>(program, &set.tests)?;
        if let Some((index, failed)) = ran.failed {
            caught.push((name.clone(), index, failed.wrong.name().to_string()));
            continue;
        }
        match hunt::<G>(program, name, seed, programs.hunt_time, parent)? {
            Hunted::Caught { instance, how } => {
                let test = set.add_hack(instance, name, &how)?;
                // Run again as a judge runs it: a program that fails the
                // case only now and then is not shown wrong by it.
                let again = trial::<G>(program, std::slice::from_ref(test))?;
                match again.failed {
                    Some((_, failed)) => caught.push((name.clone(), set.tests.len() - 1, failed.wrong.name().into())),
                    None => faults.push(format!(
                        "{name}: a wrong submission that failed a case once, in a hunt, and passes it run again \
                         (the set's last test): it is not shown wrong"
                    )),
                }
            }
            Hunted::Missed { cases } => faults.push(format!(
                "{name}: a wrong submission that passes every test, and every one of the {} a hunt of {} drew \
                 (--hunt-time): it is not shown wrong",
                counted(cases, "case"),
                duration(programs.hunt_time)
            )),
        }
    }
    Ok(caught)
}

/// The digits of a test's number in a set of `tests`, as its files are
/// named: `07`, or `007` in a set of more than 99.
pub fn stem_width(tests: usize) -> usize {
    tests.to_string().len().max(2)
}

/// The wrong submissions' part of the README and the summary: the first
/// test each fails, and which tests are hacks.
fn wrong_section(
    readme: &mut String,
    summary: &mut String,
    rows: &[(String, usize, String)],
    chosen: usize,
    tests: usize,
    stem: &dyn Fn(usize) -> String,
) {
    let _ = writeln!(readme, "\n## Wrong submissions\n\n| submission | the first test it fails | how |\n|---|---|---|");
    for (name, index, how) in rows {
        let hack = if *index >= chosen { ", a hack" } else { "" };
        let _ = writeln!(readme, "| {name} | {}{hack} | {how} |", stem(*index));
        let _ = writeln!(summary, "wrong {name}: fails test {}{hack} ({how})", stem(*index));
    }
    if tests > chosen {
        let hacks = match tests - chosen {
            1 => format!("Test {} is a hack", stem(chosen)),
            _ => format!("Tests {} to {} are hacks", stem(chosen), stem(tests - 1)),
        };
        let _ = writeln!(
            readme,
            "\n{hacks}: a case that a wrong submission which passed every test before it fails, found by a hunt \
             (`fuzz --against` run on the submission, done at its first failure) and shrunk, as a hack becomes a \
             test on Codeforces. Hacks come beyond `--count`: the set holds {tests} tests, {chosen} of them chosen."
        );
    }
}

/// The slowest run of the accepted submissions that passed every test, as
/// a time limit; `None` when none did.
fn slowest(passed: &[(&str, Vec<Option<Usage>>)], stem: &dyn Fn(usize) -> String) -> Option<TimeLimit> {
    let runs =
        passed.iter().flat_map(|(name, runs)| runs.iter().enumerate().map(move |(index, run)| (name, index, run)));
    let (name, index, run) =
        runs.filter_map(|(name, index, run)| Some((name, index, (*run)?))).max_by_key(|run| run.2.cpu)?;
    Some(TimeLimit::from_slowest(run.cpu, name, &stem(index)))
}

/// The accepted submissions' CPU time and peak memory on each test, the
/// largest of each, and the time limit they give.
fn times_section<G: Game>(
    usages: &[(&str, Vec<Option<Usage>>)],
    time_limit: Option<&TimeLimit>,
    stem: &dyn Fn(usize) -> String,
) -> String {
    let mut section = String::from("\n## Accepted submissions\n\nEach one's CPU time and peak memory on each test, run as a judge runs it (m3diff `--against`'s limits: ");
    let limits = Limits::of::<G>(None, None, None);
    let _ = write!(section, "{}).\n\n| test |", limits.line());
    for (name, _) in usages {
        let _ = write!(section, " {name} |");
    }
    let _ = writeln!(section, "\n|---|{}", "---|".repeat(usages.len()));
    let tests = usages.iter().map(|(_, runs)| runs.len()).max().unwrap_or(0);
    for index in 0..tests {
        let _ = write!(section, "| {} |", stem(index));
        for (_, runs) in usages {
            match runs.get(index).copied().flatten() {
                Some(usage) => {
                    let _ = write!(section, " {}, {} |", duration(usage.cpu), mebibytes(usage.peak));
                }
                None => section.push_str(" not run |"),
            }
        }
        section.push('\n');
    }
    section.push_str("| largest |");
    for (_, runs) in usages {
        let ran = || runs.iter().enumerate().filter_map(|(index, run)| Some((index, (*run)?)));
        // Of equal ones, the first test.
        let cpu = ran().rev().max_by_key(|(_, usage)| usage.cpu);
        let peak = ran().rev().max_by_key(|(_, usage)| usage.peak);
        match (cpu, peak) {
            (Some((cpu_at, cpu)), Some((peak_at, peak))) => {
                let _ = write!(
                    section,
                    " {} (test {}), {} (test {}) |",
                    duration(cpu.cpu),
                    stem(cpu_at),
                    mebibytes(peak.peak),
                    stem(peak_at)
                );
            }
            _ => section.push_str(" none |"),
        }
    }
    section.push('\n');
    match time_limit {
        Some(limit) => {
            let statement = match G::STATEMENT_LIMITS {
                Some(limits) => format!(" The statement's is {}.", duration(limits.time)),
                None => String::new(),
            };
            let _ = writeln!(
                section,
                "\nThe time limit they suggest: **{} s**, {}. That multiple is DOMjudge's guide's (\"twice the \
                 slowest accepted solution\") and the ICPC format's current default: room for a slower judge, none \
                 for a slower algorithm. A package says it as `time_multiplier: {TIME_MULTIPLIER}` in problem.yaml, \
                 from which problemtools' verifyproblem works the limit out the same way from its own runs.{statement}",
                thousands(limit.seconds),
                limit.reason()
            );
        }
        None => section.push_str("\nNo accepted submission passes every test: no time limit is suggested.\n"),
    }
    section
}
