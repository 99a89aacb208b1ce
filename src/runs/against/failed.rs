//! How a program fails a case and what a report of it shows: a module of
//! its own, not `mod.rs`, so that keeping and judging use it without
//! importing their parent, which re-exports them.

use std::fmt;

use super::program::{Limits, Usage};

/// How a program fails a case, in a judge's words; each is found, counted
/// and shrunk apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wrong {
    /// It printed an answer other than the reference's.
    Answer,
    /// A non-zero exit or a signal.
    RuntimeError,
    /// More CPU time than `--time-limit`, itself and its children.
    TimeLimit,
    /// More memory than `--memory-limit`, itself and its children.
    MemoryLimit,
    /// No exit within `--timeout`, the wall clock, without using its CPU
    /// time: waiting.
    WallTimeout,
    /// It printed nothing, or nothing that reads as an answer.
    Unreadable,
    /// It printed more than [`MAX_OUTPUT`](super::program::MAX_OUTPUT) bytes: no answer is that long.
    TooMuchOutput,
    /// Under `--per-operation`, a line after an operation other than the
    /// reference's.
    Operation,
}

impl Wrong {
    pub fn name(self) -> &'static str {
        match self {
            Wrong::Answer => "wrong answer",
            Wrong::RuntimeError => "runtime error",
            Wrong::TimeLimit => "time limit exceeded",
            Wrong::MemoryLimit => "memory limit exceeded",
            Wrong::WallTimeout => "wall timeout",
            Wrong::Unreadable => "unreadable output",
            Wrong::TooMuchOutput => "unreadable output: more than 1 MiB",
            Wrong::Operation => "wrong operation",
        }
    }

    /// The name as a word for a file name: its words joined by `-`.
    pub fn slug(self) -> String {
        let words = self.name().split(|c: char| !c.is_ascii_alphanumeric()).filter(|word| !word.is_empty());
        words.collect::<Vec<_>>().join("-")
    }
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A case the program fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    pub wrong: Wrong,
    /// What the program did: its output, or how it ended and its last
    /// lines of standard error; its control characters escaped
    /// ([`escaped`](crate::process::visible::escaped)).
    pub got: String,
    /// The reference's answer, or its line of the operation that differs.
    pub expected: String,
    /// Where the program first went wrong and the reference's trace of it,
    /// under `--per-operation`.
    pub at: Option<String>,
    /// What the run used, and the limits it had.
    pub usage: Usage,
    pub limits: Limits,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let got = match self.wrong {
            Wrong::RuntimeError | Wrong::TimeLimit | Wrong::MemoryLimit | Wrong::WallTimeout => "the program ended",
            Wrong::Answer | Wrong::Unreadable | Wrong::TooMuchOutput | Wrong::Operation => "the program printed",
        };
        let answers = if self.wrong == Wrong::Operation { "prints" } else { "answers" };
        write!(
            f,
            "{}: {got}:\n{}\nthe reference {answers}:\n{}",
            self.wrong,
            indent(&self.got),
            indent(&self.expected)
        )?;
        if let Some(at) = &self.at {
            write!(f, "\n{at}")?;
        }
        write!(f, "\nthe run used: {}\nwithin: {}", self.usage.line(), self.limits.line())
    }
}

fn indent(text: &str) -> String {
    let text = if text.trim().is_empty() { "(nothing)" } else { text.trim_end() };
    text.lines().map(|line| format!("    {line}")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_of_failure_is_a_file_name_word() {
        let slugs: Vec<String> = [
            Wrong::Answer,
            Wrong::RuntimeError,
            Wrong::TimeLimit,
            Wrong::MemoryLimit,
            Wrong::WallTimeout,
            Wrong::Unreadable,
            Wrong::TooMuchOutput,
            Wrong::Operation,
        ]
        .map(Wrong::slug)
        .into();
        assert_eq!(
            slugs,
            [
                "wrong-answer",
                "runtime-error",
                "time-limit-exceeded",
                "memory-limit-exceeded",
                "wall-timeout",
                "unreadable-output",
                "unreadable-output-more-than-1-MiB",
                "wrong-operation"
            ],
            "the words of each name, the same as before for the names without punctuation"
        );
    }
}
