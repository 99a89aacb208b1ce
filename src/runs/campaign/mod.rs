//! `m3diff fuzz`: every game's generator and oracle, run on all cores until
//! the time or the case budget is spent, with progress, statistics, and every
//! failure shrunk and kept as a regression.

mod game_target;
mod lock;
mod seeds;
mod state;
mod target;

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

pub use game_target::GameTarget;
pub(crate) use lock::lock;
pub use seeds::{case_seed, next_seed};
pub use state::{Budget, Campaign, Reporter, Settings, SHRINK_GRACE, SHRINK_LIMIT};
pub use target::{Books, KindFound, ProgramUse, Tallied, Target};

/// The most cases drawn ahead of those dealt, beyond a block, when the
/// targets draw ahead: one game in twenty of the statement's largest
/// takes ten times a run of the program to draw, and the drawers are
/// then ahead enough for the jobs not to wait.
const AHEAD_CASES: u64 = 16;

/// How far the cases are dealt and drawn ahead.
struct Dealing {
    /// The first case not dealt yet.
    next_case: u64,
    /// The first case no drawer has taken, when ahead of `next_case`.
    next_drawn: u64,
    /// The jobs still running: the drawers end with the last, however it
    /// ends (a panic in a target too).
    jobs: usize,
}

/// Counts a job's end.
struct JobEnds<'a> {
    dealing: &'a Mutex<Dealing>,
    dealt_more: &'a Condvar,
}

impl Drop for JobEnds<'_> {
    fn drop(&mut self) {
        lock(self.dealing).jobs -= 1;
        self.dealt_more.notify_all();
    }
}

/// Runs the campaign until its budget is spent or `stop` is set (Ctrl-C).
/// Cases are dealt out in turn: case c is case c / n of game c mod n, in
/// blocks of the largest batch a target takes rounded up to a whole round
/// of the n games, each game's cases of a block run together. Returns how
/// many were dealt: cases 0 to that number less one, each run (those a
/// hopeless target skips aside), as many of each game, so that `--cases`
/// with a game's share replays a campaign that ended on its time or on a
/// signal.
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
    let jobs = settings.jobs.max(1);
    let dealing = Mutex::new(Dealing { next_case: 0, next_drawn: 0, jobs });
    let dealt_more = Condvar::new();
    let batch = targets.iter().map(|target| target.batch()).max().unwrap_or(1).max(1) as u64;
    let block = batch.div_ceil(games.max(1)) * games.max(1);
    // Whether no further case is to be dealt.
    let over = |next_case: u64| {
        campaign.stopped()
            || out_of_budget(next_case)
            || targets.iter().any(|t| t.hopeless().is_some())
            || targets.iter().all(|t| t.done())
    };
    let deal = || {
        let mut dealing = lock(&dealing);
        let first = dealing.next_case;
        if over(first) {
            dealt_more.notify_all();
            return None;
        }
        let end = match settings.budget {
            Budget::Cases(per_game) => (first + block).min(per_game * games),
            Budget::Time(_) => first + block,
        };
        dealing.next_case = end;
        dealt_more.notify_all();
        Some(first..end)
    };
    // The target and the seed of case `case`.
    let case_of = |case: u64| -> (&dyn Target, u64) {
        let target = targets[(case % games) as usize];
        (target, case_seed(settings.seed, target.name(), case / games))
    };
    // A drawer draws the cases next to be dealt, at most `ahead` of the
    // next: each is promised under the lock that deals, so that a job that
    // is dealt a case never draws it while a drawer does. A case drawn but
    // never dealt is never run, and the campaign's cases stay the first
    // ones dealt.
    let ahead = if targets.iter().all(|target| target.draws_ahead()) { AHEAD_CASES + block } else { 0 };
    let draw_ahead = || loop {
        let (target, seed) = {
            let mut dealing = lock(&dealing);
            loop {
                let case = dealing.next_drawn.max(dealing.next_case);
                let within = match settings.budget {
                    Budget::Cases(per_game) => case < per_game * games,
                    Budget::Time(_) => true,
                };
                if over(dealing.next_case) || !within || dealing.jobs == 0 {
                    return;
                }
                if case < dealing.next_case + ahead {
                    dealing.next_drawn = case + 1;
                    let (target, seed) = case_of(case);
                    if settings.skip.contains(&seed) {
                        continue;
                    }
                    target.promise(seed);
                    break (target, seed);
                }
                // Woken when a case is dealt, or to look at the clock.
                (dealing, _) = dealt_more
                    .wait_timeout(dealing, Duration::from_millis(100))
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        };
        target.draw_promised(seed);
    };
    // Each worker holds a sender until it ends, however it ends (a panic in
    // a target drops it too), so the progress loop below wakes as soon as
    // the last one is done rather than at its next tick.
    let (working, all_done) = mpsc::channel::<()>();
    let (campaign, deal, case_of, draw_ahead) = (&campaign, &deal, &case_of, &draw_ahead);
    let (dealing, dealt_more) = (&dealing, &dealt_more);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let working = working.clone();
            if ahead > 0 {
                scope.spawn(draw_ahead);
            }
            scope.spawn(move || {
                let _working = working;
                let _ends = JobEnds { dealing, dealt_more };
                while let Some(block) = deal() {
                    for (index, target) in targets.iter().enumerate() {
                        let seeds: Vec<u64> = block
                            .clone()
                            .filter(|case| case % games == index as u64)
                            .map(|case| case_of(case).1)
                            .filter(|seed| !settings.skip.contains(seed))
                            .collect();
                        match seeds.as_slice() {
                            [] => {}
                            [case_seed] => target.run_case(*case_seed, campaign),
                            seeds => target.run_cases(seeds, campaign),
                        }
                    }
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
    let dealt = lock(dealing).next_case;
    dealt
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::game::Size;
    use crate::process::spent::Spent;

    /// A game whose cases take `pause` each, noting the seeds it ran and,
    /// when it draws ahead, those it promised and drew; its case
    /// `panics_at` panics, as a bug in the harness would.
    struct Fake {
        name: &'static str,
        draws_ahead: bool,
        pause: Duration,
        panics_at: Option<usize>,
        promised: Mutex<Vec<u64>>,
        drawn: Mutex<Vec<u64>>,
        run: Mutex<Vec<u64>>,
        spent: Spent,
    }

    impl Fake {
        fn new(name: &'static str, draws_ahead: bool, pause_ms: u64, panics_at: Option<usize>) -> Fake {
            let (promised, drawn, run) = Default::default();
            let pause = Duration::from_millis(pause_ms);
            Fake { name, draws_ahead, pause, panics_at, promised, drawn, run, spent: Spent::default() }
        }
    }

    impl Books for Fake {
        fn cases(&self) -> u64 {
            lock(&self.run).len() as u64
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

    impl Target for Fake {
        fn name(&self) -> &'static str {
            self.name
        }
        fn run_case(&self, case_seed: u64, _: &Campaign<'_>) {
            std::thread::sleep(self.pause);
            let mut run = lock(&self.run);
            run.push(case_seed);
            if let Some(case) = self.panics_at {
                assert!(run.len() < case, "case {case}");
            }
        }
        fn draws_ahead(&self) -> bool {
            self.draws_ahead
        }
        fn promise(&self, case_seed: u64) {
            lock(&self.promised).push(case_seed);
        }
        fn draw_promised(&self, case_seed: u64) {
            lock(&self.drawn).push(case_seed);
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

    #[test]
    fn cases_drawn_ahead_are_the_next_dealt_each_once_and_within_the_budget() {
        let drawing = Fake::new("drawing", true, 2, None);
        let settings = Settings {
            budget: Budget::Cases(40),
            seed: 3,
            jobs: 2,
            size: Size::Small,
            corpus: PathBuf::from("unused"),
            skip: vec![case_seed(3, "drawing", 5)],
        };
        let dealt = run(&[&drawing], &settings, &Silent, &AtomicBool::new(false));
        let sorted = |seeds: &Mutex<Vec<u64>>| {
            let mut seeds = lock(seeds).clone();
            seeds.sort_unstable();
            seeds
        };
        let mut first: Vec<u64> =
            (0..40).map(|case| case_seed(3, "drawing", case)).filter(|seed| !settings.skip.contains(seed)).collect();
        first.sort_unstable();
        assert_eq!(
            (dealt, sorted(&drawing.run)),
            (40, first.clone()),
            "the first 40 cases, each run once, the skipped one aside"
        );
        let (promised, drawn) = (sorted(&drawing.promised), sorted(&drawing.drawn));
        assert_eq!(promised, drawn, "each case promised is drawn, once");
        assert!(promised.iter().all(|seed| first.binary_search(seed).is_ok()), "none past the budget, nor skipped");
    }

    #[test]
    fn a_campaign_whose_job_panics_ends_with_its_drawers() {
        let (ended, wait_for_end) = mpsc::channel();
        std::thread::spawn(move || {
            let drawing = Fake::new("drawing", true, 2, Some(3));
            let settings = Settings {
                budget: Budget::Cases(1000),
                seed: 3,
                jobs: 1,
                size: Size::Small,
                corpus: PathBuf::from("unused"),
                skip: Vec::new(),
            };
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&[&drawing], &settings, &Silent, &AtomicBool::new(false))
            }));
            let _ = ended.send(run.is_err());
        });
        let panicked =
            wait_for_end.recv_timeout(Duration::from_secs(60)).expect("the drawer waits on a job that panicked");
        assert!(panicked, "the job's panic reaches the caller");
    }

    struct Silent;

    impl Reporter for Silent {
        fn line(&self, _: &str) {}
        fn progress(&self, _: Duration, _: u64, _: u64) {}
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
            let slow = Fake::new("slow", false, 40, Some(5));
            let settings = Settings {
                budget: Budget::Cases(100),
                seed: 0,
                jobs: 1,
                size: Size::Small,
                corpus: PathBuf::from("unused"),
                skip: Vec::new(),
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
