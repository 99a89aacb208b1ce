//! The cases a job runs next, drawn while its program runs the ones it
//! holds: the program runs in a process of its own, so on one job a case
//! need not cost its drawing and its run one after the other. At the
//! statement's largest games the generator's player takes a fifth of a
//! campaign's own time (SquareRemover's 10,000 moves, Triple Town's
//! thousands of commands), which the program then no longer waits for.

use std::time::Duration;

use crate::runs::campaign::lock;
use std::sync::Mutex;

/// The least time a case takes to draw, on average, for its drawing ahead
/// to go on a thread of its own: below it the thread costs more than the
/// drawing it takes off the job (a Magic Door case of `--size small` draws
/// in a few microseconds).
pub const AHEAD_FROM: Duration = Duration::from_micros(100);

/// A case drawn for a seed: the case within the statement, from this seed
/// or one drawn again after it, and the games its drawing generated.
pub struct Drawn<I> {
    pub case: Option<(u64, I)>,
    /// Games generated, the case among them.
    pub games: u64,
    /// Games generated beyond the statement, drawn again.
    pub beyond: u64,
}

/// The cases each job has drawn ahead, by their seed, until the job runs
/// them.
pub struct Ahead<I> {
    drawn: Mutex<Vec<(u64, Drawn<I>)>>,
}

impl<I> Default for Ahead<I> {
    fn default() -> Self {
        Ahead { drawn: Mutex::new(Vec::new()) }
    }
}

impl<I> Ahead<I> {
    /// Keeps cases drawn ahead.
    pub fn put(&self, drawn: Vec<(u64, Drawn<I>)>) {
        lock(&self.drawn).extend(drawn);
    }

    /// The case of `seed`, when it was drawn ahead.
    pub fn take(&self, seed: u64) -> Option<Drawn<I>> {
        let mut drawn = lock(&self.drawn);
        let at = drawn.iter().position(|&(of, _)| of == seed)?;
        Some(drawn.swap_remove(at).1)
    }
}
