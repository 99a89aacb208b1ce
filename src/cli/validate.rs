//! `validate`: whether files lie inside the statement, as a testlib
//! validator says it. The statement's limits are the format's bounds, which
//! the parser enforces, and [`Rulebook::beyond_statement`]'s: the same two
//! that `--against` and `solve` keep to.

use std::path::PathBuf;
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
/// file is held to the letter, as a testlib validator holds it.
fn layout_difference(text: &str, exact: &str) -> Option<(usize, usize, String)> {
    let at = text.bytes().zip(exact.bytes()).position(|(a, b)| a != b).unwrap_or(text.len().min(exact.len()));
    if at == text.len() && at == exact.len() {
        return None;
    }
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rfind('\n').map_or(at, |newline| at - newline - 1) + 1;
    let expected = match exact[at..].chars().next() {
        None => "the end of the file".to_string(),
        Some('\n') => "the end of the line (\\n)".to_string(),
        Some(' ') => "one space".to_string(),
        Some(c) => format!("{c:?}"),
    };
    Some((line, column, format!("not the statement's exact layout: expected {expected}")))
}

/// One line per file; exit 0 when all are inside, 1 when some is not, 2
/// when some cannot be read at all (missing, or larger than any file of
/// the game), which says nothing of the statement.
pub fn validate<G: Game>(files: &[PathBuf]) -> Result<ExitCode, String> {
    let mut report = String::new();
    let (mut outside_any, mut unread) = (false, false);
    for file in files {
        let name = file.display();
        match read_text(Some(file), Bound::of::<G>()) {
            Err(error) => {
                unread = true;
                report.push_str(&format!("{error}\n"));
            }
            Ok((_, text)) => match outside::<G>(&text) {
                None => report.push_str(&format!("{name}: inside the statement\n")),
                Some((line, column, bound)) => {
                    outside_any = true;
                    report.push_str(&format!("{name}: line {line}, column {column}: {bound}\n"));
                }
            },
        }
    }
    write_stdout(&report)?;
    Ok(match (unread, outside_any) {
        (true, _) => ExitCode::from(EXIT_BAD_INPUT),
        (false, true) => ExitCode::from(EXIT_FAILURE_FOUND),
        (false, false) => ExitCode::SUCCESS,
    })
}
