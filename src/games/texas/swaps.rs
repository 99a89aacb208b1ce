//! The swaps of a generated game's board, each pair of neighbours with
//! whether swapping it makes a run, followed from one operation to the
//! next: the generator draws its valid swaps (and the invalid ones with no
//! run) from them before each operation. Looked for anew each time on a
//! 50x50 board, the 4900 pairs before each of 1000 operations cost most of
//! a `max` campaign; an operation changes what a pair makes only near the
//! cells it changed, as a run through a swapped cell reaches two cells
//! along its row and its column.

use m3_model::texas::{Board, Pos, RUN_LENGTH};

/// How far from a cell a run through it reaches.
const REACH: usize = RUN_LENGTH - 1;

/// A board's neighbour pairs, in the order [`neighbour_pairs`] gives them,
/// each with whether swapping it makes a run.
pub(super) struct Swaps {
    board: Board,
    pairs: Vec<(Pos, Pos)>,
    makes_run: Vec<bool>,
}

impl Swaps {
    pub(super) fn new(board: &Board) -> Swaps {
        let pairs: Vec<(Pos, Pos)> = neighbour_pairs(board).collect();
        let makes_run = pairs.iter().map(|&(a, b)| makes_run(board, a, b)).collect();
        Swaps { board: board.clone(), pairs, makes_run }
    }

    /// The board the swaps are of.
    pub(super) fn board(&self) -> &Board {
        &self.board
    }

    /// Follows the game to `board`, of the same sides: the pairs near a
    /// changed cell are looked at again.
    pub(super) fn follow(&mut self, board: &Board) {
        let (rows, cols) = (board.rows(), board.cols());
        debug_assert_eq!((rows, cols), (self.board.rows(), self.board.cols()));
        let mut near = vec![false; rows * cols];
        let mut changed = false;
        for (index, (before, after)) in self.board.cells().iter().zip(board.cells()).enumerate() {
            if before == after {
                continue;
            }
            changed = true;
            let (row, col) = (index / cols, index % cols);
            for near_row in row.saturating_sub(REACH)..=(row + REACH).min(rows - 1) {
                let start = near_row * cols;
                near[start + col.saturating_sub(REACH)..=start + (col + REACH).min(cols - 1)].fill(true);
            }
        }
        if !changed {
            return;
        }
        let at = |cell: Pos| near[cell.row * cols + cell.col];
        for (&(a, b), makes) in self.pairs.iter().zip(&mut self.makes_run) {
            if at(a) || at(b) {
                *makes = makes_run(board, a, b);
            }
        }
        self.board.clone_from(board);
    }

    /// The pairs whose swap makes a run: the valid swaps.
    pub(super) fn making_runs(&self) -> Vec<(Pos, Pos)> {
        self.pairs.iter().zip(&self.makes_run).filter(|(_, &makes)| makes).map(|(&pair, _)| pair).collect()
    }

    /// The pairs of two pieces whose swap makes no run.
    pub(super) fn making_no_run(&self) -> Vec<(Pos, Pos)> {
        let both = |&(a, b): &(Pos, Pos)| self.board.get(a).is_some() && self.board.get(b).is_some();
        self.pairs
            .iter()
            .zip(&self.makes_run)
            .filter(|(pair, &makes)| !makes && both(pair))
            .map(|(&pair, _)| pair)
            .collect()
    }
}

/// Every pair of 4-adjacent cells, each pair once.
pub(super) fn neighbour_pairs(board: &Board) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    board.all_cells().flat_map(move |cell| {
        let right = Pos::new(cell.row, cell.col + 1);
        let below = Pos::new(cell.row + 1, cell.col);
        [right, below].into_iter().filter(|&other| board.contains(other)).map(move |other| (cell, other))
    })
}

/// Whether swapping the pieces of `a` and `b` makes a run through either.
/// Only steers the mix of operations; the implementations decide validity.
fn makes_run(board: &Board, a: Pos, b: Pos) -> bool {
    let (Some(piece_a), Some(piece_b)) = (board.get(a), board.get(b)) else { return false };
    if piece_a.colour == piece_b.colour {
        return false;
    }
    let colour_after = |cell: Pos| {
        if cell == a {
            Some(piece_b.colour)
        } else if cell == b {
            Some(piece_a.colour)
        } else {
            board.get(cell).map(|p| p.colour)
        }
    };
    [a, b].into_iter().any(|cell| super::runs::in_run(board.rows(), board.cols(), &colour_after, cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Size};
    use m3_model::texas::Texas;
    use m3_model::Stepper;

    /// Followed through whole games, the pairs are those looked for anew.
    #[test]
    fn swaps_followed_through_a_game_are_those_of_its_board() {
        for (seed, size) in [(1, Size::Mixed), (2, Size::Mixed), (3, Size::Max)] {
            let shape = crate::games::texas::Knobs::default();
            let instance = crate::process::seed::with_seed(seed, |u| Texas::generate(u, size, &shape)).unwrap();
            let mut engine = m3_engine::texas::Engine::start(&instance);
            let mut swaps = Swaps::new(&instance.board);
            for swap in &instance.swaps {
                swaps.follow(&engine.step(swap).board);
                let anew = Swaps::new(swaps.board());
                assert_eq!(swaps.making_runs(), anew.making_runs(), "seed {seed}");
                assert_eq!(swaps.making_no_run(), anew.making_no_run(), "seed {seed}");
            }
        }
    }
}
