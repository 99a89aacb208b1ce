//! `validate`: whether files lie inside the statement, as a testlib
//! validator says it. The statement's limits are the format's bounds, which
//! the parser enforces, and [`Rulebook::beyond_statement`]'s: the same two
//! that `--against` and `solve` keep to.

use std::path::PathBuf;
use std::process::ExitCode;

use m3_model::text::word_place;

use super::{write_stdout, EXIT_BAD_INPUT, EXIT_FAILURE_FOUND};
use crate::game::{Game, Rulebook};
use crate::input::{read_text, Bound};

/// Where a file leaves the statement: line, column and the bound broken.
/// A file that does not parse is not inside either: its parse error is the
/// place and the bound.
pub fn outside<G: Game>(text: &str) -> Option<(usize, usize, String)> {
    let instance = match G::parse(text) {
        Ok(instance) => instance,
        Err(error) => return Some((error.line, error.column, error.message)),
    };
    let beyond = <G as Rulebook>::beyond_statement(&instance)?;
    let (line, column) = word_place(text, beyond.word);
    Some((line, column, format!("beyond the statement: {}", beyond.what)))
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
