//! Failing cases kept for good: `corpus/<game>/regressions/NAME.in` in the
//! problem format, with the report beside it in `NAME.txt`. A case is written
//! as soon as it is found and replaced by its shrunk form afterwards, so an
//! error or Ctrl-C while shrinking loses nothing.
//!
//! One kind of failure, one regression, whichever path found it (a campaign,
//! triage, `corpus import`, `shrink`): the [`Shelf`] knows which kind each
//! regression on disk shows now, and of two of a kind keeps the smaller.
//!
//! A regression is done when the tests pass on it: the case agrees, its
//! report names the root cause, and its trace snapshot is accepted
//! ([`NEXT_STEPS`]; README, "Back to green").

mod keep;
mod report;
mod shelf;

pub use keep::{keep, Kept};
pub use report::{directory, next_steps, replay_command, root_cause, NEXT_STEPS, REPORT_EXTENSION, UNDIAGNOSED};
pub use shelf::{remove, reread, Placed, Shelf, Shelved};
