//! Plain data shared by the engines, the references and the harness: boards,
//! operations, instances, per-operation records, outcomes, and the problem
//! text formats. Nothing here carries out a rule; that is the job of
//! `m3-engine` and `m3-reference`, which share nothing but these types.

#[cfg(feature = "cases")]
pub mod cases;
pub mod door;
pub mod grid;
#[cfg(feature = "serde")]
mod json;
pub mod square;
pub mod stepper;
pub mod texas;
pub mod text;
pub mod triple;

pub use grid::Grid;
pub use stepper::{Rules, Stepper};
pub use text::ParseError;
