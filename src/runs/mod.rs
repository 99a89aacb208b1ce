//! What runs many games: campaigns on every core, programs checked
//! `--against` the reference, the test setter, the regression shelf, the
//! corpus, the morning's triage and the cargo-fuzz targets' entry points.
//!
//! May use: `games`, `check`, `game`, `kit`, `process`.

pub mod against;
pub mod campaign;
pub mod corpus;
pub mod fuzzing;
pub mod regression;
pub mod setter;
pub mod submissions;
pub mod triage;
