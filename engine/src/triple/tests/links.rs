//! TT2-TT4 on regions that commands built, which the engine knows from each
//! tile's link to its partner with no fill, and on the map's first tiles
//! once a bomb has split their region. The maps of `rules` start every tile
//! on the map, so they take the other path; these start empty or nearly.

use m3_model::triple::{Action, CommandRecord, Map, Merge};

use super::{bomber, instance, map, merge, play, put, star};

/// The map after each command, and each command's merges.
fn replay(rows: &[&str], stars: u32, bombs: u32, sequence: &[u8], actions: &[Action]) -> (Vec<Map>, Vec<Vec<Merge>>) {
    let (records, _) = play(&instance(rows, stars, bombs, sequence, actions));
    let maps = records.iter().map(|record| record.map.clone()).collect();
    let merges = records.into_iter().map(|record: CommandRecord| record.merges).collect();
    (maps, merges)
}

fn maps(rows: &[&[&str]]) -> Vec<Map> {
    rows.iter().map(|rows| map(rows)).collect()
}

#[test]
fn tt2_a_pair_built_by_commands_merges_with_a_third_tile() {
    let (after, merges) = replay(&["..."], 0, 0, &[1, 1, 1], &[put(1, 1), put(1, 2), put(1, 3)]);
    assert_eq!(after, maps(&[&["1.."], &["11."], &["..2"]]));
    assert_eq!(merges[2], [merge(2, &[(1, 1), (1, 2)])]);
}

#[test]
fn tt2_two_lone_tiles_built_by_commands_merge_through_the_placed_one() {
    let (after, merges) = replay(&["..."], 0, 0, &[1, 1, 1], &[put(1, 1), put(1, 3), put(1, 2)]);
    assert_eq!(after, maps(&[&["1.."], &["1.1"], &[".2."]]));
    assert_eq!(merges[2], [merge(2, &[(1, 1), (1, 3)])]);
}

#[test]
fn tt2_a_tile_raised_by_a_merge_pairs_with_its_neighbour_of_the_new_level() {
    // The 2 made at (1,3) and the 2 at (1,4) make a region of two; a third
    // 2 beside (1,4), not beside the made one, merges all three.
    let sequence = [2, 1, 1, 1, 2];
    let actions = [put(1, 4), put(1, 1), put(1, 2), put(1, 3), put(2, 4)];
    let (after, merges) = replay(&["....", "...."], 0, 0, &sequence, &actions);
    assert_eq!(after[3], map(&["..22", "...."]));
    assert_eq!(after[4], map(&["....", "...3"]));
    assert_eq!(merges[3], [merge(2, &[(1, 1), (1, 2)])]);
    assert_eq!(merges[4], [merge(3, &[(1, 3), (1, 4)])]);
}

#[test]
fn tt4_a_bomb_on_a_pair_leaves_the_other_tile_alone() {
    // Once (1,1) is bombed, (1,2) stands alone: with (1,3) it makes a
    // region of two, which does not merge until (1,1) is built again.
    let actions = [put(1, 1), put(1, 2), bomber(1, 1), put(1, 3), put(1, 1)];
    let (after, merges) = replay(&["..."], 0, 1, &[1, 1, 1, 1], &actions);
    assert_eq!(after, maps(&[&["1.."], &["11."], &[".1."], &[".11"], &["2.."]]));
    assert_eq!(merges[3], []);
    assert_eq!(merges[4], [merge(2, &[(1, 2), (1, 3)])]);
}

#[test]
fn tt4_a_bomb_splits_a_region_of_first_tiles() {
    // The bomb leaves a 1 alone and a pair of 1s: a 1 beside the pair
    // merges three tiles, a 1 beside the lone one none.
    let actions = [bomber(1, 2), put(1, 5), put(1, 2)];
    let (after, merges) = replay(&["1111."], 0, 1, &[1, 1], &actions);
    assert_eq!(after, maps(&[&["1.11."], &["1...2"], &["11..2"]]));
    assert_eq!(merges[1], [merge(2, &[(1, 3), (1, 4)])]);
    assert_eq!(merges[2], []);
}

#[test]
fn tt4_a_bomb_on_a_first_tile_paired_by_a_command_leaves_the_other_alone() {
    // (1,2) and the first tile (1,1) make a pair; bombing (1,1) leaves
    // (1,2) alone, so (1,3) beside it makes a region of two.
    let actions = [put(1, 2), bomber(1, 1), put(1, 3), put(1, 1)];
    let (after, merges) = replay(&["1..."], 0, 1, &[1, 1, 1], &actions);
    assert_eq!(after, maps(&[&["11.."], &[".1.."], &[".11."], &["2..."]]));
    assert_eq!(merges[2], []);
}

#[test]
fn tt3_a_star_beside_a_pair_built_by_commands_takes_its_level() {
    // As L3 it joins the pair of 3s; as L1 it would join the lone 1 only.
    let actions = [put(1, 1), put(1, 2), put(1, 4), star(1, 3)];
    let (after, merges) = replay(&["...."], 1, 0, &[3, 3, 1], &actions);
    assert_eq!(after[3], map(&["..41"]));
    assert_eq!(merges[3], [merge(4, &[(1, 1), (1, 2)])]);
}

#[test]
fn tt3_a_star_beside_a_lone_tile_built_by_commands_becomes_l1() {
    let actions = [put(1, 1), star(1, 2)];
    let (after, merges) = replay(&["..."], 1, 0, &[3], &actions);
    assert_eq!(after[1], map(&["31."]));
    assert_eq!(merges[1], []);
}
