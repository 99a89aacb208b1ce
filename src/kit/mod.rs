//! The pieces games are built from, each written once for every game that
//! needs it: gravity order, runs of one colour, conservation, bit sets,
//! edge draws, following a game as it is written, boards rendered as text
//! and as pictures.
//! None of them knows the game contract: each works on plain cells and
//! closures, so a game's checker, generator and trace compose them.
//!
//! May use: `process`.

pub mod bit_set;
pub mod conservation;
pub mod edges;
pub mod following;
pub mod gravity;
pub mod one_colour;
pub mod picture;
pub mod render;
