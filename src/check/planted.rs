//! Wrong engines on purpose: the real engine with one field of its records
//! corrupted. The test suites run a campaign against one to prove that the
//! harness catches the bug and shrinks it to a small case.

use std::marker::PhantomData;

use m3_model::Stepper;

use crate::game::Game;

/// A corruption of a game's records, applied to every record in turn.
pub trait Corruption<G: Game>: 'static {
    /// What the corruption plants, for reports.
    const BUG: &'static str;
    /// Corrupts a record by what it holds.
    fn corrupt(record: &mut G::Record) {
        let _ = record;
    }
    /// Corrupts a record by what it holds and by the game's `instance`: a
    /// bug in how an engine keeps a size of the input (a count of stars in
    /// a byte) shows in records that do not hold that size.
    fn corrupt_in(instance: &G::Instance, record: &mut G::Record) {
        let _ = instance;
        Self::corrupt(record);
    }
}

/// Game `G`'s own engine with `C` applied to every record it makes.
pub struct Planted<G: Game, C: Corruption<G>> {
    engine: G::Engine,
    instance: G::Instance,
    corruption: PhantomData<fn() -> C>,
}

impl<G: Game, C: Corruption<G>> Stepper<G> for Planted<G, C> {
    fn start(instance: &G::Instance) -> Self {
        Planted { engine: G::Engine::start(instance), instance: instance.clone(), corruption: PhantomData }
    }

    fn step(&mut self, operation: &G::Operation) -> G::Record {
        let mut record = self.engine.step(operation);
        C::corrupt_in(&self.instance, &mut record);
        record
    }

    fn finish(self) -> G::Outcome {
        self.engine.finish()
    }
}
