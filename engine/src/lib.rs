//! The optimized implementations m3diff checks, one module per rule set.

pub mod door;
pub mod square;
pub mod texas;
pub mod triple;
