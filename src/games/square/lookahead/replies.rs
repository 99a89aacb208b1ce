//! The second moves near a plain first move, kept from move to move: the
//! best of those that remove no square, and those that do. A plain first
//! move sets its two tiles; the second moves near it read tiles within
//! three of them, and while none of those changes, neither do these. The
//! scoring ones read the buffer too: only which they are is kept.

use super::super::playing::Game;
use super::near::Near;
use super::swaps::{swap_tiles, DOWN_SWAP, RIGHT_SWAP};

/// By plain first move (`swaps`).
#[derive(Debug, Clone)]
pub struct Replies {
    side: usize,
    /// By direction and row of the first tile: the columns of the first
    /// moves whose replies are kept, as bits.
    kept: [Vec<u64>; 2],
    best_plain: Vec<i32>,
    scoring: Vec<Vec<usize>>,
}

/// How far from a first move's tiles its near replies read.
const READ: usize = 3;

impl Replies {
    pub fn new(side: usize) -> Replies {
        let swaps = 2 * side * side;
        Replies {
            side,
            kept: [vec![0; side], vec![0; side]],
            best_plain: vec![0; swaps],
            scoring: vec![Vec::new(); swaps],
        }
    }

    /// For the plain first move `swap`, whose near tiles are `near`: the
    /// best value, above 0, of a second move among them that removes no
    /// square, and those that remove one.
    pub fn of(&mut self, game: &mut Game, near: &Near, swap: usize) -> (i32, &[usize]) {
        let (side, tile) = (self.side, swap / 2);
        let (row, bit) = (tile / side, 1 << (tile % side));
        if self.kept[swap % 2][row] & bit == 0 {
            self.kept[swap % 2][row] |= bit;
            let (best, scoring) = (&mut self.best_plain[swap], &mut self.scoring[swap]);
            *best = 0;
            scoring.clear();
            let mark = game.mark();
            let (a, b) = swap_tiles(side, swap);
            game.play_plain(a, b);
            for index in 0..near.len() {
                for reply in near.swaps(side, index).into_iter().flatten() {
                    let (a, b) = swap_tiles(side, reply);
                    if game.cells()[a] != game.cells()[b] {
                        match game.plain_change(a, b) {
                            Some(change) => *best = (*best).max(change),
                            None => scoring.push(reply),
                        }
                    }
                }
            }
            game.undo(mark);
        }
        (self.best_plain[swap], &self.scoring[swap])
    }

    /// Forgets the replies that read a tile of `changed`: of first moves
    /// with a tile within `READ` of one.
    pub fn forget_around(&mut self, changed: &[usize]) {
        let side = self.side;
        for &tile in changed {
            let (row, col) = (tile / side, tile % side);
            // A right swap's tiles span two columns, a down one's two rows.
            for (dir, rows_above, cols_left) in [(RIGHT_SWAP, READ, READ + 1), (DOWN_SWAP, READ + 1, READ)] {
                let cols = bit_range(col.saturating_sub(cols_left), (col + READ).min(side - 1));
                for row in row.saturating_sub(rows_above)..=(row + READ).min(side - 1) {
                    self.kept[dir][row] &= !cols;
                }
            }
        }
    }
}

/// The bits `low..=high`.
fn bit_range(low: usize, high: usize) -> u64 {
    crate::kit::bit_set::first(high + 1) & !crate::kit::bit_set::first(low)
}
