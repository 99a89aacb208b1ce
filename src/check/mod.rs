//! Checking one game: the oracle that steps both sides and compares their
//! records, what a judge accepts of a team's output, the field-by-field
//! diff, a `--per-operation` program's JSON record read against the
//! reference's, the shrinker, and the planted engines
//! that prove the checks bite, and the failure page that draws a game
//! both sides played. Written once against the game contract.
//!
//! May use: `game`, `kit`, `process`.

pub mod diff;
pub mod judge;
pub mod oracle;
pub mod page;
pub mod planted;
pub mod records_json;
pub mod shrink;
