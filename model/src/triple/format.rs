//! The statement's text formats. The instance: the test number; `n m`;
//! `p q`; n rows of m characters (`.` empty, `1`..`9` a level); k; the k
//! levels of the build sequence on one line (empty when k is 0). The
//! commands, one a line: `PUT x y`, `STAR x y`, `BOMBER x y`, `END`, 1-based.
//! A corpus file holds the instance followed by its commands.
//!
//! A command line is never a parse error: a line that is no command is read
//! as [`Action::Unknown`], which the game refuses (TT7) on its line. Blank
//! lines are skipped, and nothing after the first END is read (TT5). Only
//! more than [`MAX_COMMANDS`] commands before it are an error.

use std::fmt::{self, Write as _};

use super::{Action, At, Command, Instance, Map, EMPTY, MAX_COMMANDS, MAX_LEVEL, MAX_SIDE, MAX_TILES, MIN_SIDE};
use crate::text::{most_bytes, word_bytes as word, write_integers, LineReader, ParseError, Token};

/// The bytes of the largest instance the format reads, with its commands,
/// as `Display` writes it: the test number, `n m` and `p q` at their most
/// (11 + 8 + 22), n rows of m cells and a `\n` (10,100), k (7), k levels
/// of one digit (200,000), and the commands, each at most `BOMBER 100 100`
/// on its map, and END (4,500,004): 4,710,152 bytes.
pub const LARGEST_FILE: usize = {
    let header = word(u32::MAX as u64) + 2 * word(MAX_SIDE as u64) + 2 * word(u32::MAX as u64);
    let map = MAX_SIDE * (MAX_SIDE + 1);
    let sequence = word(MAX_TILES as u64) + MAX_TILES * word(9);
    let commands = MAX_COMMANDS * ("BOMBER ".len() + 2 * word(MAX_SIDE as u64)) + "END\n".len();
    header + map + sequence + commands
};
/// The most bytes a reader takes of a file before it refuses it.
pub const MOST_BYTES: usize = most_bytes(LARGEST_FILE);

/// Levels read before the sequence may grow: a large k is no promise that
/// its levels follow.
const RESERVED_LEVELS: usize = 1 << 14;

/// Reads an instance followed by its commands; a parse error names the line,
/// the column and what was expected there.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut reader = LineReader::new(input);
    let mut instance = parse_instance(&mut reader)?;
    instance.commands = parse_commands(&mut reader)?;
    Ok(instance)
}

/// Reads an instance and its commands from two texts, as the contest's
/// checker took them: refusals name the lines of `commands`.
pub fn parse_apart(instance: &str, commands: &str) -> Result<Instance, ParseError> {
    let mut reader = LineReader::new(instance);
    let mut instance = parse_instance(&mut reader)?;
    reader.end()?;
    instance.commands = parse_commands(&mut LineReader::new(commands))?;
    Ok(instance)
}

/// The two texts [`parse_apart`] reads back as `instance`: the statement's
/// input, and the commands one a line, as the player's output file.
pub fn write_apart(instance: &Instance) -> (String, String) {
    let (map, sequence) = (instance.map.clone(), instance.sequence.clone());
    let empty = sequence.is_empty();
    let mut input = Instance::new(instance.test, map, instance.stars, instance.bombs, sequence, Vec::new()).to_string();
    // The statement's input has the sequence's line even when k = 0.
    if empty {
        input.push('\n');
    }
    let commands: String = instance.commands.iter().map(|command| format!("{command}\n")).collect();
    (input, commands)
}

fn parse_instance(reader: &mut LineReader<'_>) -> Result<Instance, ParseError> {
    let test = reader.line(1, "the test number")?[0].integer("the test number", 0..=u32::MAX)?;
    let sides = reader.line(2, "the map's size (n m)")?;
    let rows = sides[0].integer("n (rows)", MIN_SIDE..=MAX_SIDE)?;
    let cols = sides[1].integer("m (columns)", MIN_SIDE..=MAX_SIDE)?;
    let tools = reader.line(2, "the tools (p q)")?;
    let stars = tools[0].integer("p (stars)", 0..=u32::MAX)?;
    let bombs = tools[1].integer("q (bombs)", 0..=u32::MAX)?;

    let mut cells = Vec::with_capacity(rows * cols);
    for row in 1..=rows {
        let name = format!("map row {row}");
        let token = reader.line(1, &format!("{name} ({cols} characters)"))?[0];
        cells.extend(token.cells(cols, &name, "'.' or a level 1..9", level)?);
    }
    let count = reader.line(1, "the sequence's length k")?[0].integer("k (tiles)", 0..=MAX_TILES)?;
    let mut sequence = Vec::with_capacity(count.min(RESERVED_LEVELS));
    // With k = 0 the sequence's line is empty, which the reader skips.
    if count > 0 {
        for token in reader.line(count, "the build sequence")? {
            sequence.push(token.integer("a level", 1..=MAX_LEVEL)?);
        }
    }
    let map = Map::from_cells(rows, cols, cells);
    Ok(Instance { test, map, stars, bombs, sequence, commands: Vec::new() })
}

/// A cell as the map's row writes it; a level the format cannot hold,
/// which only a hand-made map has, as `?`.
fn cell_char(level: u8) -> char {
    match level {
        EMPTY => '.',
        _ => char::from_digit(u32::from(level), 10).unwrap_or('?'),
    }
}

fn level(ch: char) -> Option<u8> {
    match ch {
        '.' => Some(EMPTY),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}

/// The commands up to the first END, each with its line; an error only
/// past [`MAX_COMMANDS`] of them.
fn parse_commands(reader: &mut LineReader<'_>) -> Result<Vec<Command>, ParseError> {
    let mut commands = Vec::new();
    while let Some((line, words)) = reader.next_line() {
        let action = action(&words);
        if commands.len() == MAX_COMMANDS && action != Action::End {
            let message = format!("expected END after {MAX_COMMANDS} commands, the most the format reads");
            return Err(words[0].error(format!("{message}, found {}", crate::text::quoted(words[0].text))));
        }
        let end = action == Action::End;
        commands.push(Command { line, action });
        if end {
            break;
        }
    }
    Ok(commands)
}

fn action(words: &[Token<'_>]) -> Action {
    let texts: Vec<&str> = words.iter().map(|word| word.text).collect();
    let cell = |row: &str, col: &str| Some(At::new(coordinate(row)?, coordinate(col)?));
    let known = match texts[..] {
        ["PUT", row, col] => cell(row, col).map(Action::Put),
        ["STAR", row, col] => cell(row, col).map(Action::Star),
        ["BOMBER", row, col] => cell(row, col).map(Action::Bomber),
        ["END"] => Some(Action::End),
        _ => None,
    };
    known.unwrap_or_else(|| Action::Unknown(texts.join(" ")))
}

/// An integer coordinate; one too large for an `i64` is kept as the
/// largest of its sign, as it names a cell outside every map all the same.
fn coordinate(text: &str) -> Option<i64> {
    if let Ok(value) = text.parse() {
        return Some(value);
    }
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    integer.then_some(if negative { i64::MIN } else { i64::MAX })
}

impl fmt::Display for Instance {
    /// The corpus format: the instance, then its commands, each on its line
    /// where blank lines can put it there; `parse` reads what it read, or
    /// what [`Instance::new`] made, back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.test)?;
        writeln!(f, "{} {}", self.map.rows(), self.map.cols())?;
        writeln!(f, "{} {}", self.stars, self.bombs)?;
        for row in 0..self.map.rows() {
            let cells: String = self.map.row(row).iter().map(|&level| cell_char(level)).collect();
            writeln!(f, "{cells}")?;
        }
        writeln!(f, "{}", self.sequence.len())?;
        // The line after k: the sequence, or, when k = 0, a blank line,
        // which the reader skips and the padding below writes unless a
        // command was read from that very line.
        let mut line = self.map.rows() + 5;
        if !self.sequence.is_empty() {
            write_integers(f, self.sequence.iter().copied())?;
            line += 1;
        }
        // Blank lines keep each command on the line it was read from, as
        // far as the lines allow, so that a refusal names the same line.
        for command in &self.commands {
            for _ in line..command.line {
                f.write_char('\n')?;
            }
            command.action.fmt(f)?;
            f.write_char('\n')?;
            line = line.max(command.line) + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triple::Pos;

    const SAMPLE: &str = "0\n2 3\n1 1\n..1\n221\n2\n1 3\n";
    const SAMPLE_COMMANDS: &str = "PUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n";

    #[test]
    fn prints_what_it_parses() {
        let text = format!("{SAMPLE}{SAMPLE_COMMANDS}");
        let instance = parse(&text).unwrap();
        assert_eq!(instance.to_string(), text);
        assert_eq!((instance.test, instance.stars, instance.bombs), (0, 1, 1));
        assert_eq!(instance.map.row(1), [2, 2, 1]);
        assert_eq!(instance.sequence, [1, 3]);
        assert_eq!(instance.commands[2], Command { line: 10, action: Action::Star(At::new(2, 1)) });
        let actions = instance.actions().cloned().collect();
        assert_eq!(Instance::new(0, instance.map.clone(), 1, 1, vec![1, 3], actions), instance);
    }

    #[test]
    fn blank_lines_keep_the_commands_on_their_lines() {
        let text = "0\n\n2 3\n1 1\n..1\n221\n2\n1 3\n\nPUT 1 2\n\nEND\n";
        let instance = parse(text).unwrap();
        assert_eq!(instance.commands.iter().map(|c| c.line).collect::<Vec<_>>(), [10, 12]);
        assert_eq!(parse(&instance.to_string()).unwrap(), instance);
    }

    #[test]
    fn commands_apart_are_numbered_in_their_own_file() {
        let instance = parse_apart(SAMPLE, &format!("\n{SAMPLE_COMMANDS}")).unwrap();
        assert_eq!(instance.commands.iter().map(|c| c.line).collect::<Vec<_>>(), [2, 3, 4, 5]);
        let error = parse_apart(&format!("{SAMPLE}PUT 1 1\n"), SAMPLE_COMMANDS).unwrap_err();
        assert_eq!((error.line, error.column), (8, 1));
    }

    #[test]
    fn tt5_nothing_after_end_is_read() {
        let instance = parse(&format!("{SAMPLE}END\nthis is not read\n")).unwrap();
        assert_eq!(instance.commands, [Command { line: 8, action: Action::End }]);
    }

    #[test]
    fn tt7_a_line_that_is_no_command_is_an_unknown_command() {
        let lines = "PUT 1\nput 1 1\nPUT x 1\nEND 1\nBOMBER  1   2  3\nSTAR 99999999999999999999 -3\n";
        let instance = parse(&format!("{SAMPLE}{lines}")).unwrap();
        let actions: Vec<Action> = instance.actions().cloned().collect();
        let unknown = |words: &str| Action::Unknown(words.to_string());
        assert_eq!(
            actions,
            [
                unknown("PUT 1"),
                unknown("put 1 1"),
                unknown("PUT x 1"),
                unknown("END 1"),
                unknown("BOMBER 1 2 3"),
                Action::Star(At::new(i64::MAX, -3)),
            ]
        );
    }

    #[test]
    fn an_empty_sequence_keeps_its_line() {
        let instance =
            Instance::new(3, Map::filled(1, 1, EMPTY), 0, 0, vec![], vec![Action::Star(Pos::new(0, 0).into())]);
        let text = instance.to_string();
        assert_eq!(text, "3\n1 1\n0 0\n.\n0\n\nSTAR 1 1\n");
        assert_eq!(parse(&text).unwrap(), instance);
    }

    // Found by triple_parse: with k = 0 a command may stand on the line the
    // sequence would take, and the printer, which always left that line
    // blank, moved it (and its refusal's line) one line down.
    #[test]
    fn an_empty_sequence_lets_a_command_take_its_line() {
        for text in ["1\n1 1\n0 0\n.\n0\nSTAR 1 1\nEND\n", "1\n1 1\n0 0\n.\n0\n1\nPUT 1 1\n"] {
            let instance = parse(text).unwrap();
            assert_eq!(instance.commands[0].line, 6, "{text}");
            assert_eq!(instance.to_string(), text);
        }
    }

    #[test]
    fn written_apart_an_instance_reads_back_with_its_commands_on_their_own_lines() {
        let instance = parse("0\n2 3\n1 1\n..1\n221\n2\n1 3\n\nPUT 1 2\nput 1 1\nEND\n").unwrap();
        let (input, commands) = write_apart(&instance);
        assert_eq!(input, "0\n2 3\n1 1\n..1\n221\n2\n1 3\n");
        assert_eq!(commands, "PUT 1 2\nput 1 1\nEND\n");
        let apart = parse_apart(&input, &commands).unwrap();
        assert_eq!(apart.actions().collect::<Vec<_>>(), instance.actions().collect::<Vec<_>>());
        // A refusal (TT7) names the line of the commands' own file.
        assert_eq!(apart.commands.iter().map(|c| c.line).collect::<Vec<_>>(), [1, 2, 3]);
        let no_tiles = parse("0\n1 1\n0 0\n.\n0\n\nEND\n").unwrap();
        let (input, commands) = write_apart(&no_tiles);
        assert_eq!(input, "0\n1 1\n0 0\n.\n0\n\n", "k = 0 keeps the sequence's empty line");
        assert_eq!(parse_apart(&input, &commands).unwrap().actions().count(), 1);
    }

    #[test]
    fn a_bad_map_cell_is_named() {
        let error = parse("1\n2 3\n0 0\n..1\n2x1\n0\n").unwrap_err();
        assert_eq!((error.line, error.column), (5, 2));
        assert!(error.message.contains("'.' or a level 1..9"), "{error}");
        let short = parse("1\n2 3\n0 0\n..1\n21\n0\n").unwrap_err();
        assert_eq!((short.line, short.column), (5, 3));
    }

    #[test]
    fn more_tiles_or_commands_than_the_format_reads_are_refused() {
        let error = parse(&format!("1\n1 1\n0 0\n.\n{}\n", MAX_TILES + 1)).unwrap_err();
        assert_eq!((error.line, error.column), (5, 1));
        assert!(error.message.contains("k (tiles) in 0..=100000"), "{error}");
        let commands = |count: usize| format!("{SAMPLE}{}END\n", "STAR 1 1\n".repeat(count));
        assert_eq!(parse(&commands(MAX_COMMANDS)).unwrap().commands.len(), MAX_COMMANDS + 1);
        let error = parse(&commands(MAX_COMMANDS + 1)).unwrap_err();
        // The sample's 7 lines, then the commands.
        assert_eq!((error.line, error.column), (8 + MAX_COMMANDS, 1));
        assert!(error.message.contains("expected END after 300000 commands"), "{error}");
        let apart = parse_apart(SAMPLE, &"PUT 1 1\n".repeat(MAX_COMMANDS + 1)).unwrap_err();
        assert_eq!(apart.line, MAX_COMMANDS + 1);
    }

    /// LARGEST_FILE's arithmetic, checked against the instance it counts:
    /// every bound at its most, every word at its widest.
    #[test]
    fn the_largest_file_is_the_largest_instance_written() {
        let map = Map::filled(MAX_SIDE, MAX_SIDE, MAX_LEVEL);
        let corner = Action::Bomber(Pos::new(MAX_SIDE - 1, MAX_SIDE - 1).into());
        let mut actions = vec![corner; MAX_COMMANDS];
        actions.push(Action::End);
        let instance = Instance::new(u32::MAX, map, u32::MAX, u32::MAX, vec![MAX_LEVEL; MAX_TILES], actions);
        assert_eq!(instance.to_string().len(), LARGEST_FILE);
        assert_eq!(MOST_BYTES, 2 * 4_710_152);
    }

    #[test]
    fn a_level_out_of_range_in_the_sequence_is_named() {
        let error = parse("1\n1 1\n0 0\n.\n3\n1 10 2\n").unwrap_err();
        assert_eq!((error.line, error.column), (6, 3));
        let missing = parse("1\n1 1\n0 0\n.\n3\n1 2\n").unwrap_err();
        assert!(missing.message.contains("expected 3 numbers on the build sequence"), "{missing}");
    }
}
