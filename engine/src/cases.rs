//! The rule book's cases (`corpus/<game>/*.in`, see `m3_model::cases`)
//! through the engine, each held to its reviewed records snapshot; the
//! engine's quiet path (`solve`) must give the answer its stepped game
//! finished with. The same files run through the reference in its own
//! suite, and through both and the checker in the harness's.

use m3_model::cases::play_every_case;
use m3_model::door::MagicDoor;
use m3_model::square::SquareRemover;
use m3_model::texas::Texas;
use m3_model::triple::TripleTown;

use crate::{door, square, texas, triple};

#[test]
fn every_texas_case_through_the_engine() {
    play_every_case::<Texas, texas::Engine>("texas", |instance, outcome| {
        assert_eq!(texas::solve(instance), outcome.total, "the quiet path");
    });
}

#[test]
fn every_square_case_through_the_engine() {
    play_every_case::<SquareRemover, square::Engine>("square", |instance, outcome| {
        assert_eq!(square::solve(instance), outcome.result(), "the quiet path");
    });
}

#[test]
fn every_door_case_through_the_engine() {
    play_every_case::<MagicDoor, door::Engine>("door", |instance, outcome| {
        assert_eq!(door::solve(instance), outcome.result(), "the quiet path");
    });
}

#[test]
fn every_triple_case_through_the_engine() {
    play_every_case::<TripleTown, triple::Engine>("triple", |instance, outcome| {
        assert_eq!(triple::solve(instance), outcome.result(), "the quiet path");
    });
}
