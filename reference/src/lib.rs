//! The literal implementations, one rule after another as RULES.md states them.

pub mod square;
pub mod texas;
