//! MD2's groups as a swap of two neighbouring gems makes them, which the
//! generator asks of every two on the grid: around each cell, the colour
//! that two cells in a line with it share, on either side and astride it,
//! along its row and down its column. A gem of that colour put there lies
//! on a group, so a handful of looks tell what a swap makes, and the grid
//! is read once, a whole line of cells at a time, not around every swap.

use m3_model::door::{Board, Pos};

/// Where two cells in a line with a cell lie.
#[derive(Debug, Clone, Copy)]
enum Pair {
    Left,
    Right,
    AstrideRow,
    Up,
    Down,
    AstrideColumn,
}

const ALONG_ROW: [Pair; 3] = [Pair::Left, Pair::Right, Pair::AstrideRow];
const DOWN_COLUMN: [Pair; 3] = [Pair::Up, Pair::Down, Pair::AstrideColumn];

/// For each cell of a grid and each [`Pair`], the colour plus one of the two
/// cells so placed when both hold regular gems of it, else 0.
#[derive(Debug, Clone)]
pub struct Completing {
    cols: usize,
    /// Each cell's colour plus one, 0 for a cell with no regular gem.
    colours: Vec<u16>,
    /// By [`Pair`], then cell by cell in row-major order.
    shared: [Vec<u16>; 6],
}

impl Completing {
    pub fn of(board: &Board) -> Completing {
        let (rows, cols) = (board.rows(), board.cols());
        let colours: Vec<u16> =
            board.cells().iter().map(|cell| cell.colour().map_or(0, |colour| u16::from(colour) + 1)).collect();
        let cols_apart = cols as isize;
        let shared = [
            (Pair::Left, [-1, -2]),
            (Pair::Right, [1, 2]),
            (Pair::AstrideRow, [-1, 1]),
            (Pair::Up, [-cols_apart, -2 * cols_apart]),
            (Pair::Down, [cols_apart, 2 * cols_apart]),
            (Pair::AstrideColumn, [-cols_apart, cols_apart]),
        ]
        .map(|(pair, offsets)| {
            let mut shared = shared_by(&colours, offsets);
            // Along a row the grid is read as one line: a pair that wraps
            // round from the end of a row into the next is none.
            let wrapping: &[usize] = match pair {
                Pair::Left => &[0, 1],
                Pair::Right => &[cols.wrapping_sub(2), cols - 1],
                Pair::AstrideRow => &[0, cols - 1],
                Pair::Up | Pair::Down | Pair::AstrideColumn => &[],
            };
            for row in 0..rows {
                for &col in wrapping.iter().filter(|&&col| col < cols) {
                    shared[row * cols + col] = 0;
                }
            }
            shared
        });
        Completing { cols, colours, shared }
    }

    /// [`super::groups::makes_group`] for two neighbouring regular gems:
    /// when the colours differ, each gem lines up only with cells the swap
    /// leaves alone; when they are the same, the swap changes nothing.
    pub fn side_by_side_makes_group(&self, a: Pos, b: Pos) -> bool {
        let (at_a, at_b) = (self.colours[self.index(a)], self.colours[self.index(b)]);
        if at_a == at_b {
            return self.in_group(a) || self.in_group(b);
        }
        self.lands_in_group(a, b, at_b) || self.lands_in_group(b, a, at_a)
    }

    /// Whether the gem at `pos` lies on a group.
    fn in_group(&self, pos: Pos) -> bool {
        let colour = self.colours[self.index(pos)];
        ALONG_ROW.into_iter().chain(DOWN_COLUMN).any(|pair| self.shares(pair, pos, colour))
    }

    /// Whether a gem of `colour`, moved into `to` from its neighbour `from`
    /// (which then holds another colour), lies on a group there: along the
    /// move only the two cells beyond `to` can join it; across it, the two
    /// cells on either side or astride it.
    fn lands_in_group(&self, to: Pos, from: Pos, colour: u16) -> bool {
        let (beyond, across) = match (to.row.cmp(&from.row), to.col.cmp(&from.col)) {
            (_, std::cmp::Ordering::Less) => (Pair::Left, DOWN_COLUMN),
            (_, std::cmp::Ordering::Greater) => (Pair::Right, DOWN_COLUMN),
            (std::cmp::Ordering::Less, _) => (Pair::Up, ALONG_ROW),
            _ => (Pair::Down, ALONG_ROW),
        };
        self.shares(beyond, to, colour) || across.into_iter().any(|pair| self.shares(pair, to, colour))
    }

    /// Whether the two cells `pair` places around `pos` hold gems of `colour`.
    fn shares(&self, pair: Pair, pos: Pos, colour: u16) -> bool {
        colour != 0 && self.shared[pair as usize][self.index(pos)] == colour
    }

    fn index(&self, pos: Pos) -> usize {
        pos.row * self.cols + pos.col
    }
}

/// For each cell `i` of `colours`, its colour at `i + offsets[0]` when that
/// is also its colour at `i + offsets[1]`, else 0 (and 0 where either is
/// off the list): one pass over shifted lines, in arithmetic rather than
/// branches.
fn shared_by(colours: &[u16], offsets: [isize; 2]) -> Vec<u16> {
    let mut shared = vec![0; colours.len()];
    let (low, high) = (offsets[0].min(offsets[1]), offsets[0].max(offsets[1]));
    let first = low.unsigned_abs() * usize::from(low < 0);
    let end = colours.len().saturating_sub(high.max(0).unsigned_abs());
    if first < end {
        let at = |offset: isize| &colours[first.wrapping_add_signed(offset)..end.wrapping_add_signed(offset)];
        for (shared, (&one, &other)) in shared[first..end].iter_mut().zip(at(offsets[0]).iter().zip(at(offsets[1]))) {
            *shared = one * u16::from(one == other);
        }
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::door::grids::{g, B};
    use crate::games::door::groups::makes_group;
    use crate::games::door::rules::every_cell;

    #[test]
    fn md2_side_by_side_a_swap_makes_a_group_when_makes_group_says_so() {
        // Every two neighbouring gems of grids of few colours, where swaps
        // that make groups are many.
        let mut state = 7u32;
        let mut colour = || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            match (state >> 16) % 5 {
                0 => B,
                n => g(n as u8 % 3 + 1),
            }
        };
        let mut made = [0, 0];
        for game in 0..200 {
            let (rows, cols) = [(6, 5), (4, 8)][game % 2];
            let grid = Board::from_cells(rows, cols, (0..rows * cols).map(|_| colour()).collect());
            let completing = Completing::of(&grid);
            for a in every_cell(&grid).filter(|a| grid.get(a.row, a.col).colour().is_some()) {
                for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
                    if grid.contains(b.row, b.col) && grid.get(b.row, b.col).colour().is_some() {
                        let expected = makes_group(&grid, a, b);
                        made[usize::from(expected)] += 1;
                        assert_eq!(completing.side_by_side_makes_group(a, b), expected, "{a} {b} on {grid:?}");
                        assert_eq!(completing.side_by_side_makes_group(b, a), expected, "{b} {a} on {grid:?}");
                    }
                }
            }
        }
        assert!(made.iter().all(|&swaps| swaps > 500), "swaps that make no group and that make one: {made:?}");
    }
}
