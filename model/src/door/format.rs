//! The statement's text format: `m n`, m rows of n numbers (-1 vibranium,
//! 0 bomb, 1..9 regular gem), then the swap `r1 c1 r2 c2`, 1-based. More
//! swap lines may follow (this project's extension, see `Instance`).

use std::fmt;

use super::{Board, Cell, Instance, Pos, Swap, MAX_SIDE, MAX_SWAPS, MIN_SIDE};
use crate::text::{most_bytes, word_bytes as word, write_lines, write_words, LineReader, ParseError, Token};

/// The bytes of the largest instance the format reads, as `Display` writes
/// it: `m n` at their most (6), m rows of n cells of up to 2 characters,
/// `-1` (19,200), and the swaps `r1 c1 r2 c2` of up to 2 digits each
/// (12,000): 31,206 bytes.
pub const LARGEST_FILE: usize = {
    let header = 2 * word(MAX_SIDE as u64);
    let grid = MAX_SIDE * MAX_SIDE * (word(1) + 1);
    let swaps = MAX_SWAPS * 4 * word(MAX_SIDE as u64);
    header + grid + swaps
};
/// The most bytes a reader takes of a file before it refuses it.
pub const MOST_BYTES: usize = most_bytes(LARGEST_FILE);

/// Reads an instance and checks MD1 for its first swap; the error names the
/// line, the column and what was expected there.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut reader = LineReader::new(input);
    let header = reader.line(2, "the first line (m n)")?;
    let rows = header[0].integer("m (rows)", MIN_SIDE..=MAX_SIDE)?;
    let cols = header[1].integer("n (columns)", MIN_SIDE..=MAX_SIDE)?;

    let mut cells = Vec::with_capacity(rows * cols);
    let mut tokens = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for token in reader.line(cols, &format!("grid row {}", row + 1))? {
            cells.push(match token.integer("a gem (-1 vibranium, 0 bomb, 1..9 regular)", -1..=9)? {
                -1 => Cell::Vibranium,
                0 => Cell::Bomb,
                colour => Cell::Gem(colour as u8),
            });
            tokens.push(token);
        }
    }
    let board = Board::from_cells(rows, cols, cells);
    if let Some((start, across)) = first_group(&board) {
        let direction = if across { "horizontal" } else { "vertical" };
        let colour = board.get(start.row, start.col).colour().unwrap_or(0);
        return Err(tokens[start.row * cols + start.col].error(format!(
            "expected no match-3 group in the initial grid (MD1), found a {direction} group of {colour}s starting at {start}"
        )));
    }

    let mut swaps = Vec::new();
    while !reader.at_end() {
        if swaps.len() == MAX_SWAPS {
            reader.end_after(&format!(" after {MAX_SWAPS} swaps, the most the format reads"))?;
        }
        let line = reader.line(4, "a swap (r1 c1 r2 c2)")?;
        let first = position(&line[0], &line[1], rows, cols)?;
        let second = position(&line[2], &line[3], rows, cols)?;
        if swaps.is_empty() {
            check_first_swap(&board, first, second, &line)?;
        }
        swaps.push(Swap::new(first, second));
    }
    if swaps.is_empty() {
        reader.line(4, "the swap (r1 c1 r2 c2)")?;
    }
    Ok(Instance { board, swaps })
}

fn position(row: &Token<'_>, col: &Token<'_>, rows: usize, cols: usize) -> Result<Pos, ParseError> {
    Ok(Pos::new(row.integer("a row", 1..=rows)? - 1, col.integer("a column", 1..=cols)? - 1))
}

/// MD1: two distinct cells, each a regular gem.
fn check_first_swap(board: &Board, first: Pos, second: Pos, line: &[Token<'_>]) -> Result<(), ParseError> {
    if first == second {
        return Err(line[2].error(format!("expected a second cell other than {first} (MD1: two distinct gems)")));
    }
    for (pos, token) in [(first, &line[0]), (second, &line[2])] {
        let cell = board.get(pos.row, pos.col);
        if cell.colour().is_none() {
            let found = cell.number().map_or("nothing".to_string(), |n| n.to_string());
            return Err(token.error(format!("expected a regular gem (1..9) at {pos} to swap (MD1), found {found}")));
        }
    }
    Ok(())
}

/// The top-left cell of the first run of three equal regular gems in
/// row-major order, and whether it runs across (true) or down.
fn first_group(board: &Board) -> Option<(Pos, bool)> {
    let same = |a: Cell, b: Cell, c: Cell| a.colour().is_some() && a == b && b == c;
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            let here = board.get(row, col);
            if col + 2 < board.cols() && same(here, board.get(row, col + 1), board.get(row, col + 2)) {
                return Some((Pos::new(row, col), true));
            }
            if row + 2 < board.rows() && same(here, board.get(row + 1, col), board.get(row + 2, col)) {
                return Some((Pos::new(row, col), false));
            }
        }
    }
    None
}

impl fmt::Display for Instance {
    /// The text format; `parse` reads it back to the same instance, as long
    /// as the grid holds no empty cell and no armed bomb (no start does).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.board.rows(), self.board.cols())?;
        for row in 0..self.board.rows() {
            write_words(f, self.board.row(row).iter().map(|cell| cell.number().map_or("?".into(), |n| n.to_string())))?;
        }
        write_lines(f, &self.swaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST_SAMPLE: &str = "6 4\n1 1 2 2\n3 2 -1 1\n3 1 0 2\n1 1 3 1\n3 2 2 3\n2 1 2 1\n6 1 5 4\n";

    #[test]
    fn prints_what_it_parses() {
        let instance = parse(FIRST_SAMPLE).unwrap();
        assert_eq!(instance.to_string(), FIRST_SAMPLE);
        assert_eq!(instance.board.get(1, 2), Cell::Vibranium);
        assert_eq!(instance.board.get(2, 2), Cell::Bomb);
        assert_eq!(instance.swaps, [Swap::new(Pos::new(5, 0), Pos::new(4, 3))]);
    }

    #[test]
    fn further_swaps_are_read_unchecked() {
        let text = format!("{FIRST_SAMPLE}2 3 2 3\n");
        assert_eq!(parse(&text).unwrap().swaps.len(), 2);
    }

    #[test]
    fn md1_an_initial_group_is_named_where_it_starts() {
        let error = parse("3 3\n1 2 3\n4 2 5\n6 2 7\n1 1 1 3\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(error.message.contains("vertical group of 2s starting at (1,2)"), "{error}");
    }

    #[test]
    fn md1_swapping_a_bomb_is_refused() {
        let error = parse("3 3\n1 2 3\n4 0 5\n6 7 8\n2 2 1 1\n").unwrap_err();
        assert_eq!((error.line, error.column), (5, 1));
        assert!(error.message.contains("found 0"), "{error}");
    }

    #[test]
    fn md1_swapping_a_cell_with_itself_is_refused() {
        let error = parse("3 3\n1 2 3\n4 9 5\n6 7 8\n2 2 2 2\n").unwrap_err();
        assert_eq!((error.line, error.column), (5, 5));
    }

    #[test]
    fn a_cell_out_of_range_is_named() {
        let error = parse("3 3\n1 2 3\n4 10 5\n6 7 8\n1 1 1 2\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 3));
        let off = parse("3 3\n1 2 3\n4 9 5\n6 7 8\n1 4 1 2\n").unwrap_err();
        assert_eq!((off.line, off.column), (5, 3));
    }

    #[test]
    fn more_swaps_than_the_format_reads_are_refused_where_they_pass_it() {
        // The sample's swap is on line 8, the one past the most on line 8 + MAX_SWAPS.
        let further = |count: usize| format!("{FIRST_SAMPLE}{}", "2 2 1 1\n".repeat(count));
        assert_eq!(parse(&further(MAX_SWAPS - 1)).unwrap().swaps.len(), MAX_SWAPS);
        let error = parse(&further(MAX_SWAPS)).unwrap_err();
        assert_eq!((error.line, error.column), (8 + MAX_SWAPS, 1));
        assert!(error.message.contains("after 1000 swaps"), "{error}");
    }

    /// LARGEST_FILE's arithmetic, checked against the instance it counts:
    /// every bound at its most, every word at its widest.
    #[test]
    fn the_largest_file_is_the_largest_instance_written() {
        let board = Board::from_cells(MAX_SIDE, MAX_SIDE, vec![Cell::Vibranium; MAX_SIDE * MAX_SIDE]);
        let corner = Pos::new(MAX_SIDE - 1, MAX_SIDE - 1);
        let instance = Instance { board, swaps: vec![Swap::new(corner, corner); MAX_SWAPS] };
        assert_eq!(instance.to_string().len(), LARGEST_FILE);
        assert_eq!(MOST_BYTES, 2 * 31_206);
    }

    #[test]
    fn a_missing_swap_says_end_of_input() {
        let error = parse("3 3\n1 2 3\n4 9 5\n6 7 8\n").unwrap_err();
        assert!(error.message.contains("expected the swap"), "{error}");
    }
}
