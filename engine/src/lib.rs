//! The optimized implementations m3diff checks, one module per rule set.

#[cfg(test)]
mod cases;
pub mod door;
pub mod square;
pub mod texas;
pub mod triple;
