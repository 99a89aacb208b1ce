//! The fill list (`regions`) is sized for the whole map at the start: a
//! region of the map's first tiles as large as the map must fit it, with
//! no allocation during play. A file of it would hold 10,000 cells and
//! records of as many, no case a reviewer could read.

use m3_model::triple::{Instance, Map, EMPTY};

use super::{play, put};

#[test]
fn a_fill_over_the_whole_map_fits_its_list() {
    // A 100x100 map of 1s but one hole: the 1 built there merges all of
    // them at once (TT2, TT6), and the 2 made stands alone.
    let mut start = Map::filled(100, 100, 1);
    start.set(57, 31, EMPTY);
    let game = Instance::new(1, start, 0, 0, vec![1], vec![put(58, 32)]);
    let (records, _) = play(&game);
    assert_eq!(records[0].merges.len(), 1);
    assert_eq!(records[0].merges[0].emptied.len(), 9_999);
    assert_eq!(records[0].points, 24);
    let mut after = Map::filled(100, 100, EMPTY);
    after.set(57, 31, 2);
    assert_eq!(records[0].map, after);
}
