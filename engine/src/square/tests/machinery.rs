//! The engine's plane (`tiles`) and its set of pending squares (`pending`)
//! on states no game file reaches: a first move with no opening before it,
//! whose adjust must still find the starting board's squares; tiles of
//! any `u8` value next to the frame; boards with no room for a move.

use m3_model::square::{Board, Instance, Invalid, Move, Square, Status, Turn};

use super::{instance, play, play_turns};
use crate::square::solve;

/// Seed 2 with two colours hands out 0 0 0 1 first (SR1: A[0..4] = 2,
/// 96542, 365211588, 435306125).
const SEED_2_TWO_COLOURS: [u8; 4] = [0, 0, 0, 1];

#[test]
fn pending_drops_a_starting_square_the_first_move_breaks() {
    // No opening: the board's square (0,0) waits in `pending`, and the
    // move swaps its bottom-right 1 away before the adjust looks at it.
    let broken = instance("2 3 2\n110\n110\n011\n1\n1 1 1\n");
    let (records, outcome) = play_turns(&broken, &[Turn::Move(Move::new(1, 1, 1))]);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].squares, []);
    assert_eq!(records[0].board, Board::from_cells(3, 3, vec![1, 1, 0, 1, 0, 1, 0, 1, 1]));
    assert_eq!(records[0].buffer, 0);
    assert_eq!(outcome.score, 0);
}

#[test]
fn pending_keeps_a_starting_square_for_the_first_moves_adjust() {
    // No opening: the move (2,0) right swaps 0 and 1 on row 2, away from
    // the board's square (0,0), which the adjust after it still takes.
    let late = instance("2 3 2\n110\n110\n011\n1\n2 0 1\n");
    let (records, outcome) = play_turns(&late, &[Turn::Move(Move::new(2, 0, 1))]);
    assert_eq!(records[0].squares, [Square::new(0, 0)]);
    let [a, b, c, d] = SEED_2_TWO_COLOURS;
    assert_eq!(records[0].board, Board::from_cells(3, 3, vec![a, b, 0, c, d, 0, 1, 0, 1]));
    assert_eq!(records[0].buffer, 4);
    assert_eq!(outcome.score, 1);
}

#[test]
fn tiles_of_values_beyond_the_colours_still_match() {
    // As `tiles.rs` reads the SR rulings: a tile value the buffer never
    // hands out is a colour like any other. Four 255s at (0,0) are the
    // topmost square; its refill 0 0 0 1 leaves none.
    let mut odd = instance("2 3 2\n000\n000\n000\n0\n");
    odd.board = Board::filled(3, 3, 255);
    let (records, _) = play(&odd);
    assert_eq!(records[0].squares, [Square::new(0, 0)]);
    assert_eq!(records[0].board.cells(), [0, 0, 255, 0, 1, 255, 255, 255, 255]);

    // The frame's own values, 254 and 255, along the edges make no square
    // with it. The move swaps (1,0)=0 and (1,1)=1, next to the 255s of the
    // corner; no square of four tiles is one colour.
    let mut edge = instance("2 3 2\n000\n010\n101\n2\n1 0 1\n2 2 0\n");
    for (row, col, value) in [(0, 0, 255), (0, 1, 255), (2, 2, 254), (1, 2, 254)] {
        edge.board.set(row, col, value);
    }
    let (records, outcome) = play(&edge);
    assert_eq!(records[2].board.cells(), [255, 255, 0, 1, 0, 254, 1, 0, 254]);
    assert_eq!(outcome.score, 0);
}

#[test]
fn frame_makes_no_square_with_tiles_of_any_value() {
    // The tiles a move touches are looked at in every square around them,
    // those across the board's edge included: the frame must never make
    // one of them one colour, with 254s and 255s on the board beside it.
    // Two swaps of equal tiles, at the top-left corner (254s along the top)
    // and down the left side (254s or 255s), change nothing and score
    // nothing, on boards of an odd and an even width (the frame's cells
    // fall otherwise in the plane).
    for rows in ["000\n010\n001", "0000\n0101\n0010\n0101"] {
        for down in [254, 255] {
            let side = rows.lines().count();
            let mut edge = instance(&format!("2 {side} 2\n{rows}\n2\n0 0 1\n2 0 0\n"));
            for (row, col, value) in [(0, 0, 254), (0, 1, 254), (1, 0, down), (2, 0, down)] {
                edge.board.set(row, col, value);
            }
            let (records, outcome) = play(&edge);
            for record in &records {
                assert_eq!(record.squares, [], "{rows:?}, {down}s down");
                assert_eq!(record.board, edge.board, "{rows:?}, {down}s down");
            }
            assert_eq!(outcome.score, 0, "{rows:?}, {down}s down");
        }
    }
}

#[test]
fn tiles_of_boards_without_room_have_only_invalid_moves() {
    // A 1x1 board has no neighbour; a board with no tile has no tile.
    let single = Instance { colours: 2, seed: 2, board: Board::filled(1, 1, 1), moves: vec![Move::new(0, 0, 1)] };
    assert_eq!(play(&single).0[1].status, Status::Invalid(Invalid::NeighbourOffBoard));
    let mut empty = Instance { colours: 2, seed: 2, board: Board::filled(0, 7, 0), moves: vec![Move::new(0, 0, 1)] };
    let (records, _) = play(&empty);
    assert_eq!(records[1].status, Status::Invalid(Invalid::TileOffBoard));
    assert_eq!(records[1].board, empty.board);
    empty.moves.clear();
    assert_eq!(solve(&empty), 0);
}
