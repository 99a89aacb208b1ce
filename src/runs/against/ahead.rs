//! The cases next to be dealt, drawn by the campaign's drawers while the
//! program runs those dealt before: the program runs in a process of its
//! own, so on one job a case need not cost its drawing and its run one
//! after the other.
//! At the statement's largest games the generator's player takes a fifth
//! of a campaign's own time (SquareRemover's 10,000 moves, Triple Town's
//! thousands of commands), and one game in twenty takes ten times a run of
//! the program: a drawer some cases ahead draws it while the program runs
//! the cases before.
//!
//! A case is promised when a drawer takes it, drawn, and taken when a job
//! runs it, waiting for the drawer when it is not drawn yet. A case never
//! dealt stays drawn until the campaign ends.

use std::sync::{Condvar, Mutex, MutexGuard};

/// A case drawn for a seed: the case within the statement, from this seed
/// or one drawn again after it, and the games its drawing generated.
pub struct Drawn<I> {
    pub case: Option<(u64, I)>,
    /// Games generated, the case among them.
    pub games: u64,
    /// Games generated beyond the statement, drawn again.
    pub beyond: u64,
}

enum Slot<I> {
    Promised,
    Drawn(Drawn<I>),
}

/// The cases promised to the jobs and not taken yet, by their seed.
pub struct Ahead<I> {
    slots: Mutex<Vec<(u64, Slot<I>)>>,
    /// Told whenever a slot is drawn or given up.
    changed: Condvar,
}

impl<I> Default for Ahead<I> {
    fn default() -> Self {
        Ahead { slots: Mutex::new(Vec::new()), changed: Condvar::new() }
    }
}

impl<I> Ahead<I> {
    fn slots(&self) -> MutexGuard<'_, Vec<(u64, Slot<I>)>> {
        self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Promises the case of `seed` to be drawn ahead.
    pub fn promise(&self, seed: u64) {
        self.slots().push((seed, Slot::Promised));
    }

    /// Draws by `draw` the case of `seed`, promised. Should the drawing
    /// unwind (`draw` catches the generator's panics), the case is given up
    /// and the job that runs it draws it itself rather than wait.
    pub fn draw_promised(&self, seed: u64, draw: impl Fn(u64) -> Drawn<I>) {
        let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| draw(seed)));
        let mut slots = self.slots();
        let at = slots.iter().position(|(of, slot)| *of == seed && matches!(slot, Slot::Promised));
        match (drawn, at) {
            (Ok(drawn), Some(at)) => slots[at].1 = Slot::Drawn(drawn),
            (Err(_), Some(at)) => drop(slots.swap_remove(at)),
            (_, None) => {}
        }
        self.changed.notify_all();
    }

    /// The case of `seed`, drawn ahead, after waiting for its drawing when
    /// it is promised; `None` when it was not promised, or given up.
    pub fn take(&self, seed: u64) -> Option<Drawn<I>> {
        let mut slots = self.slots();
        loop {
            let at = slots.iter().position(|(of, _)| *of == seed)?;
            if matches!(slots[at].1, Slot::Drawn(_)) {
                let (_, Slot::Drawn(drawn)) = slots.swap_remove(at) else { unreachable!("drawn, as matched") };
                return Some(drawn);
            }
            slots = self.changed.wait(slots).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(seed: u64) -> Drawn<u64> {
        Drawn { case: Some((seed, seed * 10)), games: 1, beyond: 0 }
    }

    #[test]
    fn a_promised_case_is_waited_for_and_taken_once() {
        let ahead = Ahead::default();
        ahead.promise(1);
        ahead.promise(2);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                ahead.draw_promised(1, drawn);
                ahead.draw_promised(2, drawn);
            });
            assert_eq!(ahead.take(2).and_then(|drawn| drawn.case), Some((2, 20)), "waited for");
        });
        assert_eq!(ahead.take(1).and_then(|drawn| drawn.case), Some((1, 10)));
        assert!(ahead.take(1).is_none(), "taken once");
        assert!(ahead.take(3).is_none(), "never promised: the job draws it");
    }

    #[test]
    fn a_case_whose_drawing_panics_is_given_up_and_the_next_drawn() {
        let ahead = Ahead::default();
        ahead.promise(2);
        ahead.promise(3);
        let draw = |seed| match seed {
            2 => panic!("the drawing of {seed} unwinds"),
            _ => drawn(seed),
        };
        ahead.draw_promised(2, draw);
        ahead.draw_promised(3, draw);
        assert!(ahead.take(2).is_none(), "given up, not waited for");
        assert_eq!(ahead.take(3).and_then(|drawn| drawn.case), Some((3, 30)), "the drawer goes on");
    }
}
