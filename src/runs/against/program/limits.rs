//! A run's limits, as a judge sets them: the CPU time and the memory of the
//! program and all its children, per case, and a wall-clock cap for a
//! program that waits without using CPU.
//!
//! The time and memory come from the game's statement where it gives them
//! ([`Rulebook::STATEMENT_LIMITS`](crate::game::Rulebook::STATEMENT_LIMITS)), else from [`DEFAULT_TIME`] and
//! [`DEFAULT_MEMORY`]; the wall cap from the time, unless given.

use std::time::Duration;

use crate::game::Game;

/// The CPU time a run has where the statement gives none: the common limit
/// of an ICPC problem.
pub const DEFAULT_TIME: Duration = Duration::from_secs(2);
/// The memory a run has where the statement gives none.
pub const DEFAULT_MEMORY: u64 = 1 << 30;
/// The least time limit and wall cap m3diff takes: a run is looked at this
/// often, and no program starts in less.
pub const LEAST_TIME: Duration = Duration::from_millis(10);
/// The least memory limit m3diff takes: no program starts in less.
pub const LEAST_MEMORY: u64 = 1 << 20;

/// The limits of one run of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, of the program and all its children.
    pub time: Duration,
    /// Peak memory, of the program and all its children, in bytes.
    pub memory: u64,
    /// Wall-clock time.
    pub wall: Duration,
    /// Which were given, not defaults: a replay gives those again.
    given: [bool; 3],
}

impl Limits {
    /// The limits for a program of game `G`: each given one, else its
    /// default. The wall cap defaults to twice the time and a second, so
    /// that a program slowed by a loaded machine is judged by its CPU time.
    pub fn of<G: Game>(time: Option<Duration>, memory: Option<u64>, wall: Option<Duration>) -> Limits {
        let statement = G::STATEMENT_LIMITS;
        let time_limit = time.or(statement.map(|limits| limits.time)).unwrap_or(DEFAULT_TIME);
        Limits {
            time: time_limit,
            memory: memory.or(statement.map(|limits| limits.memory)).unwrap_or(DEFAULT_MEMORY),
            wall: wall.unwrap_or(time_limit * 2 + Duration::from_secs(1)),
            given: [time.is_some(), memory.is_some(), wall.is_some()],
        }
    }

    /// These limits, each given.
    pub const fn new(time: Duration, memory: u64, wall: Duration) -> Limits {
        Limits { time, memory, wall, given: [true; 3] }
    }

    /// The limits of one run of `cases` cases (`--batch`): the CPU time and
    /// the wall cap scaled by their number, the memory not, as a judge
    /// limits a multi-test file as a whole: a program may free what a case
    /// took before the next.
    pub fn for_cases(self, cases: usize) -> Limits {
        let cases = u32::try_from(cases.max(1)).unwrap_or(u32::MAX);
        Limits { time: self.time.saturating_mul(cases), wall: self.wall.saturating_mul(cases), ..self }
    }

    /// The options that set these limits again: only those given.
    pub fn options(&self) -> String {
        let mut options = Vec::new();
        // Exact, in a form the options read back, unlike prose::duration:
        // this is a command to run again, not a time to read.
        if self.given[0] {
            options.push(format!("--time-limit {}", humantime::format_duration(self.time)));
        }
        if self.given[1] {
            options.push(format!("--memory-limit {}", self.memory));
        }
        if self.given[2] {
            options.push(format!("--timeout {}", humantime::format_duration(self.wall)));
        }
        options.join(" ")
    }

    /// The limits in words, for reports: "2.00s CPU, 1024.0 MiB, 5.00s wall".
    pub fn line(&self) -> String {
        format!(
            "{} CPU, {}, {} wall",
            crate::process::prose::duration(self.time),
            super::usage::mebibytes(self.memory),
            crate::process::prose::duration(self.wall)
        )
    }
}

/// A time limit or wall cap as given (`500ms`, `4.5s`, `1m`); one under
/// [`LEAST_TIME`] is refused, since no program could meet it.
pub fn parse_time(text: &str) -> Result<Duration, String> {
    let time =
        parse_duration(text).ok_or_else(|| format!("expected a time such as 500ms, 4.5s or 1m, found {text:?}"))?;
    if time < LEAST_TIME {
        return Err(format!("{text} lets no program run: give at least {}", humantime::format_duration(LEAST_TIME)));
    }
    Ok(time)
}

/// humantime's durations, and seconds with a fraction ("4.5s"), as
/// statements write them.
fn parse_duration(text: &str) -> Option<Duration> {
    if let Ok(duration) = humantime::parse_duration(text) {
        return Some(duration);
    }
    let seconds: f64 = text.strip_suffix('s')?.parse().ok()?;
    (0.0..1e9).contains(&seconds).then(|| Duration::from_secs_f64(seconds))
}

/// A memory limit as given: bytes, or a number with `K`, `M` or `G` (powers
/// of 1024, as judges read `256M`), `KiB`, `MiB`, `GiB`, `KB`, `MB` or `GB`
/// (powers of 1000); one under [`LEAST_MEMORY`] is refused.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let expected = || format!("expected a memory limit such as 256M, 512MiB or 1G, found {text:?}");
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().map_err(|_| expected())?;
    let scale: u64 = match unit {
        "" | "B" => 1,
        "K" | "KiB" | "k" => 1 << 10,
        "M" | "MiB" | "m" => 1 << 20,
        "G" | "GiB" | "g" => 1 << 30,
        "KB" => 1_000,
        "MB" => 1_000_000,
        "GB" => 1_000_000_000,
        _ => return Err(expected()),
    };
    let bytes = number.checked_mul(scale).ok_or_else(expected)?;
    if bytes < LEAST_MEMORY {
        return Err(format!("{text} lets no program run: give at least 1M"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use m3_model::door::MagicDoor;
    use m3_model::triple::TripleTown;

    #[test]
    fn limits_come_from_the_statement_else_the_defaults() {
        let triple = Limits::of::<TripleTown>(None, None, None);
        assert_eq!((triple.time, triple.memory), (Duration::from_millis(4500), 512 << 20), "Triple Town: 4.5s, 512M");
        assert_eq!(triple.wall, Duration::from_secs(10));
        let door = Limits::of::<MagicDoor>(None, None, None);
        assert_eq!((door.time, door.memory, door.wall), (DEFAULT_TIME, DEFAULT_MEMORY, Duration::from_secs(5)));
        assert_eq!(door.options(), "");
        let given = Limits::of::<MagicDoor>(Some(Duration::from_secs(1)), None, Some(Duration::from_secs(10)));
        assert_eq!(given.options(), "--time-limit 1s --timeout 10s");
    }

    #[test]
    fn a_batch_has_its_cases_times_the_time_and_the_same_memory() {
        let door = Limits::of::<MagicDoor>(None, None, None).for_cases(1000);
        assert_eq!(
            (door.time, door.memory, door.wall),
            (DEFAULT_TIME * 1000, DEFAULT_MEMORY, Duration::from_secs(5000))
        );
        assert_eq!(door.options(), "", "a replay gives no limit the user did not");
        assert_eq!(Limits::of::<MagicDoor>(None, None, None).for_cases(0).time, DEFAULT_TIME, "no case runs as one");
    }

    #[test]
    fn a_limit_too_small_to_run_anything_is_refused_in_one_line() {
        for text in ["0", "0s", "1ns", "9ms"] {
            let error = parse_time(text).unwrap_err();
            assert!(error.contains("lets no program run") && !error.contains('\n'), "{text}: {error}");
        }
        assert!(parse_time("soon").unwrap_err().starts_with("expected a time"));
        assert_eq!(parse_time("4.5s"), Ok(Duration::from_millis(4500)));
        assert_eq!(parse_time("10ms"), Ok(LEAST_TIME));
        for text in ["0", "1K", "1000KB"] {
            assert!(parse_memory(text).unwrap_err().contains("lets no program run"), "{text}");
        }
        assert_eq!(parse_memory("256M"), Ok(256 << 20));
        assert_eq!(parse_memory("1G"), Ok(1 << 30));
        assert_eq!(parse_memory("100MB"), Ok(100_000_000));
        assert!(parse_memory("lots").unwrap_err().starts_with("expected a memory limit"));
        assert!(parse_memory("99999999999999999999G").is_err());
    }
}
