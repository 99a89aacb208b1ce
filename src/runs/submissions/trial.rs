//! A submission run on every test of a set, as a judge runs it: one test a
//! run, within the judge's limits, its output judged against the test's
//! answer as `--against` judges it. The tests are dealt in order to a
//! thread per core, and none after the first that fails: a judge stops
//! there too.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::game::Game;
use crate::runs::against::{judge_cases, Failed, NotJudged, Program, Timeouts, Until, Usage};
use crate::runs::setter::Test;

/// What a submission did on a set's tests.
#[derive(Debug, Clone)]
pub struct Trial {
    /// What each test run used, in the tests' order; `None` for a test
    /// not run, after the first it fails.
    pub usages: Vec<Option<Usage>>,
    /// The first test it fails, by its index, and how.
    pub failed: Option<(usize, Failed)>,
}

/// Runs `program` on `tests`; an error when it could not be run at all
/// (it did not start, or m3diff was asked to stop).
pub fn trial<G: Game>(program: &Program, tests: &[Test<G>]) -> Result<Trial, String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let ran = Mutex::new(Trial { usages: vec![None; tests.len()], failed: None });
    let error = Mutex::new(None);
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(tests.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // Tests are dealt in order, so when the first failure is
                // found every test before it has been dealt: the first
                // failing is the least index of those found.
                while !stop.load(Ordering::SeqCst) {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(test) = tests.get(index) else { break };
                    let answer = || Ok(vec![test.answer.clone()]);
                    let cases = std::slice::from_ref(&test.instance);
                    let judged = judge_cases::<G>(program, cases, answer, Timeouts::Confirmed, Until::AllJudged);
                    let mut ran = ran.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    match judged {
                        Ok((_, mut judged)) => {
                            ran.usages[index] = Some(judged.usage);
                            if let Some(failed) = judged.failed.pop().flatten() {
                                stop.store(true, Ordering::SeqCst);
                                if ran.failed.as_ref().is_none_or(|(first, _)| index < *first) {
                                    ran.failed = Some((index, failed));
                                }
                            }
                        }
                        Err(NotJudged::Program(why) | NotJudged::Reference(why)) => {
                            stop.store(true, Ordering::SeqCst);
                            *error.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(why);
                        }
                    }
                }
            });
        }
    });
    if let Some(why) = error.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        return Err(why);
    }
    let mut trial = ran.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    // A test after the first failure that another thread ran meanwhile is
    // dropped: a judge would not have run it.
    if let Some((first, _)) = trial.failed {
        trial.usages[first + 1..].iter_mut().for_each(|usage| *usage = None);
    }
    Ok(trial)
}
