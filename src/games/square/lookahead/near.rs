//! The tiles a first move may have changed the second moves of: those
//! within one of a tile it set, whose windows it changed.

use super::swaps::swap_of;

/// A set of tiles, emptied in one step.
#[derive(Debug, Clone, Default)]
pub struct Near {
    /// By tile: the number of the set it was last put in.
    stamps: Vec<u32>,
    now: u32,
    tiles: Vec<usize>,
}

impl Near {
    /// The tiles within one of `set`, on a board of `side`.
    pub fn around(&mut self, side: usize, set: impl IntoIterator<Item = usize>) {
        self.stamps.resize(side * side, 0);
        self.now += 1;
        self.tiles.clear();
        for tile in set {
            let (row, col) = (tile / side, tile % side);
            for r in row.saturating_sub(1)..=(row + 1).min(side - 1) {
                for c in col.saturating_sub(1)..=(col + 1).min(side - 1) {
                    if self.stamps[r * side + c] != self.now {
                        self.stamps[r * side + c] = self.now;
                        self.tiles.push(r * side + c);
                    }
                }
            }
        }
    }

    #[inline]
    pub fn has(&self, tile: usize) -> bool {
        self.stamps[tile] == self.now
    }

    /// The number of swaps with a tile in the set (`swap`).
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// The swaps of the `index`th tile of the set with its neighbours, but
    /// for one with a neighbour left or above in the set, which that
    /// neighbour's own swaps hold: each swap with a tile in the set once
    /// over the set's tiles.
    pub fn swaps(&self, side: usize, index: usize) -> [Option<usize>; 4] {
        let tile = self.tiles[index];
        let (row, col) = (tile / side, tile % side);
        let right = (col + 1 < side).then(|| swap_of(tile, tile + 1));
        let down = (row + 1 < side).then(|| swap_of(tile, tile + side));
        let left = (col > 0 && !self.has(tile - 1)).then(|| swap_of(tile - 1, tile));
        let up = (row > 0 && !self.has(tile - side)).then(|| swap_of(tile - side, tile));
        [right, down, left, up]
    }
}
