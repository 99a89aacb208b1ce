//! Swaps of two neighbouring tiles, each named by one number: `2 * tile +
//! 0` with the tile right of it, `2 * tile + 1` with the tile below. Their
//! numbers order them as the player breaks ties: by the first tile, then
//! the second.

use m3_model::square::{Move, DOWN, RIGHT};

pub const RIGHT_SWAP: usize = 0;
pub const DOWN_SWAP: usize = 1;

/// The tiles of a swap on a board of `side`, the second right of or below
/// the first.
#[inline]
pub fn swap_tiles(side: usize, swap: usize) -> (usize, usize) {
    let tile = swap / 2;
    (tile, if swap % 2 == RIGHT_SWAP { tile + 1 } else { tile + side })
}

/// The swap of tile `a` with `b`, right of or below it.
#[inline]
pub fn swap_of(a: usize, b: usize) -> usize {
    2 * a + if b == a + 1 { RIGHT_SWAP } else { DOWN_SWAP }
}

/// The move that makes a swap (SR4).
pub fn swap_move(side: usize, swap: usize) -> Move {
    let tile = swap / 2;
    let dir = if swap % 2 == RIGHT_SWAP { RIGHT } else { DOWN };
    Move::new((tile / side) as i32, (tile % side) as i32, dir)
}
