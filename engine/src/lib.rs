//! The optimized implementations m3diff checks, one module per rule set.

#[cfg(test)]
mod counting;
pub mod door;
#[cfg(test)]
mod lcg;
pub mod square;
pub mod texas;
pub mod triple;
