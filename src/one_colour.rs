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
    let (across, down) = run_lengths(rows, cols, colour, cell);
    across >= length || down >= length
}

/// Which cells, row by row, lie in a run of `length` or more: the cells
/// [`in_run`] says are, found by walking each row and each column once and
/// marking every stretch of one colour that is long enough, where asking of
/// every cell walks its runs again from each of their cells.
pub fn cells_in_runs(
    rows: usize,
    cols: usize,
    colour: impl Fn(usize, usize) -> Option<u8>,
    length: usize,
) -> Vec<bool> {
    let mut marked = vec![false; rows * cols];
    for row in 0..rows {
        mark_stretches(cols, length, |col| colour(row, col), |col| marked[row * cols + col] = true);
    }
    for col in 0..cols {
        mark_stretches(rows, length, |row| colour(row, col), |row| marked[row * cols + col] = true);
    }
    marked
}

/// Marks the cells of every stretch of at least `length` cells of one
/// colour in a line of `count` cells.
fn mark_stretches(count: usize, length: usize, colour: impl Fn(usize) -> Option<u8>, mut mark: impl FnMut(usize)) {
    let mut start = 0;
    while start < count {
        let here = colour(start);
        let end = (start + 1..count).find(|&i| colour(i) != here).unwrap_or(count);
        if here.is_some() && end - start >= length {
            (start..end).for_each(&mut mark);
        }
        start = end;
    }
}

/// The lengths of the horizontal and the vertical run of one colour
/// through (`row`, `col`); 0 for a cell of no colour.
pub fn run_lengths(
    rows: usize,
    cols: usize,
    colour: &impl Fn(usize, usize) -> Option<u8>,
    (row, col): (usize, usize),
) -> (usize, usize) {
    let Some(here) = colour(row, col) else { return (0, 0) };
    let same_towards = |dr: isize, dc: isize| {
        (1..)
            .map(|i| (row as isize + i * dr, col as isize + i * dc))
            .take_while(|&(r, c)| {
                r >= 0
                    && c >= 0
                    && (r as usize) < rows
                    && (c as usize) < cols
                    && colour(r as usize, c as usize) == Some(here)
            })
            .count()
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
