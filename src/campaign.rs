//! `m3diff fuzz`: every game's generator and oracle, run on all cores until
//! the time or the case budget is spent, with progress, statistics, and every
//! failure shrunk and kept as a regression.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use m3_model::Stepper;

use crate::coverage::{Counter, Tally};
use crate::game::{Game, Size};
use crate::oracle::{check_game_timed, Failure, FailureKind};
use crate::regression::{keep, reread, Placed, Shelf};
use crate::shrink::Limits;
use crate::spent::{Laps, Part, Spent};
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
    /// What the cases run so far came to.
    fn books(&self) -> &dyn Books;
    /// Cases run and the rule-coverage table.
    fn summary(&self) -> String;
    /// Every kind of failure met, smallest regression first: the kind, how
    /// many cases failed that way, and the regression on disk now.
    fn kinds(&self) -> Vec<KindFound>;

    fn cases(&self) -> u64 {
        self.books().cases()
    }
    fn failures(&self) -> u64 {
        self.books().failures()
    }
    /// The rule-coverage counters: rule, variant, count.
    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
        self.books().coverage()
    }
    /// Where the cases' time went.
    fn spent(&self) -> &Spent {
        self.books().spent()
    }
    /// Why no further case is worth running (a program that crashes on
    /// everything), once that is known: the campaign stops.
    fn hopeless(&self) -> Option<String> {
        None
    }
    /// Games generated, for a target that gives some of them up (beyond
    /// the statement) rather than run them all: `None` when every game
    /// drawn is a case run.
    fn drawn(&self) -> Option<u64> {
        None
    }
    /// Why the cases run checked too little to report success, in one
    /// line: a campaign that checked nothing never says all is well.
    fn shortfall(&self) -> Option<String> {
        (self.cases() == 0).then(|| format!("{}: no case ran: nothing was checked", self.name()))
    }
}

/// A target's running counts, with the game's counters erased.
pub trait Books: Sync {
    fn cases(&self) -> u64;
    fn failures(&self) -> u64;
    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)>;
    fn spent(&self) -> &Spent;
}

/// The counts of cases run, added up from any thread.
pub struct Tallied<C: Counter> {
    pub tally: Mutex<Tally<C>>,
    pub spent: Spent,
    cases: AtomicU64,
    failures: AtomicU64,
}

impl<C: Counter> Tallied<C> {
    pub fn new(spent: Spent) -> Self {
        Tallied { tally: Mutex::new(Tally::default()), spent, cases: AtomicU64::new(0), failures: AtomicU64::new(0) }
    }

    /// A case run to its end, which counted `tally`.
    pub fn ran(&self, tally: &Tally<C>) {
        self.cases.fetch_add(1, Ordering::Relaxed);
        lock(&self.tally).merge(tally);
    }

    pub fn failed(&self) {
        self.failures.fetch_add(1, Ordering::Relaxed);
    }

    /// "N cases, M failures".
    pub fn counted(&self) -> String {
        format!("{}, {}", counted(self.cases(), "case"), counted(self.failures(), "failure"))
    }
}

impl<C: Counter> Books for Tallied<C> {
    fn cases(&self) -> u64 {
        self.cases.load(Ordering::Relaxed)
    }

    fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }

    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
        let tally = lock(&self.tally);
        C::ALL.iter().map(|&counter| (counter.rule(), counter.variant(), tally.count(counter))).collect()
    }

    fn spent(&self) -> &Spent {
        &self.spent
    }
}

/// One kind of failure a campaign met.
#[derive(Debug, Clone)]
pub struct KindFound {
    pub kind: String,
    pub cases: u64,
    /// The case kept for it, and the command that runs it again.
    pub regression: Option<(PathBuf, String)>,
    /// What the summary must add: that another run replaced this run's
    /// regression, or why none was kept.
    pub note: Option<String>,
}

/// Game `G` with engine `E` (the game's own, or a planted wrong one in tests).
pub struct GameTarget<G: Game, E: Stepper<G> = <G as Game>::Engine> {
    size: Size,
    books: Tallied<G::Counter>,
    /// Per kind of failure met, the cases and which of them get shrunk.
    kinds: Mutex<HashMap<FailureKind, Met>>,
    /// The corpus root, and the regressions on disk by kind, read at the
    /// first failure.
    shelf: OnceLock<(PathBuf, Mutex<Shelf>)>,
    engine: PhantomData<fn() -> E>,
}

impl<G: Game, E: Stepper<G>> GameTarget<G, E> {
    pub fn new(size: Size) -> Self {
        GameTarget {
            size,
            books: Tallied::new(Spent::default()),
            kinds: Mutex::new(HashMap::new()),
            shelf: OnceLock::new(),
            engine: PhantomData,
        }
    }

    fn shelf(&self, campaign: &Campaign<'_>) -> &Mutex<Shelf> {
        let (_, shelf) = self.shelf.get_or_init(|| {
            let root = campaign.settings.corpus.clone();
            let shelf = reread::<G, E>(&root).unwrap_or_else(|error| {
                campaign.reporter.line(&format!("{}: cannot read the regressions: {error}", G::NAME));
                Shelf::default()
            });
            (root, Mutex::new(shelf))
        });
        shelf
    }

    /// Keeps one regression per kind of failure (the same field differing
    /// again is almost always the same bug), the smallest found: a later
    /// case is shrunk only when it starts out smaller than the one kept, so
    /// a night of one bug costs a few shrinks and leaves one file.
    fn keep_smallest(&self, instance: &G::Instance, failure: Failure, origin: &str, campaign: &Campaign<'_>) {
        let kind = failure.kind.clone();
        let measure = G::measure(instance);
        let shelf = self.shelf(campaign);
        {
            let mut kinds = lock(&self.kinds);
            let met = kinds.entry(kind.clone()).or_insert_with(|| {
                // A diagnosed regression of this kind is never replaced.
                let bar =
                    lock(shelf).get(&kind.to_string()).map_or(usize::MAX, |s| if s.diagnosed { 0 } else { s.measure });
                Met { bar, cases: 0, standing: None, lost: None }
            });
            met.cases += 1;
            if met.bar <= measure {
                return;
            }
            // Claimed: other jobs skip cases of this kind that are no smaller.
            met.bar = measure;
        }
        campaign.reporter.line(&format!("{}: {kind} found by {origin}; shrinking", G::NAME));
        let stop = || campaign.stopped();
        match keep::<G, E>(shelf, &campaign.settings.corpus, instance, failure, origin, campaign.shrink_limits(&stop)) {
            Ok(kept) => {
                let mut kinds = lock(&self.kinds);
                let met = kinds.get_mut(&kind).expect("claimed above");
                met.bar = met.bar.min(G::measure(&kept.instance));
                met.standing = Some(match &kept.placed {
                    Placed::Dropped(standing) => standing.clone(),
                    Placed::New | Placed::Replaced(_) => kept.path.clone(),
                });
                drop(kinds);
                campaign.reporter.line(&format!("{}: {kind}: {}", G::NAME, kept.message(G::NAME)));
            }
            Err(error) => {
                // Nothing is lost: the case is printed whole, to be kept by hand.
                lock(&self.kinds).get_mut(&kind).expect("claimed above").lost = Some(error.to_string());
                campaign.reporter.line(&format!(
                    "{}: {kind}: cannot keep the regression: {error}; the case, found by {origin}:\n{instance}",
                    G::NAME
                ));
            }
        }
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
        let mut laps = Laps::default();
        crate::following::take_time_stepped();
        let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate));
        laps.lap(Part::Generator);
        laps.recharge(Part::Generator, Part::Engine, crate::following::take_time_stepped());
        let instance = match generated {
            Ok(Ok(instance)) => instance,
            Ok(Err(_)) => return self.books.spent.add(&laps), // The generator gave up on these bytes.
            Err(_) => {
                self.books.failed();
                campaign.reporter.line(&format!("{}: the generator panicked on {}", G::NAME, origin()));
                return;
            }
        };
        let mut tally = Tally::default();
        let result = check_game_timed::<G, E>(&instance, &mut tally, &mut laps);
        self.books.ran(&tally);
        laps.lap(Part::Checker);
        self.books.spent.add(&laps);
        let Err(failure) = result else { return };
        self.books.failed();
        self.keep_smallest(&instance, failure, &origin(), campaign);
    }

    fn books(&self) -> &dyn Books {
        &self.books
    }

    fn summary(&self) -> String {
        let books = &self.books;
        format!("{}: {}\n{}\n{}", G::NAME, books.counted(), books.spent, lock(&books.tally))
    }

    fn kinds(&self) -> Vec<KindFound> {
        // Another run on this corpus may have replaced or removed what this
        // one kept: the summary names what stands now, read from the folder.
        if let Some((root, shelf)) = self.shelf.get() {
            if let Ok(now) = reread::<G, E>(root) {
                *lock(shelf) = now;
            }
        }
        let kinds = lock(&self.kinds);
        let shelf = self.shelf.get().map(|(_, shelf)| lock(shelf));
        let mut found: Vec<(usize, KindFound)> = kinds
            .iter()
            .map(|(kind, met)| {
                let kind = kind.to_string();
                let shelved = shelf.as_ref().and_then(|shelf| shelf.get(&kind));
                let (measure, regression) = shelved.map_or((usize::MAX, None), |s| {
                    (s.measure, Some((s.path.clone(), crate::regression::replay_command(G::NAME, &s.path))))
                });
                let now = regression.as_ref().map(|(path, _)| path);
                let note = match (&met.lost, &met.standing) {
                    (Some(lost), _) if now.is_none() => Some(format!("not kept: {lost}")),
                    (_, Some(ours)) if now != Some(ours) => Some(match now {
                        Some(_) => format!("kept by another run since, in place of {}", ours.display()),
                        None => format!("{} is no longer on disk (removed since by another run?)", ours.display()),
                    }),
                    _ => None,
                };
                (measure, KindFound { kind, cases: met.cases, regression, note })
            })
            .collect();
        found.sort_by(|a, b| (a.0, &a.1.kind).cmp(&(b.0, &b.1.kind)));
        found.into_iter().map(|(_, found)| found).collect()
    }
}

/// One kind of failure, as the campaign met it.
struct Met {
    /// A case of this kind is shrunk only when its measure is below this:
    /// the measure of the regression kept, or of a case being shrunk.
    bar: usize,
    /// Cases that failed this way.
    cases: u64,
    /// The regression that stood for this kind when this campaign last
    /// kept a case of it.
    standing: Option<PathBuf>,
    /// Why the last case of this kind could not be kept.
    lost: Option<String>,
}

/// A campaign under way: what the targets see of it.
pub struct Campaign<'a> {
    pub settings: &'a Settings,
    pub reporter: &'a dyn Reporter,
    stop: &'a AtomicBool,
    started: Instant,
}

/// The longest a campaign shrinks one case: the cases of a night must not
/// wait on one shrink.
pub const SHRINK_LIMIT: Duration = Duration::from_secs(60);
/// What a shrink gets however little is left of a campaign's time: a
/// failure found in its last second is shrunk too.
pub const SHRINK_GRACE: Duration = Duration::from_secs(10);

impl Campaign<'_> {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The limits of a shrink begun now: what is left of the campaign's
    /// time, but at least [`SHRINK_GRACE`] and at most [`SHRINK_LIMIT`].
    pub fn shrink_limits<'a>(&self, stop: &'a dyn Fn() -> bool) -> Limits<'a> {
        let left = match self.settings.budget {
            Budget::Time(limit) => limit.saturating_sub(self.started.elapsed()),
            Budget::Cases(_) => SHRINK_LIMIT,
        };
        Limits { stop, time: Some(left.clamp(SHRINK_GRACE, SHRINK_LIMIT)) }
    }
}

/// The seed of case `index` of game `name`: the same in every campaign with
/// this seed, whatever the number of jobs.
pub fn case_seed(campaign_seed: u64, name: &str, index: u64) -> u64 {
    splitmix64(splitmix64(campaign_seed ^ crate::regression::fnv1a(name)).wrapping_add(index))
}

/// The seed after `seed`, for a case drawn again.
pub fn next_seed(seed: u64) -> u64 {
    splitmix64(seed)
}

fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Runs the campaign until its budget is spent or `stop` is set (Ctrl-C).
/// Cases are dealt out in turn: case c is case c / n of game c mod n.
/// Returns how many were dealt: cases 0 to that number less one, each run
/// (those a hopeless target skips aside), so that `--cases` with it
/// replays a campaign that ended on its time or on a signal.
pub fn run(targets: &[&dyn Target], settings: &Settings, reporter: &dyn Reporter, stop: &AtomicBool) -> u64 {
    let started = Instant::now();
    let campaign = Campaign { settings, reporter, stop, started };
    let games = targets.len() as u64;
    let out_of_budget = |case: u64| match settings.budget {
        Budget::Cases(per_game) => case >= per_game * games,
        Budget::Time(limit) => started.elapsed() >= limit,
    };
    // Dealt under a lock, so that whenever the campaign ends, the cases
    // dealt are the first ones and no later case ran in place of one.
    let next_case = Mutex::new(0u64);
    let deal = || {
        let mut next = lock(&next_case);
        let case = *next;
        let over = campaign.stopped() || out_of_budget(case) || targets.iter().any(|t| t.hopeless().is_some());
        *next += u64::from(!over);
        (!over).then_some(case)
    };
    let jobs = settings.jobs.max(1);
    // Each worker holds a sender until it ends, however it ends (a panic in
    // a target drops it too), so the progress loop below wakes as soon as
    // the last one is done rather than at its next tick.
    let (working, all_done) = mpsc::channel::<()>();
    let (campaign, deal) = (&campaign, &deal);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let working = working.clone();
            scope.spawn(move || {
                let _working = working;
                while let Some(case) = deal() {
                    let target = targets[(case % games) as usize];
                    target.run_case(case_seed(settings.seed, target.name(), case / games), campaign);
                }
            });
        }
        drop(working);
        let counts = || {
            let cases = targets.iter().map(|t| t.cases()).sum();
            let failures = targets.iter().map(|t| t.failures()).sum();
            (cases, failures)
        };
        while let Err(RecvTimeoutError::Timeout) = all_done.recv_timeout(Duration::from_millis(100)) {
            let (cases, failures) = counts();
            reporter.progress(started.elapsed(), cases, failures);
        }
        let (cases, failures) = counts();
        reporter.progress(started.elapsed(), cases, failures);
    });
    let dealt = *lock(&next_case);
    dealt
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere never leaves these counters half-updated.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose cases take 40 ms each, and whose fifth case panics as
    /// a bug in the harness would.
    struct Slow {
        cases: AtomicU64,
        spent: Spent,
    }

    impl Books for Slow {
        fn cases(&self) -> u64 {
            self.cases.load(Ordering::Relaxed)
        }
        fn failures(&self) -> u64 {
            0
        }
        fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
            Vec::new()
        }
        fn spent(&self) -> &Spent {
            &self.spent
        }
    }

    impl Target for Slow {
        fn name(&self) -> &'static str {
            "slow"
        }
        fn run_case(&self, _: u64, _: &Campaign<'_>) {
            std::thread::sleep(Duration::from_millis(40));
            assert!(self.cases.fetch_add(1, Ordering::Relaxed) < 4, "the fifth case");
        }
        fn books(&self) -> &dyn Books {
            self
        }
        fn summary(&self) -> String {
            String::new()
        }
        fn kinds(&self) -> Vec<KindFound> {
            Vec::new()
        }
    }

    struct Progress(Mutex<Vec<u64>>);

    impl Reporter for Progress {
        fn line(&self, _: &str) {}
        fn progress(&self, _: Duration, cases: u64, _: u64) {
            lock(&self.0).push(cases);
        }
    }

    #[test]
    fn progress_is_told_while_the_worker_runs_and_the_campaign_ends_with_it_even_when_it_panics() {
        let (ended, wait_for_end) = mpsc::channel();
        std::thread::spawn(move || {
            let slow = Slow { cases: AtomicU64::new(0), spent: Spent::default() };
            let settings = Settings {
                budget: Budget::Cases(100),
                seed: 0,
                jobs: 1,
                size: Size::Small,
                corpus: PathBuf::from("unused"),
            };
            let progress = Progress(Mutex::new(Vec::new()));
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&[&slow], &settings, &progress, &AtomicBool::new(false))
            }));
            let told = lock(&progress.0).clone();
            let _ = ended.send((run.is_err(), told));
        });
        let (panicked, told) =
            wait_for_end.recv_timeout(Duration::from_secs(60)).expect("the campaign waits on a worker that panicked");
        assert!(panicked, "the worker's panic reaches the caller");
        assert!(told.len() >= 2, "progress told only at the end: {told:?}");
        assert_eq!(told.last(), Some(&5), "the last progress counts every case, the one that panicked included");
    }
}
