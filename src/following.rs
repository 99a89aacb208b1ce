//! The game a generator writes, followed as it is written: a generator that
//! chooses each operation from the board steps an implementation through the
//! operations it has written so far.

use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};

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
        let game = catch_unwind(AssertUnwindSafe(|| S::start(instance))).ok();
        Following { game, rules: PhantomData }
    }

    /// The record of `operation`, or `None` once the implementation has
    /// panicked, on this operation or before.
    pub fn step(&mut self, operation: &R::Operation) -> Option<R::Record> {
        let game = self.game.as_mut()?;
        let record = catch_unwind(AssertUnwindSafe(|| game.step(operation)));
        if record.is_err() {
            self.game = None;
        }
        record.ok()
    }
}
