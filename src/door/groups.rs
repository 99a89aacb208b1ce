//! MD2's groups as the harness finds them: one walk along every row and
//! every column measures the line of one colour through each cell, so that
//! the cells in groups of a whole grid cost a pass over it, not a walk out
//! from each cell. The generator's questions about one cell or one swap
//! walk out from that cell alone.

use m3_model::door::{Board, Cell, Pos, MAX_SIDE};

/// MD2: a group is a line of at least this many equal regular gems.
pub const GROUP_LENGTH: usize = 3;

/// The lengths of the horizontal and the vertical line of one colour
/// through every cell of a grid (0 for a cell with no regular gem), in
/// row-major order. The buffers are kept from one grid to the next.
#[derive(Debug, Clone, Default)]
pub struct Lines {
    rows: usize,
    cols: usize,
    /// Each cell's colour, 0 for a cell with no regular gem.
    colours: Vec<u8>,
    /// Lengths fit a byte: a line is at most `MAX_SIDE` cells.
    across: Vec<u8>,
    down: Vec<u8>,
}

impl Lines {
    /// The lines of `board`.
    pub fn of(board: &Board) -> Lines {
        let mut lines = Lines::default();
        lines.measure(board);
        lines
    }

    /// Measures the lines of `board` in place of the grid measured before.
    pub fn measure(&mut self, board: &Board) {
        let (rows, cols) = (board.rows(), board.cols());
        assert!(rows.max(cols) <= MAX_SIDE, "a {rows}x{cols} grid is larger than the format allows");
        (self.rows, self.cols) = (rows, cols);
        self.colours.clear();
        self.colours.extend(board.cells().iter().map(|cell| cell.colour().unwrap_or(0)));
        let cells = self.colours.len();
        self.across.resize(cells, 0);
        self.down.resize(cells, 0);
        for (colours, across) in self.colours.chunks(cols).zip(self.across.chunks_mut(cols)) {
            measure_row(colours, across);
        }
        measure_columns(&self.colours, cols, &mut self.down);
    }

    /// The lengths of the horizontal and the vertical line through `pos`.
    ///
    /// # Panics
    /// When `pos` is off the grid, as `Board::get` does.
    pub fn lengths(&self, pos: Pos) -> (usize, usize) {
        assert!(pos.row < self.rows && pos.col < self.cols, "{pos} is off a {}x{} grid", self.rows, self.cols);
        let index = pos.row * self.cols + pos.col;
        (usize::from(self.across[index]), usize::from(self.down[index]))
    }

    /// MD2: every cell of every group, in row-major order.
    pub fn group_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let in_group = |(&across, &down): (&u8, &u8)| usize::from(across.max(down)) >= GROUP_LENGTH;
        let cols = self.cols;
        let flags = self.across.iter().zip(&self.down).map(in_group);
        flags.enumerate().filter(|&(_, grouped)| grouped).map(move |(index, _)| Pos::new(index / cols, index % cols))
    }
}

// Each direction is measured in two sweeps, forward then backward, with no
// walk out from a cell, and in arithmetic rather than branches: colours are
// random, and a branch on them would be mispredicted half the time.

/// Forward: how far a cell's run reaches back, the cell included, given the
/// length `back` its predecessor's run reaches back and that predecessor's
/// colour. A cell of colour 0 (no regular gem) measures 0, and so passes 0
/// on to the next cell of colour 0.
fn reach_back(back: u8, previous: u8, colour: u8) -> u8 {
    (back * u8::from(previous == colour) + 1) * u8::from(colour != 0)
}

/// Backward: the length of a cell's whole run, given how far it reaches
/// back (`own`) and the whole length of its successor's run, `onward`,
/// which is the same run when the two colours are equal.
fn whole_run(own: u8, onward: u8, next: u8, colour: u8) -> u8 {
    own.max(onward * u8::from(next == colour))
}

/// The runs along one row: `colours` its cells, `lengths` their lengths.
/// The run carries in a register from cell to cell.
fn measure_row(colours: &[u8], lengths: &mut [u8]) {
    let (mut back, mut previous) = (0, 0);
    for (length, &colour) in lengths.iter_mut().zip(colours) {
        back = reach_back(back, previous, colour);
        (*length, previous) = (back, colour);
    }
    let (mut onward, mut next) = (0, 0);
    for (length, &colour) in lengths.iter_mut().zip(colours).rev() {
        onward = whole_run(*length, onward, next, colour);
        (*length, next) = (onward, colour);
    }
}

/// The runs down every column of a grid `cols` wide, row against row, so
/// that the columns are measured side by side.
fn measure_columns(colours: &[u8], cols: usize, lengths: &mut [u8]) {
    for (length, &colour) in lengths.iter_mut().zip(&colours[..cols]) {
        *length = reach_back(0, 0, colour);
    }
    for row in 1..colours.len() / cols {
        let (above, here) = lengths.split_at_mut(row * cols);
        let above = &above[(row - 1) * cols..];
        let (previous, colours) = (&colours[(row - 1) * cols..row * cols], &colours[row * cols..(row + 1) * cols]);
        for (((length, &back), &previous), &colour) in here.iter_mut().zip(above).zip(previous).zip(colours) {
            *length = reach_back(back, previous, colour);
        }
    }
    for row in (0..colours.len() / cols - 1).rev() {
        let (here, below) = lengths.split_at_mut((row + 1) * cols);
        let (here, below) = (&mut here[row * cols..], &below[..cols]);
        let (colours, next) = (&colours[row * cols..(row + 1) * cols], &colours[(row + 1) * cols..(row + 2) * cols]);
        for (((length, &onward), &next), &colour) in here.iter_mut().zip(below).zip(next).zip(colours) {
            *length = whole_run(*length, onward, next, colour);
        }
    }
}

/// MD2: whether `pos` lies on a group of `board`.
pub fn group_through(board: &Board, pos: Pos) -> bool {
    in_group(board, pos, |row, col| board.get(row, col))
}

/// Whether swapping `a` and `b` makes a group through either. It only steers
/// the generator; the implementations decide what a swap does.
pub fn makes_group(board: &Board, a: Pos, b: Pos) -> bool {
    let after = |row, col| {
        let from = match Pos::new(row, col) {
            pos if pos == a => b,
            pos if pos == b => a,
            pos => pos,
        };
        board.get(from.row, from.col)
    };
    in_group(board, a, after) || in_group(board, b, after)
}

/// MD2: whether `pos` lies on a group of a grid of `board`'s size whose
/// cells `cell` gives.
fn in_group(board: &Board, pos: Pos, cell: impl Fn(usize, usize) -> Cell) -> bool {
    let colour = |row, col| cell(row, col).colour();
    crate::one_colour::in_run(board.rows(), board.cols(), &colour, (pos.row, pos.col), GROUP_LENGTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::door::grids::{board, g, B, E, V};

    #[test]
    fn md2_bombs_and_vibranium_break_a_line() {
        let grid = board(&[&[g(1), g(1), B, g(1)], &[g(2), g(2), g(2), V]]);
        let cells: Vec<Pos> = Lines::of(&grid).group_cells().collect();
        assert_eq!(cells, [Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 2)]);
    }

    #[test]
    fn md2_a_line_is_measured_both_ways_through_every_cell() {
        // 1 1 1 1
        // 2 . 1 2
        // 2 3 1 2
        let grid = board(&[&[g(1), g(1), g(1), g(1)], &[g(2), E, g(1), g(2)], &[g(2), g(3), g(1), g(2)]]);
        let lines = Lines::of(&grid);
        assert_eq!(lines.lengths(Pos::new(0, 2)), (4, 3), "a cell on two lines");
        assert_eq!(lines.lengths(Pos::new(2, 0)), (1, 2), "a line ends at the edge");
        assert_eq!(lines.lengths(Pos::new(1, 1)), (0, 0), "an empty cell is on no line");
        for pos in [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (2, 2), (1, 1), (2, 1), (2, 0)].map(|(r, c)| Pos::new(r, c))
        {
            assert_eq!(lines.group_cells().any(|cell| cell == pos), group_through(&grid, pos), "{pos}");
        }
    }

    #[test]
    fn md2_measuring_another_grid_forgets_the_last() {
        let mut lines = Lines::of(&board(&[&[g(1), g(1), g(1)], &[g(2), g(3), g(2)], &[g(3), g(2), g(3)]]));
        lines.measure(&board(&[&[g(1), g(2)], &[g(1), g(2)], &[g(1), g(3)]]));
        assert_eq!(lines.group_cells().collect::<Vec<_>>(), [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)]);
        assert_eq!(lines.lengths(Pos::new(2, 1)), (1, 1));
    }

    #[test]
    fn md1_a_swap_from_afar_can_make_a_group() {
        let grid = board(&[&[g(1), g(1), g(2)], &[g(3), g(2), g(3)], &[g(2), g(3), g(1)]]);
        assert!(makes_group(&grid, Pos::new(0, 2), Pos::new(2, 2)));
        assert!(makes_group(&grid, Pos::new(2, 2), Pos::new(0, 2)));
        assert!(!makes_group(&grid, Pos::new(0, 0), Pos::new(1, 0)));
    }
}
