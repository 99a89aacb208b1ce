//! A game's cases run through a program instead of the engine, as one
//! target of the campaign: generated within the statement, answered by the
//! reference, each kind of failure shrunk with the program in the loop and
//! kept under `--keep`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{judge, keep, reference_answer, shrink, Failed, Program, Wrong};
use crate::campaign::{lock, Books, Campaign, KindFound, Tallied, Target};
use crate::coverage::Tally;
use crate::game::{Counting, Game, Generator, Size};
use crate::spent::{Laps, Part, Spent};
use crate::words::counted;

/// Draws of a case before it gives up on one within the statement.
const REDRAWS: usize = 16;
/// A program that crashes on each of this many first cases crashes on
/// everything: the campaign stops and says so rather than run the night.
const HOPELESS_AFTER: u64 = 5;

pub struct AgainstTarget<G: Game> {
    program: Program,
    keep: PathBuf,
    size: Size,
    books: Tallied<G::Counter>,
    /// Generated cases beyond the statement, not run.
    beyond: AtomicU64,
    /// Crashes counted while the program has done nothing else.
    crashes: AtomicU64,
    /// Whether the program has done anything but crash: it is not hopeless.
    answered: AtomicBool,
    kinds: Mutex<HashMap<Wrong, Met>>,
    /// Why the campaign cannot go on: set once.
    hopeless: OnceLock<String>,
}

/// One kind of failure as the campaign met it.
#[derive(Default)]
struct Met {
    cases: u64,
    /// A case of this kind is shrunk only when it starts out smaller than this.
    bar: Option<usize>,
    kept: Option<PathBuf>,
}

impl<G: Game> AgainstTarget<G> {
    pub fn new(program: Program, keep: PathBuf, size: Size) -> Self {
        AgainstTarget {
            program,
            keep,
            size,
            books: Tallied::new(Spent::with_engine_called("program")),
            beyond: AtomicU64::new(0),
            crashes: AtomicU64::new(0),
            answered: AtomicBool::new(false),
            kinds: Mutex::new(HashMap::new()),
            hopeless: OnceLock::new(),
        }
    }

    /// Shrinks and keeps a failing case, unless one of its kind as small or
    /// smaller is kept or being shrunk already.
    fn keep_smallest(&self, instance: &G::Instance, failed: Failed, origin: &str, campaign: &Campaign<'_>) {
        let wrong = failed.wrong;
        let measure = G::measure(instance);
        {
            let mut kinds = lock(&self.kinds);
            let met = kinds.entry(wrong).or_default();
            met.cases += 1;
            if met.bar.is_some_and(|bar| bar <= measure) {
                return;
            }
            met.bar = Some(measure);
        }
        campaign.reporter.line(&format!("{}: {wrong} found by {origin}; shrinking", G::NAME));
        let stop = || campaign.stopped();
        let shrunk = shrink::<G>(&self.program, instance, failed, campaign.shrink_limits(&stop));
        match keep::<G>(&self.keep, &self.program, &shrunk, origin) {
            Ok(kept) => {
                let mut kinds = lock(&self.kinds);
                let met = kinds.get_mut(&wrong).expect("entered above");
                met.bar = met.bar.map(|bar| bar.min(G::measure(&shrunk.instance)));
                // The smaller case replaces the one kept before.
                if let Some(old) = met.kept.replace(kept.path.clone()).filter(|old| *old != kept.path) {
                    let _ = std::fs::remove_file(&old);
                    let _ = std::fs::remove_file(old.with_extension("txt"));
                }
                drop(kinds);
                let size = shrunk.instance.to_string().len();
                campaign.reporter.line(&format!("{}: {wrong}: kept {} ({size} bytes)", G::NAME, kept.path.display()));
            }
            Err(error) => campaign.reporter.line(&format!(
                "{}: cannot keep the case under {}: {error}\n{}",
                G::NAME,
                self.keep.display(),
                shrunk.instance
            )),
        }
    }

    /// Notes how a case ended, to tell a program that crashes on
    /// everything.
    fn note_crash(&self, failed: Option<&Failed>) {
        let Some(crash) = failed.filter(|failed| failed.wrong == Wrong::Crash) else {
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

impl<G: Game> Target for AgainstTarget<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>) {
        if self.hopeless.get().is_some() {
            return;
        }
        let mut laps = Laps::default();
        // A case beyond the statement is drawn again from the next seed,
        // so that `--cases N` runs N cases through the program.
        let mut case_seed = case_seed;
        let mut instance = None;
        for _ in 0..REDRAWS {
            let generate = || {
                crate::seed::with_seed(case_seed, |u| {
                    let shape = G::Shape::within_statement(u)?;
                    G::generate(u, self.size, &shape)
                })
            };
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate)) {
                Ok(Ok(drawn)) if G::beyond_statement(&drawn).is_none() => {
                    instance = Some(drawn);
                    break;
                }
                Ok(Ok(_)) => {
                    self.beyond.fetch_add(1, Ordering::Relaxed);
                    case_seed = crate::campaign::next_seed(case_seed);
                }
                _ => break,
            }
        }
        laps.lap(Part::Generator);
        let Some(instance) = instance else { return self.books.spent.add(&laps) };
        let origin = || {
            let size = campaign.settings.size.name();
            let seed = campaign.settings.seed;
            format!("case {case_seed} of m3diff fuzz --against at --seed {seed} --size {size}")
        };
        let mut tally = Tally::default();
        let expected = reference_answer::<G>(&instance, &mut tally);
        laps.lap(Part::Reference);
        let expected = match expected {
            Ok(expected) => expected,
            Err(error) => {
                self.books.failed();
                campaign.reporter.line(&format!("{}: {error} on {}:\n{instance}", G::NAME, origin()));
                return self.books.spent.add(&laps);
            }
        };
        let judged = judge::<G>(&self.program, &instance, &expected);
        laps.lap(Part::Engine);
        self.books.spent.add(&laps);
        let failed = match judged {
            Ok(failed) => failed,
            // A run ended by a stop says nothing of the program: the case
            // is not counted.
            Err(_) if crate::interrupt::requested() => return,
            Err(error) => {
                let _ = self.hopeless.set(error);
                return;
            }
        };
        self.books.ran(&tally);
        self.note_crash(failed.as_ref());
        let Some(failed) = failed else { return };
        self.books.failed();
        if self.hopeless.get().is_none() {
            self.keep_smallest(&instance, failed, &origin(), campaign);
        }
    }

    fn books(&self) -> &dyn Books {
        &self.books
    }

    fn summary(&self) -> String {
        let beyond = counted(self.beyond.load(Ordering::Relaxed), "generated case");
        format!(
            "{}: against {}: {} ({beyond} beyond the statement drawn again)\n{}\n{}",
            G::NAME,
            self.program.command(),
            self.books.counted(),
            self.books.spent,
            lock(&self.books.tally).apart_from(
                <G::Counter as Counting<G>>::beyond_statement(),
                "beyond the statement, never drawn against a program"
            )
        )
    }

    fn kinds(&self) -> Vec<KindFound> {
        let kinds = lock(&self.kinds);
        let mut found: Vec<(&Wrong, &Met)> = kinds.iter().collect();
        found.sort_by_key(|(wrong, _)| **wrong);
        let kind = |(wrong, met): (&Wrong, &Met)| KindFound {
            kind: wrong.name().to_string(),
            cases: met.cases,
            regression: met.kept.clone().map(|path| {
                let replay = super::keep::replay_command::<G>(&path, &self.program);
                (path, replay)
            }),
        };
        found.into_iter().map(kind).collect()
    }

    fn hopeless(&self) -> Option<String> {
        self.hopeless.get().cloned()
    }
}
