//! Text another program wrote, made safe to show: a program under test may
//! print anything, and what it printed is quoted on m3diff's terminal and
//! in the reports it keeps, where a raw escape sequence would clear the
//! screen, recolour what follows, ring the bell or hide the text it
//! overwrites with a carriage return or a backspace.

use std::fmt::Write;

/// `text` with every control character written as a visible escape: `\e`
/// (ESC), `\a` (BEL), `\b` (backspace), `\r`, `\t`, `\xNN` for the other C0
/// controls and DEL, `\u{NN}` for the C1 controls (U+0080 to U+009F, which
/// a terminal may take as ESC sequences too). A newline stays one: the
/// text's lines are its lines.
///
/// A tab is escaped too, though it moves only the cursor: it looks like
/// spaces, and whether a program printed one or the other is what a reader
/// of an unreadable answer needs to see. A backslash is written `\\`, so
/// that a program that printed the characters `\e` is told from one that
/// printed ESC.
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        let named = match c {
            '\n' => "\n",
            '\\' => "\\\\",
            '\t' => "\\t",
            '\r' => "\\r",
            '\x07' => "\\a",
            '\x08' => "\\b",
            '\x1b' => "\\e",
            '\0'..='\x1f' | '\x7f' => {
                let _ = write!(shown, "\\x{:02x}", u32::from(c));
                continue;
            }
            '\u{80}'..='\u{9f}' => {
                let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
                continue;
            }
            _ => {
                shown.push(c);
                continue;
            }
        };
        shown.push_str(named);
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn an_escape_sequence_and_a_bell_are_shown_as_escapes() {
        assert_eq!(escaped("\x1b[2J\x07-1\n"), "\\e[2J\\a-1\n");
        assert_eq!(escaped("\x1b[31mred\x1b[0m"), "\\e[31mred\\e[0m");
    }

    #[test]
    fn every_control_character_but_the_newline_is_escaped() {
        assert_eq!(escaped("a\rb\x08c\td\0e\x01f\x1f\x7f"), "a\\rb\\bc\\td\\x00e\\x01f\\x1f\\x7f");
        assert_eq!(escaped("one\ntwo\n"), "one\ntwo\n", "lines stay lines");
        let shown = escaped(&(0..=0xa0u32).filter_map(char::from_u32).collect::<String>());
        assert!(shown.chars().all(|c| c == '\n' || !c.is_control()), "{shown:?}");
    }

    #[test]
    fn a_c1_control_is_shown_by_its_code_point() {
        assert_eq!(escaped("\u{9b}2J \u{80}\u{85}"), "\\u{9b}2J \\u{80}\\u{85}");
    }

    #[test]
    fn a_backslash_is_doubled_so_that_printed_escapes_are_told_from_real_ones() {
        assert_eq!(escaped("\\e and \x1b"), "\\\\e and \\e");
    }

    #[test]
    fn printable_text_is_shown_as_it_is() {
        let text = "wrong: 42 é ✓ \u{fffd} ~";
        assert_eq!(escaped(text), text);
    }
}
