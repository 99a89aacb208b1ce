//! One test per rule or ruling but TT3's (`star`), on small hand-made maps,
//! asserting whole records. Coordinates are 1-based, as the format writes
//! them; the maps' characters are those of `map`. The commands of an n-row
//! map stand on lines n + 6 onwards.

use m3_model::triple::{Action, Bombed, CommandRecord, Instance, Invalid, Map, Outcome, Rejection, Status, EMPTY};

use super::{bomber, built, instance, map, merge, only, placed, play, pos, put, refused, star, statuses, still};
use crate::triple::solve;

// ---- TT1 ------------------------------------------------------------------

#[test]
fn tt1_put_builds_the_next_tile_of_the_sequence_and_scores_its_value() {
    let game = instance(&["..", ".."], 0, 0, &[2, 3], &[put(1, 1), put(2, 2)]);
    let (records, outcome) = play(&game);
    let c = &game.commands;
    assert_eq!(records[0], built(&c[0], placed(1, 1, 2), vec![], 20, 20, &["2.", ".."]));
    assert_eq!(records[1], built(&c[1], placed(2, 2, 3), vec![], 100, 120, &["2.", ".3"]));
    assert_eq!(outcome, Outcome { score: 120, ended: false, rejection: None });
}

#[test]
fn tt1_put_on_an_occupied_cell_is_refused_and_uses_no_tile() {
    let game = instance(&["4."], 0, 0, &[1, 2], &[put(1, 1), put(1, 2)]);
    let (records, outcome) = play(&game);
    let c = &game.commands;
    assert_eq!(records[0], refused(&c[0], Invalid::OccupiedCell, 0, &["4."]));
    // The first tile of the sequence is still the next one.
    assert_eq!(records[1], built(&c[1], placed(1, 2, 1), vec![], 4, 4, &["41"]));
    let rejection = Rejection { line: 7, reason: Invalid::OccupiedCell };
    assert_eq!(outcome, Outcome { score: 4, ended: false, rejection: Some(rejection) });
}

#[test]
fn tt1_put_after_the_sequence_is_used_up_is_refused() {
    let game = instance(&["..."], 0, 0, &[5], &[put(1, 1), put(1, 2)]);
    let (records, outcome) = play(&game);
    assert_eq!(records[0], built(&game.commands[0], placed(1, 1, 5), vec![], 1_500, 1_500, &["5.."]));
    assert_eq!(records[1], refused(&game.commands[1], Invalid::SequenceUsedUp, 1_500, &["5.."]));
    assert_eq!(outcome.rejection, Some(Rejection { line: 8, reason: Invalid::SequenceUsedUp }));
}

#[test]
fn tt1_a_cell_off_the_map_is_refused_whatever_its_numbers() {
    let off = [
        put(0, 1),
        put(1, 0),
        put(3, 1),
        put(1, 4),
        put(-1, -1),
        put(i64::MAX, 1),
        put(1, i64::MIN),
        star(i64::MIN, i64::MIN),
        bomber(i64::MAX, i64::MAX),
        bomber(0, 0),
    ];
    let mut actions = off.to_vec();
    actions.push(put(2, 3));
    let game = instance(&["...", "..."], 1, 1, &[6], &actions);
    let (records, outcome) = play(&game);
    for (record, command) in records.iter().zip(&game.commands).take(off.len()) {
        assert_eq!(*record, refused(command, Invalid::OutsideMap, 0, &["...", "..."]));
    }
    // The last cell of the map is on it, and gets the untouched first tile.
    assert_eq!(
        records[off.len()],
        built(&game.commands[off.len()], placed(2, 3, 6), vec![], 5_000, 5_000, &["...", "..6"])
    );
    assert_eq!(outcome.rejection, Some(Rejection { line: 8, reason: Invalid::OutsideMap }));
}

// ---- TT2 ------------------------------------------------------------------

#[test]
fn tt2_region_of_three_merges_into_the_placed_cell() {
    let (game, record) = only(&["1..", ".1.", "2.."], 0, 0, &[1], put(1, 2));
    let expected =
        built(&game.commands[0], placed(1, 2, 1), vec![merge(2, &[(1, 1), (2, 2)])], 24, 24, &[".2.", "...", "2.."]);
    assert_eq!(record, expected);
}

#[test]
fn tt2_region_of_two_does_not_merge() {
    let (game, record) = only(&["1.", ".."], 0, 0, &[1], put(1, 2));
    assert_eq!(record, built(&game.commands[0], placed(1, 2, 1), vec![], 4, 4, &["11", ".."]));
}

#[test]
fn tt2_diagonal_tiles_are_not_connected() {
    let (game, record) = only(&["1.1", "...", "1.1"], 0, 0, &[1], put(2, 2));
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 1), vec![], 4, 4, &["1.1", ".1.", "1.1"]));
}

#[test]
fn tt2_the_whole_region_merges_and_its_cells_are_listed_row_major() {
    // The region reaches (1,3) and (2,4) through (2,3); it is found in
    // another order than the rows'. (1,1) touches it only diagonally.
    let (game, record) = only(&["1.1.", "..11", "31.."], 0, 0, &[1], put(2, 2));
    let merges = vec![merge(2, &[(1, 3), (2, 3), (2, 4), (3, 2)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 1), merges, 24, 24, &["1...", ".2..", "3..."]));
}

#[test]
fn tt2_chain_merges_repeat_at_the_placed_cell() {
    // The statement's figure 3: 4 + 20 + 100 + 500.
    let (game, record) = only(&["122", "1.3", "53."], 0, 0, &[1], put(2, 2));
    let merges = vec![merge(2, &[(1, 1), (2, 1)]), merge(3, &[(1, 2), (1, 3)]), merge(4, &[(2, 3), (3, 2)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 1), merges, 624, 624, &["...", ".4.", "5.."]));
}

#[test]
fn tt2_l9_never_merges() {
    // Three 8s make a 9 that stands in a region of four 9s: it stays.
    let (game, record) = only(&["8.9", "899"], 0, 0, &[8], put(1, 2));
    let merges = vec![merge(9, &[(1, 1), (2, 1)])];
    assert_eq!(record, built(&game.commands[0], placed(1, 2, 8), merges, 600_000, 600_000, &[".99", ".99"]));
    // A placed 9 next to two 9s: no merge either.
    let (game, record) = only(&["9.9"], 0, 0, &[9], put(1, 2));
    assert_eq!(record, built(&game.commands[0], placed(1, 2, 9), vec![], 500_000, 500_000, &["999"]));
}

// ---- TT4 ------------------------------------------------------------------

#[test]
fn tt4_bomber_empties_the_cell_and_costs_half_its_value() {
    let game = instance(&["39"], 0, 2, &[], &[bomber(1, 1), bomber(1, 2)]);
    let (records, outcome) = play(&game);
    let bombed = |col, level, penalty| Some(Bombed { pos: pos(1, col), level, penalty });
    let record = |index: usize, bombed, points, score, after| CommandRecord {
        command: game.commands[index].clone(),
        status: Status::Played,
        placed: None,
        merges: Vec::new(),
        bombed,
        points,
        score,
        map: map(&[after]),
    };
    assert_eq!(records[0], record(0, bombed(1, 3, 50), -50, -50, ".9"));
    assert_eq!(records[1], record(1, bombed(2, 9, 250_000), -250_000, -250_050, ".."));
    assert_eq!(outcome, Outcome { score: -250_050, ended: false, rejection: None });
}

#[test]
fn tt4_a_bomb_causes_no_reaction() {
    // The 1s left around the bombed cell stand in a region of four: they
    // stay, and nothing is placed there.
    let (_, record) = only(&["111", "12."], 0, 1, &[], bomber(2, 2));
    assert_eq!(record.status, Status::Played);
    assert_eq!(record.merges, []);
    assert_eq!(record.placed, None);
    assert_eq!(record.points, -10);
    assert_eq!(record.map, map(&["111", "1.."]));
}

#[test]
fn tt4_bomber_on_an_empty_cell_is_refused_and_uses_no_bomb() {
    let game = instance(&["2."], 0, 1, &[], &[bomber(1, 2), bomber(1, 1)]);
    let (records, outcome) = play(&game);
    assert_eq!(records[0], refused(&game.commands[0], Invalid::EmptyCell, 0, &["2."]));
    assert_eq!(records[1].status, Status::Played);
    assert_eq!((records[1].points, &records[1].map), (-10, &map(&[".."])));
    assert_eq!(outcome.rejection, Some(Rejection { line: 7, reason: Invalid::EmptyCell }));
}

#[test]
fn tt4_bomber_with_none_left_is_refused() {
    let game = instance(&["22"], 0, 1, &[], &[bomber(1, 1), bomber(1, 2)]);
    let (records, _) = play(&game);
    assert_eq!(records[1], refused(&game.commands[1], Invalid::NoBombLeft, -10, &[".2"]));
}

// ---- TT5 ------------------------------------------------------------------

#[test]
fn tt5_end_ends_the_game_and_later_commands_change_nothing() {
    let unknown = Action::Unknown("PUT 1".to_string());
    let actions = [put(1, 1), Action::End, put(1, 2), unknown, bomber(1, 1), Action::End];
    let game = instance(&[".."], 0, 1, &[1, 1], &actions);
    let (records, outcome) = play(&game);
    assert_eq!(records[1], still(&game.commands[1], Status::Played, 4, &["1."]));
    for (record, command) in records.iter().zip(&game.commands).skip(2) {
        // Not refusals either: a refusable line after END is ignored.
        assert_eq!(*record, still(command, Status::AfterEnd, 4, &["1."]));
    }
    assert_eq!(outcome, Outcome { score: 4, ended: true, rejection: None });
    assert_eq!(solve(&game), Ok(4));
}

#[test]
fn tt5_stars_and_bombs_work_after_the_sequence_is_used_up() {
    let game = instance(&["..."], 1, 1, &[1], &[put(1, 1), put(1, 3), star(1, 2), bomber(1, 1), Action::End]);
    let (records, outcome) = play(&game);
    assert_eq!(records[1].status, Status::Invalid(Invalid::SequenceUsedUp));
    // The star joins one 1: a region of two, no reaction.
    assert_eq!(records[2], built(&game.commands[2], placed(1, 2, 1), vec![], 4, 8, &["11."]));
    assert_eq!(records[3].status, Status::Played);
    assert_eq!((records[3].score, &records[3].map), (6, &map(&[".1."])));
    assert_eq!(outcome.score, 6);
    assert!(outcome.ended);
}

#[test]
fn tt5_end_may_come_before_the_sequence_is_used_up() {
    let game = instance(&["..."], 0, 0, &[1, 2, 3], &[put(1, 1), Action::End]);
    let (_, outcome) = play(&game);
    assert_eq!(outcome, Outcome { score: 4, ended: true, rejection: None });
}

#[test]
fn tt5_a_game_without_end_is_scored_where_its_commands_stop() {
    let game = instance(&["..."], 0, 0, &[1, 2, 3], &[put(1, 1), put(1, 3)]);
    let (_, outcome) = play(&game);
    assert_eq!(outcome, Outcome { score: 24, ended: false, rejection: None });
    assert_eq!(solve(&game), Ok(24));
}

// ---- TT6 ------------------------------------------------------------------

#[test]
fn tt6_an_initial_region_stays_until_a_placement_reaches_it() {
    let game = instance(&["111.", "...."], 0, 0, &[2, 1], &[put(2, 4), put(1, 4)]);
    let (records, _) = play(&game);
    // A placement elsewhere leaves the three 1s alone.
    assert_eq!(records[0], built(&game.commands[0], placed(2, 4, 2), vec![], 20, 20, &["111.", "...2"]));
    // A 1 next to them merges all four; the 2 made joins the other: two.
    let merges = vec![merge(2, &[(1, 1), (1, 2), (1, 3)])];
    assert_eq!(records[1], built(&game.commands[1], placed(1, 4, 1), merges, 24, 44, &["...2", "...2"]));
}

#[test]
fn tt6_a_chain_reaches_an_initial_region() {
    // The 2 made at (2,2) touches the initial three 2s: four merge.
    let (game, record) = only(&["222", "1.1"], 0, 0, &[1], put(2, 2));
    let merges = vec![merge(2, &[(2, 1), (2, 3)]), merge(3, &[(1, 1), (1, 2), (1, 3)])];
    assert_eq!(record, built(&game.commands[0], placed(2, 2, 1), merges, 124, 124, &["...", ".3."]));
}

#[test]
fn tt6_a_map_wide_initial_region_merges_whole() {
    // A 100x100 map of 1s but one hole: the 1 built there merges all of
    // them at once, and the 2 made stands alone.
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

// ---- TT7 ------------------------------------------------------------------

#[test]
fn tt7_refusal_reasons_follow_their_order_of_precedence() {
    let unknown = Action::Unknown("STAR 0 0 0".to_string());
    // No tile, no star, no bomb: each command fails two ways at least.
    let actions = [
        unknown,       // unknown, with a cell off the map in its words
        put(0, 0),     // off the map, and the sequence used up
        put(1, 1),     // the sequence used up, and an occupied cell
        star(1, 9),    // off the map, and no star
        star(1, 1),    // no star, and an occupied cell
        bomber(-5, 1), // off the map, and no bomb
        bomber(1, 2),  // no bomb, and an empty cell
    ];
    let game = instance(&["5."], 0, 0, &[], &actions);
    let (records, outcome) = play(&game);
    use Invalid::*;
    let reasons = [UnknownCommand, OutsideMap, SequenceUsedUp, OutsideMap, NoStarLeft, OutsideMap, NoBombLeft];
    assert_eq!(statuses(&records), reasons.map(Status::Invalid));
    assert_eq!(
        outcome,
        Outcome { score: 0, ended: false, rejection: Some(Rejection { line: 7, reason: UnknownCommand }) }
    );

    // With every supply at hand, the cell is what is left to refuse.
    let game = instance(&["5."], 1, 1, &[1], &[put(1, 1), star(1, 1), bomber(1, 2)]);
    let (records, _) = play(&game);
    assert_eq!(statuses(&records), [OccupiedCell, OccupiedCell, EmptyCell].map(Status::Invalid));
    assert!(records.iter().all(|record| record.map == map(&["5."]) && record.score == 0));
}

#[test]
fn tt7_the_first_refusal_is_the_answer_and_play_goes_on() {
    let actions = [put(1, 1), put(1, 1), put(1, 4), put(1, 2), put(1, 3)];
    let game = instance(&["..."], 0, 0, &[1, 1, 1], &actions);
    let (records, outcome) = play(&game);
    let c = &game.commands;
    assert_eq!(records[1], refused(&c[1], Invalid::OccupiedCell, 4, &["1.."]));
    assert_eq!(records[2], refused(&c[2], Invalid::OutsideMap, 4, &["1.."]));
    assert_eq!(records[3], built(&c[3], placed(1, 2, 1), vec![], 4, 8, &["11."]));
    let merges = vec![merge(2, &[(1, 1), (1, 2)])];
    assert_eq!(records[4], built(&c[4], placed(1, 3, 1), merges, 24, 32, &["..2"]));
    let first = Rejection { line: 8, reason: Invalid::OccupiedCell };
    assert_eq!(outcome, Outcome { score: 32, ended: false, rejection: Some(first) });
    assert_eq!(solve(&game), Err(first));
}

#[test]
fn tt7_a_line_that_is_no_command_is_refused() {
    let game = instance(&["."], 0, 0, &[1], &[Action::Unknown("put 1 1".to_string()), put(1, 1)]);
    let (records, outcome) = play(&game);
    assert_eq!(records[0], refused(&game.commands[0], Invalid::UnknownCommand, 0, &["."]));
    assert_eq!(records[1].status, Status::Played);
    assert_eq!(outcome.result(), Err(Rejection { line: 7, reason: Invalid::UnknownCommand }));
}
