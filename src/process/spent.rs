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
}

impl Default for Laps {
    fn default() -> Self {
        Laps { last: Instant::now(), spent: [Duration::ZERO; 4] }
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

    /// Starts the next lap now, charging the time since the last to nothing.
    pub fn skip(&mut self) {
        self.last = Instant::now();
    }
}

/// The time of many cases, added up from any thread.
pub struct Spent {
    nanos: [AtomicU64; 4],
    /// What the summary calls the engine's part: `--against` runs a program
    /// in its place.
    engine: &'static str,
}

impl Default for Spent {
    fn default() -> Self {
        Spent { nanos: Default::default(), engine: Part::Engine.name() }
    }
}

impl Spent {
    /// Time whose engine part is spent by `name` instead.
    pub fn with_engine_called(name: &'static str) -> Spent {
        Spent { engine: name, ..Spent::default() }
    }

    pub fn add(&self, laps: &Laps) {
        for (total, spent) in self.nanos.iter().zip(laps.spent) {
            total.fetch_add(u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
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
    /// "time: engine 12%, reference 30%, checker 38%, generator 20% of 1.52 s"
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shares: Vec<String> =
            Part::ALL.iter().map(|&part| format!("{} {:.0}%", self.name_of(part), self.percent(part))).collect();
        write!(f, "time: {} of {:.2} s", shares.join(", "), self.total().as_secs_f64())
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
}
