//! The official sample and hand-made maps, one or more tests per rule. Every
//! expected value was worked out from docs/RULES.md by hand; the working is in the
//! comments. Positions are written 1-based, (row, column), as the statement
//! writes them, and maps as the format writes them (`.` empty, a digit a
//! tile's level).

use super::*;
use m3_model::triple::parse;

/// The problem text: test number 1, the map's rows, p and q, the sequence,
/// then the command lines. The first command stands on line rows + 6.
fn text(rows: &[&str], stars: u32, bombs: u32, sequence: &[u8], commands: &[&str]) -> String {
    let mut text = format!("1\n{} {}\n{stars} {bombs}\n", rows.len(), rows[0].len());
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    let levels: Vec<String> = sequence.iter().map(u8::to_string).collect();
    text.push_str(&format!("{}\n{}\n", sequence.len(), levels.join(" ")));
    for command in commands {
        text.push_str(command);
        text.push('\n');
    }
    text
}

fn read(rows: &[&str], stars: u32, bombs: u32, sequence: &[u8], commands: &[&str]) -> Instance {
    parse(&text(rows, stars, bombs, sequence, commands)).unwrap()
}

/// Plays every command: the record of each and the outcome.
fn play_instance(instance: &Instance) -> (Vec<CommandRecord>, Outcome) {
    let mut game = Reference::start(instance);
    let records = instance.commands.iter().map(|command| game.step(command)).collect();
    (records, game.finish())
}

/// An expected map, in the format's characters. A level above 9, which only
/// a hand-made instance holds, is written as the format prints it, '0' plus
/// the level: ':' is 10, '<' is 12.
fn map(rows: &[&str]) -> Map {
    let cells = rows.iter().flat_map(|row| row.bytes()).map(|ch| if ch == b'.' { EMPTY } else { ch - b'0' }).collect();
    Map::from_cells(rows.len(), rows[0].len(), cells)
}

/// A position, 1-based as the statement writes it.
fn at(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

fn placed(row: usize, col: usize, level: u8) -> Option<Placed> {
    Some(Placed { pos: at(row, col), level })
}

fn merge(level: u8, emptied: &[(usize, usize)]) -> Merge {
    Merge { level, emptied: emptied.iter().map(|&(row, col)| at(row, col)).collect() }
}

/// The record of a PUT or a STAR that was carried out (or, with no tile, of
/// END).
fn built(
    command: &Command,
    placed: Option<Placed>,
    merges: Vec<Merge>,
    points: i64,
    score: i64,
    rows: &[&str],
) -> CommandRecord {
    CommandRecord {
        command: command.clone(),
        status: Status::Played,
        placed,
        merges,
        bombed: None,
        points,
        score,
        map: map(rows),
    }
}

/// The record of a BOMBER that was carried out.
fn bombed(
    command: &Command,
    (row, col): (usize, usize),
    level: u8,
    penalty: i64,
    points: i64,
    score: i64,
    rows: &[&str],
) -> CommandRecord {
    CommandRecord {
        command: command.clone(),
        status: Status::Played,
        placed: None,
        merges: Vec::new(),
        bombed: Some(Bombed { pos: at(row, col), level, penalty }),
        points,
        score,
        map: map(rows),
    }
}

/// The record of a command that did nothing, for the reason `status` gives.
fn idle(command: &Command, status: Status, score: i64, rows: &[&str]) -> CommandRecord {
    CommandRecord {
        command: command.clone(),
        status,
        placed: None,
        merges: Vec::new(),
        bombed: None,
        points: 0,
        score,
        map: map(rows),
    }
}

fn refused(command: &Command, reason: Invalid, score: i64, rows: &[&str]) -> CommandRecord {
    idle(command, Status::Invalid(reason), score, rows)
}

fn outcome(score: i64, ended: bool, rejection: Option<(usize, Invalid)>) -> Outcome {
    Outcome { score, ended, rejection: rejection.map(|(line, reason)| Rejection { line, reason }) }
}

const SAMPLE: &str = "0\n2 3\n1 1\n..1\n221\n2\n1 3\nPUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n";

// ---- The official sample ---------------------------------------------------

#[test]
fn official_sample_answers_824() {
    assert_eq!(solve(&parse(SAMPLE).unwrap()), Ok(824));
}

#[test]
fn official_sample_scores_124_then_100_then_600() {
    // PUT 1 2 builds the L1: with (1,3) and (2,3) it makes an L2 at (1,2),
    // which with (2,1) and (2,2) makes an L3: 4 + 20 + 100 = 124.
    // PUT 1 1 builds the L3 beside it: 100.
    // STAR 2 1 touches only the two L3s (1,1)-(1,2): it becomes an L3, and
    // they merge into an L4 at (2,1): 100 + 500 = 600.
    let instance = parse(SAMPLE).unwrap();
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(
                &c[0],
                placed(1, 2, 1),
                vec![merge(2, &[(1, 3), (2, 3)]), merge(3, &[(2, 1), (2, 2)])],
                124,
                124,
                &[".3.", "..."]
            ),
            built(&c[1], placed(1, 1, 3), vec![], 100, 224, &["33.", "..."]),
            built(&c[2], placed(2, 1, 3), vec![merge(4, &[(1, 1), (1, 2)])], 600, 824, &["...", "4.."]),
            built(&c[3], None, vec![], 0, 824, &["...", "4.."]),
        ]
    );
    assert_eq!(finished, outcome(824, true, None));
}

// ---- TT1 -------------------------------------------------------------------

#[test]
fn tt1_put_builds_the_next_tile_of_the_sequence_and_scores_its_value() {
    // Three tiles on cells that touch nothing: 20, 1500, 500000, in the
    // sequence's order whatever cells they go to.
    let instance = read(&["...", "...", "..."], 0, 0, &[2, 5, 9], &["PUT 1 1", "PUT 3 3", "PUT 1 3", "END"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(1, 1, 2), vec![], 20, 20, &["2..", "...", "..."]),
            built(&c[1], placed(3, 3, 5), vec![], 1500, 1520, &["2..", "...", "..5"]),
            built(&c[2], placed(1, 3, 9), vec![], 500_000, 501_520, &["2.9", "...", "..5"]),
            idle(&c[3], Status::Played, 501_520, &["2.9", "...", "..5"]),
        ]
    );
    assert_eq!(finished, outcome(501_520, true, None));
}

#[test]
fn tt1_put_on_an_occupied_cell_is_refused() {
    let instance = read(&["4."], 0, 0, &[1], &["PUT 1 1"]);
    let (records, finished) = play_instance(&instance);
    assert_eq!(records, [refused(&instance.commands[0], Invalid::OccupiedCell, 0, &["4."])]);
    assert_eq!(finished, outcome(0, false, Some((7, Invalid::OccupiedCell))));
}

#[test]
fn tt1_put_after_the_sequence_is_used_up_is_refused() {
    // One tile in the sequence: the second PUT has none to build.
    let instance = read(&["..."], 0, 0, &[2], &["PUT 1 1", "PUT 1 3", "END"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(records[0], built(&c[0], placed(1, 1, 2), vec![], 20, 20, &["2.."]));
    assert_eq!(records[1], refused(&c[1], Invalid::SequenceUsedUp, 20, &["2.."]));
    assert_eq!(finished, outcome(20, true, Some((8, Invalid::SequenceUsedUp))));
    // An empty sequence (k = 0) has none for the first PUT either.
    let empty = read(&["..."], 0, 0, &[], &["PUT 1 1"]);
    assert_eq!(solve(&empty), Err(Rejection { line: 7, reason: Invalid::SequenceUsedUp }));
}

// ---- TT2 -------------------------------------------------------------------

#[test]
fn tt2_a_region_of_three_merges_into_the_placed_cell() {
    // The statement's figure 2 in small: the L1 built at (2,2) joins (1,2)
    // and (2,1) (not touching each other): L2 at (2,2), 4 + 20 = 24. The L2
    // at (3,3) is only diagonal to it: no second merge.
    let instance = read(&[".1.", "1..", "..2"], 0, 0, &[1], &["PUT 2 2"]);
    let (records, finished) = play_instance(&instance);
    assert_eq!(
        records,
        [built(
            &instance.commands[0],
            placed(2, 2, 1),
            vec![merge(2, &[(1, 2), (2, 1)])],
            24,
            24,
            &["...", ".2.", "..2"]
        )]
    );
    assert_eq!(finished, outcome(24, false, None));
}

#[test]
fn tt2_the_whole_region_merges_and_is_emptied_in_row_major_order() {
    // The L1 at (2,3) reaches (2,2), then (1,2), (1,1), (3,2), (3,1): six
    // tiles, all merge. (1,4) touches none of them and stays. The new L2
    // touches the L2 at (3,3): two tiles, no second merge.
    let instance = read(&["11.1", ".1..", "112."], 0, 0, &[1], &["PUT 2 3"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(
        records,
        [built(
            &instance.commands[0],
            placed(2, 3, 1),
            vec![merge(2, &[(1, 1), (1, 2), (2, 2), (3, 1), (3, 2)])],
            24,
            24,
            &["...1", "..2.", "..2."]
        )]
    );
}

#[test]
fn tt2_regions_are_4_connected_and_need_three_tiles() {
    // PUT 3 3 is diagonal to (2,2): a diagonal line of three L1s, no merge.
    // PUT 3 4 touches (3,3): a region of two, no merge.
    let instance = read(&["1...", ".1..", "...."], 0, 0, &[1, 1], &["PUT 3 3", "PUT 3 4"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(3, 3, 1), vec![], 4, 4, &["1...", ".1..", "..1."]),
            built(&c[1], placed(3, 4, 1), vec![], 4, 8, &["1...", ".1..", "..11"]),
        ]
    );
    assert_eq!(finished, outcome(8, false, None));
}

#[test]
fn tt2_a_chain_merges_at_the_placed_cell() {
    // The statement's figure 3: one move scores 4 + 20 + 100 + 500 = 624.
    // L1 at (2,2) with (2,1), (1,1): L2 there. With (1,2), (1,3): L3 there.
    // With (2,3), (3,3): L4 there. With (3,2) only two L4s: the chain stops.
    let instance = read(&["122", "1.3", ".43"], 0, 0, &[1], &["PUT 2 2"]);
    let (records, finished) = play_instance(&instance);
    assert_eq!(
        records,
        [built(
            &instance.commands[0],
            placed(2, 2, 1),
            vec![merge(2, &[(1, 1), (2, 1)]), merge(3, &[(1, 2), (1, 3)]), merge(4, &[(2, 3), (3, 3)])],
            624,
            624,
            &["...", ".4.", ".4."]
        )]
    );
    assert_eq!(finished, outcome(624, false, None));
}

#[test]
fn tt2_a_chain_stops_at_l9() {
    // L7 at (2,2) with (1,1), (2,1): L8. With (1,2), (2,3): L9. It now
    // touches the L9s (3,2)-(3,3), a region of three, but L9 never merges.
    // 20000 + 100000 + 500000 = 620000.
    let instance = read(&["789", "7.8", "199"], 0, 0, &[7], &["PUT 2 2"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(
        records,
        [built(
            &instance.commands[0],
            placed(2, 2, 7),
            vec![merge(8, &[(1, 1), (2, 1)]), merge(9, &[(1, 2), (2, 3)])],
            620_000,
            620_000,
            &["..9", ".9.", "199"]
        )]
    );
}

#[test]
fn tt2_a_built_l9_never_merges() {
    let instance = read(&["99."], 0, 0, &[9], &["PUT 1 3"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(records, [built(&instance.commands[0], placed(1, 3, 9), vec![], 500_000, 500_000, &["999"])]);
}

// ---- TT3 -------------------------------------------------------------------

#[test]
fn tt3_star_takes_the_highest_level_that_reacts_not_the_lowest() {
    // At (1,2) an L1 would react with (1,1), (2,1) and an L2 with (1,3),
    // (2,3); an L3 would only touch (2,2). The star is an L2: 20, then the
    // L3 merge 100; the new L3 and (2,2) are two. The L1s stay.
    let instance = read(&["1.2", "132"], 1, 0, &[], &["STAR 1 2"]);
    let (records, finished) = play_instance(&instance);
    assert_eq!(
        records,
        [built(&instance.commands[0], placed(1, 2, 2), vec![merge(3, &[(1, 3), (2, 3)])], 120, 120, &["13.", "13."])]
    );
    assert_eq!(finished, outcome(120, false, None));
}

#[test]
fn tt3_a_star_that_reacts_at_no_level_is_an_l1() {
    // (2,1) touches one L2 and one L3: no level makes a region of three.
    let instance = read(&["2.", ".3"], 1, 0, &[], &["STAR 2 1"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(records, [built(&instance.commands[0], placed(2, 1, 1), vec![], 4, 4, &["2.", "13"])]);
}

#[test]
fn tt3_a_star_can_be_an_l8_but_never_an_l9() {
    // STAR 1 3 beside the L8s (1,1)-(1,2): an L8 (100000), merging into an
    // L9 (500000). STAR 2 3 touches the L9s (1,3) and (2,2)-(2,1): an L9
    // would make a region of four, but a star tries only 1..=8, and none of
    // those reacts: it is an L1.
    let instance = read(&["88.", "99."], 2, 0, &[], &["STAR 1 3", "STAR 2 3"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(1, 3, 8), vec![merge(9, &[(1, 1), (1, 2)])], 600_000, 600_000, &["..9", "99."]),
            built(&c[1], placed(2, 3, 1), vec![], 4, 600_004, &["..9", "991"]),
        ]
    );
    assert_eq!(finished, outcome(600_004, false, None));
}

#[test]
fn tt3_a_star_does_not_use_up_the_sequence() {
    // The star at (1,1) is an L1; the PUT after it still builds the
    // sequence's only tile, an L3, and the next PUT finds none left.
    let instance = read(&["..."], 1, 0, &[3], &["STAR 1 1", "PUT 1 3", "PUT 1 2"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(1, 1, 1), vec![], 4, 4, &["1.."]),
            built(&c[1], placed(1, 3, 3), vec![], 100, 104, &["1.3"]),
            refused(&c[2], Invalid::SequenceUsedUp, 104, &["1.3"]),
        ]
    );
    assert_eq!(finished, outcome(104, false, Some((9, Invalid::SequenceUsedUp))));
}

#[test]
fn tt3_at_most_p_stars() {
    let one = read(&["..."], 1, 0, &[], &["STAR 1 1", "STAR 1 3"]);
    let (records, finished) = play_instance(&one);
    assert_eq!(records[0], built(&one.commands[0], placed(1, 1, 1), vec![], 4, 4, &["1.."]));
    assert_eq!(records[1], refused(&one.commands[1], Invalid::NoStarLeft, 4, &["1.."]));
    assert_eq!(finished, outcome(4, false, Some((8, Invalid::NoStarLeft))));

    let none = read(&["..."], 0, 0, &[], &["STAR 1 1"]);
    assert_eq!(solve(&none), Err(Rejection { line: 7, reason: Invalid::NoStarLeft }));
}

// ---- TT4 -------------------------------------------------------------------

#[test]
fn tt4_bomber_empties_the_cell_and_scores_minus_half_its_value() {
    // L3: -50. L9: -250000. The score goes below zero.
    let instance = read(&["39."], 0, 2, &[], &["BOMBER 1 1", "BOMBER 1 2", "END"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            bombed(&c[0], (1, 1), 3, 50, -50, -50, &[".9."]),
            bombed(&c[1], (1, 2), 9, 250_000, -250_000, -250_050, &["..."]),
            idle(&c[2], Status::Played, -250_050, &["..."]),
        ]
    );
    assert_eq!(finished, outcome(-250_050, true, None));
    assert_eq!(solve(&instance), Ok(-250_050));
}

#[test]
fn tt4_a_bomb_causes_no_reaction() {
    // The bomb takes the L2 under a region of three L1s (there from the
    // start, TT6): -10, and the L1s stay as they are.
    let instance = read(&["111", "2.."], 0, 1, &[], &["BOMBER 2 1"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(records, [bombed(&instance.commands[0], (2, 1), 2, 10, -10, -10, &["111", "..."])]);
}

#[test]
fn tt4_at_most_q_bombs() {
    let one = read(&["12"], 0, 1, &[], &["BOMBER 1 1", "BOMBER 1 2"]);
    let (records, finished) = play_instance(&one);
    assert_eq!(records[0], bombed(&one.commands[0], (1, 1), 1, 2, -2, -2, &[".2"]));
    assert_eq!(records[1], refused(&one.commands[1], Invalid::NoBombLeft, -2, &[".2"]));
    assert_eq!(finished, outcome(-2, false, Some((8, Invalid::NoBombLeft))));

    let none = read(&["12"], 0, 0, &[], &["BOMBER 1 1"]);
    assert_eq!(solve(&none), Err(Rejection { line: 7, reason: Invalid::NoBombLeft }));
}

#[test]
fn tt4_bomber_on_an_empty_cell_is_refused() {
    let instance = read(&["1."], 0, 1, &[], &["BOMBER 1 2"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(records, [refused(&instance.commands[0], Invalid::EmptyCell, 0, &["1."])]);
}

// ---- TT5 -------------------------------------------------------------------

#[test]
fn tt5_end_may_come_before_the_sequence_is_used_up() {
    let instance = read(&[".."], 0, 0, &[1, 2], &["PUT 1 1", "END"]);
    let (records, finished) = play_instance(&instance);
    assert_eq!(records[1], idle(&instance.commands[1], Status::Played, 4, &["1."]));
    assert_eq!(finished, outcome(4, true, None));
}

#[test]
fn tt5_commands_after_end_change_nothing() {
    // Only a hand-made list holds lines after END (the format stops there).
    // Neither a valid command nor one that is no command does anything, and
    // neither is a refusal.
    let actions = vec![
        Action::Put(At::new(1, 1)),
        Action::End,
        Action::Put(At::new(1, 2)),
        Action::Unknown("JUMP".to_string()),
        Action::Bomber(At::new(1, 1)),
        Action::Star(At::new(0, 0)),
        Action::End,
    ];
    let instance = Instance::new(1, map(&[".."]), 1, 1, vec![1, 2], actions);
    let (records, finished) = play_instance(&instance);
    assert_eq!(records[1], idle(&instance.commands[1], Status::Played, 4, &["1."]));
    for (record, command) in records[2..].iter().zip(&instance.commands[2..]) {
        assert_eq!(*record, idle(command, Status::AfterEnd, 4, &["1."]));
    }
    assert_eq!(finished, outcome(4, true, None));
}

#[test]
fn tt5_a_game_without_end_is_scored_where_the_commands_stop() {
    let instance = read(&[".."], 0, 0, &[1, 2], &["PUT 1 1"]);
    let (_, finished) = play_instance(&instance);
    assert_eq!(finished, outcome(4, false, None));
    assert_eq!(solve(&instance), Ok(4));
}

#[test]
fn tt5_stars_and_bombs_after_the_sequence_is_used_up() {
    // The sequence's only tile is built first; the star (an L1 beside the
    // L2) and the bomb still work after it: 20 + 4 - 10 = 14.
    let instance = read(&[".."], 1, 1, &[2], &["PUT 1 1", "STAR 1 2", "BOMBER 1 1", "END"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(records[1], built(&c[1], placed(1, 2, 1), vec![], 4, 24, &["21"]));
    assert_eq!(records[2], bombed(&c[2], (1, 1), 2, 10, -10, 14, &[".1"]));
    assert_eq!(finished, outcome(14, true, None));
}

// ---- TT6 -------------------------------------------------------------------

#[test]
fn tt6_a_region_on_the_map_stays_until_a_placement_reaches_it() {
    // The three L1s in the corner do nothing while the L2 goes to
    // (3,3), away from them. The L1 at (2,2) reaches them: a region of four
    // merges into an L2 there, diagonal to the other L2.
    let instance = read(&["11.", "1..", "..."], 0, 0, &[2, 1], &["PUT 3 3", "PUT 2 2"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(3, 3, 2), vec![], 20, 20, &["11.", "1..", "..2"]),
            built(&c[1], placed(2, 2, 1), vec![merge(2, &[(1, 1), (1, 2), (2, 1)])], 24, 44, &["...", ".2.", "..2"]),
        ]
    );
    assert_eq!(finished, outcome(44, false, None));
}

#[test]
fn tt6_a_star_reacts_with_a_region_already_on_the_map() {
    // (1,3) touches one L2, (1,2), but it belongs to a region of three: an
    // L2 there makes four, so the star is an L2 and all four merge.
    let instance = read(&["22.", "2.."], 1, 0, &[], &["STAR 1 3"]);
    let (records, _) = play_instance(&instance);
    assert_eq!(
        records,
        [built(
            &instance.commands[0],
            placed(1, 3, 2),
            vec![merge(3, &[(1, 1), (1, 2), (2, 1)])],
            120,
            120,
            &["..3", "..."]
        )]
    );
}

// ---- TT7 -------------------------------------------------------------------

#[test]
fn tt7_a_line_that_is_no_command_is_refused() {
    let instance = read(&["."], 0, 0, &[1], &["JUMP 1 1", "PUT 1", "put 1 1", "PUT 1 1"]);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    for (record, command) in records[..3].iter().zip(c) {
        assert_eq!(*record, refused(command, Invalid::UnknownCommand, 0, &["."]));
    }
    assert_eq!(records[3], built(&c[3], placed(1, 1, 1), vec![], 4, 4, &["1"]));
    assert_eq!(finished, outcome(4, false, Some((7, Invalid::UnknownCommand))));
}

#[test]
fn tt7_a_cell_outside_the_map_is_refused() {
    // A 2x3 map: row or column 0, negative, one past the edge, and numbers
    // too large for an i64 (kept as i64::MAX and i64::MIN).
    let commands = [
        "PUT 0 1",
        "PUT 1 0",
        "PUT 3 1",
        "PUT 1 4",
        "STAR -1 2",
        "BOMBER 99999999999999999999 1",
        "STAR 1 -99999999999999999999",
        "PUT -9223372036854775808 -9223372036854775808",
        "BOMBER 9223372036854775807 9223372036854775807",
        "PUT 2 3",
    ];
    let instance = read(&["...", "..."], 1, 1, &[1], &commands);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    for (record, command) in records[..9].iter().zip(c) {
        assert_eq!(*record, refused(command, Invalid::OutsideMap, 0, &["...", "..."]));
    }
    // The sequence's tile was not used by the refused PUTs.
    assert_eq!(records[9], built(&c[9], placed(2, 3, 1), vec![], 4, 4, &["...", "..1"]));
    assert_eq!(finished, outcome(4, false, Some((8, Invalid::OutsideMap))));
}

#[test]
fn tt7_reasons_come_in_the_order_of_precedence() {
    // Every command here fails two ways; the first in `Invalid`'s order is
    // recorded: outside the map before the supply, the supply before the
    // cell. No sequence, no star, no bomb; (1,1) holds a tile, (1,2) none.
    let commands = ["PUT 0 0", "STAR 2 1", "BOMBER 1 3", "PUT 1 1", "STAR 1 1", "BOMBER 1 2"];
    let instance = read(&["1."], 0, 0, &[], &commands);
    let (records, finished) = play_instance(&instance);
    let reasons = [
        Invalid::OutsideMap,
        Invalid::OutsideMap,
        Invalid::OutsideMap,
        Invalid::SequenceUsedUp,
        Invalid::NoStarLeft,
        Invalid::NoBombLeft,
    ];
    let expected: Vec<CommandRecord> =
        instance.commands.iter().zip(reasons).map(|(command, reason)| refused(command, reason, 0, &["1."])).collect();
    assert_eq!(records, expected);
    assert_eq!(finished, outcome(0, false, Some((7, Invalid::OutsideMap))));
}

#[test]
fn tt7_a_refused_command_changes_nothing_and_play_goes_on() {
    // The three refusals use no tile, no star and no bomb: the later PUT
    // builds the first tile, the STAR and the BOMBER still work.
    // PUT 1 2: L1, 4. STAR 1 3: beside one L1 only, an L1, 4. BOMBER 1 1:
    // L2, -10. PUT 1 1: the second tile, L3, 100. 4 + 4 - 10 + 100 = 98.
    let commands = ["PUT 1 1", "STAR 1 1", "BOMBER 1 2", "PUT 1 2", "STAR 1 3", "BOMBER 1 1", "PUT 1 1", "END"];
    let instance = read(&["2.."], 1, 1, &[1, 3], &commands);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            refused(&c[0], Invalid::OccupiedCell, 0, &["2.."]),
            refused(&c[1], Invalid::OccupiedCell, 0, &["2.."]),
            refused(&c[2], Invalid::EmptyCell, 0, &["2.."]),
            built(&c[3], placed(1, 2, 1), vec![], 4, 4, &["21."]),
            built(&c[4], placed(1, 3, 1), vec![], 4, 8, &["211"]),
            bombed(&c[5], (1, 1), 2, 10, -10, -2, &[".11"]),
            built(&c[6], placed(1, 1, 3), vec![], 100, 98, &["311"]),
            idle(&c[7], Status::Played, 98, &["311"]),
        ]
    );
    // The score still counts every command carried out, but the answer is
    // the first refusal (line 7, the first command).
    assert_eq!(finished, outcome(98, true, Some((7, Invalid::OccupiedCell))));
    assert_eq!(solve(&instance), Err(Rejection { line: 7, reason: Invalid::OccupiedCell }));
}

#[test]
fn tt7_the_first_refusal_is_named_not_the_first_reason() {
    // An empty cell on line 7 comes before an unknown command on line 8,
    // though `UnknownCommand` comes first in the order of precedence.
    let instance = read(&["."], 0, 1, &[], &["BOMBER 1 1", "BOOM", "END"]);
    assert_eq!(solve(&instance), Err(Rejection { line: 7, reason: Invalid::EmptyCell }));
}

// ---- Instances the parser would not make ------------------------------------

#[test]
fn levels_outside_1_to_9_are_played_without_panicking() {
    // Reading (see `put`, `react` and `value`): a level outside 1..=9 is
    // built as given, is worth 0 and never reacts; a level 0 leaves the cell
    // empty. Such levels come only from a hand-made instance.
    // PUT 1 3: the level 0, nothing to see. PUT 1 3: a 10, the third in a
    // row, no merge. PUT 2 3: an L1, 4. BOMBER 2 1: the 12, for 0. Two cells
    // far off the map. STAR 2 2: beside the L1 only, an L1, 4. Score 8.
    let actions = vec![
        Action::Put(At::new(1, 3)),
        Action::Put(At::new(1, 3)),
        Action::Put(At::new(2, 3)),
        Action::Bomber(At::new(2, 1)),
        Action::Star(At::new(i64::MIN, i64::MAX)),
        Action::Put(At::new(i64::MAX, 1)),
        Action::Star(At::new(2, 2)),
        Action::End,
    ];
    let instance = Instance::new(1, map(&["::.", "<.."]), 1, 1, vec![0, 10, 1], actions);
    let (records, finished) = play_instance(&instance);
    let c = &instance.commands;
    assert_eq!(
        records,
        [
            built(&c[0], placed(1, 3, 0), vec![], 0, 0, &["::.", "<.."]),
            built(&c[1], placed(1, 3, 10), vec![], 0, 0, &[":::", "<.."]),
            built(&c[2], placed(2, 3, 1), vec![], 4, 4, &[":::", "<.1"]),
            bombed(&c[3], (2, 1), 12, 0, 0, 4, &[":::", "..1"]),
            refused(&c[4], Invalid::OutsideMap, 4, &[":::", "..1"]),
            refused(&c[5], Invalid::OutsideMap, 4, &[":::", "..1"]),
            built(&c[6], placed(2, 2, 1), vec![], 4, 8, &[":::", ".11"]),
            idle(&c[7], Status::Played, 8, &[":::", ".11"]),
        ]
    );
    assert_eq!(finished, outcome(8, true, Some((12, Invalid::OutsideMap))));
}

#[test]
fn a_map_with_no_cells_refuses_every_cell() {
    let instance = Instance::new(1, Map::from_cells(0, 0, Vec::new()), 1, 1, vec![1], vec![Action::Put(At::new(1, 1))]);
    assert_eq!(solve(&instance), Err(Rejection { line: 6, reason: Invalid::OutsideMap }));
}
