//! MD2's groups as the harness finds them: runs of one colour
//! ([`crate::kit::one_colour`]) of regular gems. For a whole grid they are marked
//! in a few passes ([`Runs`]); the generator's questions about one cell or
//! one swap walk out from that cell alone.

use m3_model::door::{Board, Cell, Pos};

use crate::kit::one_colour::{in_run, run_lengths, Runs};

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
    use crate::games::door::grids::{board, g, B, E, V};
    use crate::games::door::rules::every_cell;

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
    fn md1_a_swap_from_afar_can_make_a_group() {
        let grid = board(&[&[g(1), g(1), g(2)], &[g(3), g(2), g(3)], &[g(2), g(3), g(1)]]);
        assert!(makes_group(&grid, Pos::new(0, 2), Pos::new(2, 2)));
        assert!(makes_group(&grid, Pos::new(2, 2), Pos::new(0, 2)));
        assert!(!makes_group(&grid, Pos::new(0, 0), Pos::new(1, 0)));
    }
}
