//! Texas's state between two operations (`Rulebook::State`), in a module
//! of its own: the checker, counters, trace and generator all read it, and
//! the game's mod.rs re-exports them, so kept there it would tie each of
//! them to mod.rs both ways.

use m3_model::texas::Board;

/// Texas between two operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub board: Board,
    /// The points scored so far.
    pub score: i64,
    /// The main colours of the valid operations since the last hand (TX10).
    pub hand: Vec<Vec<u8>>,
    /// k, and the operations played so far: the coverage table names the
    /// games whose k or q lies on an edge.
    pub colours: u8,
    pub operations: usize,
}
