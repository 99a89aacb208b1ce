//! The max tests a judge writes for Magic Door: the statement's one swap of
//! two regular gems on grids up to 80x80, each aimed at the bombs (MD3,
//! MD4), vibranium, stacked bombs armed by falling, and the most colours
//! and the fewest.

use m3_model::door::{MagicDoor, MAX_COLOUR, MAX_SIDE, MIN_SIDE};

use super::knobs::{FurtherSwaps, Knobs};
use crate::game::knobs::EdgeKnob;
use crate::game::{Count, MaxTest, Percent, PercentOr, Sides, Size, Statement};

/// The statement's one swap, among those that make a group, on a `rows` x
/// `cols` grid of `colours` with `bomb_percent` and `vibranium_percent` of
/// its cells, and `stacked_percent` of the gems above the swap's groups
/// made bombs.
fn game(rows: usize, cols: usize, colours: u8, bomb_percent: u8, vibranium_percent: u8, stacked_percent: u8) -> Knobs {
    Knobs {
        sides: Sides::new(rows, cols),
        colours: Some(colours),
        bomb_percent: Some(Percent::new(bomb_percent)),
        vibranium_percent: Some(Percent::new(vibranium_percent)),
        stacked_percent: Some(Percent::new(stacked_percent)),
        group_percent: PercentOr::new(100),
        further: FurtherSwaps { swaps: Some(Count::new(1)), refused_percent: PercentOr::new(0) },
        edges: EdgeKnob::NONE,
        statement: Statement::WITHIN,
    }
}

pub(super) fn max_tests() -> Vec<MaxTest<MagicDoor>> {
    let test = |name, shape| MaxTest { name, size: Size::Max, shape };
    let most = MAX_SIDE;
    vec![
        test("80x80, 3 colours, 5% bombs, 10% vibranium, stacked bombs: long chains", game(most, most, 3, 5, 10, 100)),
        test("80x80, 9 colours, 30% bombs: the most bombs and colours", game(most, most, MAX_COLOUR, 30, 0, 50)),
        test("80x80, 2 colours, 2% bombs: the fewest colours", game(most, most, 2, 2, 0, 100)),
        test("80x80, 4 colours, 40% vibranium, stacked bombs", game(most, most, 4, 3, 40, 100)),
        test("80x80, 9 colours, no bombs, no vibranium", game(most, most, MAX_COLOUR, 0, 0, 0)),
        // Missed last rows or columns.
        test("80x3, 3 colours, 5% bombs, stacked bombs", game(most, MIN_SIDE, 3, 5, 0, 100)),
        test("3x80, 3 colours, 5% bombs, stacked bombs", game(MIN_SIDE, most, 3, 5, 0, 100)),
        test("80x79, 5 colours, 10% bombs, 5% vibranium, stacked bombs", game(most, most - 1, 5, 10, 5, 100)),
    ]
}
