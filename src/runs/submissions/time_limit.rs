//! The time limit a judge sets from the accepted submissions' times: a
//! small multiple of the slowest one's CPU time on any test, rounded up to
//! a whole second, at least one. This is how problemtools' `verifyproblem`
//! works the limit out from the `time_multiplier` of a legacy-format
//! `problem.yaml`, so the package states the multiple and the judges' tool
//! reaches the same limit from its own runs.

use std::time::Duration;

/// The multiple: DOMjudge's rule of thumb ("twice the slowest accepted
/// solution") and the default of the format's current version
/// (`ac_to_time_limit: 2`). The legacy format's own default, 5, is loose
/// enough that a wrong solution of a slower complexity passes.
pub const TIME_MULTIPLIER: u32 = 2;

/// A time limit worked out from the slowest accepted run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeLimit {
    /// The limit, in whole seconds.
    pub seconds: u64,
    /// The slowest accepted run's CPU time, the program's name and the
    /// test's.
    pub slowest: Duration,
    pub program: String,
    pub test: String,
}

impl TimeLimit {
    /// The limit for the slowest accepted run, `slowest` of CPU time by
    /// `program` on `test`.
    pub fn from_slowest(slowest: Duration, program: &str, test: &str) -> TimeLimit {
        // Whole milliseconds first: a run measured at 500.000001 ms is not
        // worth a second more.
        let millis = slowest.as_millis() as u64 * u64::from(TIME_MULTIPLIER);
        TimeLimit { seconds: millis.div_ceil(1000).max(1), slowest, program: program.into(), test: test.into() }
    }

    /// Why the limit is what it is, in a sentence.
    pub fn reason(&self) -> String {
        format!(
            "{TIME_MULTIPLIER} × the slowest accepted CPU time ({} by {} on test {}), rounded up to a whole second",
            crate::process::prose::duration(self.slowest),
            self.program,
            self.test
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_twice_the_slowest_rounded_up_to_a_whole_second_and_at_least_one() {
        let seconds = |millis: u64| TimeLimit::from_slowest(Duration::from_millis(millis), "a.cpp", "07").seconds;
        assert_eq!(seconds(0), 1);
        assert_eq!(seconds(3), 1);
        assert_eq!(seconds(500), 1);
        assert_eq!(seconds(501), 2);
        assert_eq!(seconds(1200), 3);
        assert_eq!(
            TimeLimit::from_slowest(Duration::from_millis(1200), "a.cpp", "07").reason(),
            "2 × the slowest accepted CPU time (1.20s by a.cpp on test 07), rounded up to a whole second"
        );
    }
}
