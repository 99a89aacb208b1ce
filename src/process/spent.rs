//! Where a campaign's time goes, without a profiler: the oracle reads the
//! clock around each batch of operations a side steps through and around
//! the checker's work on them, and the campaign around the generator (whose
//! steps of the engine `Following` times, one in sixteen), so
//! that a user can tell whether a slow night is spent in their engine. The
//! clock is read a few times per batch, never per cell, so that it costs
//! nothing that shows.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The parts a case's time is spent in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Drawing the case (the generator, its player and the seeded bytes).
    Generator,
    /// The engine's steps, its outcome and its quiet path (`solve`), and the
    /// steps the generator follows its game with (`Following`).
    Engine,
    /// The reference's steps and outcome.
    Reference,
    /// The invariants, and the oracle's bookkeeping: comparing records,
    /// counting coverage, following the state.
    Checker,
}

impl Part {
    pub const ALL: [Part; 4] = [Part::Engine, Part::Reference, Part::Checker, Part::Generator];

    pub fn name(self) -> &'static str {
        match self {
            Part::Generator => "generator",
            Part::Engine => "engine",
            Part::Reference => "reference",
            Part::Checker => "checker",
        }
    }
}

/// A stopwatch that charges each lap to a part.
pub struct Laps {
    last: Instant,
    spent: [Duration; 4],
    /// Of what was spent, the work a job's drawer did while the job did
    /// other work: the cases it drew ahead.
    alongside: [Duration; 4],
    /// What a job waited for its drawer's work.
    waits: [Duration; 4],
}

impl Default for Laps {
    fn default() -> Self {
        let none = [Duration::ZERO; 4];
        Laps { last: Instant::now(), spent: none, alongside: none, waits: none }
    }
}

impl Laps {
    /// Charges the time since the last lap (or the start) to `part`.
    pub fn lap(&mut self, part: Part) {
        let now = Instant::now();
        self.spent[part as usize] += now - self.last;
        self.last = now;
    }

    /// Charges `time` of what was charged to `from` to `to` instead, as far
    /// as `from` was charged that much.
    pub fn recharge(&mut self, from: Part, to: Part, time: Duration) {
        let time = time.min(self.spent[from as usize]);
        self.spent[from as usize] -= time;
        self.spent[to as usize] += time;
    }

    /// Charges `time` to `part` beside the laps: work done on another
    /// thread alongside this one's.
    pub fn charge(&mut self, part: Part, time: Duration) {
        self.spent[part as usize] += time;
    }

    /// Charges `time` to `part`, work a job's drawer did alongside the
    /// job: a case drawn while the program ran the ones before.
    pub fn charge_alongside(&mut self, part: Part, time: Duration) {
        self.spent[part as usize] += time;
        self.alongside[part as usize] += time;
    }

    /// Notes that a job waited `time` for its drawer's work on `part`,
    /// charged by [`Laps::charge_alongside`]: a case not drawn yet.
    pub fn wait_alongside(&mut self, part: Part, time: Duration) {
        self.waits[part as usize] += time;
    }

    /// Starts the next lap now, charging the time since the last to nothing.
    pub fn skip(&mut self) {
        self.last = Instant::now();
    }
}

/// The time of many cases, added up from any thread.
pub struct Spent {
    nanos: [AtomicU64; 4],
    /// Of each part's, the work done alongside the jobs, and what the
    /// jobs waited for of it.
    alongside: [AtomicU64; 4],
    waits: [AtomicU64; 4],
    /// What the summary calls the engine's part: `--against` runs a program
    /// in its place.
    engine: &'static str,
}

impl Default for Spent {
    fn default() -> Self {
        let none = Default::default;
        Spent { nanos: none(), alongside: none(), waits: none(), engine: Part::Engine.name() }
    }
}

impl Spent {
    /// Time whose engine part is spent by `name` instead.
    pub fn with_engine_called(name: &'static str) -> Spent {
        Spent { engine: name, ..Spent::default() }
    }

    pub fn add(&self, laps: &Laps) {
        let nanos = |spent: Duration| u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX);
        for (total, spent) in self.nanos.iter().zip(laps.spent) {
            total.fetch_add(nanos(spent), Ordering::Relaxed);
        }
        for (total, spent) in self.alongside.iter().zip(laps.alongside) {
            total.fetch_add(nanos(spent), Ordering::Relaxed);
        }
        for (total, spent) in self.waits.iter().zip(laps.waits) {
            total.fetch_add(nanos(spent), Ordering::Relaxed);
        }
    }

    /// Of `part`'s time, the work done alongside the jobs.
    pub fn alongside(&self, part: Part) -> Duration {
        Duration::from_nanos(self.alongside[part as usize].load(Ordering::Relaxed))
    }

    /// What the jobs waited on `part` for: its work on their own thread,
    /// and what they waited for of the work done alongside them.
    pub fn waited(&self, part: Part) -> Duration {
        let waits = Duration::from_nanos(self.waits[part as usize].load(Ordering::Relaxed));
        self.of(part).saturating_sub(self.alongside(part)) + waits
    }

    /// What the summary and its JSON call `part`: the engine's part is the
    /// program's under `--against`.
    pub fn name_of(&self, part: Part) -> &'static str {
        if part == Part::Engine {
            self.engine
        } else {
            part.name()
        }
    }

    pub fn of(&self, part: Part) -> Duration {
        Duration::from_nanos(self.nanos[part as usize].load(Ordering::Relaxed))
    }

    pub fn total(&self) -> Duration {
        Part::ALL.iter().map(|&part| self.of(part)).sum()
    }

    /// `part`'s share of the total, in percent (0 when nothing was timed).
    pub fn percent(&self, part: Part) -> f64 {
        let total = self.total().as_secs_f64();
        if total == 0.0 {
            return 0.0;
        }
        100.0 * self.of(part).as_secs_f64() / total
    }
}

impl fmt::Display for Spent {
    /// "time: engine 12%, reference 30%, checker 38%, generator 20% of 1.52 s";
    /// with "; waited on the generator 1%" where most of a part's time was
    /// spent alongside the program's runs, not waited for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shares: Vec<String> =
            Part::ALL.iter().map(|&part| format!("{} {:.0}%", self.name_of(part), self.percent(part))).collect();
        write!(f, "time: {} of {:.2} s", shares.join(", "), self.total().as_secs_f64())?;
        for part in Part::ALL.into_iter().filter(|&part| self.alongside(part) > Duration::ZERO) {
            let share = 100.0 * self.waited(part).as_secs_f64() / self.total().as_secs_f64();
            write!(f, "; waited on the {} {share:.0}%", self.name_of(part))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_of_the_time_charged_to_the_four_parts() {
        let spent = Spent::default();
        let spent_on = [10, 30, 0, 0].map(Duration::from_millis);
        let laps = Laps { spent: spent_on, ..Laps::default() };
        spent.add(&laps);
        spent.add(&laps);
        assert_eq!(spent.total(), Duration::from_millis(80));
        assert_eq!(spent.of(Part::Engine), Duration::from_millis(60));
        assert_eq!(spent.to_string(), "time: engine 75%, reference 0%, checker 0%, generator 25% of 0.08 s");
        assert_eq!(Spent::default().percent(Part::Engine), 0.0);
    }

    #[test]
    fn a_part_spent_alongside_the_program_is_waited_on_only_for_the_rest() {
        let spent = Spent::default();
        let mut laps = Laps { spent: [2, 60, 20, 0].map(Duration::from_millis), ..Laps::default() };
        laps.charge_alongside(Part::Generator, Duration::from_millis(18));
        laps.wait_alongside(Part::Generator, Duration::from_millis(3));
        spent.add(&laps);
        assert_eq!(spent.of(Part::Generator), Duration::from_millis(20));
        assert_eq!(spent.waited(Part::Generator), Duration::from_millis(5), "2 ms drawn on the job, 3 waited for");
        assert_eq!(
            spent.to_string(),
            "time: engine 60%, reference 20%, checker 0%, generator 20% of 0.10 s; waited on the generator 5%"
        );
    }
}
