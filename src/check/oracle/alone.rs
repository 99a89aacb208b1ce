//! One implementation played alone, with no oracle beside it: its records,
//! its outcome, its readable trace. `m3diff solve`, the reports of cases
//! kept and tests want one side's account of a game, without the cost of
//! the other side and the checks.

use std::convert::Infallible;
use std::io::{self, Write};

use m3_model::Stepper;

use crate::game::{Game, Renders};

/// Runs one implementation alone, collecting its records: for tests of
/// small games. A large game is played through [`play_through`], which
/// keeps none.
pub fn play<G: Game, S: Stepper<G>>(instance: &G::Instance) -> (Vec<G::Record>, G::Outcome) {
    let mut records = Vec::new();
    let outcome = play_through::<G, S, Infallible>(instance, |_, _, record| {
        records.push(record.clone());
        Ok(())
    });
    let Ok((outcome, _)) = outcome;
    (records, outcome)
}

/// Runs one implementation alone, handing each operation's number
/// (1-based), the state before it and its record to `each` as it comes,
/// and returns the outcome and the state it ended in; an error from `each` ends the game there. No
/// record is kept: on the largest maps a record per operation held to the
/// end would take gigabytes.
pub fn play_through<G: Game, S: Stepper<G>, E>(
    instance: &G::Instance,
    mut each: impl FnMut(usize, &G::State, &G::Record) -> Result<(), E>,
) -> Result<(G::Outcome, G::State), E> {
    let mut game = S::start(instance);
    let mut state = G::start_state(instance);
    for (index, operation) in G::operations(instance).iter().enumerate() {
        let record = game.step(operation);
        each(index + 1, &state, &record)?;
        G::advance(&mut state, &record);
    }
    Ok((game.finish(), state))
}

/// The outcome of one implementation alone, with no state followed and no
/// record kept.
pub fn outcome<G: Game, S: Stepper<G>>(instance: &G::Instance) -> G::Outcome {
    let mut game = S::start(instance);
    for operation in &G::operations(instance) {
        game.step(operation);
    }
    game.finish()
}

/// The readable account of a game: a line of the game's title and the
/// instance's size, its start, every operation from the state before it,
/// boards rendered as grids, then the outcome.
pub fn trace<G: Game>(instance: &G::Instance, records: &[G::Record], outcome: &G::Outcome) -> String {
    let mut text = trace_start::<G>(instance);
    let mut state = G::start_state(instance);
    for (index, record) in records.iter().enumerate() {
        text.push_str(&G::Trace::operation(index + 1, &state, record));
        G::advance(&mut state, record);
    }
    text.push_str(&G::Trace::outcome(outcome));
    text
}

/// [`trace`] of implementation `S` playing `instance`, written to `out` one
/// operation at a time as it is stepped, so that a trace of gigabytes
/// takes no more memory than one operation's text. Returns the outcome.
pub fn write_trace<G: Game, S: Stepper<G>>(instance: &G::Instance, out: &mut impl Write) -> io::Result<G::Outcome> {
    out.write_all(trace_start::<G>(instance).as_bytes())?;
    let (outcome, _) = play_through::<G, S, io::Error>(instance, |number, before, record| {
        out.write_all(G::Trace::operation(number, before, record).as_bytes())
    })?;
    out.write_all(G::Trace::outcome(&outcome).as_bytes())?;
    Ok(outcome)
}

/// The reference's [`trace`] of `instance` when it takes at most `most`
/// bytes; `None` when it is longer. It stops writing there, so that a
/// report of a large case never holds its whole trace.
pub fn reference_trace_within<G: Game>(instance: &G::Instance, most: usize) -> Option<String> {
    let mut within = Within { text: Vec::new(), most };
    write_trace::<G, G::Reference>(instance, &mut within).ok()?;
    String::from_utf8(within.text).ok()
}

/// A buffer that refuses to grow past `most` bytes.
struct Within {
    text: Vec<u8>,
    most: usize,
}

impl Write for Within {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.text.len() + bytes.len() > self.most {
            return Err(io::Error::other("longer than allowed"));
        }
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A trace's first lines: the game's title and the instance's size, then
/// its start.
fn trace_start<G: Game>(instance: &G::Instance) -> String {
    format!("{}: {}\n{}", G::TITLE, G::Trace::dimensions(instance), G::Trace::start(instance))
}

#[cfg(test)]
mod tests {
    use m3_model::square::SquareRemover;

    use super::*;
    use crate::check::oracle::tests::long_game;

    #[test]
    fn a_trace_written_as_it_goes_is_the_trace_of_the_kept_records_and_stops_at_its_bound() {
        let game = long_game();
        let (records, outcome) = play::<SquareRemover, <SquareRemover as Game>::Reference>(&game);
        let whole = trace::<SquareRemover>(&game, &records, &outcome);
        let mut written = Vec::new();
        let streamed = write_trace::<SquareRemover, <SquareRemover as Game>::Reference>(&game, &mut written).unwrap();
        assert_eq!((String::from_utf8(written).unwrap(), streamed), (whole.clone(), outcome));
        assert_eq!(reference_trace_within::<SquareRemover>(&game, whole.len()), Some(whole.clone()));
        assert_eq!(reference_trace_within::<SquareRemover>(&game, whole.len() - 1), None);
    }
}
