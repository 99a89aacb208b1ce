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
    fn corrupt(record: &mut G::Record);
}

/// Game `G`'s own engine with `C` applied to every record it makes.
pub struct Planted<G: Game, C: Corruption<G>> {
    engine: G::Engine,
    corruption: PhantomData<fn() -> C>,
}

impl<G: Game, C: Corruption<G>> Stepper<G> for Planted<G, C> {
    fn start(instance: &G::Instance) -> Self {
        Planted { engine: G::Engine::start(instance), corruption: PhantomData }
    }

    fn step(&mut self, operation: &G::Operation) -> G::Record {
        let mut record = self.engine.step(operation);
        C::corrupt(&mut record);
        record
    }

    fn finish(self) -> G::Outcome {
        self.engine.finish()
    }
}
