//! The machinery of any command-line tool, knowing nothing of games:
//! files written whole, input read within bounds, signals, seeds, hashes,
//! the clock, numbers in sentences and another program's text made safe
//! to show.
//!
//! May use: nothing of the crate.

pub mod files;
pub mod hash;
pub mod input;
pub mod interrupt;
pub mod invocation;
pub mod prose;
pub mod seed;
pub mod spent;
pub mod streams;
pub mod visible;
