//! The max tests a judge writes for Texas Match-3: every one at q = 1000
//! within the statement (1 <= n, m <= 50, 1 <= k <= 100), each aimed at a
//! way an accepted-looking solution fails at the bounds (the statement's
//! limit is 1 s; the held-out checks run with 2 s).

use m3_model::texas::{Texas, MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};

use crate::game::{Count, MaxTest, Percent, PercentOr, Sides, Size, Statement};

use super::knobs::{EdgeField, Knobs};

/// A game of q = 1000 on an `rows` x `cols` board of `colours`, with
/// `special_percent` of specials and `valid_percent` of the operations
/// chosen among the valid swaps.
fn game(rows: usize, cols: usize, colours: u8, special_percent: u8, valid_percent: u8) -> Knobs {
    Knobs {
        sides: Sides::new(rows, cols),
        colours: Some(colours),
        operations: Some(Count::new(MAX_OPERATIONS)),
        special_percent: Some(Percent::new(special_percent)),
        valid_percent: PercentOr::new(valid_percent),
        statement: Statement::WITHIN,
        extreme: None,
    }
}

/// The largest board and q = 1000 with one of the generator's extremes
/// drawn whole (its colours and specials as that extreme draws them).
fn extreme(extreme: EdgeField) -> Knobs {
    Knobs {
        sides: Sides::new(MAX_SIDE, MAX_SIDE),
        operations: Some(Count::new(MAX_OPERATIONS)),
        statement: Statement::WITHIN,
        extreme: Some(extreme),
        ..Knobs::default()
    }
}

pub(super) fn max_tests() -> Vec<MaxTest<Texas>> {
    let test = |name, shape| MaxTest { name, size: Size::Max, shape };
    let most = MAX_SIDE;
    vec![
        // TX7: a round's sum past 65,535 (a sum kept in 16 bits wraps).
        test(
            "50x50, k = 100, q = 1000, colours above 64 dense with specials: a round's sum past 16 bits",
            extreme(EdgeField::LargestSum),
        ),
        // TX1, TX10: a colour table of 64 entries.
        test(
            "50x50, k = 100, q = 1000, every colour on the board, runs of colours 64 apart",
            extreme(EdgeField::EveryColour),
        ),
        test("50x50, k = 100, q = 1000, colours at k's edges, dense specials", extreme(EdgeField::Largest)),
        // TX3, TX5: specials set off by specials, round after round.
        test("50x50, k = 6, q = 1000, 10% specials: specials set off by specials", game(most, most, 6, 10, 100)),
        // TX3, TX4: the most rounds and rescans of the largest board.
        test(
            "50x50, k = 4, q = 1000, no specials, every operation valid while one is: long cascades",
            game(most, most, 4, 0, 100),
        ),
        test("50x50, k = 3, q = 1000, 1% specials, a fifth of the operations invalid", game(most, most, 3, 1, 80)),
        // Missed last rows or columns, arrays sized one short.
        test("n = 50, m = 1, k = 3, q = 1000: one column", game(most, 1, 3, 5, 100)),
        test("n = 1, m = 50, k = 3, q = 1000: one row", game(1, most, 3, 5, 100)),
        test("n = 50, m = 7, k = 4, q = 1000, 5% specials", game(most, 7, 4, 5, 100)),
        test("n = 7, m = 50, k = 4, q = 1000, 5% specials", game(7, most, 4, 5, 100)),
        test(
            "n = 50, m = 49, k = 100, q = 1000, 2% specials, pieces of all 100 colours",
            game(most, most - 1, MAX_COLOURS, 2, 100),
        ),
    ]
}
