//! The cases of a run judged: one case in the statement's form, or a batch
//! (`--batch N`). A batch that fails is split until each failure is one
//! case, judged as the program does on that case alone: what is kept,
//! shrunk and reported is always one case.
//!
//! How a batch is split: a run that ends badly (a crash, a limit, too much
//! output) says nothing of which case did it, so the batch is halved and
//! each half run; a run that prints a wrong line for case k says the cases
//! before it agreed, so case k is run alone and the cases after it again
//! as a batch (a line too many or too few shifts every answer after it).
//! Cases that fail together but each pass alone are reported as such: the
//! program keeps something from one case to the next.
//!
//! A player (`--player`) prints its own operations, one case a run, and
//! they are judged as a problem package's output validator judges them.

use std::ops::Range;
use std::time::Duration;

use super::failed::{Failed, Wrong};
use super::operations::first_difference;
use super::program::{mebibytes, Lines, Program, Ran, Run, Usage};
use crate::check::judge::{judge_player, Judgement};
use crate::game::{Game, Verdict};

/// The most of a program's output a report shows.
const SHOWN: usize = 400;
/// The most lines of an output past its limit a report shows.
const OVERFLOW_LINES: usize = 8;

/// Whether a run of one case that times out is run again before it
/// counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timeouts {
    Confirmed,
    /// Taken at once: a shrink's candidates, whose last is confirmed once
    /// shrinking ends (`against::shrink`), each of which would otherwise
    /// cost two whole timeouts.
    AtOnce,
}

/// The smallest input, in bytes, whose reference runs on a thread of its
/// own: below it the reference takes less time than starting a thread (a
/// door campaign of `--size small` ran 4% slower with a thread a case, one
/// of `--size max` 28% faster).
const ALONGSIDE_FROM_BYTES: usize = 2048;

/// Why a case was not judged: the reference failed on it (its own bug), or
/// the program could not be run (it did not start, or m3diff was asked to
/// stop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotJudged {
    Reference(String),
    Program(String),
}

/// Why a run was not judged when m3diff was asked to stop.
pub const INTERRUPTED: &str = "interrupted: m3diff was asked to stop, and ended the run";

/// What became of the cases of a run and of the runs it took.
#[derive(Debug, Clone, Default)]
pub struct CasesJudged {
    /// Each case's failure, in order; `None` for a case the program got
    /// right.
    pub failed: Vec<Option<Failed>>,
    /// Runs of cases that failed together though each passed alone.
    pub together: Vec<Range<usize>>,
    /// The most any one run used.
    pub usage: Usage,
    /// The wall time of all the runs.
    pub program_time: Duration,
}

/// Judges `program` on `cases`, whose reference answers `reference` works
/// out: on a thread of its own, while the first run goes on, when the
/// input is large enough to pay for the thread.
pub fn judge_cases<G: Game>(
    program: &Program,
    cases: &[G::Instance],
    reference: impl FnOnce() -> Result<Vec<Verdict>, String> + Send,
    timeouts: Timeouts,
    until: Until,
) -> Result<(Vec<Verdict>, CasesJudged), NotJudged> {
    let judged = CasesJudged::default();
    let mut judging = Judging::<G> { program, cases, expected: &[], timeouts, until, judged };
    let input = program.protocol().input::<G>(cases);
    let (expected, first) = if input.len() < ALONGSIDE_FROM_BYTES {
        (reference(), judging.run(0..cases.len(), &input))
    } else {
        std::thread::scope(|scope| {
            let answers = scope.spawn(reference);
            let first = judging.run(0..cases.len(), &input);
            (answers.join().unwrap_or_else(|_| Err("the reference panicked".to_string())), first)
        })
    };
    let expected = expected.map_err(NotJudged::Reference)?;
    let first = first.map_err(NotJudged::Program)?;
    judging.judged.failed = vec![None; cases.len()];
    judging.expected = &expected;
    judging.judge(0..cases.len(), first).map_err(|error| match error {
        Error::Reference(error) => NotJudged::Reference(error),
        Error::Program(error) => NotJudged::Program(error),
    })?;
    let judged = judging.judged;
    Ok((expected, judged))
}

/// How far the cases are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// Every case, each failure found: a campaign's.
    AllJudged,
    /// The first failure found, alone or together: a shrink's candidates,
    /// of which the first that fails is kept. The cases after it are left
    /// unjudged (`None`).
    FirstFailure,
}

enum Error {
    Reference(String),
    Program(String),
}

struct Judging<'a, G: Game> {
    program: &'a Program,
    cases: &'a [G::Instance],
    expected: &'a [Verdict],
    timeouts: Timeouts,
    until: Until,
    judged: CasesJudged,
}

/// A run, and the wall time of the run before it that timed out, when a
/// timeout was confirmed by a second.
type Ran2 = (Run, Option<Duration>);

impl<G: Game> Judging<'_, G> {
    /// Runs `range`'s cases on `input`; a run of one case that times out
    /// is run again when `timeouts` asks for it (a loaded machine slows a
    /// run now and then), a batch's is split instead.
    fn run(&self, range: Range<usize>, input: &str) -> Result<Ran2, String> {
        let (limits, output) =
            self.program.protocol().run_limits::<G>(self.program.limits(), &self.cases[range.clone()]);
        let run = self.program.run_within(input, limits, output)?;
        match run.ran {
            Ran::TimedOut { .. } if range.len() == 1 && self.timeouts == Timeouts::Confirmed => {
                Ok((self.program.run_within(input, limits, output)?, Some(run.usage.wall)))
            }
            _ => Ok((run, None)),
        }
    }

    fn run_again(&self, range: Range<usize>) -> Result<Ran2, Error> {
        let input = self.program.protocol().input::<G>(&self.cases[range.clone()]);
        self.run(range, &input).map_err(Error::Program)
    }

    fn judge(&mut self, range: Range<usize>, (run, timed_out_before): Ran2) -> Result<(), Error> {
        let usage = run.usage;
        self.judged.usage = Usage {
            cpu: self.judged.usage.cpu.max(usage.cpu),
            wall: self.judged.usage.wall.max(usage.wall),
            peak: self.judged.usage.peak.max(usage.peak),
        };
        self.judged.program_time += timed_out_before.unwrap_or_default() + usage.wall;
        let alone = range.len() == 1;
        let printed = match (ended::<G>(self.program, &run, timed_out_before, alone), alone) {
            (Ended::Interrupted, _) => return Err(Error::Program(INTERRUPTED.to_string())),
            (Ended::Printed(printed), _) => printed,
            (Ended::Failed(wrong, got), true) => {
                self.failed(range.start, wrong, got, None, None, usage);
                return Ok(());
            }
            (Ended::Failed(..), false) => return self.halves(range),
        };
        let mut lines = Lines::new(printed);
        for case in range.clone() {
            let last = case + 1 == range.end;
            let Some(wrong) = self.judge_case(case, &mut lines, last)? else { continue };
            if alone {
                let CaseWrong { wrong, got, expected, at } = wrong;
                self.failed(case, wrong, got, expected, at, usage);
                return Ok(());
            }
            let alone_run = self.run_again(case..case + 1)?;
            self.judge(case..case + 1, alone_run)?;
            if self.judged.failed[case].is_none() {
                self.judged.together.push(range.start..case + 1);
            }
            if case + 1 < range.end && !self.stopped() {
                let rest = self.run_again(case + 1..range.end)?;
                self.judge(case + 1..range.end, rest)?;
            }
            return Ok(());
        }
        Ok(())
    }

    /// Whether no more cases are to be judged.
    fn stopped(&self) -> bool {
        self.until == Until::FirstFailure
            && (self.judged.failed.iter().any(Option::is_some) || !self.judged.together.is_empty())
    }

    /// Each half of `range` run and judged; when neither fails, the cases
    /// failed only all together.
    fn halves(&mut self, range: Range<usize>) -> Result<(), Error> {
        let found = |judged: &CasesJudged| judged.failed.iter().flatten().count() + judged.together.len();
        let before = found(&self.judged);
        let middle = range.start + range.len() / 2;
        for half in [range.start..middle, middle..range.end] {
            if self.stopped() {
                return Ok(());
            }
            let run = self.run_again(half.clone())?;
            self.judge(half, run)?;
        }
        if found(&self.judged) == before {
            self.judged.together.push(range);
        }
        Ok(())
    }

    /// Case `case`'s lines, taken from `lines`, judged: its per-operation
    /// lines, then its answer; the last case of a run takes all that is
    /// left as its answer.
    fn judge_case(&self, case: usize, lines: &mut Lines<'_>, last: bool) -> Result<Option<CaseWrong>, Error> {
        let instance = &self.cases[case];
        if self.program.protocol().player {
            return judge_play::<G>(instance, lines.rest()).map_err(Error::Reference);
        }
        if self.program.protocol().per_operation {
            if let Some(difference) = first_difference::<G>(instance, lines).map_err(Error::Reference)? {
                let (got, expected) = (shown(&difference.printed), Some(shown(&difference.expected)));
                return Ok(Some(CaseWrong { wrong: Wrong::Operation, got, expected, at: Some(difference.report) }));
            }
        }
        let answer = match last {
            true => lines.rest(),
            false => lines.next_line().unwrap_or_default(),
        };
        let expected = G::read_answer(&self.expected[case].to_string());
        Ok(match G::read_answer(answer) {
            None => Some(CaseWrong { wrong: Wrong::Unreadable, got: shown(answer), expected: None, at: None }),
            Some(read) if Some(&read) == expected.as_ref() => None,
            Some(_) => Some(CaseWrong { wrong: Wrong::Answer, got: shown(answer), expected: None, at: None }),
        })
    }

    /// Notes case `case`'s failure. Escaped once, here, where what the
    /// program printed becomes what a report shows: every printer of a
    /// `Failed` then shows it safely.
    fn failed(
        &mut self,
        case: usize,
        wrong: Wrong,
        got: String,
        expected: Option<String>,
        at: Option<String>,
        usage: Usage,
    ) {
        let got = crate::process::visible::escaped(&got);
        let expected = expected.unwrap_or_else(|| self.expected[case].to_string());
        let at = at.map(|at| crate::process::visible::escaped(&at));
        self.judged.failed[case] = Some(Failed { wrong, got, expected, at, usage, limits: self.program.limits() });
    }
}

/// How a player's operations `printed` on `instance` are wrong, as the
/// package's output validator judges them; an error when the judge's own
/// operations are at fault, the reference's to answer for.
fn judge_play<G: Game>(instance: &G::Instance, printed: &str) -> Result<Option<CaseWrong>, String> {
    let (wrong, why) = match judge_player::<G>(instance, printed)? {
        Judgement::Accepted(_) => return Ok(None),
        Judgement::Wrong(why) => (Wrong::Answer, why),
        Judgement::Presentation(why) => (Wrong::Unreadable, why),
    };
    let expected = format!("{}s none of which is refused, scoring at least the judge's", G::OPERATION);
    Ok(Some(CaseWrong { wrong, got: shown(printed), expected: Some(expected), at: Some(format!("the judge: {why}")) }))
}

/// How one case's lines are wrong.
struct CaseWrong {
    wrong: Wrong,
    got: String,
    /// The reference's line, where it is not the answer.
    expected: Option<String>,
    at: Option<String>,
}

/// How a run ended: what it printed, or how it failed as a whole.
enum Ended<'a> {
    Printed(&'a str),
    Failed(Wrong, String),
    Interrupted,
}

fn ended<'a, G: Game>(program: &Program, run: &'a Run, timed_out_before: Option<Duration>, alone: bool) -> Ended<'a> {
    let prose = crate::process::prose::duration;
    let limits = program.limits();
    let usage = run.usage;
    match &run.ran {
        Ran::Interrupted => Ended::Interrupted,
        Ran::TimeLimit => Ended::Failed(
            Wrong::TimeLimit,
            format!("used {} of CPU time, past {}", prose(usage.cpu), prose(limits.time)),
        ),
        Ran::MemoryLimit => {
            let (peak, limit) = (mebibytes(usage.peak), mebibytes(limits.memory));
            Ended::Failed(Wrong::MemoryLimit, format!("held {peak} of memory, past {limit}"))
        }
        Ran::TimedOut { killed_at } => {
            let times: Vec<String> = timed_out_before.iter().chain([killed_at]).map(|at| prose(*at)).collect();
            let runs = if times.len() == 2 { "twice" } else { "once" };
            let waited =
                format!("ran past {} of wall time {runs}, using {} of CPU", prose(limits.wall), prose(usage.cpu));
            Ended::Failed(Wrong::WallTimeout, format!("{waited}: killed at {}", times.join(" and ")))
        }
        Ran::TooMuchOutput { printed } => {
            let lines = printed.lines().take(OVERFLOW_LINES).collect::<Vec<_>>().join("\n");
            let start: String = lines.chars().take(SHOWN).collect();
            Ended::Failed(Wrong::TooMuchOutput, format!("{start}... (and more, past {} bytes)", printed.len()))
        }
        // A checker commonly says "refused" by its exit code as well; a
        // player that ends so has crashed.
        Ran::Crashed { printed, .. }
            if alone
                && !program.protocol().player
                && G::read_answer(printed).is_some_and(|answer| answer.is_refused()) =>
        {
            Ended::Printed(printed)
        }
        Ran::Crashed { status, stderr, .. } => Ended::Failed(Wrong::RuntimeError, format!("{status}\n{stderr}")),
        Ran::Printed(printed) => Ended::Printed(printed),
    }
}

/// The start of `text`, when it is long.
fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}... ({} bytes in all)", &text[..end], text.len()),
        None => text.to_string(),
    }
}
