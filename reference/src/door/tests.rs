//! The two official samples and hand-made grids, one or more tests per rule.
//! Every expected value was worked out from docs/RULES.md by hand; the working is
//! in the comments. Positions are written 1-based, (row, column), as the
//! statement writes them.

use super::*;
use m3_model::door::parse;

/// The problem text of a grid (rows of numbers) and its swap lines
/// (`r1 c1 r2 c2`).
fn text(rows: &[&str], swaps: &[&str]) -> String {
    let cols = rows[0].split_whitespace().count();
    let mut text = format!("{} {cols}\n", rows.len());
    for line in rows.iter().chain(swaps) {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// Reads the grid and swaps with the parser and plays every swap: the record
/// of every swap and the outcome.
fn play(rows: &[&str], swaps: &[&str]) -> (Vec<SwapRecord>, Outcome) {
    play_instance(&parse(&text(rows, swaps)).unwrap())
}

fn play_instance(instance: &Instance) -> (Vec<SwapRecord>, Outcome) {
    let mut game = Reference::start(instance);
    let records = instance.swaps.iter().map(|swap| game.step(swap)).collect();
    (records, game.finish())
}

/// An expected grid, for the states the format cannot write: the format's
/// numbers, `.` an empty cell and `A` an armed bomb.
fn grid(rows: &[&str]) -> Board {
    let cols = rows[0].split_whitespace().count();
    let cells = rows
        .iter()
        .flat_map(|row| row.split_whitespace())
        .map(|word| match word {
            "." => Cell::Empty,
            "A" => Cell::ArmedBomb,
            "0" => Cell::Bomb,
            "-1" => Cell::Vibranium,
            colour => Cell::Gem(colour.parse().unwrap()),
        })
        .collect();
    Board::from_cells(rows.len(), cols, cells)
}

/// A position, 1-based as the statement writes it.
fn at(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

fn at_all(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| at(row, col)).collect()
}

fn groups(vanished: &[(usize, usize)], activated: &[(usize, usize)], board: &[&str]) -> Stage {
    Stage {
        kind: StageKind::Groups,
        exploded: Vec::new(),
        vanished: at_all(vanished),
        activated: at_all(activated),
        board: grid(board),
    }
}

fn explosion(
    exploded: &[(usize, usize)],
    vanished: &[(usize, usize)],
    activated: &[(usize, usize)],
    board: &[&str],
) -> Stage {
    Stage {
        kind: StageKind::Explosion,
        exploded: at_all(exploded),
        vanished: at_all(vanished),
        activated: at_all(activated),
        board: grid(board),
    }
}

const FIRST_SAMPLE: &str = "6 4\n1 1 2 2\n3 2 -1 1\n3 1 0 2\n1 1 3 1\n3 2 2 3\n2 1 2 1\n6 1 5 4\n";
const SECOND_SAMPLE: &str = "4 5\n0 2 1 2 2\n0 1 2 2 0\n1 1 2 1 0\n2 -1 -1 -1 2\n3 3 3 4\n";

// ---- The official samples ------------------------------------------------

#[test]
fn first_sample_answers_18() {
    assert_eq!(solve(&parse(FIRST_SAMPLE).unwrap()), 18);
}

#[test]
fn second_sample_answers_15() {
    assert_eq!(solve(&parse(SECOND_SAMPLE).unwrap()), 15);
}

#[test]
fn first_sample_follows_figure_1() {
    // (b) the swap of (6,1) = 2 and (5,4) = 3 makes the group of 2s in row 5.
    // (c) it vanishes; the bomb at (3,3) falls to (4,3) and is activated.
    // (d) the three 1s of column 2 vanish.
    // (e) the bomb explodes: left it passes the empty (4,2) and takes (4,1);
    //     right (4,4); up it stops at the vibranium (3,3); down (5,3), (6,3).
    // (f) the four 3s of column 1 and the three 1s of column 4 vanish.
    // 3 + 3 + 5 + 7 = 18.
    let (records, outcome) = play_instance(&parse(FIRST_SAMPLE).unwrap());
    let record = &records[0];
    assert_eq!(record.status, Status::Played);
    let c = groups(
        &[(5, 2), (5, 3), (5, 4)],
        &[(4, 3)],
        &["1 . . .", "3 1 2 2", "3 2 -1 1", "1 1 A 2", "3 1 3 1", "3 1 2 1"],
    );
    let d =
        groups(&[(4, 2), (5, 2), (6, 2)], &[], &["1 . . .", "3 . 2 2", "3 . -1 1", "1 . A 2", "3 1 3 1", "3 2 2 1"]);
    let e = explosion(
        &[(4, 3)],
        &[(4, 1), (4, 3), (4, 4), (5, 3), (6, 3)],
        &[],
        &[". . . .", "1 . . .", "3 . . 2", "3 . . 1", "3 1 2 1", "3 2 -1 1"],
    );
    let f = groups(
        &[(3, 1), (4, 1), (4, 4), (5, 1), (5, 4), (6, 1), (6, 4)],
        &[],
        &[". . . .", ". . . .", ". . . .", ". . . .", ". 1 2 .", "1 2 -1 2"],
    );
    assert_eq!(record.stages, [c, d, e, f.clone()]);
    assert_eq!(record.vanished, 18);
    assert_eq!(record.board, f.board);
    assert_eq!(outcome.vanished, 18);
}

#[test]
fn second_sample_stages() {
    // The swap makes row 3 "1 1 1 2 0" and column 4 "2 2 2 -1": six gems
    // vanish, and both bombs of column 1 fall one cell. They explode
    // together: row 2 (the empty (2,4) does not stop the beam, the unarmed
    // bomb (2,5) vanishes), row 3 likewise, and (4,1) below. 6 + 9 = 15.
    let (records, _) = play_instance(&parse(SECOND_SAMPLE).unwrap());
    let first = groups(
        &[(1, 4), (2, 4), (3, 1), (3, 2), (3, 3), (3, 4)],
        &[(2, 1), (3, 1)],
        &[". . . . 2", "A 2 1 . 0", "A 1 2 . 0", "2 -1 -1 -1 2"],
    );
    let second = explosion(
        &[(2, 1), (3, 1)],
        &[(2, 1), (2, 2), (2, 3), (2, 5), (3, 1), (3, 2), (3, 3), (3, 5), (4, 1)],
        &[],
        &[". . . . .", ". . . . .", ". . . . 2", ". -1 -1 -1 2"],
    );
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(records[0].vanished, 15);
}

// ---- MD1 ----------------------------------------------------------------

#[test]
fn md1_gems_need_not_be_adjacent() {
    // (1,2) = 2 and (3,3) = 1 are far apart; the swap makes row 1 "1 1 1".
    let (records, outcome) = play(&["1 2 1", "3 4 5", "6 7 1"], &["1 2 3 3"]);
    assert_eq!(records[0].stages, [groups(&[(1, 1), (1, 2), (1, 3)], &[], &[". . .", "3 4 5", "6 7 2"])]);
    assert_eq!(outcome.vanished, 3);
}

#[test]
fn md1_later_invalid_swaps_change_nothing() {
    // The first sample ends on ". 1 2 ." / "1 2 -1 2" under four empty rows.
    let text = format!("{FIRST_SAMPLE}5 2 5 2\n6 3 6 2\n6 2 1 1\n1 1 1 1\n6 1 5 3\n");
    let (records, outcome) = play_instance(&parse(&text).unwrap());
    let settled = grid(&[". . . .", ". . . .", ". . . .", ". . . .", ". 1 2 .", "1 2 -1 2"]);
    let expected = [
        Status::Invalid(Invalid::SameCell),
        // The first cell is vibranium.
        Status::Invalid(Invalid::NotAGem(at(6, 3))),
        // The second cell is empty.
        Status::Invalid(Invalid::NotAGem(at(1, 1))),
        // Both faults: the same cell is reported.
        Status::Invalid(Invalid::SameCell),
    ];
    for (record, status) in records[1..5].iter().zip(expected) {
        assert_eq!(record.status, status);
        assert!(record.stages.is_empty());
        assert_eq!(record.vanished, 0);
        assert_eq!(record.board, settled);
    }
    // The last swap is valid: (6,1) = 1 and (5,3) = 2 change places, row 6
    // "2 2 -1 2" is broken by the vibranium, so nothing vanishes.
    assert_eq!(records[5].status, Status::Played);
    assert!(records[5].stages.is_empty());
    assert_eq!(records[5].board, grid(&[". . . .", ". . . .", ". . . .", ". . . .", ". 1 1 .", "2 2 -1 2"]));
    assert_eq!(outcome.vanished, 18);
}

#[test]
fn md1_a_bomb_cannot_be_swapped_later() {
    // The bomb (1,1) does not fall in the first swap (see
    // md5_bomb_that_does_not_fall_stays_unarmed) and is then swapped, as the
    // first cell and as the second.
    let (records, _) = play(&["0 4 5 6", "7 1 1 2", "8 3 4 1"], &["2 4 3 4", "1 1 2 2", "2 2 1 1"]);
    assert_eq!(records[1].status, Status::Invalid(Invalid::NotAGem(at(1, 1))));
    assert_eq!(records[2].status, Status::Invalid(Invalid::NotAGem(at(1, 1))));
    assert_eq!(records[2].board, records[0].board);
}

#[test]
fn md1_a_cell_off_the_grid_is_no_gem() {
    // The parser refuses it; an `Instance` can hold it.
    let mut instance = parse(&text(&["1 2 3", "4 5 6", "7 8 9"], &["1 1 1 2"])).unwrap();
    instance.swaps = vec![Swap::new(at(1, 1), at(1, 4)), Swap::new(at(4, 1), at(1, 1))];
    let (records, outcome) = play_instance(&instance);
    assert_eq!(records[0].status, Status::Invalid(Invalid::NotAGem(at(1, 4))));
    assert_eq!(records[1].status, Status::Invalid(Invalid::NotAGem(at(4, 1))));
    assert_eq!(records[1].board, instance.board);
    assert_eq!(outcome.vanished, 0);
}

#[test]
fn later_swaps_play_on_the_settled_grid() {
    // Swap 1: (1,2) = 2 and (3,2) = 1 make row 1 "1 1 1 7"; nothing is above.
    // Swap 2 (diagonal): (2,3) = 6 and (1,4) = 7 make row 2 "4 7 7 7"; the 6
    // now at (1,4) falls to (2,4). Swap 3 names the empty (1,1).
    let (records, outcome) = play(&["1 2 1 7", "4 7 6 7", "8 1 9 1"], &["1 2 3 2", "2 3 1 4", "1 1 2 1"]);
    assert_eq!(records[0].stages, [groups(&[(1, 1), (1, 2), (1, 3)], &[], &[". . . 7", "4 7 6 7", "8 2 9 1"])]);
    assert_eq!(records[1].stages, [groups(&[(2, 2), (2, 3), (2, 4)], &[], &[". . . .", "4 . . 6", "8 2 9 1"])]);
    assert_eq!(records[2].status, Status::Invalid(Invalid::NotAGem(at(1, 1))));
    assert_eq!(outcome.vanished, 6);
}

// ---- MD2 ----------------------------------------------------------------

#[test]
fn md2_bombs_and_vibranium_never_match() {
    // Three bombs in row 1, three vibranium in row 2, and after the swap
    // row 3 "1 1 0 1": the bomb breaks the line. No group, nothing happens.
    let (records, outcome) = play(&["0 0 0 -1", "-1 -1 -1 2", "1 1 0 2", "3 4 5 1"], &["3 4 4 4"]);
    assert!(records[0].stages.is_empty());
    assert_eq!(records[0].board, grid(&["0 0 0 -1", "-1 -1 -1 2", "1 1 0 1", "3 4 5 2"]));
    assert_eq!(outcome.vanished, 0);
}

#[test]
fn md2_a_line_of_four_is_one_group() {
    let (records, _) = play(&["1 1 2 1", "3 4 5 1", "6 7 8 9"], &["1 3 2 4"]);
    assert_eq!(records[0].stages, [groups(&[(1, 1), (1, 2), (1, 3), (1, 4)], &[], &[". . . .", "3 4 5 2", "6 7 8 9"])]);
    assert_eq!(records[0].vanished, 4);
}

#[test]
fn md2_an_empty_cell_breaks_a_line() {
    // Column 3 vanishes whole; row 1 is then "1 1 . 1 1": no group.
    let (records, _) = play(&["1 1 2 1 1", "5 6 2 7 8", "3 4 9 2 5"], &["3 3 3 4"]);
    assert_eq!(records[0].stages, [groups(&[(1, 3), (2, 3), (3, 3)], &[], &["1 1 . 1 1", "5 6 . 7 8", "3 4 . 9 5"])]);
}

// ---- MD3 ----------------------------------------------------------------

#[test]
fn md3_gem_in_two_groups_counts_once() {
    // The 1 swapped into (2,2) is in row 2 and in column 2: 5 gems, not 6.
    let (records, outcome) = play(&["3 1 4", "1 2 1", "5 1 6", "1 8 9"], &["2 2 4 1"]);
    assert_eq!(
        records[0].stages,
        [groups(&[(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)], &[], &[". . .", "3 . 4", "5 . 6", "2 8 9"])]
    );
    assert_eq!(outcome.vanished, 5);
}

#[test]
fn md3_all_groups_vanish_at_once() {
    // The swap makes a group in row 1 and one in row 3: one pass takes both.
    let (records, _) = play(&["1 1 2 5", "3 4 7 8", "2 2 1 6"], &["1 3 3 3"]);
    assert_eq!(
        records[0].stages,
        [groups(&[(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)], &[], &[". . . 5", ". . . 8", "3 4 7 6"])]
    );
}

#[test]
fn md3_stage_one_repeats_while_the_fall_makes_groups() {
    // Row 3 "2 2 2" vanishes; the 5s of (1,1) and (2,1) fall onto the 5 at
    // (4,1), a new group, which vanishes in a second pass.
    let (records, outcome) = play(&["5 6 7", "5 9 8", "2 2 1", "5 3 2"], &["3 3 4 3"]);
    let first = groups(&[(3, 1), (3, 2), (3, 3)], &[], &[". . .", "5 6 7", "5 9 8", "5 3 1"]);
    let second = groups(&[(2, 1), (3, 1), (4, 1)], &[], &[". . .", ". 6 7", ". 9 8", ". 3 1"]);
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 6);
}

// ---- MD4 ----------------------------------------------------------------

#[test]
fn md4_beam_stops_at_vibranium() {
    // Row 2 vanishes; the bomb falls to (2,1), the vibranium to (2,2) beside
    // it. Right, the beam stops at the vibranium: it and the 5 behind it at
    // (2,3) stay. Down it takes (3,1) and (4,1). 3 + 3 = 6 (MD7: the
    // vibranium is not counted).
    let (records, outcome) = play(&["0 -1 5 6", "1 1 2 7", "3 4 1 8", "4 3 9 2"], &["2 3 3 3"]);
    let first = groups(&[(2, 1), (2, 2), (2, 3)], &[(2, 1)], &[". . . 6", "A -1 5 7", "3 4 2 8", "4 3 9 2"]);
    let second = explosion(&[(2, 1)], &[(2, 1), (3, 1), (4, 1)], &[], &[". . . 6", ". -1 5 7", ". 4 2 8", ". 3 9 2"]);
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 6);
}

#[test]
fn md4_unarmed_bomb_hit_by_beam_vanishes_without_exploding() {
    // Row 2 vanishes and the bomb (1,1) falls to (2,1). Its beam down takes
    // (3,1) and the unarmed bomb (4,1), which does not explode: the rest of
    // row 4 stays. Right it takes (2,2), (2,3), (2,4). 3 + 6 = 9 (MD7: the
    // bombs count).
    let (records, outcome) = play(&["0 4 5 6", "1 2 2 7", "2 3 8 9", "0 4 6 5"], &["2 1 3 1"]);
    let first = groups(&[(2, 1), (2, 2), (2, 3)], &[(2, 1)], &[". . . 6", "A 4 5 7", "1 3 8 9", "0 4 6 5"]);
    let second = explosion(
        &[(2, 1)],
        &[(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (4, 1)],
        &[],
        &[". . . .", ". . . 6", ". 3 8 9", ". 4 6 5"],
    );
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 9);
}

#[test]
fn md4_empty_cells_do_not_stop_a_beam() {
    // Row 2 and column 2 vanish (5 gems); the bomb lands on (2,1) with the
    // empty (2,2) beside it. Its beam right crosses it and takes (2,3).
    let (records, outcome) = play(&["0 1 5", "1 2 1", "6 1 7", "1 8 9"], &["2 2 4 1"]);
    let first = groups(&[(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)], &[(2, 1)], &[". . .", "A . 5", "6 . 7", "2 8 9"]);
    let second = explosion(&[(2, 1)], &[(2, 1), (2, 3), (3, 1), (4, 1)], &[], &[". . .", ". . .", ". . 7", ". 8 9"]);
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 9);
}

#[test]
fn md4_armed_bombs_explode_at_once_and_each_cell_counts_once() {
    // Row 2 "1 1 1 1" vanishes; both bombs of row 1 fall to row 2 and are
    // armed. They explode together: their beams cross each other and cover
    // row 2 twice, yet each cell vanishes once. 4 + 8 = 12.
    let (records, outcome) = play(&["0 4 0 5", "1 1 2 1", "3 6 1 7", "8 9 5 6"], &["2 3 3 3"]);
    let first =
        groups(&[(2, 1), (2, 2), (2, 3), (2, 4)], &[(2, 1), (2, 3)], &[". . . .", "A 4 A 5", "3 6 2 7", "8 9 5 6"]);
    let second = explosion(
        &[(2, 1), (2, 3)],
        &[(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 3), (4, 1), (4, 3)],
        &[],
        &[". . . .", ". . . .", ". 6 . 7", ". 9 . 6"],
    );
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 12);
}

// ---- MD5 ----------------------------------------------------------------

#[test]
fn md5_bomb_armed_by_falling() {
    // Row 2 vanishes; the bomb (1,1) falls to (2,1), is listed there as
    // activated, and explodes in Stage 2: (2,2), (2,3) and (3,1). 3 + 4 = 7.
    let (records, outcome) = play(&["0 4 5", "1 2 2", "2 6 7"], &["2 1 3 1"]);
    let first = groups(&[(2, 1), (2, 2), (2, 3)], &[(2, 1)], &[". . .", "A 4 5", "1 6 7"]);
    let second = explosion(&[(2, 1)], &[(2, 1), (2, 2), (2, 3), (3, 1)], &[], &[". . .", ". . .", ". 6 7"]);
    assert_eq!(records[0].stages, [first, second]);
    assert_eq!(outcome.vanished, 7);
}

#[test]
fn md5_bomb_that_does_not_fall_stays_unarmed() {
    // Row 2's 1s vanish beside the bomb's column: the bomb stays at (1,1),
    // unarmed, and nothing explodes.
    let (records, outcome) = play(&["0 4 5 6", "7 1 1 2", "8 3 4 1"], &["2 4 3 4"]);
    assert_eq!(records[0].stages, [groups(&[(2, 2), (2, 3), (2, 4)], &[], &["0 . . .", "7 4 5 6", "8 3 4 2"])]);
    assert_eq!(records[0].board.get(0, 0), Cell::Bomb);
    assert_eq!(outcome.vanished, 3);
}

#[test]
fn md5_armed_bomb_stays_armed_and_is_activated_once() {
    // Row 4 vanishes: the bomb falls to (2,1) and is armed. The 5s below it
    // now make column 1's group; when it vanishes the bomb falls again, to
    // (5,1), still armed but not listed again. It then explodes along row 5.
    let (records, outcome) = play(&["0 1 4", "5 6 7", "5 9 8", "2 2 1", "5 3 2"], &["4 3 5 3"]);
    let first = groups(&[(4, 1), (4, 2), (4, 3)], &[(2, 1)], &[". . .", "A 1 4", "5 6 7", "5 9 8", "5 3 1"]);
    let second = groups(&[(3, 1), (4, 1), (5, 1)], &[], &[". . .", ". 1 4", ". 6 7", ". 9 8", "A 3 1"]);
    let third = explosion(&[(5, 1)], &[(5, 1), (5, 2), (5, 3)], &[], &[". . .", ". . .", ". 1 4", ". 6 7", ". 9 8"]);
    assert_eq!(records[0].stages, [first, second, third]);
    assert_eq!(outcome.vanished, 9);
}

#[test]
fn md5_vibranium_falls() {
    // Column 1's three 1s vanish; the vibranium above them falls to (4,1).
    let (records, outcome) = play(&["-1 4 5", "1 2 3", "1 3 2", "2 1 4"], &["4 1 4 2"]);
    assert_eq!(records[0].stages, [groups(&[(2, 1), (3, 1), (4, 1)], &[], &[". 4 5", ". 2 3", ". 3 2", "-1 2 4"])]);
    assert_eq!(outcome.vanished, 3);
}

// ---- MD6 ----------------------------------------------------------------

#[test]
fn md6_swap_without_group_scores_zero() {
    // The swap is made, but it makes no group: no stage, nothing vanishes.
    let (records, outcome) = play(&["1 2 3", "4 5 6", "7 8 9"], &["1 1 3 3"]);
    assert_eq!(records[0].status, Status::Played);
    assert!(records[0].stages.is_empty());
    assert_eq!(records[0].vanished, 0);
    assert_eq!(records[0].board, grid(&["9 2 3", "4 5 6", "7 8 1"]));
    assert_eq!(outcome.vanished, 0);
}

#[test]
fn md6_an_armed_bomb_does_not_start_a_swap_without_group() {
    // Only an `Instance` the parser did not make holds an armed bomb before a
    // swap. The swap makes no group, so the process does not start.
    let mut instance = parse(&text(&["1 2 3", "4 0 6", "7 8 9"], &["1 1 3 3"])).unwrap();
    instance.board.set(1, 1, Cell::ArmedBomb);
    let (records, outcome) = play_instance(&instance);
    assert!(records[0].stages.is_empty());
    assert_eq!(records[0].board, grid(&["9 2 3", "4 A 6", "7 8 1"]));
    assert_eq!(outcome.vanished, 0);
}
