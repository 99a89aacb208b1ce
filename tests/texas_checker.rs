//! The invariant checker must report each kind of violation when a record is
//! corrupted: a checker that cannot fail proves nothing.

use m3_model::texas::{self, Board, Cell, OperationRecord, Outcome, Texas};
use m3diff::texas::{TexasChecker, CONSERVATION, GRAVITY, LEFTOVER_RUN, RECORD, RUNS, SCORE_BOOK};
use m3diff::Checker;

fn sample(name: &str) -> texas::Instance {
    let path = format!("{}/corpus/texas/{name}.in", env!("CARGO_MANIFEST_DIR"));
    texas::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The reference's records and outcome for a corpus file.
fn played(name: &str) -> (texas::Instance, Vec<OperationRecord>, Outcome) {
    let instance = sample(name);
    let (records, outcome) = m3diff::oracle::play::<Texas, m3_reference::texas::Game>(&instance);
    (instance, records, outcome)
}

/// The first invariant the checker finds broken, if any.
fn first_violation(instance: &texas::Instance, records: &[OperationRecord], outcome: &Outcome) -> Option<&'static str> {
    let mut checker = <TexasChecker as Checker<Texas>>::new(instance);
    for record in records {
        if let Err(violation) = checker.record(record) {
            return Some(violation.invariant);
        }
    }
    checker.outcome(outcome).err().map(|v| v.invariant)
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
