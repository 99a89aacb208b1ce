//! What the harness finds of a game: the contest's verdict, an invariant a
//! record breaks, where two sides' results first differ, and what of an
//! instance lies beyond the statement.

use std::fmt;

/// What a checker says of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The answer an accepted contest solution prints.
    Answer(String),
    /// The player's operations are refused, and why (Triple Town's TT7).
    Refused(String),
}

impl Verdict {
    pub fn answer(value: impl fmt::Display) -> Verdict {
        Verdict::Answer(value.to_string())
    }

    /// `text` trimmed of whitespace as an answer, when it is one integer:
    /// a sign or none, then digits, however many. The one rule by which
    /// `--against` reads a number a program printed.
    ///
    /// Of any length, since a checker that compares words (testlib's
    /// `wcmp`, the ICPC default validator) has no width: a number too
    /// large for 64 bits is a wrong answer, not unreadable output. Kept
    /// as printed and compared as text, with no `+`, leading zero or `-0`
    /// taken away: the reference prints the one spelling every checker
    /// takes, while a checker that compares words refuses any other, and
    /// one that reads an integer strictly (testlib's `readLong`) refuses a
    /// `+`, a leading zero and `-0`. So `007` for 7 fails on a judge, and
    /// is a wrong answer here, quoted as the program printed it.
    pub fn integer(text: &str) -> Option<Verdict> {
        let text = text.trim();
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let reads = !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit());
        reads.then(|| Verdict::answer(text))
    }

    pub fn is_refused(&self) -> bool {
        matches!(self, Verdict::Refused(_))
    }
}

impl fmt::Display for Verdict {
    /// As the checker prints it; an expected answer file (`.out`) holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Answer(text) | Verdict::Refused(text) => f.write_str(text),
        }
    }
}

/// Names of the invariants of docs/RULES.md that games share; a game adds its
/// own (runs marked, square order ...).
pub mod invariant {
    /// Every piece is on the board or counted as removed.
    pub const CONSERVATION: &str = "conservation";
    /// After a fall nothing floats and columns keep their order.
    pub const GRAVITY: &str = "gravity";
    /// Every part of the score is what the records earn.
    pub const SCORE_BOOK: &str = "score book";
    /// The verdict on an operation (valid, or why not) is the rule's.
    pub const VALIDITY: &str = "validity";
    /// A record agrees with itself and with the state it started from.
    pub const RECORD: &str = "record";
}

/// An invariant that a record breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Short name of the invariant: "conservation", "gravity", ...
    pub invariant: &'static str,
    /// 1-based step of the operation (`Game::STEP`), when the violation
    /// lies in one.
    pub step: Option<usize>,
    pub detail: String,
}

impl Violation {
    pub fn new(invariant: &'static str, step: Option<usize>, detail: impl Into<String>) -> Violation {
        Violation { invariant, step, detail: detail.into() }
    }
}

/// The first place where the engine's and the reference's results differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// 1-based step (`Game::STEP`), when the difference lies in one.
    pub step: Option<usize>,
    /// The record field that differs, e.g. `removed` or `hand_points`.
    pub field: &'static str,
    pub engine: String,
    pub reference: String,
    /// Both sides' boards rendered next to each other, where there are boards.
    pub boards: Option<String>,
}

impl Difference {
    /// A difference outside any step, values shown as `Debug` prints them.
    pub fn plain(field: &'static str, engine: &dyn fmt::Debug, reference: &dyn fmt::Debug) -> Difference {
        Difference {
            step: None,
            field,
            engine: format!("{engine:?}"),
            reference: format!("{reference:?}"),
            boards: None,
        }
    }

    /// A difference in step `step` (1-based) of an operation, each side's
    /// value as the game words it.
    pub fn in_step(step: usize, field: &'static str, engine: String, reference: String) -> Difference {
        Difference { step: Some(step), field, engine, reference, boards: None }
    }

    /// The same difference with both sides' boards.
    pub fn with_boards(self, boards: String) -> Difference {
        Difference { boards: Some(boards), ..self }
    }

    /// The same difference with the side the diff calls the engine called
    /// `name` in the boards' titles and words ("program after"): its
    /// `engine` value is that side's. So that an outside program's record is
    /// shown by the very renderers that show an engine's.
    pub fn engine_named(self, name: &str) -> Difference {
        let boards = self.boards.map(|boards| crate::kit::render::renamed(&boards, "engine", name));
        Difference { boards, ..self }
    }
}

/// What of an instance lies beyond the statement, and where its file first
/// shows it: the `word`-th whitespace-separated word of the file, counted
/// from 0 (a word past the last is the end of the file). A word, not a line
/// and column, since the instance keeps no positions and every format is
/// words on lines: [`m3_model::text::word_place`] finds it in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beyond {
    pub what: String,
    pub word: usize,
}

impl Beyond {
    pub fn new(what: impl Into<String>, word: usize) -> Beyond {
        Beyond { what: what.into(), word }
    }
}

impl fmt::Display for Beyond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

#[cfg(test)]
mod tests {
    use super::Verdict;

    #[test]
    fn an_integer_of_any_length_is_an_answer_as_printed() {
        let read = |text: &str| Verdict::integer(text).map(|verdict| verdict.to_string());
        assert_eq!(read(" 42\n"), Some("42".to_string()));
        assert_eq!(read("-7"), Some("-7".to_string()));
        assert_eq!(read("99999999999999999999999"), Some("99999999999999999999999".to_string()));
        assert_eq!(read("-99999999999999999999999"), Some("-99999999999999999999999".to_string()));
    }

    #[test]
    fn another_spelling_of_a_number_is_an_answer_other_than_the_number() {
        for (spelling, number) in [("007", "7"), ("+7", "7"), ("-0", "0")] {
            let read = Verdict::integer(spelling).expect("an answer");
            assert_eq!(read.to_string(), spelling, "kept as printed");
            assert_ne!(Some(read), Verdict::integer(number), "the reference's {number} is another answer");
        }
    }

    #[test]
    fn what_is_not_a_sign_and_digits_is_no_answer() {
        for text in ["", "-", "+", "--5", "1 2", "1e9", "0x10", "12a", "\u{661}", "+-3"] {
            assert_eq!(Verdict::integer(text), None, "{text:?}");
        }
    }
}
