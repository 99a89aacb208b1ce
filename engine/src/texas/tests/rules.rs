//! One test per rule or ruling, on small hand-made boards.

use m3_model::texas::{Board, Invalid, OperationRecord, Piece, Pos, Removal, Special, Texas};
use m3_model::Stepper;

use super::{board, swap};
use crate::texas::hand::{best_hand, hand_points};
use crate::texas::Engine;

fn cells(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| Pos::new(row - 1, col - 1)).collect()
}

fn removed_cells(record: &OperationRecord, round: usize) -> Vec<Pos> {
    record.rounds[round].removed.iter().map(|removal| removal.cell).collect()
}

/// 2x3: swapping the middle column makes two runs and clears the board.
fn two_rows() -> Board {
    board(&["1 2 1", "2 1 2"])
}

/// 3x4: swapping (1,2) and (2,2) makes a run of four 1s above a run of four
/// 2s.
fn two_fours() -> Board {
    board(&["1 2 1 1", "2 1 2 2", "1 2 1 2"])
}

/// 5x5: swapping (3,3) and (3,4) makes the only run, 1 1 1 at (3,1)-(3,3);
/// the pieces of rows 1-2, columns 1-3, then fall one row.
fn centre_run(special_at_3_2: u8) -> Board {
    let middle = format!("1 1:{special_at_3_2} 5 1 4");
    board(&["2 3 4 2 3", "3 4 2 3 4", &middle, "4 2 3 4 2", "2 3 4 2 3"])
}

// ---- TX2 ----------------------------------------------------------------

#[test]
fn tx2_position_off_the_board_is_the_first_reason() {
    let mut game = Engine::from_board(&two_rows());
    for bad in [
        swap(0, 1, 1, 1),
        swap(1, 1, 3, 1),
        swap(1, 4, 1, 3),
        swap(u32::MAX, u32::MAX, 1, 1),
        // Same (off-board) cell twice: off the board comes first.
        swap(0, 0, 0, 0),
    ] {
        assert_eq!(game.play(bad, &mut crate::texas::Quiet), Err(Invalid::OffBoard), "{bad}");
    }
}

#[test]
fn tx2_same_cell_not_adjacent_and_no_run_in_that_order() {
    let mut game = Engine::from_board(&two_rows());
    let expect = [
        (swap(1, 1, 1, 1), Invalid::SameCell),
        (swap(1, 1, 2, 2), Invalid::NotAdjacent),
        (swap(1, 1, 1, 3), Invalid::NotAdjacent),
        // 2 1 1 over 2 1 2: two in a row, two in a column, no run.
        (swap(1, 1, 1, 2), Invalid::NoRun),
    ];
    for (operation, reason) in expect {
        let record = game.step(&operation);
        assert_eq!(record.validity, Err(reason), "{operation}");
        assert!(record.rounds.is_empty() && record.main_colours.is_empty());
        assert_eq!((record.chain_points, record.hand_points), (0, None));
        assert_eq!(record.board, two_rows());
    }
    assert_eq!(game.total(), 0);
}

#[test]
fn tx2_empty_cell_comes_after_adjacency() {
    let mut game = Engine::from_board(&two_fours());
    assert!(game.apply(swap(1, 2, 2, 2)));
    // Rows 1 and 2 are now empty, row 3 is 1 2 1 2.
    assert_eq!(game.step(&swap(1, 1, 2, 1)).validity, Err(Invalid::EmptyCell));
    assert_eq!(game.step(&swap(2, 1, 3, 1)).validity, Err(Invalid::EmptyCell));
    assert_eq!(game.step(&swap(2, 2, 2, 2)).validity, Err(Invalid::SameCell));
    assert_eq!(game.step(&swap(1, 1, 3, 1)).validity, Err(Invalid::NotAdjacent));
}

#[test]
fn tx2_invalid_operation_costs_the_all_valid_bonus_only() {
    let mut game = Engine::from_board(&two_rows());
    assert!(!game.apply(swap(1, 1, 1, 1)));
    assert!(game.apply(swap(1, 2, 2, 2)));
    let outcome = <Engine as Stepper<Texas>>::finish(game);
    // 9 elimination + 10000 for the cleared board, no 1000.
    assert_eq!(outcome.parts.endgame, 10000);
    assert_eq!(outcome.total, 10009);
}

// ---- TX3 / TX4 ----------------------------------------------------------

#[test]
fn tx4_every_run_on_the_board_is_found_in_one_round() {
    let mut game = Engine::from_board(&two_fours());
    let record = game.step(&swap(1, 2, 2, 2));
    assert_eq!(record.validity, Ok(()));
    assert_eq!(record.rounds.len(), 1);
    let round = &record.rounds[0];
    assert_eq!(round.marked, cells(&[(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (2, 4)]));
    assert_eq!(round.removed.len(), 8);
    // 4 x 1 + 4 x 2; two runs of four are two components of four.
    assert_eq!((round.elimination_points, round.combo_points), (12, 100));
    assert_eq!(record.main_colours, vec![1, 2]);
    assert_eq!(record.board, board(&[". . . .", ". . . .", "1 2 1 2"]));
    assert_eq!(record.points(), 112);
}

#[test]
fn tx4_empty_cells_break_runs() {
    // 1 1 . 1 1 is no run.
    let mut game = Engine::from_board(&board(&["1 1 . 2 1", "2 2 1 1 2"]));
    assert_eq!(game.step(&swap(1, 4, 2, 4)).validity, Err(Invalid::NoRun));
}

#[test]
fn tx4_piece_in_a_row_run_and_a_column_run_is_marked_once() {
    let mut game = Engine::from_board(&board(&["1 2 1 1", "3 1 2 3", "2 1 3 2"]));
    let record = game.step(&swap(1, 1, 1, 2));
    let round = &record.rounds[0];
    assert_eq!(round.marked, cells(&[(1, 2), (1, 3), (1, 4), (2, 2), (3, 2)]));
    assert_eq!(removed_cells(&record, 0), round.marked);
    // An L of five: 5 x 1, and 50 (5-3)^2.
    assert_eq!((round.elimination_points, round.combo_points), (5, 200));
    assert_eq!(record.board, board(&["2 . . .", "3 . 2 3", "2 . 3 2"]));
    assert_eq!(record.main_colours, vec![1]);
}

#[test]
fn tx3_rounds_repeat_while_gravity_makes_runs() {
    let mut game = Engine::from_board(&board(&["5 4 5", "2 1 3", "1 2 4", "1 5 5"]));
    let record = game.step(&swap(2, 1, 2, 2));
    assert_eq!(record.rounds.len(), 2);
    assert_eq!(record.rounds[0].marked, cells(&[(2, 1), (3, 1), (4, 1)]));
    assert_eq!(record.rounds[0].board, board(&[". 4 5", ". 2 3", ". 2 4", "5 5 5"]));
    assert_eq!(record.rounds[1].marked, cells(&[(4, 1), (4, 2), (4, 3)]));
    assert_eq!(record.board, board(&[". . .", ". 4 5", ". 2 3", ". 2 4"]));
    // Main colours come from the first round only.
    assert_eq!(record.main_colours, vec![1]);
}

// ---- TX5 ----------------------------------------------------------------

fn play_centre(special: u8) -> OperationRecord {
    Engine::from_board(&centre_run(special)).step(&swap(3, 3, 3, 4))
}

#[test]
fn tx5_plain_run_removes_only_itself() {
    let record = play_centre(0);
    assert_eq!(removed_cells(&record, 0), cells(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(record.rounds[0].elimination_points, 3);
    assert_eq!(record.board, board(&[". . . 2 3", "2 3 4 3 4", "3 4 2 5 4", "4 2 3 4 2", "2 3 4 2 3"]));
}

#[test]
fn tx5_row_special_removes_its_row() {
    let record = play_centre(1);
    assert_eq!(removed_cells(&record, 0), cells(&[(3, 1), (3, 2), (3, 3), (3, 4), (3, 5)]));
    // 1+1+1 + 5 + 4.
    assert_eq!(record.rounds[0].elimination_points, 12);
    assert_eq!(record.rounds[0].combo_points, 0);
    assert_eq!(record.board, board(&[". . . . .", "2 3 4 2 3", "3 4 2 3 4", "4 2 3 4 2", "2 3 4 2 3"]));
}

#[test]
fn tx5_column_special_removes_its_column() {
    let record = play_centre(2);
    assert_eq!(removed_cells(&record, 0), cells(&[(1, 2), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2), (5, 2)]));
    assert_eq!(record.rounds[0].elimination_points, 15);
    assert_eq!(record.board, board(&[". . . 2 3", "2 . 4 3 4", "3 . 2 5 4", "4 . 3 4 2", "2 . 4 2 3"]));
}

#[test]
fn tx5_row_and_column_special_removes_both() {
    let record = play_centre(3);
    assert_eq!(record.rounds[0].removed.len(), 9);
    assert_eq!(record.rounds[0].elimination_points, 24);
    assert_eq!(record.board, board(&[". . . . .", "2 . 4 2 3", "3 . 2 3 4", "4 . 3 4 2", "2 . 4 2 3"]));
}

#[test]
fn tx5_square3_removes_the_square_around_it() {
    let record = play_centre(4);
    assert_eq!(
        removed_cells(&record, 0),
        cells(&[(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (4, 3)])
    );
    assert_eq!(record.rounds[0].elimination_points, 21);
    assert_eq!(record.board, board(&[". . . 2 3", ". . . 3 4", ". . . 5 4", "2 3 4 4 2", "2 3 4 2 3"]));
}

#[test]
fn tx5_square5_is_clipped_to_the_board() {
    let record = play_centre(5);
    // Centred on column 2: columns 1-4 of every row.
    assert_eq!(record.rounds[0].removed.len(), 20);
    assert_eq!(record.rounds[0].elimination_points, 55);
    assert_eq!(record.board, board(&[". . . . 3", ". . . . 4", ". . . . 4", ". . . . 2", ". . . . 3"]));
}

#[test]
fn tx5_special_reached_by_a_special_triggers_in_the_same_round() {
    // The row special reaches (3,5), a colour special of colour 4.
    let b = board(&["2 3 4 2 3", "3 4 2 3 4", "1 1:1 5 1 4:6", "4 2 3 4 2", "2 3 4 2 3"]);
    let record = Engine::from_board(&b).step(&swap(3, 3, 3, 4));
    assert_eq!(record.rounds.len(), 1);
    assert_eq!(
        removed_cells(&record, 0),
        cells(&[(1, 3), (2, 2), (2, 5), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (4, 1), (4, 4), (5, 3)])
    );
    // The row's 12 and six more 4s.
    assert_eq!(record.rounds[0].elimination_points, 36);
    assert_eq!(record.board, board(&[". . . . .", ". . . . .", "2 3 . 2 3", "3 2 2 3 2", "2 3 3 2 3"]));
    // Removed pieces keep their identity, special included.
    let removal = record.rounds[0].removed.iter().find(|r| r.cell == Pos::new(2, 4));
    assert_eq!(removal, Some(&Removal { cell: Pos::new(2, 4), piece: Piece { colour: 4, special: Special::Colour } }));
}

#[test]
fn tx5_piece_reached_twice_is_removed_and_scored_once() {
    // Two row specials in the same run remove the row once.
    let b = board(&["2 3 4 2 3", "3 4 2 3 4", "1:1 1:1 5 1 4", "4 2 3 4 2", "2 3 4 2 3"]);
    let record = Engine::from_board(&b).step(&swap(3, 3, 3, 4));
    assert_eq!(record.rounds[0].removed.len(), 5);
    assert_eq!(record.rounds[0].elimination_points, 12);
}

#[test]
fn tx5_special_removals_are_not_combo_pieces() {
    // (2,2) is a 1 next to the run; the square special removes it, but the
    // marked component stays at three pieces.
    let b = board(&["2 3 4 2 3", "3 1 2 3 4", "1 1:4 5 1 4", "4 2 3 4 2", "2 3 4 2 3"]);
    let record = Engine::from_board(&b).step(&swap(3, 3, 3, 4));
    assert_eq!(record.rounds[0].removed.len(), 9);
    assert_eq!(record.rounds[0].combo_points, 0);
    assert_eq!(record.rounds[0].elimination_points, 18);
    assert_eq!(record.main_colours, vec![1]);
}

// ---- TX6 / TX7 / TX8 ----------------------------------------------------

#[test]
fn tx7_tx8_second_round_counts_double_and_two_rounds_chain_80() {
    let mut game = Engine::from_board(&board(&["5 4 5", "2 1 3", "1 2 4", "1 5 5"]));
    let record = game.step(&swap(2, 1, 2, 2));
    let points: Vec<_> = record.rounds.iter().map(|r| (r.elimination_points, r.combo_points)).collect();
    // Round 1: three 1s; round 2: 2 x three 5s.
    assert_eq!(points, [(3, 0), (30, 0)]);
    assert_eq!(record.chain_points, 80);
    assert_eq!(game.total(), 113);
}

#[test]
fn tx6_falling_piece_keeps_its_special() {
    // The 5 that falls into row 4 carries its 3x3 special, which in round 2
    // also takes the 2 at (3,2).
    let mut game = Engine::from_board(&board(&["5:4 4 5", "2 1 3", "1 2 4", "1 5 5"]));
    let record = game.step(&swap(2, 1, 2, 2));
    assert_eq!(record.rounds[0].board.get(Pos::new(3, 0)), Some(Piece { colour: 5, special: Special::Square3 }));
    assert_eq!(removed_cells(&record, 1), cells(&[(3, 2), (4, 1), (4, 2), (4, 3)]));
    assert_eq!(record.rounds[1].elimination_points, 34);
    // Column 2 keeps its order: 4 above 2.
    assert_eq!(record.board, board(&[". . .", ". . 5", ". 4 3", ". 2 4"]));
    assert_eq!(game.total(), 117);
}

// ---- TX9 ----------------------------------------------------------------

#[test]
fn tx9_t_shape_is_one_component_of_five() {
    let mut game = Engine::from_board(&board(&["2 1 3", "1 2 1", "3 1 2", "2 1 3"]));
    let record = game.step(&swap(1, 2, 2, 2));
    assert_eq!(record.rounds[0].marked, cells(&[(2, 1), (2, 2), (2, 3), (3, 2), (4, 2)]));
    assert_eq!(record.rounds[0].combo_points, 200);
    assert_eq!(record.board, board(&[". . .", "2 . 3", "3 . 2", "2 2 3"]));
    assert_eq!(record.points(), 205);
}

#[test]
fn tx9_touching_runs_of_different_colours_stay_apart() {
    // Runs of four 1s and four 2s touch along their length: 50 + 50, not a
    // component of eight.
    let record = Engine::from_board(&two_fours()).step(&swap(1, 2, 2, 2));
    assert_eq!(record.rounds[0].combo_points, 100);
}

// ---- TX10 ---------------------------------------------------------------

#[test]
fn tx10_hand_table() {
    assert_eq!(hand_points([1, 2, 3, 4, 5]), 55);
    assert_eq!(hand_points([3, 1, 3, 2, 4]), 106);
    assert_eq!(hand_points([2, 4, 1, 2, 4]), 210);
    assert_eq!(hand_points([5, 1, 5, 2, 5]), 315);
    assert_eq!(hand_points([5, 2, 2, 5, 2]), 511);
    assert_eq!(hand_points([4, 4, 1, 4, 4]), 770);
    assert_eq!(hand_points([3; 5]), 1030);
    // The larger pair counts double whichever order the cards come in.
    assert_eq!(hand_points([1, 9, 9, 7, 1]), 200 + 18 + 1);
    assert_eq!(hand_points([100, 1, 2, 3, 4]), 150);
}

#[test]
fn tx10_best_joint_choice_of_main_colours() {
    // 1 3 3 1 5 (two pairs, 207) beats every hand with one pair.
    let slots = [vec![1, 2], vec![2, 3], vec![3], vec![1], vec![5]];
    assert_eq!(best_hand(&slots), 207);
    // Taking the first colour of each would give a pair of 1s: 102.
    let slots = [vec![1], vec![2], vec![3], vec![1], vec![5]];
    assert_eq!(best_hand(&slots), 102);
}

#[test]
fn tx10_hand_every_fifth_valid_operation_invalid_ones_skipped() {
    // Five 2x3 blocks side by side, each cleared by swapping its middle
    // column; an invalid operation comes between the 2nd and 3rd.
    let row1 = "1 2 1 3 4 3 1 2 1 3 4 3 1 2 1";
    let row2 = "2 1 2 4 3 4 2 1 2 4 3 4 2 1 2";
    let mut game = Engine::from_board(&board(&[row1, row2]));
    let mut hands = Vec::new();
    for (i, column) in [2u32, 5, 8, 11, 14].into_iter().enumerate() {
        if i == 2 {
            hands.push(game.step(&swap(1, 1, 1, 1)).hand_points);
        }
        hands.push(game.step(&swap(1, column, 2, column)).hand_points);
    }
    // Main colours {1,2}, {3,4}, {1,2}, {3,4}, {1,2}: best 2 4 2 4 2 is a
    // full house of 2s over 4s: 500 + 6 + 4.
    assert_eq!(hands, [None, None, None, None, None, Some(510)]);
    assert_eq!(game.board(), Board::filled(2, 15, None));
}

// ---- TX11 ---------------------------------------------------------------

#[test]
fn tx11_cleared_board_and_all_valid_pay_both_bonuses() {
    let mut game = Engine::from_board(&two_rows());
    let record = game.step(&swap(1, 2, 2, 2));
    assert_eq!(record.rounds[0].elimination_points, 9);
    assert_eq!(record.rounds[0].combo_points, 0);
    let outcome = <Engine as Stepper<Texas>>::finish(game);
    assert_eq!(outcome.parts.endgame, 11000);
    assert_eq!(outcome.total, 11009);
}

#[test]
fn tx11_board_left_with_pieces_pays_only_all_valid() {
    let mut game = Engine::from_board(&two_fours());
    assert!(game.apply(swap(1, 2, 2, 2)));
    assert_eq!(game.outcome().total, 112 + 1000);
}

#[test]
fn tx11_reading_no_operation_is_all_valid() {
    let game = Engine::from_board(&two_fours());
    assert_eq!(game.outcome().parts.endgame, 1000);
    assert_eq!(game.outcome().total, 1000);
}

// ---- TX1 readings and robustness ---------------------------------------

#[test]
fn tx1_reading_starting_run_makes_any_swap_valid_and_is_removed() {
    // A board TX1 rejects: 1 1 1 already stands in row 2.
    let mut game = Engine::from_board(&board(&["2 3 2", "1 1 1"]));
    let record = game.step(&swap(1, 1, 1, 2));
    assert_eq!(record.validity, Ok(()));
    assert_eq!(record.rounds[0].marked, cells(&[(2, 1), (2, 2), (2, 3)]));
    assert_eq!(record.board, board(&[". . .", "3 2 2"]));
}

#[test]
fn tx1_reading_floating_pieces_fall_in_the_first_round() {
    // Column 3 holds a piece above a hole; the first valid operation drops
    // it with everything else.
    let mut game = Engine::from_board(&board(&["2 1 4", "1 2 .", "1 3 5"]));
    let record = game.step(&swap(1, 1, 1, 2));
    assert_eq!(record.rounds.len(), 1);
    assert_eq!(record.rounds[0].marked, cells(&[(1, 1), (2, 1), (3, 1)]));
    assert_eq!(record.board, board(&[". 2 .", ". 2 4", ". 3 5"]));
}

#[test]
fn odd_instances_do_not_panic() {
    let boards = [
        Board::filled(0, 0, None),
        Board::filled(1, 1, Some(Piece::plain(0))),
        Board::filled(1, 3, None),
        board(&["255 0 255", "0:6 255:5 0:3"]),
        board(&["0 0 0", "0:6 0:5 0:4", "0:1 0:2 0:3"]),
    ];
    for b in boards {
        let mut game = Engine::from_board(&b);
        for operation in [
            swap(0, 0, 0, 0),
            swap(1, 1, 1, 2),
            swap(2, 1, 2, 2),
            swap(1, 1, 2, 1),
            swap(u32::MAX, 1, 1, 1),
            swap(2, 2, 3, 2),
        ] {
            game.step(&operation);
            game.apply(operation);
        }
        let _ = <Engine as Stepper<Texas>>::finish(game);
    }
}
