//! The literal implementations, one rule after another as docs/RULES.md states them.

#[cfg(test)]
mod cases;
pub mod door;
pub mod square;
pub mod texas;
pub mod triple;
