//! Hand-made boards, one or more tests per rule. Every expected value was
//! worked out from docs/RULES.md by hand; the working is in the comments.

use super::*;
use m3_model::texas::{parse, At};

/// A board from rows of characters: a digit is a plain piece of that colour,
/// `.` an empty cell.
fn board(rows: &[&str]) -> Board {
    let cols = rows.first().map_or(0, |row| row.len());
    let cells = rows
        .iter()
        .flat_map(|row| row.chars())
        .map(|ch| ch.to_digit(10).map(|digit| Piece::plain(u8::try_from(digit).unwrap())))
        .collect();
    Board::from_cells(rows.len(), cols, cells)
}

/// `board` with the piece at (row, col), 0-based, given `special`.
fn with_special(mut board: Board, row: usize, col: usize, special: Special) -> Board {
    let cell = Pos::new(row, col);
    let piece = board.get(cell).expect("a special needs a piece");
    board.set(cell, Some(Piece { special, ..piece }));
    board
}

/// Cells from 0-based (row, col) pairs.
fn cells(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| Pos::new(row, col)).collect()
}

/// A swap between two 1-based positions, as the problem format writes it.
fn swap(x1: u32, y1: u32, x2: u32, y2: u32) -> Swap {
    Swap::new(At::new(x1, y1), At::new(x2, y2))
}

/// Plays `swaps` on `board`: the record of every operation and the outcome.
fn play(board: Board, swaps: &[Swap]) -> (Vec<OperationRecord>, Outcome) {
    let instance = Instance { colours: 9, board, swaps: swaps.to_vec() };
    let mut game = Reference::start(&instance);
    let records = instance.swaps.iter().map(|swap| game.step(swap)).collect();
    (records, game.finish())
}

/// The cells a round removed, in its order.
fn removed_cells(round: &Round) -> Vec<Pos> {
    round.removed.iter().map(|removal| removal.cell).collect()
}

fn marked(board: &Board) -> Vec<Pos> {
    marked_by_runs(board).into_iter().collect()
}

// ---- TX1 ----------------------------------------------------------------

#[test]
fn tx1_start_keeps_the_board_with_its_empty_cells() {
    // The floating piece (0,0) does not fall before a round does gravity.
    let start = board(&["1.", ".2"]);
    let (records, outcome) = play(start.clone(), &[swap(1, 1, 1, 2)]);
    assert_eq!(records[0].validity, Err(Invalid::EmptyCell));
    assert_eq!(records[0].board, start);
    // Not all valid, board not empty.
    assert_eq!(outcome.total, 0);
}

// ---- TX2 ----------------------------------------------------------------

#[test]
fn tx2_positions_off_the_board_are_reported_first() {
    let start = board(&["121", "212"]);
    let (records, _) = play(
        start,
        &[
            swap(0, 1, 1, 1),               // row 0 does not exist (1-based)
            swap(1, 1, 1, 4),               // column 4 of 3, and not adjacent
            swap(3, 1, 3, 1),               // row 3 of 2, and the same cell
            swap(u32::MAX, u32::MAX, 1, 1), // huge
            swap(1, 1, 2, 0),               // column 0
        ],
    );
    for record in &records {
        assert_eq!(record.validity, Err(Invalid::OffBoard), "{}", record.swap);
    }
}

#[test]
fn tx2_a_cell_paired_with_itself_is_not_adjacent_but_same_cell() {
    let (records, _) = play(board(&["121", "212"]), &[swap(1, 1, 1, 1)]);
    assert_eq!(records[0].validity, Err(Invalid::SameCell));
}

#[test]
fn tx2_diagonal_and_distant_cells_are_not_adjacent() {
    let (records, _) = play(board(&["121", "21."]), &[swap(1, 1, 2, 2), swap(1, 1, 1, 3), swap(1, 3, 2, 2)]);
    assert_eq!(records[0].validity, Err(Invalid::NotAdjacent));
    assert_eq!(records[1].validity, Err(Invalid::NotAdjacent));
    // (2,3) is empty, but NotAdjacent comes first.
    assert_eq!(records[2].validity, Err(Invalid::NotAdjacent));
}

#[test]
fn tx2_swapping_with_an_empty_cell_is_invalid() {
    let (records, _) = play(board(&["12.", "212"]), &[swap(1, 2, 1, 3), swap(1, 3, 2, 3)]);
    assert_eq!(records[0].validity, Err(Invalid::EmptyCell));
    assert_eq!(records[1].validity, Err(Invalid::EmptyCell));
}

#[test]
fn tx2_a_swap_that_makes_no_run_is_undone_and_scores_nothing() {
    let start = board(&["121", "212"]);
    let (records, outcome) = play(start.clone(), &[swap(1, 1, 1, 2)]);
    let record = &records[0];
    assert_eq!(record.swap, swap(1, 1, 1, 2));
    assert_eq!(record.validity, Err(Invalid::NoRun));
    assert!(record.rounds.is_empty());
    assert!(record.main_colours.is_empty());
    assert_eq!(record.chain_points, 0);
    assert_eq!(record.hand_points, None);
    assert_eq!(record.board, start);
    assert_eq!(record.points(), 0);
    // Not all valid, board not empty: nothing at all.
    assert_eq!(outcome.parts, ScoreParts::default());
    assert_eq!(outcome.total, 0);
}

#[test]
fn tx2_vertical_neighbours_are_adjacent_in_either_order() {
    // Column 1,2,1,1: swapping the top two makes 2,1,1,1 with a run of 1s.
    let start = board(&["1", "2", "1", "1"]);
    for operation in [swap(1, 1, 2, 1), swap(2, 1, 1, 1)] {
        let (records, _) = play(start.clone(), &[operation]);
        assert_eq!(records[0].validity, Ok(()));
        assert_eq!(records[0].board, board(&[".", ".", ".", "2"]));
    }
}

// ---- TX3 ----------------------------------------------------------------

/// Round 1 clears the 1s of row 2; everything above falls one row and column
/// 0 becomes 4,4,4 for round 2.
fn cascade() -> Board {
    board(&["423", "432", "111", "423"])
}

#[test]
fn tx3_rounds_repeat_while_gravity_makes_runs() {
    let (rounds, settled) = resolve(cascade());
    assert_eq!(rounds.len(), 2);
    assert_eq!(rounds[0].marked, cells(&[(2, 0), (2, 1), (2, 2)]));
    assert_eq!(rounds[0].board, board(&["...", "423", "432", "423"]));
    assert_eq!(rounds[1].marked, cells(&[(1, 0), (2, 0), (3, 0)]));
    assert_eq!(rounds[1].board, board(&["...", ".23", ".32", ".23"]));
    assert_eq!(settled, rounds[1].board);
}

#[test]
fn tx3_a_round_lists_every_removed_piece_in_row_major_order() {
    // The 1s of row 1 form a run; the Column special at (1,2) also takes the
    // 2 above it.
    let start = with_special(board(&["232", "111"]), 1, 2, Special::Column);
    let (rounds, settled) = resolve(start);
    assert_eq!(rounds.len(), 1);
    let column = Piece { colour: 1, special: Special::Column };
    assert_eq!(
        rounds[0].removed,
        vec![
            Removal { cell: Pos::new(0, 2), piece: Piece::plain(2) },
            Removal { cell: Pos::new(1, 0), piece: Piece::plain(1) },
            Removal { cell: Pos::new(1, 1), piece: Piece::plain(1) },
            Removal { cell: Pos::new(1, 2), piece: column },
        ]
    );
    assert_eq!(rounds[0].marked, cells(&[(1, 0), (1, 1), (1, 2)]));
    assert_eq!(settled, board(&["...", "23."]));
}

#[test]
fn tx3_a_valid_operation_records_its_rounds_and_settled_board() {
    // Swapping (3,2) and (4,2) puts a 1 between the two 1s of row 3: the
    // cascade above, with a 5 left at the bottom of column 1.
    let start = board(&["423", "432", "151", "413"]);
    let (records, _) = play(start, &[swap(3, 2, 4, 2)]);
    let record = &records[0];
    assert_eq!(record.validity, Ok(()));
    assert_eq!(record.rounds.len(), 2);
    assert_eq!(record.board, board(&["...", ".23", ".32", ".53"]));
    assert_eq!(record.rounds[1].board, record.board);
}

// ---- TX4 ----------------------------------------------------------------

#[test]
fn tx4_three_or_more_in_a_line_are_a_run_two_are_not() {
    let start = board(&["11112", "22.33", "34345"]);
    assert_eq!(marked(&start), cells(&[(0, 0), (0, 1), (0, 2), (0, 3)]));
    assert_eq!(marked(&board(&["1", "1", "1", "2"])), cells(&[(0, 0), (1, 0), (2, 0)]));
    assert!(marked(&board(&["112", "221"])).is_empty());
}

#[test]
fn tx4_empty_cells_break_runs() {
    assert!(marked(&board(&["11.11"])).is_empty());
    assert!(marked(&board(&["1", ".", "1", "1"])).is_empty());
}

#[test]
fn tx4_a_piece_may_be_in_a_horizontal_and_a_vertical_run() {
    let cross = board(&[".1.", "111", ".1."]);
    assert_eq!(marked(&cross), cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]));
}

// ---- TX5 ----------------------------------------------------------------

/// A run of 1s at (1,0)..(1,2) and no other run; the special under test is
/// put on it.
fn specials_board() -> Board {
    board(&["23232", "11132", "32323", "23234"])
}

/// The cells removed in the first round of `start`.
fn first_round_removed(start: Board) -> Vec<Pos> {
    let (rounds, _) = resolve(start);
    removed_cells(&rounds[0])
}

#[test]
fn tx5_row_special_takes_its_whole_row() {
    let (rounds, _) = resolve(with_special(specials_board(), 1, 1, Special::Row));
    assert_eq!(removed_cells(&rounds[0]), cells(&[(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]));
    // TX7 counts the special-removed 3 and 2 too: 1+1+1+3+2.
    assert_eq!(rounds[0].elimination_points, 8);
}

#[test]
fn tx5_column_special_takes_its_whole_column() {
    let removed = first_round_removed(with_special(specials_board(), 1, 1, Special::Column));
    assert_eq!(removed, cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)]));
}

#[test]
fn tx5_row_and_column_special_takes_both() {
    let removed = first_round_removed(with_special(specials_board(), 1, 1, Special::RowAndColumn));
    assert_eq!(removed, cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (3, 1)]));
}

#[test]
fn tx5_square3_special_takes_the_square_around_it() {
    let removed = first_round_removed(with_special(specials_board(), 1, 1, Special::Square3));
    let square = cells(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]);
    assert_eq!(removed, square);
}

#[test]
fn tx5_square3_special_is_clipped_at_the_edge() {
    // At (1,0) the square loses its left column; (1,2) is in the run.
    let removed = first_round_removed(with_special(specials_board(), 1, 0, Special::Square3));
    assert_eq!(removed, cells(&[(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]));
}

#[test]
fn tx5_square5_special_is_clipped_at_the_edges() {
    // At (1,1) the 5x5 square covers rows -1..=3 and columns -1..=3: on the
    // board, rows 0..=3 and columns 0..=3, 16 cells.
    let removed = first_round_removed(with_special(specials_board(), 1, 1, Special::Square5));
    let expected: Vec<Pos> = (0..4).flat_map(|row| (0..4).map(move |col| Pos::new(row, col))).collect();
    assert_eq!(removed, expected);
    // At (1,0): rows 0..=3, columns 0..=2, 12 cells.
    let removed = first_round_removed(with_special(specials_board(), 1, 0, Special::Square5));
    let expected: Vec<Pos> = (0..4).flat_map(|row| (0..3).map(move |col| Pos::new(row, col))).collect();
    assert_eq!(removed, expected);
}

#[test]
fn tx5_colour_special_takes_every_piece_of_its_colour() {
    // One more 1 far from the run, at (3,4).
    let mut start = with_special(specials_board(), 1, 1, Special::Colour);
    start.set(Pos::new(3, 4), Some(Piece::plain(1)));
    assert_eq!(first_round_removed(start), cells(&[(1, 0), (1, 1), (1, 2), (3, 4)]));
}

#[test]
fn tx5_specials_reached_by_specials_trigger_in_the_same_round() {
    // The Row special at (1,1) reaches the Column special at (1,4), which
    // takes column 4.
    let start = with_special(with_special(specials_board(), 1, 1, Special::Row), 1, 4, Special::Column);
    let (rounds, _) = resolve(start);
    assert_eq!(removed_cells(&rounds[0]), cells(&[(0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]));
    // The reached special triggered before any gravity: column 4 is empty
    // after the first round, the rest of row 0 fell into row 1.
    assert_eq!(rounds[0].board, board(&[".....", "2323.", "3232.", "2323."]));
}

#[test]
fn tx5_empty_cells_are_ignored() {
    let mut start = with_special(specials_board(), 1, 1, Special::Column);
    start.set(Pos::new(0, 1), None);
    let (rounds, _) = resolve(start);
    assert_eq!(removed_cells(&rounds[0]), cells(&[(1, 0), (1, 1), (1, 2), (2, 1), (3, 1)]));
}

#[test]
fn tx5_a_piece_reached_twice_is_removed_and_scored_once() {
    // Two Row specials in the same row: row 1 is removed once, 1+1+1+3+2.
    let start = with_special(with_special(specials_board(), 1, 0, Special::Row), 1, 2, Special::Row);
    let (rounds, _) = resolve(start);
    assert_eq!(rounds[0].removed.len(), 5);
    assert_eq!(rounds[0].elimination_points, 8);
}

// ---- TX6 ----------------------------------------------------------------

#[test]
fn tx6_pieces_fall_to_the_bottom_keeping_order_and_specials() {
    let mut start = with_special(board(&["1.", ".2", "3."]), 0, 0, Special::Row);
    start.set(Pos::new(2, 1), None);
    gravity(&mut start);
    let expected = with_special(board(&["..", "1.", "32"]), 1, 0, Special::Row);
    assert_eq!(start, expected);
}

#[test]
fn tx6_a_full_or_empty_column_does_not_move() {
    let mut start = board(&["1.", "2.", "3."]);
    gravity(&mut start);
    assert_eq!(start, board(&["1.", "2.", "3."]));
}

// ---- TX7 ----------------------------------------------------------------

#[test]
fn tx7_round_i_scores_i_times_the_removed_colours() {
    // Round 1: 1 x (1+1+1) = 3. Round 2: 2 x (4+4+4) = 24.
    let (rounds, _) = resolve(cascade());
    assert_eq!(rounds[0].elimination_points, 3);
    assert_eq!(rounds[1].elimination_points, 24);
}

// ---- TX8 ----------------------------------------------------------------

#[test]
fn tx8_chain_points_are_80_times_rounds_less_one_squared() {
    assert_eq!(chain_points(1), 0);
    assert_eq!(chain_points(2), 80);
    assert_eq!(chain_points(3), 320);
    assert_eq!(chain_points(5), 1280);
}

#[test]
fn tx8_a_two_round_operation_scores_80() {
    // The operation of tx3_a_valid_operation_records_its_rounds...: 3 + 24
    // elimination, 80 chain, no combo.
    let start = board(&["423", "432", "151", "413"]);
    let (records, outcome) = play(start, &[swap(3, 2, 4, 2)]);
    assert_eq!(records[0].chain_points, 80);
    assert_eq!(records[0].points(), 107);
    assert_eq!(outcome.parts.chain, 80);
}

// ---- TX9 ----------------------------------------------------------------

fn combo(start: &Board) -> i64 {
    combo_points(start, &marked_by_runs(start))
}

#[test]
fn tx9_lines_of_three_four_and_five() {
    assert_eq!(combo(&board(&["111"])), 0);
    assert_eq!(combo(&board(&["1111"])), 50);
    assert_eq!(combo(&board(&["11111"])), 200);
}

#[test]
fn tx9_crossing_runs_are_one_component() {
    // Cross and T: 5 pieces, 50 x 2^2.
    assert_eq!(combo(&board(&[".1.", "111", ".1."])), 200);
    assert_eq!(combo(&board(&["111", ".1.", ".1."])), 200);
}

#[test]
fn tx9_touching_parallel_runs_join() {
    // 2x3 of one colour: 6 pieces, 50 x 3^2.
    assert_eq!(combo(&board(&["111", "111"])), 450);
}

#[test]
fn tx9_separate_runs_and_other_colours_do_not_join() {
    // Two runs of four apart: 50 + 50, not 50 x 5^2.
    assert_eq!(combo(&board(&["1111.1111"])), 100);
    // Touching runs of two colours: two components of 3.
    assert_eq!(combo(&board(&["111", "222"])), 0);
}

#[test]
fn tx9_special_removed_pieces_do_not_count() {
    // The Column special at (1,0) takes the 1 at (0,0), which touches the run
    // of four; the component stays 4 pieces: 50, not 200.
    let start = with_special(board(&["1232", "1111"]), 1, 0, Special::Column);
    let (rounds, _) = resolve(start);
    assert_eq!(removed_cells(&rounds[0]), cells(&[(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)]));
    assert_eq!(rounds[0].combo_points, 50);
}

// ---- TX10 ---------------------------------------------------------------

#[test]
fn tx10_hand_table() {
    assert_eq!(hand_score(&[1, 2, 7, 3, 4]), 57); // high card: 50 + 7
    assert_eq!(hand_score(&[3, 1, 3, 2, 4]), 106); // one pair: 100 + 2x3
    assert_eq!(hand_score(&[1, 2, 4, 2, 4]), 210); // two pairs: 200 + 2x4 + 2
    assert_eq!(hand_score(&[2, 5, 9, 2, 5]), 212); // two pairs: 200 + 2x5 + 2
    assert_eq!(hand_score(&[6, 1, 6, 2, 6]), 318); // three: 300 + 3x6
    assert_eq!(hand_score(&[2, 7, 2, 7, 2]), 513); // full house: 500 + 3x2 + 7
    assert_eq!(hand_score(&[7, 2, 7, 2, 7]), 523); // full house: 500 + 3x7 + 2
    assert_eq!(hand_score(&[3, 3, 9, 3, 3]), 765); // four: 750 + 5x3
    assert_eq!(hand_score(&[4, 4, 4, 4, 4]), 1040); // five: 1000 + 10x4
}

#[test]
fn tx10_the_joint_choice_that_scores_most() {
    // 1/2, 2, 3, 1/3, 4: choosing 2 and 3 gives two pairs 3 and 2,
    // 200 + 6 + 2 = 208; every other choice is one pair (at most 106).
    assert_eq!(best_hand(&[vec![1, 2], vec![2], vec![3], vec![1, 3], vec![4]]), 208);
    // The best hand is not always the best shape: a pair of 1s scores 102,
    // the high card 100 scores 150.
    assert_eq!(best_hand(&[vec![1, 100], vec![1], vec![2], vec![3], vec![4]]), 150);
}

/// One row of four segments `a b a a` and one `3 1 3 3`: swapping the first
/// two pieces of a segment makes a run of three `a` (main colour a), and the
/// segments never touch: 1, 2, 1, 2, 3.
fn hand_row() -> Board {
    board(&["12112322131123223133"])
}

fn hand_swaps() -> Vec<Swap> {
    [1, 5, 9, 13, 17].iter().map(|&col| swap(1, col, 1, col + 1)).collect()
}

#[test]
fn tx10_the_fifth_valid_operation_scores_the_hand() {
    let (records, outcome) = play(hand_row(), &hand_swaps());
    let main: Vec<Vec<u8>> = records.iter().map(|record| record.main_colours.clone()).collect();
    assert_eq!(main, vec![vec![1], vec![2], vec![1], vec![2], vec![3]]);
    let hands: Vec<Option<i64>> = records.iter().map(|record| record.hand_points).collect();
    // 1 2 1 2 3: two pairs, 200 + 2x2 + 1.
    assert_eq!(hands, vec![None, None, None, None, Some(205)]);
    // Elimination 3 + 6 + 3 + 6 + 9, all valid, board not empty.
    assert_eq!(outcome.parts, ScoreParts { elimination: 27, chain: 0, combo: 0, hand: 205, endgame: 1000 });
    assert_eq!(outcome.total, 1232);
}

#[test]
fn tx10_invalid_operations_do_not_count_toward_the_hand() {
    let mut swaps = hand_swaps();
    swaps.insert(2, swap(1, 1, 1, 1));
    let (records, outcome) = play(hand_row(), &swaps);
    assert_eq!(records[2].validity, Err(Invalid::SameCell));
    assert_eq!(records[4].hand_points, None);
    assert_eq!(records[5].hand_points, Some(205));
    assert_eq!(outcome.total, 27 + 205);
}

#[test]
fn tx10_fewer_than_five_valid_operations_score_no_hand() {
    let (records, outcome) = play(hand_row(), &hand_swaps()[..4]);
    assert!(records.iter().all(|record| record.hand_points.is_none()));
    assert_eq!(outcome.parts.hand, 0);
    assert_eq!(outcome.total, 3 + 6 + 3 + 6 + 1000);
}

#[test]
fn tx10_a_swap_can_make_two_main_colours() {
    // 2 2 1 2 1 1: swapping the middle pair makes 2 2 2 1 1 1.
    let (records, _) = play(board(&["221211"]), &[swap(1, 3, 1, 4)]);
    assert_eq!(records[0].main_colours, vec![1, 2]);
}

#[test]
fn tx10_main_colours_are_only_the_first_rounds_run_colours() {
    // Special-removed colours (2, 3) are not main colours.
    let start = with_special(board(&["11213"]), 0, 0, Special::Row);
    let (records, _) = play(start, &[swap(1, 3, 1, 4)]);
    assert_eq!(records[0].main_colours, vec![1]);
    assert_eq!(records[0].rounds[0].elimination_points, 1 + 1 + 1 + 2 + 3);
    // Colours of later rounds (the 4s of round 2) are not main colours.
    let (records, _) = play(board(&["423", "432", "151", "413"]), &[swap(3, 2, 4, 2)]);
    assert_eq!(records[0].main_colours, vec![1]);
}

// ---- TX11 ---------------------------------------------------------------

#[test]
fn tx11_both_bonuses_for_an_all_valid_game_that_clears_the_board() {
    // 2 2 2 1 1 1 goes at once: elimination 1 x 9, then 1000 + 10000.
    let (records, outcome) = play(board(&["221211"]), &[swap(1, 3, 1, 4)]);
    assert!(records[0].board.is_empty());
    assert_eq!(outcome.parts, ScoreParts { elimination: 9, chain: 0, combo: 0, hand: 0, endgame: 11000 });
    assert_eq!(outcome.total, 11009);
}

#[test]
fn tx11_an_invalid_operation_loses_only_the_first_bonus() {
    let (records, outcome) = play(board(&["221211"]), &[swap(1, 3, 1, 4), swap(1, 1, 1, 2)]);
    assert_eq!(records[1].validity, Err(Invalid::EmptyCell));
    assert_eq!(outcome.parts.endgame, 10000);
    assert_eq!(outcome.total, 10009);
}

#[test]
fn tx11_a_game_with_no_operation_has_all_of_them_valid() {
    let (_, outcome) = play(board(&["12"]), &[]);
    assert_eq!(outcome.parts.endgame, 1000);
    assert_eq!(outcome.total, 1000);
}

// ---- TX12 ---------------------------------------------------------------

// The statement's official samples, as the corpus keeps them.
const SAMPLE_1: &str = include_str!("../../../corpus/texas/sample1.in");
const SAMPLE_2: &str = include_str!("../../../corpus/texas/sample2.in");
const SAMPLE_3: &str = include_str!("../../../corpus/texas/sample3.in");

#[test]
fn tx12_official_sample_1() {
    let instance = parse(SAMPLE_1).unwrap();
    assert_eq!(solve(&instance), 11692);
    // The statement's explanation: the first three parts after each
    // operation add up to 315, 417, 429, 435, 482; the hand is 1 2 4 2 4.
    let mut game = Reference::start(&instance);
    let mut running = 0;
    let mut after_each = Vec::new();
    for swap in &instance.swaps {
        let record = game.step(swap);
        running += record.points() - record.hand_points.unwrap_or(0);
        after_each.push(running);
    }
    assert_eq!(after_each, vec![315, 417, 429, 435, 482]);
    let outcome = game.finish();
    assert_eq!(outcome.parts.hand, 210);
    assert_eq!(outcome.parts.endgame, 11000);
    assert_eq!(outcome.total, outcome.parts.sum());
}

#[test]
fn tx12_official_sample_2() {
    let instance = parse(SAMPLE_2).unwrap();
    assert_eq!(solve(&instance), 684);
}

#[test]
fn tx12_official_sample_3() {
    let instance = parse(SAMPLE_3).unwrap();
    assert_eq!(solve(&instance), 3023);
}

#[test]
fn tx12_total_is_the_sum_of_the_parts() {
    let (_, outcome) = play(hand_row(), &hand_swaps());
    assert_eq!(outcome.total, 27 + 205 + 1000);
    assert_eq!(outcome.total, outcome.parts.sum());
}
