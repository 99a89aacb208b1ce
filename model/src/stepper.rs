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

/// An implementation of rule set `R`, stepped one operation at a time.
pub trait Stepper<R: Rules> {
    /// The game as the instance starts it, before any operation.
    fn start(instance: &R::Instance) -> Self;
    /// Applies one operation and tells what it did.
    fn step(&mut self, operation: &R::Operation) -> R::Record;
    /// Ends the game: end-of-game bonuses are scored here.
    fn finish(self) -> R::Outcome;
}
