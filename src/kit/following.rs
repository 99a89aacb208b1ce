//! The game a generator writes, followed as it is written: a generator that
//! chooses each operation from the board steps an implementation through the
//! operations it has written so far.

use std::cell::Cell;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use m3_model::{Rules, Stepper};

/// Implementation `S` of game `R`, stepped through the operations a
/// generator writes. An implementation that panics ends the following, and
/// the generator writes the rest of its game without it: the oracle meets
/// the same panic and reports it with the case intact.
pub struct Following<R: Rules, S: Stepper<R>> {
    game: Option<S>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules, S: Stepper<R>> Following<R, S> {
    /// The game as `instance` starts it.
    pub fn start(instance: &R::Instance) -> Self {
        let started = Instant::now();
        let game = catch_unwind(AssertUnwindSafe(|| S::start(instance))).ok();
        STEPPED.set(STEPPED.get() + started.elapsed());
        Following { game, rules: PhantomData }
    }

    /// The record of `operation`, or `None` once the implementation has
    /// panicked, on this operation or before.
    pub fn step(&mut self, operation: &R::Operation) -> Option<R::Record> {
        self.timed(|game| game.step(operation))
    }

    /// Writes the record of `operation` over `record`, but for the state
    /// after it, which the implementation may leave as it was
    /// (`Stepper::step_events`); false once the implementation has
    /// panicked, on this operation or before, and `record` may then hold
    /// part of one.
    pub fn step_events(&mut self, operation: &R::Operation, record: &mut R::Record) -> bool {
        self.timed(|game| game.step_events(operation, record)).is_some()
    }

    /// Runs `step` on the implementation, a step in [`SAMPLE`] timed.
    fn timed<T>(&mut self, step: impl FnOnce(&mut S) -> T) -> Option<T> {
        let game = self.game.as_mut()?;
        let sampled = STEPS.get().is_multiple_of(SAMPLE);
        STEPS.set(STEPS.get().wrapping_add(1));
        let started = sampled.then(Instant::now);
        let stepped = catch_unwind(AssertUnwindSafe(|| step(game)));
        if let Some(started) = started {
            let step = started.elapsed().saturating_sub(clock_read());
            STEPPED.set(STEPPED.get() + step * SAMPLE);
        }
        if stepped.is_err() {
            self.game = None;
        }
        stepped.ok()
    }
}

/// One step in this many is timed: a step of a quick engine takes a few
/// times as long as reading the clock twice.
const SAMPLE: u32 = 16;

thread_local! {
    /// Steps followed on this thread, whose count picks the ones timed:
    /// counted across games, so that the one timed in a short game is not
    /// always its first.
    static STEPS: Cell<u32> = const { Cell::new(0) };
    /// The time this thread's followings spent in their implementation,
    /// estimated from the steps timed.
    static STEPPED: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// What reading the clock adds to the time of what it is read around: a
/// step of a quick engine takes a few reads, and counted sixteen times the
/// reads would show in the engine's share.
fn clock_read() -> Duration {
    static CLOCK_READ: OnceLock<Duration> = OnceLock::new();
    *CLOCK_READ.get_or_init(|| {
        (0..1000)
            .map(|_| {
                let started = Instant::now();
                started.elapsed()
            })
            .min()
            .unwrap_or_default()
    })
}

/// The time the followings on this thread spent in their implementation
/// since the last call: the campaign charges it to the engine rather than
/// to the generator that followed the game with it.
pub fn take_time_stepped() -> Duration {
    STEPPED.take()
}
