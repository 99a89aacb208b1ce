//! `--per-operation`: a program's line after each operation compared with
//! the reference's, as the reference plays the case, so that a failure
//! names the first operation where the program went wrong, not only that
//! its answer is.

use super::protocol::Lines;
use crate::check::oracle::{catch_panic, play_through};
use crate::game::{Game, Renders};

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
            let Some(expected) = G::running_total(before, record) else { return Ok(()) };
            printed_lines += 1;
            let line = lines.next_line();
            let agrees = line.is_some_and(|line| G::read_answer(line).is_some_and(|read| G::read_answer(&expected) == Some(read)));
            if agrees {
                return Ok(());
            }
            let printed = line.unwrap_or("(nothing)").to_string();
            let operation = G::OPERATION;
            let report = format!(
                "at {operation} {index} of {operations} (per-operation line {printed_lines} of the case): the \
                 program printed {printed}, the reference's line is {expected}\nthe reference's trace of \
                 {operation} {index}:\n{}",
                G::Trace::operation(index, before, record).trim_end()
            );
            Err(OperationDifference { printed, expected, report })
        })
    });
    match played {
        Err(panicked) => Err(format!("the reference panicked: {}", panicked.message)),
        Ok(Ok(_)) => Ok(None),
        Ok(Err(difference)) => Ok(Some(difference)),
    }
}
