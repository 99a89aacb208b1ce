//! Runs of one colour along a row or a column: the runs of TX4 and the
//! groups of MD2 are both such runs, and the harness's checkers and
//! generators ask of either whether a cell lies on one. The implementations
//! find them their own way.

/// Whether (`row`, `col`) lies on a horizontal or vertical run of at least
/// `length` consecutive cells of one colour, in a `rows` x `cols` grid whose
/// colours `colour` gives (`None` for a cell that matches nothing: empty, a
/// bomb, vibranium).
pub fn in_run(
    rows: usize,
    cols: usize,
    colour: &impl Fn(usize, usize) -> Option<u8>,
    cell: (usize, usize),
    length: usize,
) -> bool {
    // `length - 1` of one colour on either side settle it.
    let (across, down) = lengths_up_to(rows, cols, colour, cell, length.saturating_sub(1));
    across >= length || down >= length
}

/// Which cells, row by row, lie in a run of `length` or more: the cells
/// [`in_run`] says are, found by [`Runs`].
pub fn cells_in_runs(
    rows: usize,
    cols: usize,
    colour: impl Fn(usize, usize) -> Option<u8>,
    length: usize,
) -> Vec<bool> {
    let mut runs = Runs::default();
    runs.find(rows, cols, (0..rows * cols).map(|index| colour(index / cols, index % cols)), length);
    runs.marked
}

/// The cells of a grid that lie in runs. A cell lies on a run of `length`
/// or more exactly when it is one of `length` consecutive cells of one
/// colour, so those are all there is to find: a few passes over the grid,
/// in arithmetic rather than branches (colours are random, and a branch on
/// them would be mispredicted half the time), instead of a walk out from
/// each cell. The buffers are kept from one grid to the next.
#[derive(Debug, Clone, Default)]
pub struct Runs {
    cols: usize,
    /// Each cell's colour plus one, 0 for a cell of no colour.
    colours: Vec<u16>,
    /// Where `length` cells of one colour start, along the line being marked.
    starts: Vec<bool>,
    /// Row by row, whether the cell lies on a run.
    marked: Vec<bool>,
}

impl Runs {
    /// Finds the runs of `length` or more of a `rows` x `cols` grid whose
    /// colours, row by row, are `colours`, in place of those found before.
    pub fn find(&mut self, rows: usize, cols: usize, colours: impl IntoIterator<Item = Option<u8>>, length: usize) {
        self.cols = cols;
        self.colours.clear();
        self.colours.extend(colours.into_iter().map(|colour| colour.map_or(0, |colour| u16::from(colour) + 1)));
        assert_eq!(self.colours.len(), rows * cols, "a {rows}x{cols} grid's colours");
        self.marked.clear();
        self.marked.resize(self.colours.len(), false);
        // Along the rows, the grid is read as one line, in one pass rather
        // than one a row: a run that would go on from the end of a row into
        // the next is none.
        find_starts(&self.colours, 1, length, &mut self.starts);
        for row_end in (1..=rows).map(|row| row * cols) {
            let wrapping = row_end.saturating_sub(length.saturating_sub(1))..row_end.min(self.starts.len());
            self.starts[wrapping].fill(false);
        }
        mark_runs(&self.starts, 1, length, &mut self.marked);
        // Down the columns, a whole row of the grid at a time.
        find_starts(&self.colours, cols, length, &mut self.starts);
        mark_runs(&self.starts, cols, length, &mut self.marked);
    }

    /// The cells on a run, row by row, as (row, column).
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let cols = self.cols;
        let marked = self.marked.iter().enumerate().filter(|&(_, &marked)| marked);
        marked.map(move |(index, _)| (index / cols, index % cols))
    }
}

/// Sets `starts[i]` to whether cell `i` of `colours` and the `length - 1`
/// cells `step` apart after it are all of one colour.
fn find_starts(colours: &[u16], step: usize, length: usize, starts: &mut Vec<bool>) {
    let count = colours.len().saturating_sub(length.saturating_sub(1) * step);
    starts.clear();
    starts.extend(colours[..count].iter().map(|&colour| colour != 0));
    for later in (1..length).map(|k| colours.get(k * step..).unwrap_or_default()) {
        for (start, (&first, &other)) in starts.iter_mut().zip(colours.iter().zip(later)) {
            *start &= first == other;
        }
    }
}

/// Marks in `marked` the `length` cells, `step` apart, of every run that
/// `starts` holds.
fn mark_runs(starts: &[bool], step: usize, length: usize, marked: &mut [bool]) {
    for offset in (0..length).map(|k| k * step) {
        for (marked, &start) in marked.get_mut(offset..).unwrap_or_default().iter_mut().zip(starts) {
            *marked |= start;
        }
    }
}

/// The lengths of the horizontal and the vertical run of one colour
/// through (`row`, `col`); 0 for a cell of no colour.
pub fn run_lengths(
    rows: usize,
    cols: usize,
    colour: &impl Fn(usize, usize) -> Option<u8>,
    cell: (usize, usize),
) -> (usize, usize) {
    lengths_up_to(rows, cols, colour, cell, usize::MAX)
}

/// [`run_lengths`], counting at most `most` cells on each side of the cell.
fn lengths_up_to(
    rows: usize,
    cols: usize,
    colour: &impl Fn(usize, usize) -> Option<u8>,
    (row, col): (usize, usize),
    most: usize,
) -> (usize, usize) {
    let Some(here) = colour(row, col) else { return (0, 0) };
    let same_towards = |dr: isize, dc: isize| {
        let (mut r, mut c, mut same) = (row, col, 0);
        while same < most {
            // Above row 0 or left of column 0 wraps round beyond the far edge.
            (r, c) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
            if r >= rows || c >= cols || colour(r, c) != Some(here) {
                break;
            }
            same += 1;
        }
        same
    };
    (same_towards(0, -1) + 1 + same_towards(0, 1), same_towards(-1, 0) + 1 + same_towards(1, 0))
}

/// For a grid filled row by row, with no run of three: a colour in
/// 1..=`colours` for (`row`, `col`) that makes no run of three with the two
/// cells before it in its row or its column. `drawn` when it makes none, else
/// the next colour after it that makes none, cyclically; `None` when every
/// colour would.
pub fn colour_ending_no_run(
    colour: &impl Fn(usize, usize) -> Option<u8>,
    (row, col): (usize, usize),
    drawn: u8,
    colours: u8,
) -> Option<u8> {
    let ends_run = |candidate: u8| {
        let same = |r: usize, c: usize| colour(r, c) == Some(candidate);
        (col >= 2 && same(row, col - 1) && same(row, col - 2)) || (row >= 2 && same(row - 1, col) && same(row - 2, col))
    };
    (0..colours).map(|offset| (drawn - 1 + offset) % colours + 1).find(|&candidate| !ends_run(candidate))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_in_runs_found_line_by_line_are_the_cells_in_a_run() {
        let mut seed = 7u64;
        let mut next = |below: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % below
        };
        for _ in 0..500 {
            let (rows, cols) = (1 + next(7) as usize, 1 + next(7) as usize);
            let cells: Vec<Option<u8>> = (0..rows * cols).map(|_| [None, Some(1), Some(2)][next(3) as usize]).collect();
            let colour = |row: usize, col: usize| cells[row * cols + col];
            let length = 2 + next(2) as usize;
            let marked = cells_in_runs(rows, cols, colour, length);
            for (index, &in_a_run) in marked.iter().enumerate() {
                let cell = (index / cols, index % cols);
                assert_eq!(
                    in_a_run,
                    in_run(rows, cols, &colour, cell, length),
                    "{cell:?} of {cells:?}, {cols} columns"
                );
            }
        }
    }

    #[test]
    fn a_run_counts_both_sides_of_the_cell_and_stops_at_a_gap() {
        // 1 1 1 2
        // 2 . 1 2
        // 3 3 1 2
        let grid = [
            [Some(1), Some(1), Some(1), Some(2)],
            [Some(2), None, Some(1), Some(2)],
            [Some(3), Some(3), Some(1), Some(2)],
        ];
        let colour = |row: usize, col: usize| grid[row][col];
        assert!(in_run(3, 4, &colour, (0, 1), 3), "across, the cell in the middle");
        assert!(in_run(3, 4, &colour, (1, 2), 3), "down, the cell in the middle");
        assert!(in_run(3, 4, &colour, (2, 3), 3), "down, the last cell");
        assert!(!in_run(3, 4, &colour, (2, 0), 3), "two of a kind");
        assert!(!in_run(3, 4, &colour, (1, 1), 3), "no colour matches nothing");
        assert!(!in_run(3, 4, &colour, (0, 0), 4), "shorter than asked");
        assert_eq!(run_lengths(3, 4, &colour, (0, 2)), (3, 3), "a cell on two lines");
    }

    #[test]
    fn a_colour_that_would_end_a_run_gives_way_to_the_next() {
        // 1 1 ?
        // 2 3 2
        // 2 3 ?
        let grid = [[Some(1), Some(1), None], [Some(2), Some(3), Some(2)], [Some(2), Some(3), None]];
        let colour = |row: usize, col: usize| grid[row][col];
        assert_eq!(colour_ending_no_run(&colour, (0, 2), 2, 3), Some(2));
        assert_eq!(colour_ending_no_run(&colour, (0, 2), 1, 3), Some(2));
        assert_eq!(colour_ending_no_run(&colour, (0, 2), 1, 1), None);
        assert_eq!(colour_ending_no_run(&colour, (2, 2), 3, 3), Some(3), "a line needs three");
    }
}
