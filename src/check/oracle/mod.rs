//! The differential oracle: both implementations step through a game side by
//! side; after every operation their records must be equal and must keep the
//! invariants. The first failure stops the game and is explained.

mod alone;
mod failure;
mod panics;

use m3_model::Stepper;

use crate::game::coverage::Tally;
use crate::game::{Checks, Counts, Difference, Game, Size};
use crate::process::spent::{Laps, Part};

pub use alone::{outcome, play, play_through, reference_trace_within, trace, write_trace};
use failure::{divergence, panic_failure, violation};
pub use failure::{Failure, FailureKind};
pub use panics::{catch_panic, quiet_panics, Panicked};

/// Runs `instance` through both implementations with every check, counting
/// what the agreed records exercised in `tally`. Returns the agreed outcome.
pub fn check_game<G: Game>(instance: &G::Instance, tally: &mut Tally<G::Counter>) -> Result<G::Outcome, Failure> {
    check_game_with::<G, G::Engine>(instance, tally)
}

/// [`check_game`] with engine `E` in place of the game's own: tests plant a
/// wrong engine this way to prove the harness catches it.
pub fn check_game_with<G: Game, E: Stepper<G>>(
    instance: &G::Instance,
    tally: &mut Tally<G::Counter>,
) -> Result<G::Outcome, Failure> {
    check_game_timed::<G, E>(instance, tally, &mut Laps::default())
}

/// Operations each side steps through before the oracle compares them: the
/// clock is read once per batch and part, not once per operation, which
/// for a quick engine would cost more than the step.
const BATCH: usize = 64;

/// [`check_game_with`], charging the time of each part to `laps`.
pub fn check_game_timed<G: Game, E: Stepper<G>>(
    instance: &G::Instance,
    tally: &mut Tally<G::Counter>,
    laps: &mut Laps,
) -> Result<G::Outcome, Failure> {
    laps.skip();
    let mut engine = guarded::<G, _>("engine", None, || E::start(instance))?;
    laps.lap(Part::Engine);
    let mut reference = guarded::<G, _>("reference", None, || G::Reference::start(instance))?;
    laps.lap(Part::Reference);
    let mut checker = G::Checker::new(instance);
    let mut state = G::start_state(instance);
    let operations = G::operations(instance);
    let (mut from_engine, mut from_reference) = (Vec::with_capacity(BATCH), Vec::with_capacity(BATCH));
    laps.lap(Part::Checker);
    for (batch, operations) in operations.chunks(BATCH).enumerate() {
        let first = batch * BATCH;
        let engine_failed = step_through::<G, _>("engine", &mut engine, operations, first, &mut from_engine);
        laps.lap(Part::Engine);
        // The reference steps as far as the engine did, so that a panic or a
        // difference is told at the first operation it happens in.
        let stepped = &operations[..from_engine.len()];
        let reference_failed = step_through::<G, _>("reference", &mut reference, stepped, first, &mut from_reference);
        laps.lap(Part::Reference);
        // Read in place and dropped together: a record is not moved again.
        for (index, (from_engine, from_reference)) in (first..).zip(from_engine.iter().zip(&from_reference)) {
            let number = Some(index + 1);
            if from_engine != from_reference {
                count_agreed::<G>(tally, &state, from_engine, from_reference);
                let difference = G::record_difference(&state, from_engine, from_reference);
                return Err(divergence::<G>(number, &format!("{} {}", G::OPERATION, index + 1), difference));
            }
            // A night's coverage counts what failing cases reached too.
            tally.operations += 1;
            G::Counter::record(tally, &state, from_reference);
            // Equal records keep or break the invariants together: check once.
            checker.record(&state, from_reference).map_err(|v| violation::<G>(number, "both", v))?;
            G::advance(&mut state, from_reference);
        }
        from_engine.clear();
        from_reference.clear();
        laps.lap(Part::Checker);
        if let Some(failure) = reference_failed.or(engine_failed) {
            return Err(failure);
        }
    }
    let from_engine = guarded::<G, _>("engine", None, || engine.finish())?;
    laps.lap(Part::Engine);
    let from_reference = guarded::<G, _>("reference", None, || reference.finish())?;
    laps.lap(Part::Reference);
    if from_engine != from_reference {
        let difference = G::outcome_difference(&from_engine, &from_reference);
        return Err(divergence::<G>(None, "the outcome", difference));
    }
    tally.games += 1;
    G::Counter::outcome(tally, &state, &from_reference);
    checker.outcome(&state, &from_reference).map_err(|v| violation::<G>(None, "both", v))?;
    laps.lap(Part::Checker);
    // The engine's quiet path builds no record; its answer must still be
    // the one both stepped paths agree on.
    let fast = guarded::<G, _>("engine", None, || G::solve(instance))?;
    laps.lap(Part::Engine);
    let agreed = G::answer(&from_reference);
    if fast != agreed {
        let (engine, reference) = (fast.to_string(), agreed.to_string());
        let difference = Difference { step: None, field: "quiet path answer", engine, reference, boards: None };
        return Err(divergence::<G>(None, "the engine's quiet path (solve)", difference));
    }
    Ok(from_reference)
}

/// Steps `side` through `operations`, the first of which is operation
/// `first + 1`, into `records`; at a panic it stops, and says where. One
/// `catch_unwind` guards the batch, not each step: a record is then moved
/// once, and the operation that panicked is the one after the last record.
fn step_through<G: Game, S: Stepper<G>>(
    name: &'static str,
    side: &mut S,
    operations: &[G::Operation],
    first: usize,
    records: &mut Vec<G::Record>,
) -> Option<Failure> {
    let stepped = catch_panic(|| records.extend(operations.iter().map(|operation| side.step(operation))));
    stepped.err().map(|panicked| panic_failure::<G>(name, Some(first + records.len() + 1), panicked))
}

/// Counts, of two records that differ, what both exercised: a rule the
/// engine gets wrong was still reached, and the coverage table of a night
/// that found the bug must not say it never was. The engine's record may
/// be nonsense; counting it must not end the game.
fn count_agreed<G: Game>(tally: &mut Tally<G::Counter>, before: &G::State, engine: &G::Record, reference: &G::Record) {
    let mut by_engine = Tally::default();
    if catch_panic(|| G::Counter::record(&mut by_engine, before, engine)).is_err() {
        return;
    }
    let mut by_reference = Tally::default();
    G::Counter::record(&mut by_reference, before, reference);
    tally.merge_common(&by_engine, &by_reference);
}

fn guarded<G: Game, T>(side: &'static str, operation: Option<usize>, f: impl FnOnce() -> T) -> Result<T, Failure> {
    catch_panic(f).map_err(|panicked| panic_failure::<G>(side, operation, panicked))
}

/// The seed of every game's harness case: one of a typical size at
/// `--size mixed` in each game (a few hundred characters of problem format).
pub const HARNESS_SEED: u64 = 5;

/// One seeded case at `--size mixed` as a campaign runs it: drawn by the
/// generator, played by both sides and checked. The instruction gate counts
/// it (`benches/instructions.rs`), so that a change that makes the harness
/// slow fails CI as an engine regression does.
pub fn harness_case<G: Game>() -> Result<G::Outcome, String> {
    let instance = crate::process::seed::with_seed(HARNESS_SEED, |u| G::generate(u, Size::Mixed, &G::Knobs::default()))
        .map_err(|error| format!("the generator gave up: {error}"))?;
    check_game::<G>(&instance, &mut Tally::default()).map_err(|failure| failure.report)
}

#[cfg(test)]
mod tests {
    use m3_model::square::{SquareRemover, TurnRecord};

    use super::*;
    use crate::game::{Count, PercentOr};

    /// SquareRemover's engine, but its record of operation `DIFFERS` (1-based)
    /// takes one more buffer tile, and it panics at operation `PANICS`.
    struct Faulty<const DIFFERS: usize, const PANICS: usize> {
        engine: m3_engine::square::Engine,
        operations: usize,
    }

    impl<const DIFFERS: usize, const PANICS: usize> Stepper<SquareRemover> for Faulty<DIFFERS, PANICS> {
        fn start(instance: &m3_model::square::Instance) -> Self {
            Faulty { engine: m3_engine::square::Engine::start(instance), operations: 0 }
        }

        fn step(&mut self, operation: &m3_model::square::Turn) -> TurnRecord {
            self.operations += 1;
            assert!(self.operations != PANICS, "planted panic");
            let mut record = self.engine.step(operation);
            record.buffer += u64::from(self.operations == DIFFERS);
            record
        }

        fn finish(self) -> m3_model::square::Outcome {
            self.engine.finish()
        }
    }

    /// A game of 150 valid moves: three batches of operations.
    pub(super) fn long_game() -> m3_model::square::Instance {
        let shape = crate::games::square::Knobs {
            moves: Some(Count::new(150)),
            invalid_percent: PercentOr::new(0),
            ..Default::default()
        };
        crate::process::seed::with_seed(1, |u| SquareRemover::generate(u, crate::game::Size::Small, &shape)).unwrap()
    }

    fn failure<const DIFFERS: usize, const PANICS: usize>() -> Failure {
        check_game_with::<SquareRemover, Faulty<DIFFERS, PANICS>>(&long_game(), &mut Tally::default()).unwrap_err()
    }

    #[test]
    fn a_failure_is_told_at_the_first_operation_it_happens_in_whatever_the_batch() {
        quiet_panics();
        let (divergence, panic) = (FailureKind::Divergence { field: "buffer" }, "the engine panicked at turn");
        // A difference, then a panic in the same batch: the difference.
        let first = failure::<3, 5>();
        assert_eq!((first.kind, first.operation), (divergence.clone(), Some(3)), "{}", first.report);
        // A panic, then the difference the panic never let happen.
        let first = failure::<5, 3>();
        assert_eq!(first.operation, Some(3), "{}", first.report);
        assert!(first.report.starts_with(&format!("{panic} 3")), "{}", first.report);
        // Each in a later batch than the first.
        let first = failure::<{ usize::MAX }, 70>();
        assert!(first.report.starts_with(&format!("{panic} 70")), "{}", first.report);
        let first = failure::<130, 140>();
        assert_eq!((first.kind, first.operation), (divergence, Some(130)), "{}", first.report);
    }
}
