//! SquareRemover through every generic suite, plus what is its own: planted
//! bugs, the checker's invariants, the generator's floors, malformed inputs.

mod suites;

use m3_model::square::{self, Invalid, Move, SquareRemover, Status, Turn, TurnRecord, LEFT, UP};
use m3diff::check::planted::Corruption;
use m3diff::invariant::{RECORD, SCORE_BOOK, VALIDITY};
use std::time::Duration;

use m3diff::game::{Count, Game, Generator, Rulebook, Size};
use m3diff::games::square::{Counter, Knobs, Player, BOARD, BUFFER, LEFTOVER_SQUARE, ORDER};
use m3diff::runs::against::{self, Limits, Program, Wrong};
use m3diff::Tally;
use suites::{m3diff, text};

// The hand-made rule cases and the ten contest-length example games.
suites::game_suites!(SquareRemover, answered = 36);

// SR2: the first two squares of a cascade taken in the other order.
suites::planted_bug!(sr2_a_cascade_out_of_order_is_caught_and_shrunk: CascadeOutOfOrder => "squares", at_most = 48);
impl Corruption<SquareRemover> for CascadeOutOfOrder {
    const BUG: &'static str = "SR2 the first two squares of a cascade in the other order";
    fn corrupt(record: &mut TurnRecord) {
        if record.squares.len() >= 2 {
            record.squares.swap(0, 1);
        }
    }
}

// SR1: a tile too many taken from the buffer by a turn of three squares.
suites::planted_bug!(sr1_a_buffer_off_by_one_is_caught_and_shrunk: BufferOffByOne => "buffer", at_most = 48);
impl Corruption<SquareRemover> for BufferOffByOne {
    const BUG: &'static str = "SR1 a buffer tile too many after three squares";
    fn corrupt(record: &mut TurnRecord) {
        if record.squares.len() >= 3 {
            record.buffer += 1;
        }
    }
}

// SR4: a move off the bottom edge judged by its direction first.
suites::planted_bug!(sr4_reasons_out_of_order_are_caught_and_shrunk: ReasonOrder => "status", at_most = 48);
impl Corruption<SquareRemover> for ReasonOrder {
    const BUG: &'static str = "SR4 a neighbour off the board reported as an unknown direction";
    fn corrupt(record: &mut TurnRecord) {
        if record.status == Status::Invalid(Invalid::NeighbourOffBoard) {
            record.status = Status::Invalid(Invalid::UnknownDirection);
        }
    }
}

// Bugs on the edges the generator draws one field at a time (m3diff::kit::edges):
// each fires on its edge only, and a campaign of the default size finds it
// in a few thousand cases, well under a minute of a night.

/// An engine that misjudges an invalid move: a turn invalid for `reason`
/// whose move `fires` holds of (with the board's side) is recorded as
/// `instead`.
fn misjudge(record: &mut TurnRecord, reason: Invalid, fires: impl Fn(Move, i64) -> bool, instead: Status) {
    if let (Turn::Move(m), Status::Invalid(found)) = (record.turn, record.status) {
        if found == reason && fires(m, record.board.rows() as i64) {
            record.status = instead;
        }
    }
}

// SR4: a tile one column past the board judged by its neighbour.
suites::planted_bug!(sr4_a_column_one_past_the_board_is_caught_and_shrunk: ColumnOnePast => "status", at_most = 48, cases = 3000);
impl Corruption<SquareRemover> for ColumnOnePast {
    const BUG: &'static str = "SR4 a tile one column past the board reported as a neighbour off it";
    fn corrupt(record: &mut TurnRecord) {
        let past = |m: Move, side| i64::from(m.col) == side;
        misjudge(record, Invalid::TileOffBoard, past, Status::Invalid(Invalid::NeighbourOffBoard));
    }
}

// SR4: a tile at row or column -1 judged by its neighbour.
suites::planted_bug!(sr4_a_row_or_column_of_minus_one_is_caught_and_shrunk: MinusOne => "status", at_most = 48, cases = 3000);
impl Corruption<SquareRemover> for MinusOne {
    const BUG: &'static str = "SR4 a tile at row or column -1 reported as a neighbour off the board";
    fn corrupt(record: &mut TurnRecord) {
        let minus_one = |m: Move, _| m.row == -1 || m.col == -1;
        misjudge(record, Invalid::TileOffBoard, minus_one, Status::Invalid(Invalid::NeighbourOffBoard));
    }
}

// SR4: a row and a column read through a byte, so that 256 is row 0.
suites::planted_bug!(sr4_a_row_or_column_read_through_a_byte_is_caught_and_shrunk: TileThroughAByte => "status", at_most = 64, cases = 3000);
impl Corruption<SquareRemover> for TileThroughAByte {
    const BUG: &'static str = "SR4 a row or column read through a byte (256 as 0) played";
    fn corrupt(record: &mut TurnRecord) {
        let wraps = |m: Move, side| [m.row, m.col].iter().all(|&v| i64::from(v as u8) < side);
        misjudge(record, Invalid::TileOffBoard, wraps, Status::Played);
    }
}

// SR4: a direction read through a byte, so that 257 is right.
suites::planted_bug!(sr4_a_direction_read_through_a_byte_is_caught_and_shrunk: DirectionThroughAByte => "status", at_most = 48, cases = 3000);
impl Corruption<SquareRemover> for DirectionThroughAByte {
    const BUG: &'static str = "SR4 a direction read through a byte (257 as right) played";
    fn corrupt(record: &mut TurnRecord) {
        let wraps = |m: Move, _| (UP..=LEFT).contains(&i32::from(m.dir as u8));
        misjudge(record, Invalid::UnknownDirection, wraps, Status::Played);
    }
}

// SR4: a direction checked against 4 with `<=`.
suites::planted_bug!(sr4_a_direction_of_four_is_caught_and_shrunk: DirectionFour => "status", at_most = 48, cases = 3000);
impl Corruption<SquareRemover> for DirectionFour {
    const BUG: &'static str = "SR4 a direction of 4 taken for a valid one";
    fn corrupt(record: &mut TurnRecord) {
        misjudge(record, Invalid::UnknownDirection, |m, _| m.dir == LEFT + 1, Status::Played);
    }
}

// SR1: the tenth colour, 9, kept in a table of nine and read as the first.
suites::planted_bug!(sr1_the_tenth_colour_read_as_the_first_is_caught_and_shrunk: TenthColour => "board", at_most = 48, cases = 3000);
impl Corruption<SquareRemover> for TenthColour {
    const BUG: &'static str = "SR1 a tile of the tenth colour, 9, comes out of a turn as 0";
    fn corrupt(record: &mut TurnRecord) {
        for row in 0..record.board.rows() {
            for col in 0..record.board.cols() {
                if record.board.get(row, col) == 9 {
                    record.board.set(row, col, 0);
                }
            }
        }
    }
}

// SR2: a board of 63 or 64 a side, whose windows overflow a row's bits.
suites::planted_bug!(sr2_a_square_lost_on_the_largest_board_is_caught_and_shrunk: LargestBoard => "squares", at_most = 4300, cases = 3000);
impl Corruption<SquareRemover> for LargestBoard {
    const BUG: &'static str = "SR2 on a board of 63 or 64 a side a turn's last square is lost";
    fn corrupt(record: &mut TurnRecord) {
        if record.board.rows() >= 63 {
            record.squares.pop();
        }
    }
}

#[test]
fn generator_keeps_producing_interesting_games() {
    // A game of 9,999 or 10,001 moves costs thirty of the mix: drawn often
    // enough for 400 games, it would slow every night by a fifth. Only the
    // strong player scores enough to take 32,768 buffer tiles, in games
    // within the statement (sr2_the_strong_player_...).
    let rare = [Counter::OneOffContest, Counter::BufferPastAShort, Counter::StrongScore];
    let tally = suites::generator_reaches_every_counter::<SquareRemover>(400, &rare);
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

#[test]
fn within_the_statement_every_size_draws_only_the_statements_games() {
    // By construction: none is drawn again, where the share allowed is 1%.
    // The greedy player, for speed: the strong one makes only valid moves.
    for size in [Size::Small, Size::Mixed, Size::Max] {
        let games = 24;
        let beyond: Vec<String> = (1..=games)
            .filter_map(|seed| {
                let greedy = |shape: &mut Knobs| shape.player = Some(Player::Greedy);
                SquareRemover::beyond_statement(&suites::against::within_statement::<SquareRemover>(seed, size, greedy))
                    .map(|b| b.what)
            })
            .collect();
        assert!(beyond.len() * 100 < games as usize, "{size:?}: {} of {games} beyond: {beyond:?}", beyond.len());
    }
    // The statement's edges, as `--within-statement` draws them: sides of 8
    // and 16, 4 and 6 colours.
    let args = ["gen", "square", "--within-statement", "--edge-percent", "100", "--player", "greedy", "--seed"];
    let (mut sides, mut colours) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
    for seed in 1..=24 {
        let seed = seed.to_string();
        let generated = square::parse(&text(&m3diff(&[&args[..], &[&seed]].concat(), "").stdout)).unwrap();
        assert_eq!(SquareRemover::beyond_statement(&generated), None);
        sides.insert(generated.board.rows());
        colours.insert(generated.colours);
    }
    assert!(sides.contains(&8) && sides.contains(&16), "sides {sides:?}");
    assert!(colours.contains(&4) && colours.contains(&6), "colours {colours:?}");
}

#[test]
fn sr2_the_strong_player_scores_over_12000_squares_on_16x16_in_4_colours() {
    // Its speed is measured in `cargo bench --bench square_player`, not here.
    let args = ["gen", "square", "--player", "strong", "--seed", "1", "--side", "16", "--colours", "4"];
    let generated = m3diff(&[&args[..], &["--moves", "10000", "--invalid-percent", "0"]].concat(), "");
    let solved = m3diff(&["solve", "square", "-"], &text(&generated.stdout));
    let score: u64 = text(&solved.stdout).trim().parse().unwrap();
    assert!(score >= 12_000, "the strong player scored {score}");
    let greedy = [&args[..3], &["greedy"], &args[4..], &["--moves", "10000", "--invalid-percent", "0"]].concat();
    let greedy = m3diff(&greedy, "");
    let greedy: u64 = text(&m3diff(&["solve", "square", "-"], &text(&greedy.stdout)).stdout).trim().parse().unwrap();
    assert!(greedy * 2 < score, "the greedy player scored {greedy}, the strong one {score}");
}

#[test]
fn under_against_a_case_shrinks_inside_the_statements_shape_to_its_least() {
    // A program that is wrong on every case: every candidate within the
    // statement fails alike, so the shrink goes as far as the shape allows.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wrong");
    std::fs::write(&path, "#!/bin/sh\ncat >/dev/null\necho -2\n").unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let limits = Limits::of::<SquareRemover>(None, None, Some(Duration::from_secs(5)));
    let program = Program::new(&path.display().to_string(), limits).unwrap();
    let mut case = suites::against::within_statement::<SquareRemover>(5, Size::Mixed, |shape| {
        shape.side = Some(Count::new(13));
        shape.colours = Some(6);
        shape.player = Some(Player::Greedy);
    });
    let fails = |candidate: &square::Instance| {
        let judged = against::check::<SquareRemover>(&program, candidate).map(|(_, judged)| judged.failed);
        matches!(judged, Ok(Some(failed)) if failed.wrong == Wrong::Answer)
    };
    assert!(fails(&case));
    // As the shrinker runs a game's candidates: the first that fails alike
    // is kept, until none does.
    let mut steps = 0;
    while let Some(smaller) = SquareRemover::shrink_candidates(&case).find(|c| fails(c)) {
        assert!(smaller.board.rows() <= case.board.rows() && smaller.colours <= case.colours, "grew:\n{smaller}");
        case = smaller;
        steps += 1;
        assert!(steps < 200, "no fixed point after {steps} steps");
    }
    assert_eq!((case.board.rows(), case.colours, case.seed), (8, 4, 1), "{steps} steps");
    let plain = square::Move::new(0, 0, square::RIGHT);
    assert!(case.moves.len() == square::CONTEST_MOVES && case.moves.iter().all(|&m| m == plain), "{case}");
}

/// The reference's counts of the opening adjust of a 4x4 board of 3
/// colours: 0 and 1 in a checkerboard, which holds no square, and one
/// square of 2 with its top-left tile at `top_left`. Refills can make
/// squares only where a square was removed, and none where the last row
/// (or column) keeps two different colours side by side.
fn tally_of(top_left: (usize, usize)) -> Tally<Counter> {
    let mut text = String::from("3 4 1\n");
    for row in 0..4 {
        for col in 0..4 {
            let in_square = (top_left.0..top_left.0 + 2).contains(&row) && (top_left.1..top_left.1 + 2).contains(&col);
            text.push(if in_square { '2' } else { char::from(b'0' + ((row + col) % 2) as u8) });
        }
        text.push('\n');
    }
    text.push_str("0\n");
    let instance = square::parse(&text).unwrap();
    let mut tally = Tally::default();
    against::reference_answer::<SquareRemover>(&instance, &mut tally).unwrap();
    tally
}

#[test]
fn sr2_a_square_in_the_last_two_rows_or_columns_is_counted_and_one_a_row_or_column_short_is_not() {
    let counts = |tally: &Tally<Counter>| {
        assert!(tally.count(Counter::SquareRemoved) >= 1);
        [tally.count(Counter::LastTwoRows) > 0, tally.count(Counter::LastTwoColumns) > 0]
    };
    assert_eq!(counts(&tally_of((2, 0))), [true, false]);
    assert_eq!(counts(&tally_of((0, 2))), [false, true]);
    assert_eq!(counts(&tally_of((1, 1))), [false, false]);
}

/// The 10,000-move edge game a fuzz input selects by its first byte is on a
/// small board: a night mutates the inputs it keeps again and again, and
/// the same game on a board of 64 costs ten times as much.
#[test]
fn the_contest_length_edge_game_of_a_fuzz_input_is_on_a_small_board() {
    let selector = *m3diff::runs::fuzzing::EDGE_SELECTORS.start();
    let edges = <Knobs as Generator<SquareRemover>>::edge_games();
    assert_eq!(edges[0].counter, Counter::ContestLength, "{}", edges[0].name);
    let small = <Knobs as Generator<SquareRemover>>::generate::<m3_engine::square::Engine>;
    let largest_small_side = (0..200u64)
        .map(|seed| {
            m3diff::process::seed::with_seed(seed, |u| small(&Knobs::default(), Size::Small, u)).unwrap().board.rows()
        })
        .max()
        .unwrap();
    for draw in 0..=u8::MAX {
        let game = m3diff::runs::fuzzing::instance_from_input::<SquareRemover>(&[selector, draw]).unwrap();
        assert_eq!(game.moves.len(), square::CONTEST_MOVES);
        assert!(game.board.rows() <= largest_small_side, "a side of {} from {draw}", game.board.rows());
    }
}
