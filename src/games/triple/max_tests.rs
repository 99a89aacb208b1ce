//! The max tests a judge writes for Triple Town, whose statement bounds
//! nothing: the format's largest map (100x100) and longest sequence (k =
//! 100,000), the most stars and bombs, a player placing beside tiles of the
//! same level (the highest scores, merge chains to L9), and both endings.

use m3_model::triple::{TripleTown, MAX_SIDE, MAX_TILES};

use super::knobs::{Ending, Knobs, Play, Tools};
use crate::game::knobs::EdgeKnob;
use crate::game::{Count, MaxTest, Percent, PercentOr, Sides, Size, Statement};

/// A game on a `rows` x `cols` map `fill_percent` full, of `tiles` tiles
/// and `tools` stars and bombs each, placed beside tiles of the same level
/// `beside_percent` of the time, ending as `ending` says.
fn game(
    rows: usize,
    cols: usize,
    fill_percent: u8,
    tiles: usize,
    tools: u32,
    beside_percent: u8,
    ending: Ending,
) -> Knobs {
    Knobs {
        sides: Sides::new(rows, cols),
        tools: Tools { stars: Some(tools), bombs: Some(tools) },
        fill_percent: Some(Percent::new(fill_percent)),
        tiles: Some(Count::new(tiles)),
        play: Play {
            beside_percent: PercentOr::new(beside_percent),
            refused_percent: PercentOr::new(0),
            ending: Some(ending),
        },
        edges: EdgeKnob::NONE,
        statement: Statement::WITHIN,
    }
}

pub(super) fn max_tests() -> Vec<MaxTest<TripleTown>> {
    let test = |name, shape| MaxTest { name, size: Size::Max, shape };
    let (most, longest) = (MAX_SIDE, MAX_TILES);
    vec![
        test(
            "100x100, k = 100000, p = q = 1000, placed beside same levels: the largest map and the longest sequence",
            game(most, most, 0, longest, 1000, 100, Ending::Last),
        ),
        test("100x100 half full, k = 100000, p = q = 100000", game(most, most, 50, longest, 100_000, 70, Ending::Last)),
        test(
            "10x10, k = 100000, p = q = 1000, placed beside same levels: merge chains to L9",
            game(10, 10, 0, longest, 1000, 100, Ending::Last),
        ),
        test("100x1, k = 100000, p = q = 100", game(most, 1, 0, longest, 100, 100, Ending::Last)),
        test("1x100, k = 100000, p = q = 100", game(1, most, 0, longest, 100, 100, Ending::Last)),
        test(
            "100x100, k = 100000, END before the sequence ends",
            game(most, most, 20, longest, 100, 90, Ending::Early),
        ),
        test(
            "100x100, k = 100000, no END: scored after the last command",
            game(most, most, 20, longest, 100, 90, Ending::Missing),
        ),
        test(
            "100x100 map filled, k = 100000, p = q = 100000",
            game(most, most, 100, longest, 100_000, 100, Ending::Last),
        ),
    ]
}
