//! SquareRemover's state between two operations (`Rulebook::State`), in a module
//! of its own: the checker, counters, trace and generator all read it, and
//! the game's mod.rs re-exports them, so kept there it would tie each of
//! them to mod.rs both ways.

use m3_model::square::Board;

/// SquareRemover between two turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub board: Board,
    /// Buffer tiles taken so far: the index of the next one (SR1).
    pub buffer: u64,
    /// Squares removed so far.
    pub score: u64,
    /// Moves made so far (the opening is no move).
    pub moves: usize,
    /// True once a move was invalid: the game is over (SR4).
    pub ended: bool,
    /// The buffer's seed (startSeed, `A[0]` of SR1): no record shows it, and
    /// the counters name its edges.
    pub seed: u64,
}
