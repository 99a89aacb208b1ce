//! The invariant checker must report each kind of violation when a record is
//! corrupted: a checker that cannot fail proves nothing.

mod suites;

use m3_model::texas::{self, Board, Cell, Invalid, OperationRecord, Outcome, Texas};
use m3diff::invariant::{CONSERVATION, GRAVITY, RECORD, SCORE_BOOK, VALIDITY};
use m3diff::texas::{LEFTOVER_RUN, RUNS, SPECIALS};

fn played(name: &str) -> (texas::Instance, Vec<OperationRecord>, Outcome) {
    suites::played::<Texas>(name)
}

fn first_violation(instance: &texas::Instance, records: &[OperationRecord], outcome: &Outcome) -> Option<&'static str> {
    suites::first_violation::<Texas>(instance, records, outcome)
}

#[test]
fn uncorrupted_records_keep_every_invariant() {
    for name in ["sample1", "sample2", "sample3", "tx8-chain-of-two-rounds", "tx5-colour-special"] {
        let (instance, records, outcome) = played(name);
        assert_eq!(first_violation(&instance, &records, &outcome), None, "{name}");
    }
}

#[test]
fn a_removed_piece_that_was_not_there_breaks_conservation() {
    let (instance, mut records, outcome) = played("sample1");
    records[0].rounds[0].removed[0].piece.colour += 1;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(CONSERVATION));
}

#[test]
fn a_piece_lost_in_the_fall_breaks_conservation() {
    let (instance, mut records, outcome) = played("sample1");
    let board = &mut records[0].rounds[0].board;
    let cell = (0..board.rows()).map(|row| Cell::new(row, 0)).find(|&c| board.get(c).is_some()).unwrap();
    board.set(cell, None);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(CONSERVATION));
}

#[test]
fn tx6_a_column_out_of_order_breaks_gravity() {
    let (instance, mut records, outcome) = played("sample1");
    let board = &mut records[0].rounds[0].board;
    let (upper, lower) = column_pair_of_different_pieces(board);
    let (a, b) = (board.get(upper), board.get(lower));
    board.set(upper, b);
    board.set(lower, a);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(GRAVITY));
}

#[test]
fn tx6_a_piece_above_a_gap_breaks_gravity() {
    let (instance, mut records, outcome) = played("tx9-cross-combo");
    // After the cross goes, column 1 holds three pieces under one gap; lift
    // the bottom one to the top.
    let board = &mut records[0].rounds[0].board;
    let bottom = Cell::new(board.rows() - 1, 0);
    let piece = board.get(bottom);
    board.set(bottom, None);
    board.set(Cell::new(0, 0), piece);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(GRAVITY));
}

#[test]
fn tx4_a_run_cell_left_unmarked_breaks_the_runs() {
    let (instance, mut records, outcome) = played("tx9-cross-combo");
    records[0].rounds[0].marked.pop();
    assert_eq!(first_violation(&instance, &records, &outcome), Some(RUNS));
}

#[test]
fn tx3_stopping_before_the_last_run_leaves_a_run() {
    let (instance, mut records, outcome) = played("tx8-chain-of-two-rounds");
    let record = &mut records[0];
    assert_eq!(record.rounds.len(), 2);
    record.rounds.pop();
    record.board = record.rounds[0].board.clone();
    assert_eq!(first_violation(&instance, &records, &outcome), Some(LEFTOVER_RUN));
}

#[test]
fn tx7_elimination_points_off_by_one_break_the_score_book() {
    let (instance, mut records, outcome) = played("sample1");
    records[2].rounds[0].elimination_points += 1;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SCORE_BOOK));
}

#[test]
fn tx9_combo_points_off_break_the_score_book() {
    let (instance, mut records, outcome) = played("tx9-cross-combo");
    records[0].rounds[0].combo_points = 50;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SCORE_BOOK));
}

#[test]
fn tx12_a_total_that_is_not_the_sum_breaks_the_score_book() {
    let (instance, records, mut outcome) = played("sample1");
    outcome.total += 1;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SCORE_BOOK));
}

#[test]
fn tx11_an_unearned_bonus_breaks_the_score_book() {
    let (instance, records, mut outcome) = played("sample2");
    outcome.parts.endgame += texas::ALL_VALID_BONUS;
    outcome.total += texas::ALL_VALID_BONUS;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SCORE_BOOK));
}

#[test]
fn tx2_an_invalid_operation_that_scores_breaks_the_record() {
    let (instance, mut records, outcome) = played("sample2");
    let invalid = records.iter_mut().find(|r| !r.is_valid()).expect("sample 2 has invalid operations");
    invalid.hand_points = Some(100);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(RECORD));
}

#[test]
fn tx2_an_invalid_operation_with_another_reason_breaks_validity() {
    let (instance, mut records, outcome) = played("tx2-invalid-operations");
    let invalid = records.iter_mut().find(|r| r.validity == Err(Invalid::SameCell)).expect("a same-cell swap");
    invalid.validity = Err(Invalid::NotAdjacent);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(VALIDITY));
}

#[test]
fn tx2_a_valid_swap_recorded_as_invalid_breaks_validity() {
    let (instance, mut records, outcome) = played("sample1");
    let record = &mut records[0];
    record.validity = Err(Invalid::NoRun);
    record.rounds.clear();
    record.main_colours.clear();
    record.chain_points = 0;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(VALIDITY));
}

#[test]
fn tx3_an_empty_round_recorded_breaks_the_record() {
    let (instance, mut records, outcome) = played("tx9-cross-combo");
    let record = &mut records[0];
    let last = record.rounds.last().unwrap().clone();
    record.rounds.push(m3_model::texas::Round {
        marked: Vec::new(),
        removed: Vec::new(),
        elimination_points: 0,
        combo_points: 0,
        board: last.board,
    });
    assert_eq!(first_violation(&instance, &records, &outcome), Some(RECORD));
}

#[test]
fn tx5_a_piece_removed_that_no_special_reaches_breaks_the_specials() {
    let (instance, mut records, outcome) = played("tx5-colour-special");
    let round = &mut records[0].rounds[0];
    // The colour special takes every piece of colour 1; claim it left one.
    let unmarked = round.removed.iter().rposition(|r| !round.marked.contains(&r.cell)).unwrap();
    round.removed.remove(unmarked);
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SPECIALS));
}

#[test]
fn tx10_hand_points_that_the_main_colours_do_not_make_break_the_score_book() {
    let (instance, mut records, outcome) = played("sample1");
    let hand = records.iter_mut().find(|r| r.hand_points.is_some()).expect("sample 1 scores a hand");
    // Recorded consistently everywhere but against TX10's table.
    hand.hand_points = hand.hand_points.map(|points| points + 7);
    let mut outcome = outcome;
    outcome.parts.hand += 7;
    outcome.total += 7;
    assert_eq!(first_violation(&instance, &records, &outcome), Some(SCORE_BOOK));
}

fn column_pair_of_different_pieces(board: &Board) -> (Cell, Cell) {
    for col in 0..board.cols() {
        for row in 1..board.rows() {
            let (upper, lower) = (Cell::new(row - 1, col), Cell::new(row, col));
            if board.get(upper).is_some() && board.get(lower).is_some() && board.get(upper) != board.get(lower) {
                return (upper, lower);
            }
        }
    }
    panic!("no column holds two different pieces");
}
