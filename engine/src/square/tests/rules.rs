//! One test per rule or ruling, on small hand-made boards. The buffer
//! values are worked out in the comments from SR1:
//!
//! seed 2: A[0] = 2
//!         A[1] = 2 x 48271 = 96542
//!         A[2] = 96542 x 48271 = 4660178882 = 2 x 2147483647 + 365211588
//!         A[3] = 365211588 x 48271 = 17629128564348
//!              = 8209 x 2147483647 + 435306125
//!         A[4..=11] = 1681957627, 2009854435, 814711366, 64320675,
//!                     1709433010, 1129173382, 1045878015, 384604742
//!         mod 2 (the last digit's parity): 0 0 0 1 | 1 1 0 1
//!         mod 3 (the digit sum's): 2 2 0 2 | 1 1 1 0 | 1 1 0 2
//!         (digit sums 2 26 39 29 | 52 40 37 33 | 28 37 39 38)
//! seed 5: A[0] = 5
//!         A[1] = 5 x 48271 = 241355
//!         A[2] = 241355 x 48271 = 11650447205 = 5 x 2147483647 + 913028970
//!         A[3] = 913028970 x 48271 = 44072821410870
//!              = 20523 x 2147483647 + 14523489
//!         mod 3 (digit sums 5 20 39 27): 2 2 0 0; mod 10: 5 5 0 9;
//!         mod 4 (the last two digits' 5 55 70 89): 1 3 2 1

use m3_model::square::{Invalid, Move, Outcome, Status, Turn};

use super::{board, instance, play, play_turns, squares};
use crate::square::buffer::{lehmer_step, Buffer};
use crate::square::solve;

// ---- SR1 ------------------------------------------------------------------

#[test]
fn sr1_first_tile_is_seed_mod_colours() {
    // The opening removes the one square and refills it with A[0..4] in the
    // order top-left, top-right, bottom-left, bottom-right.
    let three = instance(3, 5, &["00", "00"], &[]);
    let (records, outcome) = play(&three);
    assert_eq!(records[0].board, board(&["22", "00"]));
    assert_eq!(records[0].buffer, 4);
    assert_eq!(outcome, Outcome { score: 1, first_invalid: None });

    // With four colours A[0] and A[1] differ: tile 0 is A[0]'s.
    let four = instance(4, 5, &["00", "00"], &[]);
    assert_eq!(play(&four).0[0].board, board(&["13", "21"]));

    let ten = instance(10, 5, &["11", "11"], &[]);
    assert_eq!(play(&ten).0[0].board, board(&["55", "09"]));

    let two = instance(2, 2, &["11", "11"], &[]);
    assert_eq!(play(&two).0[0].board, board(&["00", "01"]));
}

#[test]
fn sr1_folded_recurrence_matches_division() {
    for seed in [1, 2, 5, 48271, 16807, 1 << 30, (1 << 31) - 2, 123_456_789, 2_147_483_646] {
        for colours in 2..=10u8 {
            let mut buffer = Buffer::new(seed, colours);
            let mut a = seed;
            for index in 0..5_000u64 {
                assert_eq!(buffer.taken(), index);
                assert_eq!(
                    buffer.take(),
                    (a % u64::from(colours)) as u8,
                    "seed {seed}, {colours} colours, tile {index}"
                );
                a = a * 48271 % 2_147_483_647;
            }
        }
    }
    // The fold at its edges: the largest state, and the product's largest
    // high part.
    for a in [0, 1, 44488, 44489, 2_147_483_646, 2_147_483_645, 1 << 30] {
        assert_eq!(lehmer_step(a), a * 48271 % 2_147_483_647, "A = {a}");
    }
}

#[test]
fn sr1_division_free_remainder_is_exact() {
    // Every tile after the first has A below 2^31; check the remainder on
    // the values around every multiple of the colour count's edges.
    for colours in 1..=255u8 {
        let buffer = Buffer::new(1, colours);
        let c = u64::from(colours);
        for value in (0..2000).chain((1u64 << 31) - 2000..1 << 31).chain((1u64 << 32) - 2000..1 << 32) {
            assert_eq!(buffer.reduce(value), (value % c) as u8, "{value} mod {colours}");
        }
    }
}

#[test]
fn sr1_seed_outside_the_modulus_is_taken_literally() {
    // As `Buffer::new` reads it: tile 0 is seed mod colours, A[1] the exact
    // seed x 48271 mod 2^31 - 1. Seed 2^31 + 4: tile 0 is (2^31 + 4) mod 3
    // = (2 + 1) mod 3 = 0 (2^31 = 2 mod 3); A[1] = 5 x 48271 = 241355 as
    // for seed 5, since 2^31 + 4 = 5 modulo 2^31 - 1; tiles 1..=3 are then
    // seed 5's tiles 1..=3: 2 0 0.
    let mut buffer = Buffer::new((1 << 31) + 4, 3);
    let tiles: Vec<u8> = (0..4).map(|_| buffer.take()).collect();
    assert_eq!(tiles, [0, 2, 0, 0]);
    // No panic at the extremes.
    let mut huge = Buffer::new(u64::MAX, 10);
    let _ = huge.take();
    let mut none = Buffer::new(5, 0);
    assert_eq!(none.take(), 0);
}

// ---- SR2 ------------------------------------------------------------------

#[test]
fn sr2_topmost_then_leftmost() {
    // (1,0) of 1s is the leftmost square, (0,2) of 2s the topmost: (0,2)
    // goes first and takes seed 2's tiles 2 2 0 2; no square is new, so
    // (1,0) takes 1 1 1 0.
    let topmost = instance(3, 2, &["0122", "1122", "1101", "0201"], &[]);
    let (records, outcome) = play(&topmost);
    assert_eq!(records[0].squares, squares(&[(0, 2), (1, 0)]));
    assert_eq!(records[0].board, board(&["0122", "1102", "1001", "0201"]));
    assert_eq!(records[0].buffer, 8);
    assert_eq!(outcome.score, 2);

    // Two squares on row 1: (1,0) of 2s before (1,2) of 1s.
    let leftmost = instance(3, 2, &["0101", "2211", "2211", "0102"], &[]);
    let (records, _) = play(&leftmost);
    assert_eq!(records[0].squares, squares(&[(1, 0), (1, 2)]));
    assert_eq!(records[0].board, board(&["0101", "2211", "0210", "0102"]));
}

#[test]
fn sr2_refill_can_make_a_square_above_the_last() {
    // (1,1) of 1s goes first; its refill 2 2 0 2 puts two 2s under the 2s
    // of row 0, making (0,1), which comes before (3,3) of 0s, already there.
    // (0,1) takes 1 1 1 0, and (3,3) then takes 1 1 0 2.
    let above = instance(3, 2, &["02201", "21102", "01121", "20200", "12100"], &[]);
    let (records, outcome) = play(&above);
    assert_eq!(records[0].squares, squares(&[(1, 1), (0, 1), (3, 3)]));
    assert_eq!(records[0].board, board(&["01101", "21002", "00221", "20211", "12102"]));
    assert_eq!(records[0].buffer, 12);
    assert_eq!(outcome.score, 3);
}

#[test]
fn sr2_a_square_the_move_breaks_is_not_taken() {
    // No opening: the board's square (0,0) waits for the first adjust, and
    // the move swaps its bottom-right 1 away first.
    let broken = instance(2, 2, &["110", "110", "011"], &[(1, 1, 1)]);
    let (records, outcome) = play_turns(&broken, &[Turn::Move(Move::new(1, 1, 1))]);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].squares, []);
    assert_eq!(records[0].board, board(&["110", "101", "011"]));
    assert_eq!(records[0].buffer, 0);
    assert_eq!(outcome.score, 0);
}

#[test]
fn sr2_board_values_beyond_the_colours_still_match() {
    // As `tiles.rs` reads it: a tile value the buffer never hands out
    // is a colour like any other. Four 255s at (0,0) are the topmost square;
    // its refill 0 0 0 1 (seed 2, two colours) leaves none.
    let mut odd = instance(2, 2, &["000", "000", "000"], &[]);
    odd.board = m3_model::square::Board::filled(3, 3, 255);
    let (records, _) = play(&odd);
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    let cells: Vec<u8> = records[0].board.cells().to_vec();
    assert_eq!(cells, [0, 0, 255, 0, 1, 255, 255, 255, 255]);

    // Squares lie on the board: 255s and 254s along the edges make none with
    // whatever lies beyond it. The move swaps (1,0)=0 and (1,1)=1, next to
    // the 255s of the corner; no square of four tiles is one colour.
    let mut edge = instance(2, 2, &["000", "010", "101"], &[(1, 0, 1), (2, 2, 0)]);
    edge.board.set(0, 0, 255);
    edge.board.set(0, 1, 255);
    edge.board.set(2, 2, 254);
    edge.board.set(1, 2, 254);
    let (records, outcome) = play(&edge);
    let cells: Vec<u8> = records[2].board.cells().to_vec();
    assert_eq!(cells, [255, 255, 0, 1, 0, 254, 1, 0, 254]);
    assert_eq!(outcome.score, 0);
}

#[test]
fn sr2_no_square_reaches_past_the_edge_whatever_tiles_lie_along_it() {
    // Squares lie on the board, and the tiles a move touches are looked at
    // in every square around them, those across the board's edge included:
    // whatever lies beyond the edge must never make one of them one colour
    // with tiles of any value, 254 and 255 included. Two swaps of equal
    // tiles, at the top-left corner (254s along the top) and down the left
    // side (254s or 255s), change nothing and score nothing, on boards of
    // an odd and an even width (the frame's cells fall otherwise in the
    // plane).
    let widths = [&["000", "010", "001"][..], &["0000", "0101", "0010", "0101"]];
    for (rows, down) in widths.into_iter().flat_map(|rows| [(rows, 254), (rows, 255)]) {
        let mut edge = instance(2, 2, rows, &[(0, 0, 1), (2, 0, 0)]);
        for (row, col, value) in [(0, 0, 254), (0, 1, 254), (1, 0, down), (2, 0, down)] {
            edge.board.set(row, col, value);
        }
        let (records, outcome) = play(&edge);
        for record in &records {
            assert_eq!(record.squares, squares(&[]), "{rows:?}, {down}s down");
            assert_eq!(record.board, edge.board, "{rows:?}, {down}s down");
        }
        assert_eq!(outcome.score, 0, "{rows:?}, {down}s down");
    }
}

// ---- SR3 ------------------------------------------------------------------

#[test]
fn sr3_opening_adjust_scores() {
    // (0,0) of 1s is refilled with 0 0 0 1, and no square is left.
    let opening = instance(2, 2, &["110", "110", "011"], &[]);
    let (records, outcome) = play(&opening);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].turn, Turn::Opening);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    assert_eq!(records[0].board, board(&["000", "010", "011"]));
    assert_eq!(records[0].buffer, 4);
    assert_eq!(outcome, Outcome { score: 1, first_invalid: None });
    assert_eq!(solve(&opening), 1);
}

#[test]
fn sr3_start_does_not_adjust_the_first_move_does() {
    // No opening turn: the move (2,0) right swaps 0 and 1 on row 2, then the
    // adjust takes the board's square (0,0).
    let late = instance(2, 2, &["110", "110", "011"], &[(2, 0, 1)]);
    let (records, outcome) = play_turns(&late, &[Turn::Move(Move::new(2, 0, 1))]);
    assert_eq!(records[0].squares, squares(&[(0, 0)]));
    assert_eq!(records[0].board, board(&["000", "010", "101"]));
    assert_eq!(records[0].buffer, 4);
    assert_eq!(outcome.score, 1);
}

#[test]
fn sr3_a_move_is_followed_by_an_adjust() {
    // Swapping (1,1)=0 with its right neighbour 1 completes (0,0) of 1s,
    // which is refilled with 0 0 0 1. The same swap named from the other
    // tile, (1,2) left, does the same.
    for m in [(1, 1, 1), (1, 2, 3)] {
        let swap = instance(2, 2, &["110", "101", "010"], &[m]);
        let (records, outcome) = play(&swap);
        assert_eq!(records[0].squares, []);
        assert_eq!(records[1].status, Status::Played);
        assert_eq!(records[1].squares, squares(&[(0, 0)]));
        assert_eq!(records[1].board, board(&["000", "010", "010"]));
        assert_eq!(records[1].buffer, 4);
        assert_eq!(outcome.score, 1);
        assert_eq!(solve(&swap), 1);
    }
}

// ---- SR4 ------------------------------------------------------------------

#[test]
fn sr4_each_direction_swaps_with_its_neighbour() {
    // Nine colours, all different: no square can form.
    let expected = [
        (0, ["042", "315", "678"]),
        (1, ["012", "354", "678"]),
        (2, ["012", "375", "648"]),
        (3, ["012", "435", "678"]),
    ];
    for (dir, rows) in expected {
        let game = instance(9, 2, &["012", "345", "678"], &[(1, 1, dir)]);
        let (records, _) = play(&game);
        assert_eq!(records[1].status, Status::Played, "dir {dir}");
        assert_eq!(records[1].board, board(&rows), "dir {dir}");
    }
}

#[test]
fn sr4_equal_colour_swap_changes_nothing() {
    // (0,0) down swaps two 0s, (1,1) right two 1s: both are played, neither
    // changes the board nor takes a tile.
    let rows = ["010", "011", "100"];
    let equal = instance(2, 2, &rows, &[(0, 0, 2), (1, 1, 1)]);
    let (records, outcome) = play(&equal);
    for record in &records {
        assert_eq!(record.status, Status::Played);
        assert_eq!(record.squares, []);
        assert_eq!(record.board, board(&rows));
        assert_eq!(record.buffer, 0);
    }
    assert_eq!(outcome, Outcome { score: 0, first_invalid: None });
    assert_eq!(solve(&equal), 0);
}

#[test]
fn sr4_invalid_move_ends_the_game() {
    // Move 0 scores (0,0) as in sr3_a_move_is_followed_by_an_adjust; move 1
    // leaves the board to the right; move 2, which would swap two different
    // tiles, and a later opening are skipped.
    let rows = ["110", "101", "010"];
    let ended = instance(2, 2, &rows, &[(1, 1, 1), (0, 2, 1), (1, 1, 0)]);
    let mut turns = ended.turns();
    turns.push(Turn::Opening);
    let (records, outcome) = play_turns(&ended, &turns);
    let after = board(&["000", "010", "010"]);
    assert_eq!(records[1].squares, squares(&[(0, 0)]));
    assert_eq!(records[2].status, Status::Invalid(Invalid::NeighbourOffBoard));
    for (index, record) in records.iter().enumerate().skip(2) {
        if index > 2 {
            assert_eq!(record.status, Status::Skipped, "turn {index}");
        }
        assert_eq!(record.turn, turns[index]);
        assert_eq!(record.squares, [], "turn {index}");
        assert_eq!(record.board, after, "turn {index}");
        assert_eq!(record.buffer, 4, "turn {index}");
    }
    // The opening is no move: the invalid one is move 1.
    assert_eq!(outcome, Outcome { score: 1, first_invalid: Some(1) });
    assert_eq!(outcome.result(), -1);
    assert_eq!(solve(&ended), -1);
}

#[test]
fn sr4_reason_order() {
    let cases = [
        ((-1, 0, 1), Invalid::TileOffBoard),
        ((0, 3, 9), Invalid::TileOffBoard),
        ((3, 0, 0), Invalid::TileOffBoard),
        ((i32::MIN, i32::MAX, -1), Invalid::TileOffBoard),
        ((0, 0, 4), Invalid::UnknownDirection),
        ((0, 0, -1), Invalid::UnknownDirection),
        ((2, 2, i32::MAX), Invalid::UnknownDirection),
        ((0, 0, 0), Invalid::NeighbourOffBoard),
        ((0, 0, 3), Invalid::NeighbourOffBoard),
        ((2, 1, 2), Invalid::NeighbourOffBoard),
        ((1, 2, 1), Invalid::NeighbourOffBoard),
    ];
    let rows = ["010", "011", "100"];
    for (m, reason) in cases {
        let game = instance(2, 2, &rows, &[m]);
        let (records, outcome) = play(&game);
        assert_eq!(records[1].status, Status::Invalid(reason), "{m:?}");
        assert_eq!(records[1].board, board(&rows), "{m:?}");
        assert_eq!(outcome.first_invalid, Some(0), "{m:?}");
        assert_eq!(solve(&game), -1, "{m:?}");
    }
}

#[test]
fn sr4_boards_without_room_have_only_invalid_moves() {
    // A 1x1 board has no neighbour; a board with no tile has no tile.
    let single = instance(2, 2, &["1"], &[(0, 0, 1)]);
    assert_eq!(play(&single).0[1].status, Status::Invalid(Invalid::NeighbourOffBoard));
    let mut empty = instance(2, 2, &[], &[(0, 0, 1)]);
    empty.board = m3_model::square::Board::filled(0, 7, 0);
    let (records, _) = play(&empty);
    assert_eq!(records[1].status, Status::Invalid(Invalid::TileOffBoard));
    assert_eq!(records[1].board, empty.board);
    empty.moves.clear();
    assert_eq!(solve(&empty), 0);
}
