//! This project's text format for SquareRemover (the contest passed the same
//! as method arguments): `colors N startSeed`, N lines of N digits, a line
//! with M, and M lines `row col dir`, all 0-based.

use std::fmt;

use super::{Board, Instance, Move, MAX_COLOURS, MAX_MOVES, MAX_SIDE, MIN_COLOURS, MIN_SIDE, MODULUS};
use crate::text::{most_bytes, word_bytes as word, write_lines, LineReader, ParseError};

/// The bytes of the largest instance the format reads, as `Display` writes
/// it: `colors N startSeed` at their most (17), N rows of N digits (4,160),
/// M (8), and M moves of three numbers of up to 11 characters, as any `i32`
/// is read, `-2147483648` (36,000,000): 36,004,185 bytes.
pub const LARGEST_FILE: usize = {
    let header = word(MAX_COLOURS as u64) + word(MAX_SIDE as u64) + word(MODULUS - 1);
    let board = MAX_SIDE * (MAX_SIDE + 1);
    let moves = word(MAX_MOVES as u64) + MAX_MOVES * 3 * (word(i32::MIN.unsigned_abs() as u64) + 1);
    header + board + moves
};
/// The most bytes a reader takes of a file before it refuses it.
pub const MOST_BYTES: usize = most_bytes(LARGEST_FILE);

/// Moves read before the list may grow: a count of moves is no promise that
/// they follow, so a large M costs little until its moves are there.
const RESERVED_MOVES: usize = 1 << 14;

/// Reads an instance; the error names the line, the column and what was
/// expected there.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut reader = LineReader::new(input);
    let header = reader.line(3, "the first line (colors N startSeed)")?;
    let colours = header[0].integer("colors", MIN_COLOURS..=MAX_COLOURS)?;
    let side = header[1].integer("N (rows and columns)", MIN_SIDE..=MAX_SIDE)?;
    let seed = header[2].integer("startSeed", 1..=MODULUS - 1)?;

    let mut tiles = Vec::with_capacity(side * side);
    for row in 0..side {
        let token = reader.line(1, &format!("board row {row} ({side} digits)"))?[0];
        let expected = format!("a colour digit in 0..={}", colours - 1);
        let digit = |ch: char| ch.to_digit(10).filter(|&d| d < u32::from(colours)).map(|d| d as u8);
        tiles.extend(token.cells(side, &format!("board row {row}"), &expected, digit)?);
    }
    let count = reader.line(1, "the number of moves M")?[0].integer("M (moves)", 0..=MAX_MOVES)?;
    let mut moves = Vec::with_capacity(count.min(RESERVED_MOVES));
    for index in 0..count {
        let tokens = reader.line(3, &format!("move {index} (row col dir)"))?;
        let number = |i: usize, what: &str| tokens[i].integer(what, i32::MIN..=i32::MAX);
        moves.push(Move::new(number(0, "a row")?, number(1, "a column")?, number(2, "a direction")?));
    }
    reader.end()?;
    Ok(Instance { colours, seed, board: Board::from_cells(side, side, tiles), moves })
}

impl fmt::Display for Instance {
    /// The text format; `parse` reads it back to the same instance.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {} {}", self.colours, self.board.rows(), self.seed)?;
        for row in 0..self.board.rows() {
            let digits: String = self.board.row(row).iter().map(|&c| char::from(b'0' + c)).collect();
            writeln!(f, "{digits}")?;
        }
        writeln!(f, "{}", self.moves.len())?;
        write_lines(f, &self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "3 3 7\n012\n120\n201\n2\n0 0 1\n2 2 0\n";

    #[test]
    fn prints_what_it_parses() {
        let instance = parse(SMALL).unwrap();
        assert_eq!(instance.to_string(), SMALL);
        assert_eq!(instance.board.get(1, 2), 0);
        assert_eq!(instance.moves[1], Move::new(2, 2, 0));
    }

    #[test]
    fn invalid_moves_are_instances_too() {
        // SR4 makes them score -1; the format must carry them.
        let instance = parse("2 2 1\n01\n10\n1\n-1 5 9\n").unwrap();
        assert_eq!(instance.moves, [Move::new(-1, 5, 9)]);
    }

    #[test]
    fn one_colour_is_refused() {
        let error = parse("1 2 5\n00\n00\n0\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        assert!(error.message.contains("colors in 2..=10"), "{error}");
    }

    #[test]
    fn seed_zero_is_refused() {
        let error = parse("2 2 0\n01\n10\n0\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 5));
    }

    #[test]
    fn a_digit_out_of_range_is_named_where_it_stands() {
        let error = parse("3 3 7\n012\n130\n201\n0\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 2));
        assert!(error.message.contains("0..=2"), "{error}");
    }

    #[test]
    fn short_and_long_rows_are_errors() {
        let short = parse("3 3 7\n012\n10\n").unwrap_err();
        assert_eq!((short.line, short.column), (3, 3));
        let long = parse("2 2 7\n0101\n").unwrap_err();
        assert_eq!((long.line, long.column), (2, 3));
    }

    /// LARGEST_FILE's arithmetic, checked against the instance it counts:
    /// every bound at its most, every word at its widest.
    #[test]
    fn the_largest_file_is_the_largest_instance_written() {
        let board = Board::from_cells(MAX_SIDE, MAX_SIDE, vec![MAX_COLOURS - 1; MAX_SIDE * MAX_SIDE]);
        let widest = Move::new(i32::MIN, i32::MIN, i32::MIN);
        let instance = Instance { colours: MAX_COLOURS, seed: MODULUS - 1, board, moves: vec![widest; MAX_MOVES] };
        assert_eq!(instance.to_string().len(), LARGEST_FILE);
        assert_eq!(MOST_BYTES, 2 * 36_004_185);
    }

    #[test]
    fn missing_moves_say_end_of_input() {
        let error = parse("2 2 7\n01\n10\n2\n0 0 1\n").unwrap_err();
        assert!(error.message.contains("expected move 1"), "{error}");
    }

    #[test]
    fn a_large_move_count_is_not_allocated_up_front() {
        let error = parse(&format!("2 2 7\n01\n10\n{MAX_MOVES}\n")).unwrap_err();
        assert!(error.message.contains("expected move 0"), "{error}");
    }

    #[test]
    fn more_moves_than_the_format_reads_are_refused_at_their_count() {
        let error = parse(&format!("2 2 7\n01\n10\n{}\n", MAX_MOVES + 1)).unwrap_err();
        assert_eq!((error.line, error.column), (4, 1));
        assert!(error.message.contains("M (moves) in 0..=1000000"), "{error}");
    }
}
