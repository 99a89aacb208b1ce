//! `m3diff fuzz`: every game's generator and oracle, run on all cores until
//! the time or the case budget is spent, with progress, statistics, and every
//! failure shrunk and kept as a regression.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use m3_model::Stepper;

use crate::coverage::{Counter, Tally};
use crate::game::{Game, Registered, Size};
use crate::oracle::{check_game_with, Failure, FailureKind};
use crate::regression::{keep, remove};
use crate::words::counted;

/// When a campaign ends.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    Time(Duration),
    /// Cases per game: with a seed, the exact same cases every time.
    Cases(u64),
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub budget: Budget,
    pub seed: u64,
    pub jobs: usize,
    pub size: Size,
    /// Where `<game>/regressions/` lives.
    pub corpus: PathBuf,
}

/// What the campaign tells the user as it goes.
pub trait Reporter: Sync {
    /// A line worth reading now: a failure found, a regression written.
    fn line(&self, text: &str);
    /// The running counts, called a few times a second.
    fn progress(&self, elapsed: Duration, cases: u64, failures: u64);
}

/// One game in a campaign, with its types erased so that games of different
/// kinds run side by side.
pub trait Target: Sync {
    fn name(&self) -> &'static str;
    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>);
    fn cases(&self) -> u64;
    fn failures(&self) -> u64;
    /// Cases run and the rule-coverage table.
    fn summary(&self) -> String;
    /// Every kind of failure met, smallest regression first: the kind, how
    /// many cases failed that way, and the regression on disk now.
    fn kinds(&self) -> Vec<KindFound>;
    /// The rule-coverage counters: rule, variant, count.
    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)>;
}

/// One kind of failure a campaign met.
#[derive(Debug, Clone)]
pub struct KindFound {
    pub kind: String,
    pub cases: u64,
    pub regression: Option<PathBuf>,
}

/// Game `G` with engine `E` (the game's own, or a planted wrong one in tests).
pub struct GameTarget<G: Game, E: Stepper<G> = <G as Registered>::Engine> {
    size: Size,
    tally: Mutex<Tally<G::Counter>>,
    cases: AtomicU64,
    failures: AtomicU64,
    /// Per kind of failure, the regression kept and its measure.
    kept: Mutex<HashMap<FailureKind, Regression>>,
    engine: PhantomData<fn() -> E>,
}

impl<G: Game, E: Stepper<G>> GameTarget<G, E> {
    pub fn new(size: Size) -> Self {
        GameTarget {
            size,
            tally: Mutex::new(Tally::default()),
            cases: AtomicU64::new(0),
            failures: AtomicU64::new(0),
            kept: Mutex::new(HashMap::new()),
            engine: PhantomData,
        }
    }
}

impl<G: Game, E: Stepper<G>> GameTarget<G, E> {
    /// Keeps one regression per kind of failure (the same field differing
    /// again is almost always the same bug), the smallest found: a later
    /// case is shrunk only when it starts out smaller than the one kept.
    fn keep_smallest(&self, instance: &G::Instance, failure: Failure, origin: &str, campaign: &Campaign<'_>) {
        let kind = failure.kind.clone();
        let measure = G::measure(instance);
        {
            let mut kept = lock(&self.kept);
            let entry = kept.entry(kind.clone()).or_insert(Regression { bar: usize::MAX, kept: None, cases: 0 });
            entry.cases += 1;
            if entry.bar <= measure {
                return;
            }
            // Claimed: other jobs skip cases of this kind that are no smaller.
            entry.bar = measure;
        }
        campaign.reporter.line(&format!("{}: {kind} found by {origin}; shrinking", G::NAME));
        let found = match keep::<G, E>(&campaign.settings.corpus, instance, failure, origin, &|| campaign.stopped()) {
            Ok(found) => found,
            Err(error) => {
                campaign.reporter.line(&format!("{}: cannot write the regression: {error}\n{instance}", G::NAME));
                return;
            }
        };
        let measure = G::measure(&found.instance);
        // Compared with what is kept now, not when this case was claimed:
        // another job may have finished a smaller one meanwhile.
        let goes = {
            let mut kept = lock(&self.kept);
            let entry = kept.get_mut(&kind).expect("claimed above");
            entry.bar = entry.bar.min(measure);
            match entry.kept.take() {
                Some((old_measure, old_path)) if old_measure <= measure => {
                    entry.kept = Some((old_measure, old_path));
                    Some(found.path.clone())
                }
                old => {
                    entry.kept = Some((measure, found.path.clone()));
                    old.map(|(_, path)| path).filter(|path| *path != found.path)
                }
            }
        };
        let (path, report) = (found.path.display(), found.failure.report.trim_end());
        let line = match goes {
            Some(dropped) if dropped == found.path => {
                format!("{}: {kind}: dropped {path}: a smaller case of this kind is kept already", G::NAME)
            }
            Some(replaced) => {
                if let Err(error) = remove(&replaced) {
                    campaign.reporter.line(&format!("{}: cannot remove {}: {error}", G::NAME, replaced.display()));
                }
                let (before, after) = (found.before, found.after);
                format!(
                    "{}: kept {path} ({before} -> {after}) in place of the larger {}\n{report}",
                    G::NAME,
                    replaced.display()
                )
            }
            None => format!("{}: kept {path} ({} -> {})\n{report}", G::NAME, found.before, found.after),
        };
        campaign.reporter.line(&line);
    }
}

impl<G: Game, E: Stepper<G>> Target for GameTarget<G, E> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>) {
        // Said only when something failed: a campaign runs thousands of cases a second.
        let origin = || {
            let size = campaign.settings.size.name();
            let seed = campaign.settings.seed;
            format!("m3diff gen {} --seed {case_seed} --size {size} (case of m3diff fuzz --seed {seed})", G::NAME)
        };
        let generate = || crate::seed::with_seed(case_seed, |u| G::generate(u, self.size, &G::Shape::default()));
        let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate));
        let instance = match generated {
            Ok(Ok(instance)) => instance,
            Ok(Err(_)) => return, // The generator gave up on these bytes.
            Err(_) => {
                self.failures.fetch_add(1, Ordering::Relaxed);
                campaign.reporter.line(&format!("{}: the generator panicked on {}", G::NAME, origin()));
                return;
            }
        };
        let mut tally = Tally::default();
        let result = check_game_with::<G, E>(&instance, &mut tally);
        self.cases.fetch_add(1, Ordering::Relaxed);
        lock(&self.tally).merge(&tally);
        let Err(failure) = result else { return };
        self.failures.fetch_add(1, Ordering::Relaxed);
        self.keep_smallest(&instance, failure, &origin(), campaign);
    }

    fn cases(&self) -> u64 {
        self.cases.load(Ordering::Relaxed)
    }

    fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }

    fn summary(&self) -> String {
        let (cases, failures) = (counted(self.cases(), "case"), counted(self.failures(), "failure"));
        format!("{}: {cases}, {failures}\n{}", G::NAME, lock(&self.tally))
    }

    fn kinds(&self) -> Vec<KindFound> {
        let kept = lock(&self.kept);
        let mut kinds: Vec<(usize, KindFound)> = kept
            .iter()
            .map(|(kind, regression)| {
                let (measure, path) = regression.kept.clone().map_or((usize::MAX, None), |(m, p)| (m, Some(p)));
                (measure, KindFound { kind: kind.to_string(), cases: regression.cases, regression: path })
            })
            .collect();
        kinds.sort_by(|a, b| (a.0, &a.1.kind).cmp(&(b.0, &b.1.kind)));
        kinds.into_iter().map(|(_, found)| found).collect()
    }

    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
        let tally = lock(&self.tally);
        G::Counter::ALL.iter().map(|&counter| (counter.rule(), counter.variant(), tally.count(counter))).collect()
    }
}

/// The regression kept for one kind of failure.
struct Regression {
    /// A case of this kind is shrunk only when its measure is below this:
    /// the measure of the one kept, or of one being shrunk.
    bar: usize,
    /// The measure and path of the regression written.
    kept: Option<(usize, PathBuf)>,
    /// Cases that failed this way.
    cases: u64,
}

/// A campaign under way: what the targets see of it.
pub struct Campaign<'a> {
    pub settings: &'a Settings,
    pub reporter: &'a dyn Reporter,
    stop: &'a AtomicBool,
}

impl Campaign<'_> {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The seed of case `index` of game `name`: the same in every campaign with
/// this seed, whatever the number of jobs.
pub fn case_seed(campaign_seed: u64, name: &str, index: u64) -> u64 {
    splitmix64(splitmix64(campaign_seed ^ crate::regression::fnv1a(name)).wrapping_add(index))
}

fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Runs the campaign until its budget is spent or `stop` is set (Ctrl-C).
/// Cases are dealt out in turn: case c is case c / n of game c mod n.
pub fn run(targets: &[&dyn Target], settings: &Settings, reporter: &dyn Reporter, stop: &AtomicBool) {
    let campaign = Campaign { settings, reporter, stop };
    let next_case = AtomicU64::new(0);
    let games = targets.len() as u64;
    let started = Instant::now();
    let out_of_budget = |case: u64| match settings.budget {
        Budget::Cases(per_game) => case >= per_game * games,
        Budget::Time(limit) => started.elapsed() >= limit,
    };
    let jobs = settings.jobs.max(1);
    let running = AtomicU64::new(jobs as u64);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let case = next_case.fetch_add(1, Ordering::Relaxed);
                    if campaign.stopped() || out_of_budget(case) {
                        break;
                    }
                    let target = targets[(case % games) as usize];
                    target.run_case(case_seed(settings.seed, target.name(), case / games), &campaign);
                }
                running.fetch_sub(1, Ordering::Relaxed);
            });
        }
        let counts = || {
            let cases = targets.iter().map(|t| t.cases()).sum();
            let failures = targets.iter().map(|t| t.failures()).sum();
            (cases, failures)
        };
        while running.load(Ordering::Relaxed) > 0 {
            let (cases, failures) = counts();
            reporter.progress(started.elapsed(), cases, failures);
            std::thread::sleep(Duration::from_millis(100));
        }
        let (cases, failures) = counts();
        reporter.progress(started.elapsed(), cases, failures);
    });
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere never leaves these counters half-updated.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
