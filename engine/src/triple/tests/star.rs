//! TT3: the star's level, from its neighbours, on small hand-made maps,
//! asserting whole records; the conventions of `rules`.

use m3_model::triple::{Invalid, Outcome, Rejection};

use super::{built, instance, merge, only, placed, play, put, refused, star};

#[test]
fn tt3_star_becomes_the_highest_level_that_would_react() {
    // As L1 it would react (two single 1s), as L2 too (a pair of 2s), as
    // L3 not (one 3): it becomes L2.
    let (game, record) = only(&[".1.", "1.2", ".32"], 1, 0, &[], star(2, 2));
    let merges = vec![merge(3, &[(2, 3), (3, 3)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 2), merges, 120, 120, &[".1.", "13.", ".3."]));
}

#[test]
fn tt3_star_takes_the_highest_reacting_level_not_the_richest_chain() {
    // As L1 it would chain 1 -> 2 -> 3 -> 4 (624 points); as L3 it makes
    // only 3 -> 4 (600). L3 is the higher level that reacts.
    let (game, record) = only(&["33.", "1.2", "1.2"], 1, 0, &[], star(2, 2));
    let merges = vec![merge(4, &[(1, 1), (1, 2)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 3), merges, 600, 600, &["...", "142", "1.2"]));
}

#[test]
fn tt3_star_that_would_react_nowhere_becomes_l1() {
    // Three single tiles of three levels around it; as L1 it joins one 1.
    let (game, record) = only(&["1.2", ".3."], 1, 0, &[], star(1, 2));
    assert_eq!(record, built(&game.commands[0], placed(1, 2, 1), vec![], 4, 4, &["112", ".3."]));
    // Alone on the map.
    let (game, record) = only(&["."], 1, 0, &[], star(1, 1));
    assert_eq!(record, built(&game.commands[0], placed(1, 1, 1), vec![], 4, 4, &["1"]));
}

#[test]
fn tt3_star_joins_two_neighbouring_regions_of_one_level() {
    // Two single 4s on either side: 1 + 1 + 1 = 3. The 5 made then stands
    // in a region of two.
    let (game, record) = only(&[".3.", "4.4", ".5."], 1, 0, &[], star(2, 2));
    let merges = vec![merge(5, &[(2, 1), (2, 3)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 4), merges, 2_000, 2_000, &[".3.", ".5.", ".5."]));
    // A single 2 and a pair of 2s: 1 + 1 + 2 = 4.
    let (game, record) = only(&["2.2", "..2"], 1, 0, &[], star(1, 2));
    let merges = vec![merge(3, &[(1, 1), (1, 3), (2, 3)])];
    assert_eq!(record, built(&game.commands[0], placed(1, 2, 2), merges, 120, 120, &[".3.", "..."]));
}

#[test]
fn tt3_star_whose_two_neighbours_are_one_region_counts_it_once() {
    // (1,2) and (2,1) are one region of 2s through (1,1), as (2,3) and
    // (3,2) are one region of 1s through (3,3). The star becomes L2 and
    // merges four tiles, each emptied once; the 1s stay (TT6).
    let (game, record) = only(&["22.", "2.1", ".11"], 1, 0, &[], star(2, 2));
    let merges = vec![merge(3, &[(1, 1), (1, 2), (2, 1)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 2), merges, 120, 120, &["...", ".31", ".11"]));
}

#[test]
fn tt3_star_next_to_an_l9_region_never_counts_it() {
    // A region of four 9s around it and a single 1: it becomes L1.
    let (game, record) = only(&["999", "9.1"], 1, 0, &[], star(2, 2));
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 1), vec![], 4, 4, &["999", "911"]));
    // Next to 9s and a pair of 8s: L8, which merges into a 9 that stays.
    let (game, record) = only(&["998", "9.8"], 1, 0, &[], star(2, 2));
    let merges = vec![merge(9, &[(1, 3), (2, 3)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 8), merges, 600_000, 600_000, &["99.", "99."]));
}

#[test]
fn tt3_star_does_not_use_up_the_sequence() {
    let game = instance(&["..."], 1, 0, &[3], &[star(1, 1), put(1, 3)]);
    let (records, outcome) = play(&game);
    assert_eq!(records[0], built(&game.commands[0], placed(1, 1, 1), vec![], 4, 4, &["1.."]));
    assert_eq!(records[1], built(&game.commands[1], placed(1, 3, 3), vec![], 100, 104, &["1.3"]));
    assert_eq!(outcome, Outcome { score: 104, ended: false, rejection: None });
}

#[test]
fn tt3_star_with_none_left_is_refused() {
    let game = instance(&["..."], 1, 0, &[], &[star(1, 1), star(1, 3)]);
    let (records, outcome) = play(&game);
    assert_eq!(records[1], refused(&game.commands[1], Invalid::NoStarLeft, 4, &["1.."]));
    assert_eq!(outcome.rejection, Some(Rejection { line: 8, reason: Invalid::NoStarLeft }));
}

#[test]
fn tt3_star_on_an_occupied_cell_is_refused_and_uses_no_star() {
    let game = instance(&["5."], 1, 0, &[], &[star(1, 1), star(1, 2)]);
    let (records, _) = play(&game);
    assert_eq!(records[0], refused(&game.commands[0], Invalid::OccupiedCell, 0, &["5."]));
    assert_eq!(records[1], built(&game.commands[1], placed(1, 2, 1), vec![], 4, 4, &["51"]));
}
