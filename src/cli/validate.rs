//! `validate`: whether files lie inside the statement, as a testlib
//! validator says it. The statement's limits are the format's bounds, which
//! the parser enforces, and [`Rulebook::beyond_statement`]'s: the same two
//! that `--against` and `solve` keep to.

use crate::process::streams::say;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use m3_model::text::word_place;

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILURE_FOUND};
use super::io::write_stdout;
use crate::game::{Game, Rulebook};
use crate::process::input::{read_text, Bound};

/// Where a file leaves the statement: line, column and the bound broken.
/// A file that does not parse is not inside either: its parse error is the
/// place and the bound.
pub fn outside<G: Game>(text: &str) -> Option<(usize, usize, String)> {
    // A game whose player's operations come apart (Triple Town) has only
    // its input in the file: a line after it is no part of the statement's.
    let parsed = G::parse_apart(text, "").unwrap_or_else(|| G::parse(text));
    let instance = match parsed {
        Ok(instance) => instance,
        Err(error) => return Some((error.line, error.column, error.message)),
    };
    if let Some(beyond) = <G as Rulebook>::beyond_statement(&instance) {
        let (line, column) = word_place(text, beyond.word);
        return Some((line, column, format!("beyond the statement: {}", beyond.what)));
    }
    let exact = G::write_apart(&instance).map_or_else(|| instance.to_string(), |(input, _)| input);
    layout_difference(text, &exact)
}

/// Where `text` first leaves `exact`, the same instance as the format
/// writes it: one space between numbers, no space at a line's ends, `\n`
/// line ends, no blank line but the format's own, a newline after the last
/// line. The parser reads more than that (as contest readers do); a judge's
/// file is held to the letter, as a testlib validator holds it. Said as
/// what was expected and what was found, and a run of spaces where one
/// belongs from its first space: "expected one space, found 2 spaces".
fn layout_difference(text: &str, exact: &str) -> Option<(usize, usize, String)> {
    let mut at = text.bytes().zip(exact.bytes()).position(|(a, b)| a != b).unwrap_or(text.len().min(exact.len()));
    if at == text.len() && at == exact.len() {
        return None;
    }
    let spaces_before = text[..at].bytes().rev().take_while(|&b| b == b' ').count();
    let found = if text[at..].starts_with(' ') && spaces_before > 0 {
        let run = spaces_before + text[at..].bytes().take_while(|&b| b == b' ').count();
        at -= spaces_before;
        crate::process::prose::counted(run as u64, "space")
    } else {
        layout_part(&text[at..])
    };
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rfind('\n').map_or(at, |newline| at - newline - 1) + 1;
    let expected = layout_part(&exact[at..]);
    Some((line, column, format!("not the statement's exact layout: expected {expected}, found {found}")))
}

/// What a layout message calls the first character of `rest`.
fn layout_part(rest: &str) -> String {
    match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some('\n') => "the end of the line (\\n)".to_string(),
        Some('\r') => "a carriage return (\\r)".to_string(),
        Some('\t') => "a tab".to_string(),
        Some(' ') => "one space".to_string(),
        Some(c) => format!("{c:?}"),
    }
}

/// How `validate` gives its verdict: the statement's bounds are the same
/// in each, only where the file comes from and how the verdict becomes an
/// exit code differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// Files named on the command line, one line each on standard output;
    /// exit 0 when all are inside, 1 when some is not, 2 when some cannot
    /// be read at all (missing, or larger than any file of the game), which
    /// says nothing of the statement.
    Lines,
    /// An ICPC input validator's: one input on standard input, exit 42
    /// when inside, 43 when not, the reason on standard error.
    Icpc,
    /// A testlib validator's: one input on standard input, exit 0 when
    /// inside, 3 (testlib's `_fail`) when not, the reason on standard error.
    Testlib,
}

impl Convention {
    /// The exit codes of a file inside and of one outside (or unreadable,
    /// which a judge's validator cannot tell apart: no contest input is).
    fn codes(self) -> (u8, u8) {
        match self {
            Convention::Lines => (0, EXIT_FAILURE_FOUND),
            Convention::Icpc => (42, 43),
            Convention::Testlib => (0, 3),
        }
    }
}

/// What `validate` finds of one file.
enum Found {
    Inside,
    /// Outside the statement: where, and the bound broken.
    Outside(String),
    /// Not read: why.
    Unread(String),
}

fn examine<G: Game>(file: Option<&Path>) -> (String, Found) {
    match read_text(file, Bound::of::<G>()) {
        Err(error) => (String::new(), Found::Unread(error.to_string())),
        Ok((name, text)) => match outside::<G>(&text) {
            None => (name, Found::Inside),
            Some((line, column, bound)) => {
                (name.clone(), Found::Outside(format!("{name}: line {line}, column {column}: {bound}")))
            }
        },
    }
}

/// `m3diff validate GAME`: the files (standard input for a judge's
/// convention) against the statement, the verdict as `convention` says it.
pub fn validate<G: Game>(files: &[PathBuf], convention: Convention) -> Result<ExitCode, String> {
    let (inside_code, outside_code) = convention.codes();
    if convention != Convention::Lines {
        return Ok(ExitCode::from(match examine::<G>(None).1 {
            Found::Inside => inside_code,
            Found::Outside(line) | Found::Unread(line) => {
                say!("{line}");
                outside_code
            }
        }));
    }
    let mut report = String::new();
    let (mut outside_any, mut unread) = (false, false);
    for file in files {
        match examine::<G>(Some(file)) {
            (name, Found::Inside) => report.push_str(&format!("{name}: inside the statement\n")),
            (_, Found::Outside(line)) => {
                outside_any = true;
                report.push_str(&format!("{line}\n"));
            }
            (_, Found::Unread(line)) => {
                unread = true;
                report.push_str(&format!("{line}\n"));
            }
        }
    }
    write_stdout(&report)?;
    Ok(ExitCode::from(match (unread, outside_any) {
        (true, _) => EXIT_BAD_INPUT,
        (false, true) => outside_code,
        (false, false) => inside_code,
    }))
}
