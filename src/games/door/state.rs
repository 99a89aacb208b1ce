//! Magic Door's state between two operations (`Rulebook::State`), in a module
//! of its own: the checker, counters, trace and generator all read it, and
//! the game's mod.rs re-exports them, so kept there it would tie each of
//! them to mod.rs both ways.

use m3_model::door::Board;

/// Magic Door between two swaps: the grid the last one left settled (MD6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settled {
    /// Swaps made or refused so far.
    pub swaps: usize,
    pub board: Board,
    /// Gems vanished so far (MD7).
    pub vanished: u64,
}
