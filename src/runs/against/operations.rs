//! `--per-operation`: a program's line after each operation compared with
//! the reference's, as the reference plays the case, so that a failure
//! names the first operation where the program went wrong, not only that
//! its answer is. A line is the running total, or a JSON record of the
//! operation ([`crate::check::records_json`]), of which every field given
//! is compared: the failure then names the step and the field too.

use super::program::Lines;
use crate::check::oracle::{catch_panic, play_through};
use crate::check::records_json::{json_difference, record_json, PROGRAM};
use crate::game::{Difference, Game, Renders};

/// The first operation whose line is not the reference's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperationDifference {
    /// What the program printed for it.
    pub printed: String,
    /// The reference's line.
    pub expected: String,
    /// Which operation, in words, and the reference's trace of it.
    pub report: String,
}

/// The program's lines for `instance`'s operations, taken from `lines`,
/// compared one by one with the reference's: the first that differs, or
/// `None` when all agree. An error is the reference panicking.
pub fn first_difference<G: Game>(
    instance: &G::Instance,
    lines: &mut Lines<'_>,
) -> Result<Option<OperationDifference>, String> {
    let operations = G::operations(instance).len();
    let mut printed_lines = 0;
    let played = catch_panic(|| {
        play_through::<G, G::Reference, OperationDifference>(instance, |index, before, record| {
            let Some(total) = G::running_total(before, record) else { return Ok(()) };
            printed_lines += 1;
            let operation = G::OPERATION;
            let at = format!("at {operation} {index} of {operations} (per-operation line {printed_lines} of the case)");
            let trace = || {
                let trace = G::Trace::operation(index, before, record);
                format!("the reference's trace of {operation} {index}:\n{}", trace.trim_end())
            };
            let difference = match lines.next_line() {
                Some(line) if line.starts_with('{') => match json_difference::<G>(before, line, record) {
                    Ok(None) => return Ok(()),
                    Ok(Some(difference)) => record_differs::<G>(&at, line, &record_json::<G>(record), difference),
                    Err(unread) => OperationDifference {
                        printed: line.to_string(),
                        expected: record_json::<G>(record),
                        report: format!("{at}: the program's record cannot be read: {unread}\n{}", trace()),
                    },
                },
                line => {
                    let read = line.and_then(G::read_answer);
                    if read.is_some() && read == G::read_answer(&total) {
                        return Ok(());
                    }
                    let printed = line.unwrap_or("(nothing)").to_string();
                    let report =
                        format!("{at}: the program printed {printed}, the reference's line is {total}\n{}", trace());
                    OperationDifference { printed, expected: total, report }
                }
            };
            Err(difference)
        })
    });
    match played {
        Err(panicked) => Err(format!("the reference panicked: {}", panicked.message)),
        Ok(Ok(_)) => Ok(None),
        Ok(Err(difference)) => Ok(Some(difference)),
    }
}

/// A JSON record that differs from the reference's: the field, and the
/// step within the operation, where the two first differ, both values,
/// and both boards side by side where the field is one.
fn record_differs<G: Game>(at: &str, printed: &str, expected: &str, difference: Difference) -> OperationDifference {
    let difference = difference.engine_named(PROGRAM);
    let step = difference.step.map_or(String::new(), |step| format!(", {} {step}", G::STEP));
    let mut report = format!(
        "{at}{step}, field `{}`:\n  program:   {}\n  reference: {}",
        difference.field, difference.engine, difference.reference
    );
    if let Some(boards) = &difference.boards {
        report.push('\n');
        report.push_str(boards.trim_end());
    }
    OperationDifference { printed: printed.to_string(), expected: expected.to_string(), report }
}
