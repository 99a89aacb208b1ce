//! Line-aware reading of the problem text formats, so that every error names
//! the line and column where the input stopped making sense, and the writing
//! of their lines that the reading and the largest files' counts expect.

use std::fmt;

/// The most characters of a word an error quotes: a word of a million
/// digits is named by its first ones and its length, so that an error is
/// one short line however long the word.
pub const QUOTED_CHARS: usize = 80;

/// A word of the input as an error quotes it: in quotes, escaped as Rust
/// writes a string, and when longer than [`QUOTED_CHARS`] its first ones
/// followed by `…` and its length, `"1234…" (200000000 characters)`.
pub fn quoted(text: &str) -> String {
    let mut end = 0;
    let mut width = 0;
    for (index, ch) in text.char_indices() {
        // Escaped, a control character takes several: the width is counted
        // as the quote writes it.
        width += ch.escape_debug().count();
        if width > QUOTED_CHARS {
            break;
        }
        end = index + ch.len_utf8();
    }
    if end == text.len() {
        return format!("{text:?}");
    }
    let head = format!("{:?}", &text[..end]);
    let open = &head[..head.len() - 1];
    format!("{open}…\" ({} characters)", text.chars().count())
}

/// The most bytes a reader takes of one file of a game whose largest
/// instance, written as the format writes it (one space between words, `\n`
/// after each line), takes `largest_file` bytes: twice that, room for the
/// wider spacing, `\r\n` ends, leading zeros and blank lines a file written
/// by hand or by another program may have, and a bounded multiple of the
/// largest all the same.
pub const fn most_bytes(largest_file: usize) -> usize {
    2 * largest_file
}

/// The bytes of `value` written in decimal as a word of a line, with the
/// space or `\n` after it: the formats' largest files are counted from
/// their bounds with it.
pub const fn word_bytes(value: u64) -> usize {
    let mut count = 2;
    let mut rest = value / 10;
    while rest > 0 {
        count += 1;
        rest /= 10;
    }
    count
}

/// Writes `value` in decimal, as `write!(f, "{value}")` does, without the
/// formatting machinery's arguments and padding: in a Triple Town game of
/// thousands of commands and a sequence of 100,000 tiles they took most of
/// the rendering a program waits for before each run.
pub fn write_integer(f: &mut impl fmt::Write, value: i64) -> fmt::Result {
    // i64::MIN's magnitude, the longest, has 19 digits.
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        f.write_char('-')?;
    }
    f.write_str(std::str::from_utf8(&digits[at..]).map_err(|_| fmt::Error)?)
}

/// Writes `words` on one line as every format writes one: a space between
/// words, `\n` after the last. Shared because [`word_bytes`] counts each
/// format's largest file on this spacing and [`LineReader`] reads it back;
/// a format that spaced its words its own way would count its own.
pub fn write_words<W: fmt::Display>(f: &mut fmt::Formatter<'_>, words: impl IntoIterator<Item = W>) -> fmt::Result {
    write_spaced(f, words, |f, word| write!(f, "{word}"))
}

/// [`write_words`] of integers, each by [`write_integer`]: a Triple Town
/// sequence of 100,000 tiles.
pub fn write_integers<W: Into<i64>>(f: &mut fmt::Formatter<'_>, words: impl IntoIterator<Item = W>) -> fmt::Result {
    write_spaced(f, words, |f, word| write_integer(f, word.into()))
}

fn write_spaced<W>(
    f: &mut fmt::Formatter<'_>,
    words: impl IntoIterator<Item = W>,
    write_word: impl Fn(&mut fmt::Formatter<'_>, W) -> fmt::Result,
) -> fmt::Result {
    for (index, word) in words.into_iter().enumerate() {
        if index > 0 {
            f.write_str(" ")?;
        }
        write_word(f, word)?;
    }
    writeln!(f)
}

/// Writes each of `operations` on a line of its own: the line each format's
/// reader takes one operation from.
pub fn write_lines<L: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    operations: impl IntoIterator<Item = L>,
) -> fmt::Result {
    for operation in operations {
        writeln!(f, "{operation}")?;
    }
    Ok(())
}

/// A malformed input: 1-based line and column, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// One whitespace-separated word of the input and where it stands.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl Token<'_> {
    pub fn error(&self, message: impl fmt::Display) -> ParseError {
        self.error_at(0, message)
    }

    /// An error at the character `offset` places into the word (a format
    /// whose words are runs of digits names the digit at fault).
    pub fn error_at(&self, offset: usize, message: impl fmt::Display) -> ParseError {
        ParseError { line: self.line, column: self.column + offset, message: message.to_string() }
    }

    /// Reads a word that spells a row of `count` cells, one character each,
    /// as `decode` reads them: the error names the character at fault.
    /// `row_name` names the row, `expected` the characters it may hold.
    pub fn cells<T>(
        &self,
        count: usize,
        row_name: &str,
        expected: &str,
        decode: impl Fn(char) -> Option<T>,
    ) -> Result<Vec<T>, ParseError> {
        let mut cells = Vec::with_capacity(count);
        for (index, ch) in self.text.chars().enumerate() {
            if index == count {
                return Err(
                    self.error_at(index, format!("expected end of {row_name} after {count} cells, found {ch:?}"))
                );
            }
            let Some(cell) = decode(ch) else {
                return Err(self.error_at(index, format!("expected {expected} on {row_name}, found {ch:?}")));
            };
            cells.push(cell);
        }
        if cells.len() < count {
            let found = cells.len();
            return Err(self.error_at(found, format!("expected {count} cells on {row_name}, found {found}")));
        }
        Ok(cells)
    }

    /// Parses an integer in `range`, naming `what` in the error.
    pub fn integer<T>(&self, what: &str, range: std::ops::RangeInclusive<T>) -> Result<T, ParseError>
    where
        T: std::str::FromStr + PartialOrd + fmt::Display + Copy,
    {
        let expected =
            || format!("expected {what} in {}..={}, found {}", range.start(), range.end(), quoted(self.text));
        let value: T = self.text.parse().map_err(|_| self.error(expected()))?;
        if range.contains(&value) {
            Ok(value)
        } else {
            Err(self.error(expected()))
        }
    }
}

/// Reads the input one non-blank line at a time.
pub struct LineReader<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last_line: usize,
}

impl<'a> LineReader<'a> {
    pub fn new(input: &'a str) -> Self {
        LineReader { lines: input.lines().enumerate(), last_line: 0 }
    }

    /// The words of the next non-blank line, exactly `count` of them.
    /// `what` names one word ("colour", "coordinate"), `line_name` the line.
    pub fn line(&mut self, count: usize, line_name: &str) -> Result<Vec<Token<'a>>, ParseError> {
        let (number, text) = loop {
            match self.lines.next() {
                Some((index, text)) if text.trim().is_empty() => self.last_line = index + 1,
                Some((index, text)) => break (index + 1, text),
                None => {
                    return Err(ParseError {
                        line: self.last_line + 1,
                        column: 1,
                        message: format!("expected {line_name}, found end of input"),
                    })
                }
            }
        };
        self.last_line = number;
        let tokens = words(text, number);
        if tokens.len() < count {
            let column = text.trim_end().chars().count() + 1;
            return Err(ParseError {
                line: number,
                column,
                message: format!("expected {count} numbers on {line_name}, found {}", tokens.len()),
            });
        }
        if let Some(extra) = tokens.get(count) {
            return Err(extra.error(format!(
                "expected end of line after {count} numbers on {line_name}, found {}",
                quoted(extra.text)
            )));
        }
        Ok(tokens)
    }

    /// The words of the next non-blank line, however many, and the line's
    /// 1-based number; `None` at the end of the input.
    pub fn next_line(&mut self) -> Option<(usize, Vec<Token<'a>>)> {
        for (index, text) in self.lines.by_ref() {
            self.last_line = index + 1;
            let tokens = words(text, index + 1);
            if !tokens.is_empty() {
                return Some((index + 1, tokens));
            }
        }
        None
    }

    /// Whether only blank lines remain.
    pub fn at_end(&self) -> bool {
        self.lines.clone().all(|(_, text)| text.trim().is_empty())
    }

    /// Fails unless only blank lines remain.
    pub fn end(&mut self) -> Result<(), ParseError> {
        self.end_after("")
    }

    /// Fails unless only blank lines remain, saying why the input should
    /// end here: `after` follows "expected end of input".
    pub fn end_after(&mut self, after: &str) -> Result<(), ParseError> {
        for (index, text) in self.lines.by_ref() {
            if let Some(token) = words(text, index + 1).first() {
                return Err(token.error(format!("expected end of input{after}, found {}", quoted(token.text))));
            }
        }
        Ok(())
    }
}

/// The 1-based line and column of the `index`-th whitespace-separated word
/// of `input`, counted from 0 as [`LineReader`] reads them; past the last
/// word, the place just after it (where a reader finds the end of input).
pub fn word_place(input: &str, index: usize) -> (usize, usize) {
    let mut seen = 0;
    let mut after_last = (1, 1);
    for (number, text) in input.lines().enumerate() {
        let tokens = words(text, number + 1);
        if let Some(token) = tokens.get(index - seen) {
            return (token.line, token.column);
        }
        seen += tokens.len();
        if let Some(last) = tokens.last() {
            after_last = (last.line, last.column + last.text.chars().count());
        }
    }
    after_last
}

fn words(text: &str, line: usize) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (column, (offset, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((offset, column)),
            (true, Some((begin, first))) => {
                tokens.push(Token { text: &text[begin..offset], line, column: first + 1 });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((begin, first)) = start {
        tokens.push(Token { text: &text[begin..], line, column: first + 1 });
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_line_points_past_its_last_word() {
        let mut reader = LineReader::new("1 2\n");
        let error = reader.line(3, "the first line").unwrap_err();
        assert_eq!((error.line, error.column), (1, 4));
    }

    #[test]
    fn extra_word_is_named_where_it_stands() {
        let mut reader = LineReader::new("\n  1 2 x\n");
        let error = reader.line(2, "the first line").unwrap_err();
        assert_eq!((error.line, error.column), (2, 7));
        assert!(error.message.contains("\"x\""), "{error}");
    }

    #[test]
    fn out_of_range_integer_names_the_range() {
        let mut reader = LineReader::new("0\n");
        let token = reader.line(1, "a line").unwrap()[0];
        let error = token.integer::<u32>("rows", 1..=50).unwrap_err();
        assert_eq!(error.to_string(), "line 1, column 1: expected rows in 1..=50, found \"0\"");
    }

    #[test]
    fn a_long_word_is_quoted_by_its_first_characters_and_its_length() {
        let word = "9".repeat(1 << 20);
        let mut reader = LineReader::new(&word);
        let error = reader.line(1, "a line").unwrap().first().unwrap().integer::<u32>("rows", 1..=50).unwrap_err();
        let line = error.to_string();
        assert!(line.len() < 200 && !line.contains('\n'), "{line}");
        assert!(line.ends_with(&format!("found \"{}…\" (1048576 characters)", "9".repeat(QUOTED_CHARS))), "{line}");
        // Escapes count as written: 80 NULs would be 160 characters quoted.
        let zeros = quoted(&"\0".repeat(1000));
        assert!(zeros.starts_with(&format!("\"{}…\"", "\\0".repeat(QUOTED_CHARS / 2))), "{zeros}");
        assert_eq!(quoted(&"7".repeat(QUOTED_CHARS)), format!("{:?}", "7".repeat(QUOTED_CHARS)));
    }

    #[test]
    fn a_word_is_placed_by_its_index_over_lines_and_blanks() {
        let input = "1 2\n\n  3\n4  5\n";
        assert_eq!(word_place(input, 0), (1, 1));
        assert_eq!(word_place(input, 2), (3, 3));
        assert_eq!(word_place(input, 4), (4, 4));
        assert_eq!(word_place(input, 5), (4, 5));
        assert_eq!(word_place("", 0), (1, 1));
    }

    #[test]
    fn an_integer_is_written_as_its_display() {
        for value in [0, 7, -7, 10, 99, -100, 1_234_567_890, i64::MAX, i64::MIN, i64::MIN + 1] {
            let mut written = String::new();
            write_integer(&mut written, value).unwrap();
            assert_eq!(written, value.to_string());
        }
    }

    #[test]
    fn trailing_garbage_is_an_error() {
        let mut reader = LineReader::new("1\n\n  junk\n");
        reader.line(1, "a line").unwrap();
        let error = reader.end().unwrap_err();
        assert_eq!((error.line, error.column), (3, 3));
    }
}
