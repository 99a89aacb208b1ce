//! SquareRemover through every generic suite, plus what is its own: planted
//! bugs, the checker's invariants, the generator's floors, malformed inputs.

mod suites;

use m3_model::square::{self, Invalid, SquareRemover, Status, TurnRecord};
use m3diff::invariant::{RECORD, SCORE_BOOK, VALIDITY};
use m3diff::planted::Corruption;
use m3diff::square::{Counter, BOARD, BUFFER, LEFTOVER_SQUARE, ORDER};
use suites::{m3diff, text};

// The four hand-made cases and the ten contest-length example games.
suites::game_suites!(SquareRemover, answered = 14);

/// SR2: the first two squares of a cascade taken in the other order.
struct CascadeOutOfOrder;
impl Corruption<SquareRemover> for CascadeOutOfOrder {
    const BUG: &'static str = "SR2 the first two squares of a cascade in the other order";
    fn corrupt(record: &mut TurnRecord) {
        if record.squares.len() >= 2 {
            record.squares.swap(0, 1);
        }
    }
}

/// SR1: a tile too many taken from the buffer by a turn of three squares.
struct BufferOffByOne;
impl Corruption<SquareRemover> for BufferOffByOne {
    const BUG: &'static str = "SR1 a buffer tile too many after three squares";
    fn corrupt(record: &mut TurnRecord) {
        if record.squares.len() >= 3 {
            record.buffer += 1;
        }
    }
}

/// SR4: a move off the bottom edge judged by its direction first.
struct ReasonOrder;
impl Corruption<SquareRemover> for ReasonOrder {
    const BUG: &'static str = "SR4 a neighbour off the board reported as an unknown direction";
    fn corrupt(record: &mut TurnRecord) {
        if record.status == Status::Invalid(Invalid::NeighbourOffBoard) {
            record.status = Status::Invalid(Invalid::UnknownDirection);
        }
    }
}

suites::planted_bugs! {
    SquareRemover, shrunk_to_at_most = 48;
    sr2_a_cascade_out_of_order_is_caught_and_shrunk: CascadeOutOfOrder => "squares",
    sr1_a_buffer_off_by_one_is_caught_and_shrunk: BufferOffByOne => "buffer",
    sr4_reasons_out_of_order_are_caught_and_shrunk: ReasonOrder => "status",
}

#[test]
fn generator_keeps_producing_interesting_games() {
    let tally = suites::generator_reaches_every_counter::<SquareRemover>(400, &[]);
    let sum = |counters: &[Counter]| counters.iter().map(|&c| tally.count(c)).sum::<u64>();
    let moves = sum(&[Counter::Up, Counter::Right, Counter::Down, Counter::Left]);
    let scoring = tally.count(Counter::MoveScores);
    assert!(scoring * 10 >= moves, "a tenth of the moves should score: {scoring} of {moves}\n{tally}");
    let invalid = sum(&[Counter::TileOffBoard, Counter::UnknownDirection, Counter::NeighbourOffBoard]);
    assert!(invalid * 4 <= tally.games, "invalid moves stay rare: {invalid} in {} games\n{tally}", tally.games);
}

// The checker on corrupted records: each change to a corpus file's records
// must break the invariant named, and that one first.
suites::corrupted_records! {
    SquareRemover;
    sr2_squares_in_another_order_break_the_order: "sr2-refill-cascade" => ORDER, |instance, records, outcome| {
        records[0].squares.swap(0, 1);
    }
    sr2_stopping_before_the_last_square_leaves_one: "sr2-refill-cascade" => LEFTOVER_SQUARE, |instance, records, outcome| {
        records[0].squares.pop();
    }
    sr1_a_buffer_that_does_not_move_four_tiles_a_square_breaks_the_buffer: "sr2-square-above-the-last" => BUFFER, |instance, records, outcome| {
        records[1].buffer -= 1;
    }
    sr4_an_invalid_move_recorded_as_played_breaks_validity: "sr4-invalid-move" => VALIDITY, |instance, records, outcome| {
        let invalid = records.iter_mut().find(|r| matches!(r.status, Status::Invalid(_))).unwrap();
        invalid.status = Status::Played;
    }
    sr4_a_turn_after_the_end_that_changes_the_board_breaks_the_record: "sr4-invalid-move" => RECORD, |instance, records, outcome| {
        let skipped = records.last_mut().unwrap();
        assert_eq!(skipped.status, Status::Skipped);
        let colour = skipped.board.get(0, 0);
        skipped.board.set(0, 0, 1 - colour.min(1));
    }
    a_tile_of_a_colour_the_game_does_not_have_breaks_the_board: "sr2-square-above-the-last" => BOARD, |instance, records, outcome| {
        records[1].board.set(2, 2, instance.colours);
    }
    a_score_that_is_not_the_squares_recorded_breaks_the_score_book: "sr2-refill-cascade" => SCORE_BOOK, |instance, records, outcome| {
        outcome.score += 1;
    }
    sr4_the_wrong_first_invalid_move_breaks_the_record: "sr4-invalid-move" => RECORD, |instance, records, outcome| {
        outcome.first_invalid = Some(0);
    }
}

#[test]
fn gen_honours_the_shape_and_its_bounds() {
    let args = ["gen", "square", "--seed", "3", "--side", "5", "--colours", "3", "--moves", "7", "--start-seed", "42"];
    let generated = text(&m3diff(&args, "").stdout);
    assert!(generated.starts_with("3 5 42\n"), "{generated}");
    assert_eq!(square::parse(&generated).unwrap().moves.len(), 7);
    for out_of_bounds in [&["--side", "1"][..], &["--colours", "11"], &["--start-seed", "0"], &["--rows", "5"]] {
        let mut args = vec!["gen", "square", "--seed", "1"];
        args.extend_from_slice(out_of_bounds);
        assert_eq!(m3diff(&args, "").status.code(), Some(2), "{out_of_bounds:?}");
    }
}
