//! The rule book's cases (`corpus/<game>/*.in`, see `m3_model::cases`)
//! through the reference, each held to the same reviewed records snapshot
//! the engine's suite holds the engine to.

use m3_model::cases::play_every_case;
use m3_model::door::MagicDoor;
use m3_model::square::SquareRemover;
use m3_model::texas::Texas;
use m3_model::triple::TripleTown;

use crate::{door, square, texas, triple};

#[test]
fn every_texas_case_through_the_reference() {
    play_every_case::<Texas, texas::Reference>("texas", |_, _| {});
}

#[test]
fn every_square_case_through_the_reference() {
    play_every_case::<SquareRemover, square::Reference>("square", |_, _| {});
}

#[test]
fn every_door_case_through_the_reference() {
    play_every_case::<MagicDoor, door::Reference>("door", |_, _| {});
}

#[test]
fn every_triple_case_through_the_reference() {
    play_every_case::<TripleTown, triple::Reference>("triple", |_, _| {});
}
