//! The statement's input format: `n m k q`, n rows of colours, n rows of
//! specials, q lines `x1 y1 x2 y2`.

use std::fmt;

use super::{At, Board, Instance, Piece, Pos, Special, Swap};
use super::{MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE, RUN_LENGTH};
use crate::text::{most_bytes, word_bytes as word, write_lines, write_words, LineReader, ParseError};

/// The bytes of the largest instance the format reads, as `Display` writes
/// it (a word and a space or `\n` after it): `n m k q` at their most (15),
/// n rows of m colours of up to 3 digits (10,000), n rows of m one-digit
/// specials (5,000), and q swaps of four coordinates of up to 10 digits, as
/// any `u32` is read (44,000): 59,015 bytes.
pub const LARGEST_FILE: usize = {
    let header = 2 * word(MAX_SIDE as u64) + word(MAX_COLOURS as u64) + word(MAX_OPERATIONS as u64);
    let colours = MAX_SIDE * MAX_SIDE * word(MAX_COLOURS as u64);
    let specials = MAX_SIDE * MAX_SIDE * word(6);
    let swaps = MAX_OPERATIONS * 4 * word(u32::MAX as u64);
    header + colours + specials + swaps
};
/// The most bytes a reader takes of a file before it refuses it.
pub const MOST_BYTES: usize = most_bytes(LARGEST_FILE);

/// A run found on a board (TX4): `length` cells from `start` going right
/// (horizontal) or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub start: Pos,
    pub horizontal: bool,
    pub length: usize,
    pub colour: u8,
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (dr, dc) = if self.horizontal { (0, 1) } else { (1, 0) };
        let end = Pos::new(self.start.row + dr * (self.length - 1), self.start.col + dc * (self.length - 1));
        let direction = if self.horizontal { "horizontal" } else { "vertical" };
        write!(f, "{direction} run of {} pieces of colour {} from {} to {end}", self.length, self.colour, self.start)
    }
}

/// The first run on `board` in row-major order of its first cell, horizontal
/// before vertical: TX1 forbids one on a starting board. Input validation
/// only; the implementations find runs their own way.
pub fn first_run(board: &Board) -> Option<Run> {
    let colour = |cell: Pos| board.get(cell).map(|piece| piece.colour);
    let run_from = |start: Pos, horizontal: bool| {
        let first = colour(start)?;
        let step = |i: usize| {
            if horizontal {
                Pos::new(start.row, start.col + i)
            } else {
                Pos::new(start.row + i, start.col)
            }
        };
        let previous_same = if horizontal {
            start.col > 0 && colour(Pos::new(start.row, start.col - 1)) == Some(first)
        } else {
            start.row > 0 && colour(Pos::new(start.row - 1, start.col)) == Some(first)
        };
        if previous_same {
            return None;
        }
        let length = (0..).take_while(|&i| board.contains(step(i)) && colour(step(i)) == Some(first)).count();
        (length >= RUN_LENGTH).then_some(Run { start, horizontal, length, colour: first })
    };
    board.all_cells().find_map(|cell| run_from(cell, true).or_else(|| run_from(cell, false)))
}

/// Reads an instance in the statement's format; the error names the line,
/// the column and what was expected there.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut reader = LineReader::new(input);
    let header = reader.line(4, "the first line (n m k q)")?;
    let side = 1..=u32::try_from(MAX_SIDE).expect("small");
    let rows = header[0].integer("n (rows)", side.clone())? as usize;
    let cols = header[1].integer("m (columns)", side)? as usize;
    let colours = header[2].integer("k (colours)", 1..=MAX_COLOURS)?;
    let operations = header[3].integer("q (operations)", 1..=MAX_OPERATIONS)?;

    let mut colour_rows = Vec::with_capacity(rows);
    for row in 0..rows {
        let tokens = reader.line(cols, &format!("colour row {}", row + 1))?;
        let line: Result<Vec<(u8, _)>, _> =
            tokens.iter().map(|t| Ok((t.integer("a colour", 1..=colours)?, *t))).collect();
        colour_rows.push(line?);
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for (row, colour_row) in colour_rows.iter().enumerate() {
        let tokens = reader.line(cols, &format!("special row {}", row + 1))?;
        for (token, (colour, _)) in tokens.iter().zip(colour_row) {
            let code: u8 = token.integer("a special", 0..=6)?;
            let special = Special::from_code(code).expect("range checked");
            cells.push(Some(Piece { colour: *colour, special }));
        }
    }
    let board = Board::from_cells(rows, cols, cells);
    if let Some(run) = first_run(&board) {
        let token = colour_rows[run.start.row][run.start.col].1;
        return Err(token.error(format!("expected a starting board with no run (TX1), found a {run}")));
    }

    let mut swaps = Vec::with_capacity(operations);
    for index in 0..operations {
        let tokens = reader.line(4, &format!("operation {} (x1 y1 x2 y2)", index + 1))?;
        let coordinate = |i: usize| tokens[i].integer("a coordinate", 0..=u32::MAX);
        let first = At::new(coordinate(0)?, coordinate(1)?);
        let second = At::new(coordinate(2)?, coordinate(3)?);
        swaps.push(Swap::new(first, second));
    }
    reader.end()?;
    Ok(Instance { colours, board, swaps })
}

impl fmt::Display for Instance {
    /// The statement's input format; `parse` reads it back to the same
    /// instance.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = &self.board;
        writeln!(f, "{} {} {} {}", board.rows(), board.cols(), self.colours, self.swaps.len())?;
        let write_rows = |f: &mut fmt::Formatter<'_>, value: &dyn Fn(Piece) -> u8| -> fmt::Result {
            for row in board.cells().chunks(board.cols()) {
                write_words(f, row.iter().map(|piece| piece.map_or(0, value)))?;
            }
            Ok(())
        };
        write_rows(f, &|piece| piece.colour)?;
        write_rows(f, &|piece| piece.special.code())?;
        write_lines(f, &self.swaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "2 3 3 1\n1 2 1\n2 1 2\n0 0 1\n6 0 0\n1 1 1 2\n";

    #[test]
    fn prints_what_it_parses() {
        let instance = parse(SMALL).unwrap();
        assert_eq!(instance.to_string(), SMALL);
        assert_eq!(instance.board.get(Pos::new(1, 0)).unwrap().special, Special::Colour);
    }

    #[test]
    fn tx1_starting_run_is_rejected_naming_it() {
        let error = parse("1 3 2 1\n2 2 2\n0 0 0\n1 1 1 2\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        assert!(error.message.contains("horizontal run of 3 pieces of colour 2 from (1,1) to (1,3)"), "{error}");
    }

    #[test]
    fn tx1_vertical_starting_run_is_rejected() {
        // Two in a column is no run.
        assert!(parse("3 1 2 1\n2\n1\n1\n0\n0\n0\n1 1 1 1\n").is_ok());
        let error = parse("3 1 2 1\n1\n1\n1\n0\n0\n0\n1 1 1 1\n").unwrap_err();
        assert!(error.message.contains("vertical run of 3 pieces of colour 1 from (1,1) to (3,1)"), "{error}");
    }

    #[test]
    fn colour_above_k_is_rejected_where_it_stands() {
        let error = parse("1 3 2 1\n1 3 1\n0 0 0\n1 1 1 2\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(error.message.contains("expected a colour in 1..=2"), "{error}");
    }

    /// LARGEST_FILE's arithmetic, checked against the instance it counts:
    /// every bound at its most, every word at its widest.
    #[test]
    fn the_largest_file_is_the_largest_instance_written() {
        let piece = Some(Piece { colour: MAX_COLOURS, special: Special::from_code(6).expect("a special") });
        let board = Board::from_cells(MAX_SIDE, MAX_SIDE, vec![piece; MAX_SIDE * MAX_SIDE]);
        let widest = At::new(u32::MAX, u32::MAX);
        let instance = Instance { colours: MAX_COLOURS, board, swaps: vec![Swap::new(widest, widest); MAX_OPERATIONS] };
        assert_eq!(instance.to_string().len(), LARGEST_FILE);
        assert_eq!(MOST_BYTES, 2 * 59_015);
    }

    #[test]
    fn missing_operation_says_end_of_input() {
        let error = parse("1 3 2 2\n1 2 1\n0 0 0\n1 1 1 2\n").unwrap_err();
        assert_eq!(error.line, 5);
        assert!(error.message.contains("expected operation 2"), "{error}");
    }
}
