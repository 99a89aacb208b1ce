//! The differential oracle: both implementations step through a game side by
//! side; after every operation their records must be equal and must keep the
//! invariants. The first failure stops the game and is explained.

use std::convert::Infallible;
use std::fmt;
use std::io::{self, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use m3_model::Stepper;

use crate::game::coverage::Tally;
use crate::game::{Checks, Counts, Difference, Game, Renders, Size, Violation};
use crate::process::spent::{Laps, Part};

/// What went wrong, in a form that stays the same while a case shrinks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// The implementations disagree on this field.
    Divergence { field: &'static str },
    /// Both agree, but break this invariant (or, for `side`, only one does).
    Violation { invariant: &'static str, side: &'static str },
    /// An implementation panicked, at `site` (file:line:column, when the
    /// panic hook of [`quiet_panics`] saw it): one panic site, one bug.
    Panic { side: &'static str, site: String },
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::Divergence { field } => write!(f, "divergence in `{field}`"),
            FailureKind::Violation { invariant, side } => write!(f, "{invariant} invariant broken by the {side}"),
            FailureKind::Panic { side, site } => write!(f, "the {side} panicked at {site}"),
        }
    }
}

/// A failed game: where, what, and the report a user reads.
#[derive(Debug, Clone)]
pub struct Failure {
    pub kind: FailureKind,
    /// 1-based operation, or `None` when the failure is in the outcome.
    pub operation: Option<usize>,
    /// 1-based step inside the operation (`Game::STEP`).
    pub step: Option<usize>,
    /// The full explanation, without the replay line.
    pub report: String,
}

impl Failure {
    /// The report followed by the command that replays the case.
    pub fn report_with_replay(&self, replay: &str) -> String {
        format!("{}\nreplay: {replay}\n", self.report.trim_end())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

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

/// Runs one implementation alone, collecting its records: for tests of
/// small games. A large game is played through [`play_through`], which
/// keeps none.
pub fn play<G: Game, S: Stepper<G>>(instance: &G::Instance) -> (Vec<G::Record>, G::Outcome) {
    let mut records = Vec::new();
    let outcome = play_through::<G, S, Infallible>(instance, |_, _, record| {
        records.push(record.clone());
        Ok(())
    });
    let Ok((outcome, _)) = outcome;
    (records, outcome)
}

/// Runs one implementation alone, handing each operation's number
/// (1-based), the state before it and its record to `each` as it comes,
/// and returns the outcome and the state it ended in; an error from `each` ends the game there. No
/// record is kept: on the largest maps a record per operation held to the
/// end would take gigabytes.
pub fn play_through<G: Game, S: Stepper<G>, E>(
    instance: &G::Instance,
    mut each: impl FnMut(usize, &G::State, &G::Record) -> Result<(), E>,
) -> Result<(G::Outcome, G::State), E> {
    let mut game = S::start(instance);
    let mut state = G::start_state(instance);
    for (index, operation) in G::operations(instance).iter().enumerate() {
        let record = game.step(operation);
        each(index + 1, &state, &record)?;
        G::advance(&mut state, &record);
    }
    Ok((game.finish(), state))
}

/// The outcome of one implementation alone, with no state followed and no
/// record kept.
pub fn outcome<G: Game, S: Stepper<G>>(instance: &G::Instance) -> G::Outcome {
    let mut game = S::start(instance);
    for operation in &G::operations(instance) {
        game.step(operation);
    }
    game.finish()
}

/// The readable account of a game: a line of the game's title and the
/// instance's size, its start, every operation from the state before it,
/// boards rendered as grids, then the outcome.
pub fn trace<G: Game>(instance: &G::Instance, records: &[G::Record], outcome: &G::Outcome) -> String {
    let mut text = trace_start::<G>(instance);
    let mut state = G::start_state(instance);
    for (index, record) in records.iter().enumerate() {
        text.push_str(&G::Trace::operation(index + 1, &state, record));
        G::advance(&mut state, record);
    }
    text.push_str(&G::Trace::outcome(outcome));
    text
}

/// [`trace`] of implementation `S` playing `instance`, written to `out` one
/// operation at a time as it is stepped, so that a trace of gigabytes
/// takes no more memory than one operation's text. Returns the outcome.
pub fn write_trace<G: Game, S: Stepper<G>>(instance: &G::Instance, out: &mut impl Write) -> io::Result<G::Outcome> {
    out.write_all(trace_start::<G>(instance).as_bytes())?;
    let (outcome, _) = play_through::<G, S, io::Error>(instance, |number, before, record| {
        out.write_all(G::Trace::operation(number, before, record).as_bytes())
    })?;
    out.write_all(G::Trace::outcome(&outcome).as_bytes())?;
    Ok(outcome)
}

/// The reference's [`trace`] of `instance` when it takes at most `most`
/// bytes; `None` when it is longer. It stops writing there, so that a
/// report of a large case never holds its whole trace.
pub fn reference_trace_within<G: Game>(instance: &G::Instance, most: usize) -> Option<String> {
    let mut within = Within { text: Vec::new(), most };
    write_trace::<G, G::Reference>(instance, &mut within).ok()?;
    String::from_utf8(within.text).ok()
}

/// A buffer that refuses to grow past `most` bytes.
struct Within {
    text: Vec<u8>,
    most: usize,
}

impl Write for Within {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.text.len() + bytes.len() > self.most {
            return Err(io::Error::other("longer than allowed"));
        }
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A trace's first lines: the game's title and the instance's size, then
/// its start.
fn trace_start<G: Game>(instance: &G::Instance) -> String {
    format!("{}: {}\n{}", G::TITLE, G::Trace::dimensions(instance), G::Trace::start(instance))
}

thread_local! {
    static PANIC_LOCATION: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the panic message on stderr by a note of where the panic was, for
/// the failure report: a campaign that meets a panicking engine a thousand
/// times should say so once, in its report.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let location = info.location().map(|l| l.to_string());
        PANIC_LOCATION.with(|cell| *cell.borrow_mut() = location);
    }));
}

/// A panic caught: its message and where it happened.
pub struct Panicked {
    pub message: String,
    /// file:line:column when [`quiet_panics`] is in place.
    pub site: Option<String>,
}

/// Runs `f`, catching a panic.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, Panicked> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| Panicked {
        message: payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with no message".to_string()),
        site: PANIC_LOCATION.with(|cell| cell.borrow_mut().take()),
    })
}

fn guarded<G: Game, T>(side: &'static str, operation: Option<usize>, f: impl FnOnce() -> T) -> Result<T, Failure> {
    catch_panic(f).map_err(|panicked| panic_failure::<G>(side, operation, panicked))
}

/// The failure of `side` panicking at `operation` (`None`: outside any).
fn panic_failure<G: Game>(side: &'static str, operation: Option<usize>, panicked: Panicked) -> Failure {
    let Panicked { mut message, site } = panicked;
    if let Some(location) = &site {
        message = format!("{message} (at {location})");
    }
    let site = site.unwrap_or_else(|| "an unknown place".to_string());
    let place =
        operation.map_or_else(|| format!("outside any {}", G::OPERATION), |n| format!("at {} {n}", G::OPERATION));
    Failure {
        kind: FailureKind::Panic { side, site },
        operation,
        step: None,
        report: format!("the {side} panicked {place}: {message}\n"),
    }
}

fn divergence<G: Game>(operation: Option<usize>, place: &str, difference: Difference) -> Failure {
    let step = difference.step.map_or(String::new(), |s| format!(", {} {s}", G::STEP));
    let mut report = format!(
        "divergence at {place}{step}, field `{}`\n  engine:    {}\n  reference: {}\n",
        difference.field, difference.engine, difference.reference
    );
    if let Some(boards) = &difference.boards {
        report.push_str(boards);
    }
    Failure { kind: FailureKind::Divergence { field: difference.field }, operation, step: difference.step, report }
}

fn violation<G: Game>(operation: Option<usize>, side: &'static str, violation: Violation) -> Failure {
    let place = operation.map_or_else(|| "the outcome".to_string(), |n| format!("{} {n}", G::OPERATION));
    let step = violation.step.map_or(String::new(), |s| format!(", {} {s}", G::STEP));
    Failure {
        kind: FailureKind::Violation { invariant: violation.invariant, side },
        operation,
        step: violation.step,
        report: format!(
            "{} invariant broken at {place}{step} (by {side}): {}\n",
            violation.invariant, violation.detail
        ),
    }
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
    fn long_game() -> m3_model::square::Instance {
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
    fn a_trace_written_as_it_goes_is_the_trace_of_the_kept_records_and_stops_at_its_bound() {
        let game = long_game();
        let (records, outcome) = play::<SquareRemover, <SquareRemover as Game>::Reference>(&game);
        let whole = trace::<SquareRemover>(&game, &records, &outcome);
        let mut written = Vec::new();
        let streamed = write_trace::<SquareRemover, <SquareRemover as Game>::Reference>(&game, &mut written).unwrap();
        assert_eq!((String::from_utf8(written).unwrap(), streamed), (whole.clone(), outcome));
        assert_eq!(reference_trace_within::<SquareRemover>(&game, whole.len()), Some(whole.clone()));
        assert_eq!(reference_trace_within::<SquareRemover>(&game, whole.len() - 1), None);
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
