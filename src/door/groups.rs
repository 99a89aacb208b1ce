//! MD2's groups as the harness finds them: runs of one colour
//! ([`crate::one_colour`]) of regular gems. For a whole grid they are marked
//! in a few passes ([`Runs`]); the generator's questions about one cell or
//! one swap walk out from that cell alone.

use m3_model::door::{Board, Cell, Pos};

use super::rules::{step, Direction};
use crate::one_colour::{in_run, run_lengths, Runs};

/// MD2: a group is a line of at least this many equal regular gems.
pub const GROUP_LENGTH: usize = 3;

/// The cells in the groups of a grid, with the buffers kept from one grid
/// to the next.
#[derive(Debug, Clone, Default)]
pub struct Groups {
    runs: Runs,
}

impl Groups {
    /// The groups of `board`.
    pub fn of(board: &Board) -> Groups {
        let mut groups = Groups::default();
        groups.find(board);
        groups
    }

    /// Finds the groups of `board` in place of those found before.
    pub fn find(&mut self, board: &Board) {
        let colours = board.cells().iter().map(|cell| cell.colour());
        self.runs.find(board.rows(), board.cols(), colours, GROUP_LENGTH);
    }

    /// MD2: every cell of every group, in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.runs.cells().map(|(row, col)| Pos::new(row, col))
    }
}

/// MD2: whether `pos` lies on a group of `board`.
pub fn group_through(board: &Board, pos: Pos) -> bool {
    in_group(board, pos, |at| board.get(at.row, at.col))
}

/// Whether swapping `a` and `b` makes a group through either. It only steers
/// the generator, which asks it of every two neighbouring gems; the
/// implementations decide what a swap does.
pub fn makes_group(board: &Board, a: Pos, b: Pos) -> bool {
    let after = |at: Pos| {
        let from = match at {
            at if at == a => b,
            at if at == b => a,
            at => at,
        };
        board.get(from.row, from.col)
    };
    in_group(board, a, after) || in_group(board, b, after)
}

/// [`makes_group`] for two neighbouring regular gems, asked of every two on
/// the grid by the generator: when the colours differ, each gem lines up
/// only with cells the swap leaves alone, so a handful of cells tell.
pub fn side_by_side_makes_group(board: &Board, a: Pos, b: Pos) -> bool {
    let (at_a, at_b) = (board.get(a.row, a.col), board.get(b.row, b.col));
    if at_a == at_b {
        // The swap changes nothing.
        return group_through(board, a) || group_through(board, b);
    }
    lands_in_group(board, a, b, at_b) || lands_in_group(board, b, a, at_a)
}

/// Whether `gem`, moved into `to` from its neighbour `from` (which then
/// holds another colour), lies on a group there: along the move only the
/// two cells beyond `to` can join it; across it, the two cells on either
/// side. None of them is `to` or `from`, so the grid as it is tells.
fn lands_in_group(board: &Board, to: Pos, from: Pos, gem: Cell) -> bool {
    let away = (to.row as isize - from.row as isize, to.col as isize - from.col as isize);
    let across = (away.1, away.0);
    let holds_gem = |(dr, dc): Direction, times: isize| {
        step(board, to, (dr * times, dc * times)).is_some_and(|pos| board.get(pos.row, pos.col) == gem)
    };
    let beyond = holds_gem(away, 1) && holds_gem(away, 2);
    let (left, right) = (holds_gem(across, -1), holds_gem(across, 1));
    beyond || (left && (right || holds_gem(across, -2))) || (right && holds_gem(across, 2))
}

/// The lengths of the horizontal and the vertical line of one colour
/// through `pos` on `board` (0 for a cell with no regular gem).
pub fn line_lengths(board: &Board, pos: Pos) -> (usize, usize) {
    run_lengths(board.rows(), board.cols(), &|row, col| board.get(row, col).colour(), (pos.row, pos.col))
}

/// MD2: whether `pos` lies on a group of a grid of `board`'s size whose
/// cells `cell` gives.
fn in_group(board: &Board, pos: Pos, cell: impl Fn(Pos) -> Cell) -> bool {
    let colour = |row, col| cell(Pos::new(row, col)).colour();
    in_run(board.rows(), board.cols(), &colour, (pos.row, pos.col), GROUP_LENGTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::grids::{board, g, B, E, V};
    use crate::door::rules::every_cell;

    #[test]
    fn md2_bombs_and_vibranium_break_a_line() {
        let grid = board(&[&[g(1), g(1), B, g(1)], &[g(2), g(2), g(2), V]]);
        let cells: Vec<Pos> = Groups::of(&grid).cells().collect();
        assert_eq!(cells, [Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 2)]);
    }

    #[test]
    fn md2_a_line_is_measured_both_ways_through_every_cell() {
        // 1 1 1 1
        // 2 . 1 2
        // 2 3 1 2
        let grid = board(&[&[g(1), g(1), g(1), g(1)], &[g(2), E, g(1), g(2)], &[g(2), g(3), g(1), g(2)]]);
        assert_eq!(line_lengths(&grid, Pos::new(0, 2)), (4, 3), "a cell on two lines");
        assert_eq!(line_lengths(&grid, Pos::new(2, 0)), (1, 2), "a line ends at the edge");
        assert_eq!(line_lengths(&grid, Pos::new(1, 1)), (0, 0), "an empty cell is on no line");
        let in_groups: Vec<Pos> = Groups::of(&grid).cells().collect();
        let through: Vec<Pos> = every_cell(&grid).filter(|&pos| group_through(&grid, pos)).collect();
        assert_eq!(in_groups, through, "measured or walked, the groups are the same");
        assert_eq!(in_groups.len(), 6);
    }

    #[test]
    fn md2_finding_the_groups_of_another_grid_forgets_the_last() {
        let mut groups = Groups::of(&board(&[&[g(1), g(1), g(1)], &[g(2), g(3), g(2)], &[g(3), g(2), g(3)]]));
        groups.find(&board(&[&[g(1), g(2)], &[g(1), g(2)], &[g(1), g(3)]]));
        assert_eq!(groups.cells().collect::<Vec<_>>(), [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)]);
    }

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
        for _ in 0..200 {
            let grid = Board::from_cells(6, 5, (0..30).map(|_| colour()).collect());
            for a in every_cell(&grid).filter(|a| grid.get(a.row, a.col).colour().is_some()) {
                for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
                    if grid.contains(b.row, b.col) && grid.get(b.row, b.col).colour().is_some() {
                        let expected = makes_group(&grid, a, b);
                        made[usize::from(expected)] += 1;
                        assert_eq!(side_by_side_makes_group(&grid, a, b), expected, "{a} {b} on {grid:?}");
                        assert_eq!(side_by_side_makes_group(&grid, b, a), expected, "{b} {a} on {grid:?}");
                    }
                }
            }
        }
        assert!(made.iter().all(|&swaps| swaps > 500), "swaps that make no group and that make one: {made:?}");
    }

    #[test]
    fn md1_a_swap_from_afar_can_make_a_group() {
        let grid = board(&[&[g(1), g(1), g(2)], &[g(3), g(2), g(3)], &[g(2), g(3), g(1)]]);
        assert!(makes_group(&grid, Pos::new(0, 2), Pos::new(2, 2)));
        assert!(makes_group(&grid, Pos::new(2, 2), Pos::new(0, 2)));
        assert!(!makes_group(&grid, Pos::new(0, 0), Pos::new(1, 0)));
    }
}
