//! A game's cases run through a program instead of the engine, as one
//! target of the campaign: generated within the statement, answered by the
//! reference, each kind of failure shrunk with the program in the loop and
//! kept under `--keep`.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::ahead::{Ahead, Drawn};
use super::cases::{judge_cases, NotJudged, Timeouts, Until};
use super::failed::{Failed, Wrong};
use super::judging::reference_answer;
use super::kinds::Kinds;
use super::program::{Program, Usage};
use super::slowest::Most;
use super::together::Together;
use crate::game::coverage::{RuleCounter, Tally};
use crate::game::{Counts, Game, Generator, Size};
use crate::process::prose::counted;
use crate::process::spent::{Laps, Part, Spent};
use crate::runs::campaign::{lock, Books, Campaign, KindFound, ProgramUse, Tallied, Target};

/// Renders of a case before it gives up on one within the statement.
const REDRAWS: usize = 16;
/// A program that crashes on each of this many first cases crashes on
/// everything: the campaign stops and says so rather than run the night.
const HOPELESS_AFTER: u64 = 5;
/// The least share of the cases drawn, in percent, that must reach the
/// program for a campaign to say anything of it: the generators draw within
/// the statement by construction, and a campaign that still drew mostly
/// beyond it tested too little of what it claims to.
pub const MIN_REACHED_PERCENT: u64 = 90;

pub struct AgainstTarget<G: Game> {
    program: Program,
    keep: PathBuf,
    size: Size,
    books: Tallied<G::Counter>,
    /// Games generated, whether they reached the program or not.
    drawn: AtomicU64,
    /// Generated cases beyond the statement, not run.
    beyond: AtomicU64,
    /// Crashes counted while the program has done nothing else.
    crashes: AtomicU64,
    /// Whether the program has done anything but crash: it is not hopeless.
    answered: AtomicBool,
    kinds: Kinds,
    /// The most the program used, and its slowest case.
    most: Most,
    /// Runs whose cases failed only together.
    together: Together,
    /// Why the campaign cannot go on: set once.
    hopeless: OnceLock<String>,
    /// Whether the campaign is a hunt, done at the first failure.
    until_found: bool,
    /// The seeds of cases a signal ended the runs of, not judged.
    stopped: Mutex<Vec<u64>>,
    /// Cases drawn ahead, while the program ran those dealt before.
    ahead: Ahead<G::Instance>,
}

/// What sets apart the counters a campaign against a program never reaches.
const NEVER_DRAWN: &str = "beyond the statement, never drawn against a program";

impl<G: Game> AgainstTarget<G> {
    pub fn new(program: Program, keep: PathBuf, size: Size) -> Self {
        AgainstTarget {
            program,
            keep,
            size,
            books: Tallied::new(Spent::with_engine_called("program")),
            drawn: AtomicU64::new(0),
            beyond: AtomicU64::new(0),
            crashes: AtomicU64::new(0),
            answered: AtomicBool::new(false),
            kinds: Kinds::default(),
            most: Most::default(),
            together: Together::default(),
            hopeless: OnceLock::new(),
            until_found: false,
            stopped: Mutex::new(Vec::new()),
            ahead: Ahead::default(),
        }
    }

    /// The target of a hunt: done once the program fails a case, which is
    /// shrunk and kept as any is.
    pub fn until_found(self) -> Self {
        AgainstTarget { until_found: true, ..self }
    }

    /// Notes how a case ended, to tell a program that crashes on
    /// everything.
    fn note_crash(&self, failed: Option<&Failed>) {
        let Some(crash) = failed.filter(|failed| failed.wrong == Wrong::RuntimeError) else {
            return self.answered.store(true, Ordering::Relaxed);
        };
        if self.answered.load(Ordering::Relaxed) {
            return;
        }
        let crashes = self.crashes.fetch_add(1, Ordering::Relaxed) + 1;
        if crashes >= HOPELESS_AFTER {
            let how = crash.got.lines().next().unwrap_or("");
            let command = self.program.command();
            let _ =
                self.hopeless.set(format!("--against {command}: crashed on each of the first {crashes} cases ({how})"));
        }
    }
}

impl<G: Game> AgainstTarget<G> {
    /// The case of `case_seed`, within the statement: a case beyond it is
    /// drawn again from the next seed, so that `--cases N` runs N cases
    /// through the program. No case when none was drawn. Counted when
    /// taken ([`AgainstTarget::taken`]), not here: a case drawn ahead may
    /// never be run.
    fn draw(&self, case_seed: u64) -> Drawn<G::Instance> {
        let mut drawn = Drawn { case: None, games: 0, beyond: 0 };
        let mut case_seed = case_seed;
        for _ in 0..REDRAWS {
            let generate = || {
                crate::process::seed::with_seed(case_seed, |u| {
                    let shape = G::Knobs::within_statement(u)?;
                    G::generate(u, self.size, &shape)
                })
            };
            let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate));
            if matches!(generated, Ok(Ok(_))) {
                drawn.games += 1;
            }
            match generated {
                Ok(Ok(case)) if G::beyond_statement(&case).is_none() => {
                    drawn.case = Some((case_seed, case));
                    break;
                }
                Ok(Ok(_)) => {
                    drawn.beyond += 1;
                    case_seed = crate::runs::campaign::next_seed(case_seed);
                }
                _ => break,
            }
        }
        drawn
    }

    /// The case of `case_seed` to run, drawn ahead or now, counted; the
    /// time drawn now, or waited for a drawer, charged in `laps`.
    fn taken(&self, case_seed: u64, laps: &mut Laps) -> Option<(u64, G::Instance)> {
        let started = Instant::now();
        let drawn = match self.ahead.take(case_seed) {
            Some(drawn) => {
                laps.wait_alongside(Part::Generator, started.elapsed());
                drawn
            }
            None => {
                let drawn = self.draw(case_seed);
                laps.charge(Part::Generator, started.elapsed());
                drawn
            }
        };
        self.drawn.fetch_add(drawn.games, Ordering::Relaxed);
        self.beyond.fetch_add(drawn.beyond, Ordering::Relaxed);
        drawn.case
    }
}

impl<G: Game> Target for AgainstTarget<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>) {
        self.run_cases(&[case_seed], campaign);
    }

    fn batch(&self) -> usize {
        self.program.protocol().cases_a_run()
    }

    fn draws_ahead(&self) -> bool {
        true
    }

    fn promise(&self, case_seed: u64) {
        self.ahead.promise(case_seed);
    }

    fn draw_promised(&self, case_seed: u64) {
        let mut laps = Laps::default();
        let started = Instant::now();
        self.ahead.draw_promised(case_seed, |seed| self.draw(seed));
        laps.charge_alongside(Part::Generator, started.elapsed());
        self.books.spent.add(&laps);
    }

    fn run_cases(&self, case_seeds: &[u64], campaign: &Campaign<'_>) {
        if self.hopeless.get().is_some() {
            return;
        }
        let mut laps = Laps::default();
        let (seeds, instances): (Vec<u64>, Vec<G::Instance>) =
            case_seeds.iter().filter_map(|&case_seed| self.taken(case_seed, &mut laps)).unzip();
        laps.skip();
        if instances.is_empty() {
            return self.books.spent.add(&laps);
        }
        let origin = |case_seed: u64| {
            let (seed, size) = (campaign.settings.seed, campaign.settings.size.name());
            let options = self.program.options();
            format!(
                "the case of seed {case_seed} in {} fuzz --game {} --seed {seed} --size {size} {options}",
                crate::process::invocation::m3diff(),
                G::NAME
            )
        };
        let mut tally = Tally::default();
        let mut reference_time = Duration::ZERO;
        let reference = || {
            let started = Instant::now();
            let answers = instances.iter().map(|instance| reference_answer::<G>(instance, &mut tally)).collect();
            reference_time = started.elapsed();
            answers
        };
        let started = Instant::now();
        let judged = judge_cases::<G>(&self.program, &instances, reference, Timeouts::Confirmed, Until::AllJudged);
        // Each side's own time, the program's by its runs' wall clock: they
        // overlap, the reference on a thread of its own while the program
        // runs, and so do the drawers.
        let program_time = judged.as_ref().map_or_else(|_| started.elapsed(), |(_, judged)| judged.program_time);
        laps.skip();
        laps.charge(Part::Engine, program_time);
        laps.charge(Part::Reference, reference_time);
        self.books.spent.add(&laps);
        let judged = match judged {
            Ok((_, judged)) => judged,
            Err(NotJudged::Reference(error)) => {
                self.books.failed();
                let cases = seeds.iter().map(|&seed| origin(seed)).collect::<Vec<_>>().join("; ");
                campaign.reporter.line(&format!("{}: {error} on one of: {cases}", G::NAME));
                return;
            }
            // A run ended by a stop says nothing of the program: the case
            // is not counted.
            Err(NotJudged::Program(_)) if crate::process::interrupt::requested() => {
                return lock(&self.stopped).extend(&seeds);
            }
            Err(NotJudged::Program(error)) => {
                let _ = self.hopeless.set(error);
                return;
            }
        };
        self.books.ran_cases(instances.len() as u64, &tally);
        match instances.as_slice() {
            [instance] => self.most.note::<G>(&self.keep, &self.program, instance, judged.usage, &|| origin(seeds[0])),
            _ => self.most.note_run(judged.usage),
        }
        for together in &judged.together {
            self.books.failed();
            let kept = self.together.keep::<G>(&self.keep, &self.program, &instances[together.clone()]);
            let (first, last) = (origin(seeds[together.start]), seeds[together.end - 1]);
            campaign.reporter.line(&format!(
                "{}: {} failed together in one run, though each passes alone: the program keeps something \
                 from one case to the next; {kept}; they are {first} to the case of seed {last}",
                G::NAME,
                counted(together.len() as u64, "case"),
            ));
        }
        for (case, failed) in judged.failed.into_iter().enumerate() {
            self.note_crash(failed.as_ref());
            let Some(failed) = failed else { continue };
            self.books.failed();
            if self.hopeless.get().is_none() {
                let origin = origin(seeds[case]);
                self.kinds.keep_smallest::<G>(&self.keep, &self.program, &instances[case], failed, &origin, campaign);
            }
        }
    }

    fn books(&self) -> &dyn Books {
        &self.books
    }

    fn summary(&self) -> String {
        let (reached, drawn) = (self.books.cases(), self.drawn.load(Ordering::Relaxed));
        let beyond = self.beyond.load(Ordering::Relaxed);
        let most = self.most.of();
        let slowest = most.slowest.map_or(String::new(), |path| format!(", the slowest kept as {}", path.display()));
        let used = Usage { cpu: most.cpu, wall: most.wall, peak: most.peak };
        let run = match self.program.protocol().batch {
            None => "a case".to_string(),
            Some(cases) => format!("a run of up to {cases} cases"),
        };
        format!(
            "{}: against {}: {} reached the program ({}), {}; {} drawn, {} beyond the statement drawn again\n\
             the program used at most: {} {run}, within {} a case{slowest}\n{}\n{}",
            G::NAME,
            self.program.command(),
            counted(reached, "case"),
            percent_of(reached, drawn),
            counted(self.books.failures(), "failure"),
            counted(drawn, "case"),
            beyond,
            used.line(),
            self.program.limits().line(),
            self.books.spent,
            lock(&self.books.tally).apart_from(<G::Counter as Counts<G>>::beyond_statement(), NEVER_DRAWN)
        )
    }

    fn apart(&self) -> (Vec<(&'static str, &'static str)>, &'static str) {
        let beyond = <G::Counter as Counts<G>>::beyond_statement().iter();
        (beyond.map(|counter| (counter.rule(), counter.variant())).collect(), NEVER_DRAWN)
    }

    fn drawn(&self) -> Option<u64> {
        Some(self.drawn.load(Ordering::Relaxed))
    }

    fn shortfall(&self) -> Option<String> {
        let (reached, drawn) = (self.books.cases(), self.drawn.load(Ordering::Relaxed));
        let beyond = self.beyond.load(Ordering::Relaxed);
        if reached == 0 {
            let why = match drawn {
                0 => "no case was drawn".to_string(),
                _ => format!("of {} drawn, {beyond} were beyond the statement", counted(drawn, "case")),
            };
            return Some(format!("{}: no case reached the program ({why}): it was not checked", G::NAME));
        }
        (reached * 100 < drawn * MIN_REACHED_PERCENT).then(|| {
            format!(
                "{}: only {reached} of {drawn} cases drawn ({}) reached the program, under the {MIN_REACHED_PERCENT}% \
                 a campaign must reach: {beyond} were beyond the statement",
                G::NAME,
                percent_of(reached, drawn)
            )
        })
    }

    fn kinds(&self) -> Vec<KindFound> {
        let mut kinds = self.kinds.found::<G>(&self.keep, &self.program);
        kinds.extend(self.together.found(&self.program));
        kinds
    }

    fn stopped(&self) -> Vec<u64> {
        lock(&self.stopped).clone()
    }

    fn hopeless(&self) -> Option<String> {
        self.hopeless.get().cloned()
    }

    fn done(&self) -> bool {
        self.until_found && self.books.failures() > 0
    }

    fn program_use(&self) -> Option<ProgramUse> {
        Some(self.most.of())
    }
}

/// `part` as a percentage of `whole`, to a tenth: "99.6%".
fn percent_of(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use m3_model::door::MagicDoor;

    use super::*;
    use crate::runs::against::Limits;

    fn target(reached: u64, beyond: u64) -> AgainstTarget<MagicDoor> {
        let program =
            Program::new("true", Limits::new(Duration::from_secs(1), 1 << 30, Duration::from_secs(1))).unwrap();
        let target = AgainstTarget::new(program, PathBuf::from("unused"), Size::Mixed);
        for _ in 0..reached {
            target.books.ran(&Tally::default());
        }
        target.drawn.store(reached + beyond, Ordering::Relaxed);
        target.beyond.store(beyond, Ordering::Relaxed);
        target
    }

    #[test]
    fn a_campaign_checked_too_little_when_fewer_than_the_least_share_of_its_cases_reached_the_program() {
        assert_eq!(target(90, 10).shortfall(), None, "90% reached is enough");
        let short = target(89, 11).shortfall().expect("89% is too little");
        assert_eq!(
            short,
            "door: only 89 of 100 cases drawn (89.0%) reached the program, under the 90% a campaign must reach: \
             11 were beyond the statement"
        );
        let none = target(0, 64).shortfall().expect("no case reached it");
        assert_eq!(
            none,
            "door: no case reached the program (of 64 cases drawn, 64 were beyond the statement): it was not checked"
        );
    }
}
