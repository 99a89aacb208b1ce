//! What a campaign is given and what its targets see of it under way: a
//! module of its own, not `mod.rs`, so that the targets use it without
//! importing their parent, which runs them.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::check::shrink::Limits;
use crate::game::Size;

/// When a campaign ends.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    Time(Duration),
    /// Cases per game: with a seed, the exact same cases every time.
    Cases(u64),
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub budget: Budget,
    pub seed: u64,
    pub jobs: usize,
    pub size: Size,
    /// Where `<game>/regressions/` lives.
    pub corpus: PathBuf,
    /// Case seeds dealt but not run: those a signal stopped under way in
    /// the campaign this one replays (`--skip-cases`).
    pub skip: Vec<u64>,
}

/// What the campaign tells the user as it goes.
pub trait Reporter: Sync {
    /// A line worth reading now: a failure found, a regression written.
    fn line(&self, text: &str);
    /// The running counts, called a few times a second.
    fn progress(&self, elapsed: Duration, cases: u64, failures: u64);
}

/// A campaign under way: what the targets see of it.
pub struct Campaign<'a> {
    pub settings: &'a Settings,
    pub reporter: &'a dyn Reporter,
    pub(super) stop: &'a AtomicBool,
    pub(super) started: Instant,
}

/// The longest a campaign shrinks one case: the cases of a night must not
/// wait on one shrink.
pub const SHRINK_LIMIT: Duration = Duration::from_secs(60);
/// What a shrink gets however little is left of a campaign's time: a
/// failure found in its last second is shrunk too.
pub const SHRINK_GRACE: Duration = Duration::from_secs(10);

impl Campaign<'_> {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The limits of a shrink begun now: what is left of the campaign's
    /// time, but at least [`SHRINK_GRACE`] and at most [`SHRINK_LIMIT`].
    pub fn shrink_limits<'a>(&self, stop: &'a dyn Fn() -> bool) -> Limits<'a> {
        let left = match self.settings.budget {
            Budget::Time(limit) => limit.saturating_sub(self.started.elapsed()),
            Budget::Cases(_) => SHRINK_LIMIT,
        };
        Limits { stop, time: Some(left.clamp(SHRINK_GRACE, SHRINK_LIMIT)) }
    }
}
