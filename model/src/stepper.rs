//! The one step API every implementation of every rule set offers, so that the
//! harness can drive an engine and a reference side by side without knowing
//! which game it is.

use std::fmt::{Debug, Display};

use crate::ParseError;

/// A rule set's vocabulary: what a game starts from, what a player does, what
/// one operation leaves behind, and what a finished game is worth.
pub trait Rules {
    /// Problem instance: the starting position and the operations to apply.
    /// It prints in the problem format.
    type Instance: Clone + PartialEq + Debug + Display;
    /// One move of the player, printed as the problem format writes it.
    type Operation: Clone + PartialEq + Debug + Display;
    /// Everything one operation did, compared field by field between the two
    /// implementations.
    type Record: Clone + PartialEq + Debug;
    /// The finished game.
    type Outcome: Clone + PartialEq + Debug;

    /// An instance from the statement's text format, or where it stops
    /// being one (line, column, what was expected).
    fn parse(input: &str) -> Result<Self::Instance, ParseError>;
    /// The operations of an instance, in the order the game plays them.
    fn operations(instance: &Self::Instance) -> Vec<Self::Operation>;
}

/// Implements [`Rules`] for a game's unit struct, called in the game's
/// module: `impl_rules!(Game: Operation = …, Record = …, operations =
/// |instance| …)`. The instance, the outcome and the format's reader are
/// the module's own `Instance`, `Outcome` and `parse`, which every game
/// names alike; what is left to say is what differs between games.
///
/// Shared because the four impls were one shape but for those names: a
/// default method cannot carry it, as stable Rust has no defaults for
/// associated types, and the four `type` lines around it would stay
/// written four times.
macro_rules! impl_rules {
    ($game:ident: Operation = $operation:ty, Record = $record:ty, operations = |$instance:ident| $operations:expr) => {
        impl $crate::Rules for $game {
            type Instance = Instance;
            type Operation = $operation;
            type Record = $record;
            type Outcome = Outcome;

            fn parse(input: &str) -> Result<Instance, $crate::ParseError> {
                parse(input)
            }

            fn operations($instance: &Instance) -> Vec<$operation> {
                $operations
            }
        }
    };
}
pub(crate) use impl_rules;

/// An implementation of rule set `R`, stepped one operation at a time.
pub trait Stepper<R: Rules> {
    /// The game as the instance starts it, before any operation.
    fn start(instance: &R::Instance) -> Self;
    /// Applies one operation and tells what it did.
    fn step(&mut self, operation: &R::Operation) -> R::Record;
    /// Applies one operation and writes over `record` the record `step`
    /// would return, but for the game's state after it (the board or map
    /// a record ends with), which an implementation may leave as `record`
    /// held it. A caller that follows the state from the events a record
    /// lists, as a generator writing a long game does, spares a copy of the
    /// whole board per operation, and the record's buffers are reused.
    fn step_events(&mut self, operation: &R::Operation, record: &mut R::Record) {
        *record = self.step(operation);
    }
    /// Ends the game: end-of-game bonuses are scored here.
    fn finish(self) -> R::Outcome;
}
