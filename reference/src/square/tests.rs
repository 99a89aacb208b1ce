//! Hand-made boards, one or more tests per rule. Every expected value was
//! worked out from docs/RULES.md by hand; the working is in the comments.
//!
//! The buffers used (SR1). For seed s, A[i] = s x 48271^i mod 2147483647, so
//! every seed's numbers come from seed 1's (the well-known minstd sequence):
//!
//! ```text
//! seed 1: A[0] = 1
//!         A[1] = 48271
//!         A[2] = 48271^2 = 2330089441 - 2147483647 = 182605794
//!         A[3] = 182605794 x 48271 = 8814564282174
//!              = 4104 x 2^31 + 1291390782, and 2^31 = 1 mod (2^31 - 1),
//!              so A[3] = 4104 + 1291390782 = 1291394886
//!         A[4] = 1914720637, A[5] = 2078669041, A[6] = 407355683,
//!         A[7] = 1105902161, A[8] = 854716505, A[9] = 564586691,
//!         A[10] = 1596680831, A[11] = 192302371
//! seed 7: A[i] = 7 x (seed 1's A[i]) mod 2147483647:
//!         7, 337897, 1278240558, 449829614 (9039764202 - 4 x 2147483647),
//!         518142577, 1665781405, 704006134, 1298864186,
//!         1688048241, 1804623190, 439347582, 1346116597,
//!         1981546508, 162366641, 1432299808, 308016803
//! seed 4: 4, 193084, 730423176, 870612250 (5165579544 - 2 x 2147483647),
//!         1216431607, 1872225223, 1629422732, 128641350,
//!         1271382373, 110862476, 2091755677, 769209484
//! ```
//!
//! Colours (a number mod 4 is its last two digits mod 4; mod 3 is its digit
//! sum mod 3):
//!
//! ```text
//! seed 7, 4 colours: 3 1 2 2 | 1 1 2 2 | 1 2 2 1 | 0 1 0 3
//! seed 1, 4 colours: 1 3 2 2
//! seed 4, 4 colours: 0 0 0 2 | 3 3 0 2 | 1 1 2 0
//! seed 1, 3 colours: 1 1 0 0 | 1 1 2 2
//! ```

use super::*;
use m3_model::square::{MAX_COLOURS, MIN_COLOURS};

/// A board from rows of digits, one digit a tile's colour.
fn board(rows: &[&str]) -> Board {
    let cols = rows.first().map_or(0, |row| row.len());
    let cells =
        rows.iter().flat_map(|row| row.chars()).map(|ch| u8::try_from(ch.to_digit(10).unwrap()).unwrap()).collect();
    Board::from_cells(rows.len(), cols, cells)
}

fn instance(colours: u8, seed: u64, rows: &[&str], moves: &[Move]) -> Instance {
    Instance { colours, seed, board: board(rows), moves: moves.to_vec() }
}

/// Plays every turn of `instance` (the opening, then the moves): the record
/// of every turn and the outcome.
fn play(instance: &Instance) -> (Vec<TurnRecord>, Outcome) {
    let mut game = Reference::start(instance);
    let records = instance.turns().iter().map(|turn| game.step(turn)).collect();
    (records, game.finish())
}

/// Plays `turns` on `instance`, whatever its own moves are.
fn play_turns(instance: &Instance, turns: &[Turn]) -> (Vec<TurnRecord>, Outcome) {
    let mut game = Reference::start(instance);
    let records = turns.iter().map(|turn| game.step(turn)).collect();
    (records, game.finish())
}

fn squares(list: &[(usize, usize)]) -> Vec<Square> {
    list.iter().map(|&(row, col)| Square::new(row, col)).collect()
}

fn mv(row: i32, col: i32, dir: i32) -> Move {
    Move::new(row, col, dir)
}

/// The status of a single move on a fresh game of `instance`, no opening.
fn status_of(instance: &Instance, m: Move) -> Status {
    let mut game = Reference::start(instance);
    game.step(&Turn::Move(m)).status
}

// ---- SR1 ----------------------------------------------------------------

#[test]
fn sr1_first_tile_is_seed_mod_colours() {
    // Seed 7, 4 colours: tiles 3 (7 mod 4; not 7, not A[1] mod 4 = 1), 1, 2,
    // 2, placed top-left, top-right, bottom-left, bottom-right.
    let (records, _) = play(&instance(4, 7, &["00", "00"], &[]));
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    assert_eq!(records[0].board, board(&["31", "22"]));
    assert_eq!(records[0].buffer, 4);
}

#[test]
fn sr1_tiles_follow_the_recurrence_past_the_first_four() {
    // Squares of 0s at (0,0) and of 1s at (0,2); seed 7, 4 colours.
    // (0,0) takes tiles 0..4, 3 1 2 2:  3111 / 2211. Scan: (0,0) 3122,
    // (0,1) 1121, (0,2) 1111.
    // (0,2) takes tiles 4..8, 1 1 2 2:  3111 / 2222. Scan: (0,0) 3122,
    // (0,1) 1122, (0,2) 1122: none.
    let (records, outcome) = play(&instance(4, 7, &["0011", "0011"], &[]));
    assert_eq!(records[0].squares, squares(&[(0, 0), (0, 2)]));
    assert_eq!(records[0].board, board(&["3111", "2222"]));
    assert_eq!(records[0].buffer, 8);
    assert_eq!(outcome.score, 2);
}

#[test]
fn sr1_seed_beyond_the_modulus_does_not_overflow() {
    // Refused by the parser, but an `Instance` can hold it. 2^64 - 1 mod 4 =
    // 3. 2^31 = 1 mod (2^31 - 1), so 2^64 = 4 x 2^62 = 4 and A[0] = 3 mod
    // the modulus: A[1] = 3 x 48271 = 144813 (mod 4: 13 -> 1),
    // A[2] = 3 x 182605794 = 547817382 (82 -> 2),
    // A[3] = 3 x 1291394886 - 2147483647 = 1726701011 (11 -> 3).
    let (records, _) = play(&instance(4, u64::MAX, &["00", "00"], &[]));
    assert_eq!(records[0].board, board(&["31", "23"]));
    assert_eq!(records[0].buffer, 4);
}

#[test]
fn sr1_next_a_is_the_recurrence() {
    assert_eq!(next_a(1), 48_271);
    assert_eq!(next_a(48_271), 182_605_794);
    assert_eq!(next_a(182_605_794), 1_291_394_886);
    assert_eq!(next_a(7), 337_897);
    assert_eq!(next_a(u64::MAX), 144_813);
}

// ---- SR2 ----------------------------------------------------------------

#[test]
fn sr2_refill_order_is_top_left_top_right_bottom_left_bottom_right() {
    // Seed 1, 4 colours: tiles 1 3 2 2.
    let (records, _) = play(&instance(4, 1, &["00", "00"], &[]));
    assert_eq!(records[0].board, board(&["13", "22"]));
}

#[test]
fn sr2_topmost_then_leftmost() {
    // Squares of 0s at (0,2) and at (1,0): (0,2) is topmost, though (1,0) is
    // further left (a column-first scan would take (1,0) first).
    // Seed 7, 4 colours. (0,2) takes 3 1 2 2:
    //   1231 / 0022 / 0012. Scan: only (1,0) (0000). It takes 1 1 2 2:
    //   1231 / 1122 / 2212. Scan: (0,0) 1211, (0,1) 2312, (0,2) 3122,
    //   (1,0) 1122, (1,1) 1221, (1,2) 2212: none.
    let (records, outcome) = play(&instance(4, 7, &["1200", "0000", "0012"], &[]));
    assert_eq!(records[0].squares, squares(&[(0, 2), (1, 0)]));
    assert_eq!(records[0].board, board(&["1231", "1122", "2212"]));
    assert_eq!(records[0].buffer, 8);
    assert_eq!(outcome.score, 2);
}

#[test]
fn sr2_refill_can_make_a_square_above_the_last() {
    // Squares of 0s at (1,1) and (2,3); seed 7, 4 colours.
    // (1,1) takes 3 1 2 2:       33121 / 33112 / 22200 / 12100.
    // (0,0) is now 3333, above the last square: taken before (2,3).
    // (0,0) takes 1 1 2 2:       11121 / 22112 / 22200 / 12100.
    // (1,0) is now 2222.
    // (1,0) takes 1 2 2 1:       11121 / 12112 / 21200 / 12100.
    // Scan: rows 0-1 and (2,0)..(2,2) have none; (2,3) 0000.
    // (2,3) takes 0 1 0 3:       11121 / 12112 / 21201 / 12103.
    // Scan: (1,2) 1120, (1,3) 1201, (2,2) 2010, (2,3) 0103; the rest as
    // before: none.
    let start = ["33121", "30012", "20000", "12100"];
    let (records, _) = play(&instance(4, 7, &start, &[]));
    assert_eq!(records[0].squares, squares(&[(1, 1), (0, 0), (1, 0), (2, 3)]));
    assert_eq!(records[0].board, board(&["11121", "12112", "21201", "12103"]));
    assert_eq!(records[0].buffer, 16);
}

#[test]
fn sr2_search_restarts_from_the_top() {
    // Squares of 1s at (1,1) and of 3s at (1,3); seed 4, 4 colours.
    // (1,1) takes 0 0 0 2:    21212 / 00033 / 00233.
    // (1,0) is now 0000: left of the last square in its row, so only a
    // search from the top finds it before (1,3).
    // (1,0) takes 3 3 0 2:    21212 / 33033 / 02233.
    // Scan: (0,0) 2133, (0,1) 1230, (0,2) 2103, (0,3) 1233, (1,0) 3302,
    // (1,1) 3022, (1,2) 0323, (1,3) 3333.
    // (1,3) takes 1 1 2 0:    21212 / 33011 / 02220.
    // Scan: (0,2) 2101, (0,3) 1211, (1,2) 0122, (1,3) 1120: none.
    let (records, _) = play(&instance(4, 4, &["21212", "01133", "01133"], &[]));
    assert_eq!(records[0].squares, squares(&[(1, 1), (1, 0), (1, 3)]));
    assert_eq!(records[0].board, board(&["21212", "33011", "02220"]));
    assert_eq!(records[0].buffer, 12);
}

#[test]
fn sr2_three_of_a_colour_and_a_diagonal_are_no_square() {
    // "001/010": (0,0) 0010 and (0,1) 0110 are no squares.
    let (records, outcome) = play(&instance(3, 1, &["001", "010"], &[]));
    assert!(records[0].squares.is_empty());
    assert_eq!(records[0].buffer, 0);
    assert_eq!(outcome.score, 0);
}

#[test]
fn sr2_squares_at_the_last_row_and_column_are_found() {
    // "012/100/200": (0,0) 0110, (0,1) 1200, (1,0) 1020, (1,1) 0000: the
    // bottom-right square only. Seed 1, 3 colours: tiles 1 1 0 0 ->
    // "012/111/200". Scan: (0,0) 0111, (0,1) 1211, (1,0) 1120, (1,1) 1100.
    let (records, _) = play(&instance(3, 1, &["012", "100", "200"], &[]));
    assert_eq!(records[0].squares, squares(&[(1, 1)]));
    assert_eq!(records[0].board, board(&["012", "111", "200"]));
}

#[test]
fn sr2_non_square_boards_are_scanned_whole() {
    // A 3x2 board (3 rows, 2 columns), square at (1,0). Seed 1, 3 colours:
    // tiles 1 1 0 0 -> "01/11/00". Scan: (0,0) 0111, (1,0) 1100: none.
    let (records, _) = play(&instance(3, 1, &["01", "22", "22"], &[]));
    assert_eq!(records[0].squares, squares(&[(1, 0)]));
    assert_eq!(records[0].board, board(&["01", "11", "00"]));
}

// ---- SR3 ----------------------------------------------------------------

#[test]
fn sr3_start_does_not_adjust() {
    let start = instance(4, 7, &["00", "00"], &[]);
    let game = Reference::start(&start);
    assert_eq!(game.finish(), Outcome { score: 0, first_invalid: None });
}

#[test]
fn sr3_opening_adjust_scores() {
    // As in sr1: one square, tiles 3 1 2 2.
    let start = instance(4, 7, &["00", "00"], &[]);
    let (records, outcome) = play(&start);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].turn, Turn::Opening);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    assert_eq!(outcome, Outcome { score: 1, first_invalid: None });
    assert_eq!(solve(&start), 1);
}

#[test]
fn sr3_every_move_is_followed_by_an_adjust() {
    // "002/010", no square: the opening does nothing. Move (1,1) right swaps
    // 1 and 0: "002/001", square (0,0) of 0s; seed 1, 3 colours: tiles
    // 1 1 0 0 -> "112/001". Scan: (0,0) 1100, (0,1) 1201: none.
    // Move (0,2) down swaps 2 and 1: "111/002", (0,0) 1100, (0,1) 1102: none.
    let start = instance(3, 1, &["002", "010"], &[mv(1, 1, RIGHT), mv(0, 2, DOWN)]);
    let (records, outcome) = play(&start);
    assert_eq!(records[0].status, Status::Played);
    assert!(records[0].squares.is_empty());
    assert_eq!(records[0].buffer, 0);
    assert_eq!(records[0].board, board(&["002", "010"]));
    assert_eq!(records[1].turn, Turn::Move(mv(1, 1, RIGHT)));
    assert_eq!(records[1].status, Status::Played);
    assert_eq!(records[1].squares, squares(&[(0, 0)]));
    assert_eq!(records[1].buffer, 4);
    assert_eq!(records[1].board, board(&["112", "001"]));
    assert!(records[2].squares.is_empty());
    assert_eq!(records[2].buffer, 4);
    assert_eq!(records[2].board, board(&["111", "002"]));
    assert_eq!(outcome, Outcome { score: 1, first_invalid: None });
    assert_eq!(solve(&start), 1);
}

#[test]
fn sr3_the_opening_and_the_moves_add_up() {
    // "0011/0011/2323": the opening removes (0,0) then (0,2) as in
    // sr1_tiles_follow_the_recurrence_past_the_first_four (seed 7, 4
    // colours): "3111/2222/2323", buffer 8. Scan of row 1: (1,0) 2223,
    // (1,1) 2232, (1,2) 2223: none.
    // Move (2,2) up swaps (2,2)=2 and (1,2)=2: nothing changes.
    // Move (2,1) right swaps 3 and 2: "3111/2222/2233": (1,0) 2222 is a
    // square. Tiles 8..11: 1 2 2 1 -> "3111/1222/2133". Scan: (0,0) 3112,
    // (0,1) 1122, (0,2) 1122, (1,0) 1221, (1,1) 2213, (1,2) 2233: none.
    let start = instance(4, 7, &["0011", "0011", "2323"], &[mv(2, 2, UP), mv(2, 1, RIGHT)]);
    let (records, outcome) = play(&start);
    assert_eq!(records[0].squares, squares(&[(0, 0), (0, 2)]));
    assert_eq!(records[0].board, board(&["3111", "2222", "2323"]));
    assert!(records[1].squares.is_empty());
    assert_eq!(records[1].board, records[0].board);
    assert_eq!(records[2].squares, squares(&[(1, 0)]));
    assert_eq!(records[2].board, board(&["3111", "1222", "2133"]));
    assert_eq!(records[2].buffer, 12);
    assert_eq!(outcome, Outcome { score: 3, first_invalid: None });
    assert_eq!(solve(&start), 3);
}

// ---- SR4 ----------------------------------------------------------------

#[test]
fn sr4_directions_up_right_down_left() {
    // Ten colours, all tiles distinct: no square can ever form.
    // From (1,1): up swaps with (0,1), right with (1,2), down with (2,1),
    // left with (1,0), each from the board the move before left.
    let moves = [mv(1, 1, UP), mv(1, 1, RIGHT), mv(1, 1, DOWN), mv(1, 1, LEFT)];
    let (records, outcome) = play(&instance(10, 1, &["012", "345", "678"], &moves));
    assert_eq!(records[1].board, board(&["042", "315", "678"]));
    assert_eq!(records[2].board, board(&["042", "351", "678"]));
    assert_eq!(records[3].board, board(&["042", "371", "658"]));
    assert_eq!(records[4].board, board(&["042", "731", "658"]));
    for record in &records {
        assert_eq!(record.status, Status::Played);
        assert_eq!(record.buffer, 0);
    }
    assert_eq!(outcome, Outcome { score: 0, first_invalid: None });
}

#[test]
fn sr4_equal_colour_swap_changes_nothing() {
    // "001/101": no square. (0,0) right swaps 0 and 0, (0,2) down swaps 1
    // and 1: both valid, nothing moves, nothing is taken.
    let start = instance(3, 1, &["001", "101"], &[mv(0, 0, RIGHT), mv(0, 2, DOWN)]);
    let (records, outcome) = play(&start);
    for record in &records[1..] {
        assert_eq!(record.status, Status::Played);
        assert!(record.squares.is_empty());
        assert_eq!(record.buffer, 0);
        assert_eq!(record.board, board(&["001", "101"]));
    }
    assert_eq!(outcome, Outcome { score: 0, first_invalid: None });
    assert_eq!(solve(&start), 0);
}

#[test]
fn sr4_equal_colour_swap_is_still_followed_by_the_adjust() {
    // With no opening turn, "00/00" is still a square when the first move
    // (an equal swap) is made: SR3's adjust after it removes it (seed 7,
    // 4 colours: tiles 3 1 2 2).
    let start = instance(4, 7, &["00", "00"], &[]);
    let (records, outcome) = play_turns(&start, &[Turn::Move(mv(0, 0, RIGHT))]);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    assert_eq!(records[0].board, board(&["31", "22"]));
    assert_eq!(outcome.score, 1);
}

#[test]
fn sr4_invalid_move_ends_the_game_with_minus_one() {
    // As in sr3_every_move_is_followed_by_an_adjust, move 0 scores one
    // square ("112/001", buffer 4). Move 1, (0,0) up, leaves the board.
    // Move 2 would be valid (it swaps 1 and 0 in row 0) and an opening
    // would adjust: both are skipped, repeating the board and buffer.
    let start = instance(3, 1, &["002", "010"], &[mv(1, 1, RIGHT), mv(0, 0, UP), mv(0, 1, RIGHT)]);
    let (records, outcome) = play(&start);
    assert_eq!(records[1].status, Status::Played);
    assert_eq!(records[2].turn, Turn::Move(mv(0, 0, UP)));
    assert_eq!(records[2].status, Status::Invalid(Invalid::NeighbourOffBoard));
    for record in &records[2..] {
        assert!(record.squares.is_empty());
        assert_eq!(record.buffer, 4);
        assert_eq!(record.board, board(&["112", "001"]));
    }
    assert_eq!(records[3].status, Status::Skipped);
    // The opening is no move: the invalid one is move 1.
    assert_eq!(outcome, Outcome { score: 1, first_invalid: Some(1) });
    assert_eq!(outcome.result(), -1);
    assert_eq!(solve(&start), -1);

    // Turns after the end, an opening among them, are skipped.
    let mut game = Reference::start(&start);
    game.step(&Turn::Move(mv(5, 5, UP)));
    let later = game.step(&Turn::Opening);
    assert_eq!(later.status, Status::Skipped);
    assert_eq!(later.turn, Turn::Opening);
    assert_eq!(later.board, board(&["002", "010"]));
    let later = game.step(&Turn::Move(mv(1, 1, RIGHT)));
    assert_eq!(later.status, Status::Skipped);
    assert_eq!(later.board, board(&["002", "010"]));
    assert_eq!(later.buffer, 0);
    assert_eq!(game.finish(), Outcome { score: 0, first_invalid: Some(0) });
}

#[test]
fn sr4_an_invalid_move_scores_minus_one_even_after_squares() {
    // The opening scores (seed 7, 4 colours, "00/00"); move 0 has no
    // direction 4. The score is kept in the outcome, the result is -1.
    let start = instance(4, 7, &["00", "00"], &[mv(0, 0, 4)]);
    let (records, outcome) = play(&start);
    assert_eq!(records[1].status, Status::Invalid(Invalid::UnknownDirection));
    assert_eq!(records[1].board, board(&["31", "22"]));
    assert_eq!(records[1].buffer, 4);
    assert_eq!(outcome, Outcome { score: 1, first_invalid: Some(0) });
    assert_eq!(solve(&start), -1);
}

#[test]
fn sr4_reason_order() {
    // A 2x3 board: rows 0..=1, columns 0..=2.
    let start = instance(10, 1, &["012", "345"], &[]);
    let cases = [
        // The tile is off the board: reported before any other reason.
        (mv(-1, 0, DOWN), Invalid::TileOffBoard), // neighbour (0,0) is on it
        (mv(0, 3, LEFT), Invalid::TileOffBoard),  // neighbour (0,2) is on it
        (mv(2, 0, 9), Invalid::TileOffBoard),     // and no direction 9
        (mv(0, -1, -1), Invalid::TileOffBoard),
        (mv(i32::MIN, i32::MAX, i32::MIN), Invalid::TileOffBoard),
        (mv(i32::MAX, 0, UP), Invalid::TileOffBoard),
        // On the board, no such direction: there is no neighbour to judge.
        (mv(0, 0, 4), Invalid::UnknownDirection),
        (mv(1, 2, -1), Invalid::UnknownDirection),
        (mv(1, 1, i32::MAX), Invalid::UnknownDirection),
        (mv(0, 0, i32::MIN), Invalid::UnknownDirection),
        // On the board, a direction, the neighbour off the board.
        (mv(0, 0, UP), Invalid::NeighbourOffBoard),
        (mv(0, 0, LEFT), Invalid::NeighbourOffBoard),
        (mv(1, 2, RIGHT), Invalid::NeighbourOffBoard),
        (mv(1, 2, DOWN), Invalid::NeighbourOffBoard),
        (mv(0, 2, RIGHT), Invalid::NeighbourOffBoard),
        (mv(1, 0, DOWN), Invalid::NeighbourOffBoard),
    ];
    for (m, reason) in cases {
        assert_eq!(status_of(&start, m), Status::Invalid(reason), "{m}");
    }
}

#[test]
fn sr4_exactly_the_moves_inside_the_board_are_valid() {
    // 2x3 board: 2 rows x 2 horizontal neighbour pairs + 3 vertical pairs =
    // 7 pairs, each named from either end: 14 valid (row, col, dir) among
    // rows -2..=3, columns -2..=4, dirs -1..=4. Ten distinct colours: no
    // square, nothing taken.
    let start = instance(10, 1, &["012", "345"], &[]);
    let mut valid = 0;
    for row in -2..=3 {
        for col in -2..=4 {
            for dir in -1..=4 {
                if status_of(&start, mv(row, col, dir)) == Status::Played {
                    valid += 1;
                }
            }
        }
    }
    assert_eq!(valid, 14);
}

// ---- Robustness ---------------------------------------------------------

#[test]
fn instances_the_parser_refuses_but_the_model_holds_do_not_panic() {
    // Colours 0 with no square: no tile is ever taken.
    assert_eq!(solve(&instance(0, 1, &["01", "23"], &[mv(0, 0, RIGHT)])), 0);
    // Tiles of colours beyond `colours`, a 1x1 board (no square, no
    // neighbour), a 1x3 board.
    assert_eq!(solve(&instance(2, 1, &["99", "99"], &[])), 1);
    assert_eq!(solve(&instance(2, 1, &["0"], &[mv(0, 0, RIGHT)])), -1);
    assert_eq!(solve(&instance(2, 1, &["000"], &[mv(0, 0, RIGHT), mv(0, 2, LEFT)])), 0);
    // Every colour count and the largest board, all one colour: the opening
    // removes squares until the refills leave none; it ends.
    for colours in MIN_COLOURS..=MAX_COLOURS {
        let rows: Vec<String> = (0..64).map(|_| "0".repeat(64)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (records, outcome) = play(&instance(colours, 12345, &rows, &[mv(63, 63, LEFT)]));
        assert!(outcome.score >= 1, "{colours} colours");
        assert_eq!(records[0].buffer, 4 * records[0].squares.len() as u64);
    }
}
