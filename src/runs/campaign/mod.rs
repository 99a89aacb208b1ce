//! `m3diff fuzz`: every game's generator and oracle, run on all cores until
//! the time or the case budget is spent, with progress, statistics, and every
//! failure shrunk and kept as a regression.

mod game_target;
mod lock;
mod seeds;
mod state;
mod target;

use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use game_target::GameTarget;
pub(crate) use lock::lock;
pub use seeds::{case_seed, next_seed};
pub use state::{Budget, Campaign, Reporter, Settings, SHRINK_GRACE, SHRINK_LIMIT};
pub use target::{Books, KindFound, ProgramUse, Tallied, Target};

/// Runs the campaign until its budget is spent or `stop` is set (Ctrl-C).
/// Cases are dealt out in turn: case c is case c / n of game c mod n, in
/// blocks of the largest batch a target takes rounded up to a whole round
/// of the n games, each game's cases of a block run together. Returns how
/// many were dealt: cases 0 to that number less one, each run (those a
/// hopeless target skips aside), as many of each game, so that `--cases`
/// with a game's share replays a campaign that ended on its time or on a
/// signal. When every target draws ahead, a job is dealt its next block
/// before it runs the one it holds, and runs it even past the budget; the
/// cases of a block dealt ahead of the campaign's end are not run, and
/// each target names them among its [`Target::stopped`].
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
    let batch = targets.iter().map(|target| target.batch()).max().unwrap_or(1).max(1) as u64;
    let block = batch.div_ceil(games.max(1)) * games.max(1);
    // Whether the campaign may deal no further block: its stop, or a
    // target's end.
    let ended =
        || campaign.stopped() || targets.iter().any(|t| t.hopeless().is_some()) || targets.iter().all(|t| t.done());
    let deal = || {
        let mut next = lock(&next_case);
        let first = *next;
        if ended() || out_of_budget(first) {
            return None;
        }
        let end = match settings.budget {
            Budget::Cases(per_game) => (first + block).min(per_game * games),
            Budget::Time(_) => first + block,
        };
        *next = end;
        Some(first..end)
    };
    // The seeds of `target`'s cases in `block`, the `index`th of the games.
    let seeds_of = |block: &Range<u64>, index: usize, target: &dyn Target| -> Vec<u64> {
        let first = block.start + (index as u64 + games - block.start % games) % games;
        (first..block.end)
            .step_by(games as usize)
            .map(|case| case_seed(settings.seed, target.name(), case / games))
            .filter(|seed| !settings.skip.contains(seed))
            .collect()
    };
    let draws_ahead = targets.iter().all(|target| target.draws_ahead());
    let jobs = settings.jobs.max(1);
    // Each worker holds a sender until it ends, however it ends (a panic in
    // a target drops it too), so the progress loop below wakes as soon as
    // the last one is done rather than at its next tick.
    let (working, all_done) = mpsc::channel::<()>();
    let (campaign, deal, seeds_of, ended) = (&campaign, &deal, &seeds_of, &ended);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let working = working.clone();
            scope.spawn(move || {
                let _working = working;
                let mut held = deal();
                while let Some(block) = held.take() {
                    // A block dealt ahead is run past the budget, as it
                    // was dealt within it, but not past the campaign's
                    // end: a replay skips its cases.
                    let over = draws_ahead && ended();
                    let ahead = if draws_ahead && !over { deal() } else { None };
                    for (index, &target) in targets.iter().enumerate() {
                        let seeds = seeds_of(&block, index, target);
                        let ahead = ahead.as_ref().map_or_else(Vec::new, |ahead| seeds_of(ahead, index, target));
                        match seeds.as_slice() {
                            [] => {}
                            seeds if over => target.not_run(seeds),
                            seeds if draws_ahead => target.run_cases_drawing(seeds, &ahead, campaign),
                            [case_seed] => target.run_case(*case_seed, campaign),
                            seeds => target.run_cases(seeds, campaign),
                        }
                    }
                    held = if draws_ahead { ahead } else { deal() };
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;
    use crate::game::Size;
    use crate::process::spent::Spent;

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

    /// A target that draws ahead: it notes each call's seeds and the seeds
    /// drawn ahead for the next, and stops the campaign at its third call.
    #[derive(Default)]
    struct Ahead {
        runs: Mutex<Vec<(Vec<u64>, Vec<u64>)>>,
        not_run: Mutex<Vec<u64>>,
        stop_at_third: Option<&'static AtomicBool>,
        spent: Spent,
    }

    impl Books for Ahead {
        fn cases(&self) -> u64 {
            lock(&self.runs).iter().map(|(seeds, _)| seeds.len() as u64).sum()
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

    impl Target for Ahead {
        fn name(&self) -> &'static str {
            "ahead"
        }
        fn run_case(&self, _: u64, _: &Campaign<'_>) {
            unreachable!("a target that draws ahead is run with its next cases")
        }
        fn draws_ahead(&self) -> bool {
            true
        }
        fn run_cases_drawing(&self, case_seeds: &[u64], ahead: &[u64], _: &Campaign<'_>) {
            let mut runs = lock(&self.runs);
            runs.push((case_seeds.to_vec(), ahead.to_vec()));
            if let (3, Some(stop)) = (runs.len(), self.stop_at_third) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        fn not_run(&self, case_seeds: &[u64]) {
            lock(&self.not_run).extend(case_seeds);
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

    fn settings(cases: u64) -> Settings {
        Settings {
            budget: Budget::Cases(cases),
            seed: 3,
            jobs: 1,
            size: Size::Small,
            corpus: PathBuf::from("unused"),
            skip: Vec::new(),
        }
    }

    struct Silent;

    impl Reporter for Silent {
        fn line(&self, _: &str) {}
        fn progress(&self, _: Duration, _: u64, _: u64) {}
    }

    #[test]
    fn a_target_that_draws_ahead_is_given_the_cases_it_runs_next_and_runs_each_dealt_once() {
        let ahead = Ahead::default();
        let dealt = run(&[&ahead], &settings(5), &Silent, &AtomicBool::new(false));
        let runs = lock(&ahead.runs).clone();
        let seeds: Vec<u64> = (0..5).map(|case| case_seed(3, "ahead", case)).collect();
        assert_eq!(dealt, 5);
        assert_eq!(runs.iter().map(|(run, _)| run[0]).collect::<Vec<_>>(), seeds, "each case once, in order");
        for pair in runs.windows(2) {
            assert_eq!(pair[0].1, pair[1].0, "the cases drawn ahead are the next run's");
        }
        assert_eq!(runs.last().unwrap().1, Vec::<u64>::new(), "nothing is drawn past the budget");
    }

    #[test]
    fn cases_dealt_ahead_of_a_stop_are_not_run_and_the_target_names_them() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let ahead = Ahead { stop_at_third: Some(&STOP), ..Ahead::default() };
        let dealt = run(&[&ahead], &settings(100), &Silent, &STOP);
        let seeds: Vec<u64> = (0..4).map(|case| case_seed(3, "ahead", case)).collect();
        let run: Vec<u64> = lock(&ahead.runs).iter().map(|(run, _)| run[0]).collect();
        assert_eq!((dealt, run.as_slice()), (4, &seeds[..3]), "the third run's stop ends the campaign");
        assert_eq!(*lock(&ahead.not_run), [seeds[3]], "the case dealt ahead of the stop, for a replay to skip");
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
