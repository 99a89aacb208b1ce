//! What the oracle finds wrong, and the report that tells it. A failure's
//! kind is what a shrink keeps fixed and a campaign counts by, and its
//! report is what a user reads, so both are written in one place whichever
//! check (a comparison, an invariant, a caught panic) found it.

use std::fmt;

use super::panics::Panicked;
use crate::game::{Difference, Game, Violation};

/// What went wrong, in a form that stays the same while a case shrinks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// The implementations disagree on this field.
    Divergence { field: &'static str },
    /// Both agree, but break this invariant (or, for `side`, only one does).
    Violation { invariant: &'static str, side: &'static str },
    /// An implementation panicked, at `site` (file:line:column, when the
    /// panic hook of [`quiet_panics`](super::quiet_panics) saw it): one
    /// panic site, one bug.
    Panic { side: &'static str, site: String },
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::Divergence { field } => write!(f, "divergence in `{field}`"),
            FailureKind::Violation { invariant, side } => write!(f, "{invariant} invariant broken by the {side}"),
            FailureKind::Panic { side, site } => write!(f, "the {side} panicked at {site}"),
        }
    }
}

/// A failed game: where, what, and the report a user reads.
#[derive(Debug, Clone)]
pub struct Failure {
    pub kind: FailureKind,
    /// 1-based operation, or `None` when the failure is in the outcome.
    pub operation: Option<usize>,
    /// 1-based step inside the operation (`Game::STEP`).
    pub step: Option<usize>,
    /// The full explanation, without the replay line.
    pub report: String,
}

impl Failure {
    /// The report followed by the command that replays the case.
    pub fn report_with_replay(&self, replay: &str) -> String {
        format!("{}\nreplay: {replay}\n", self.report.trim_end())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

/// The failure of `side` panicking at `operation` (`None`: outside any).
pub(super) fn panic_failure<G: Game>(side: &'static str, operation: Option<usize>, panicked: Panicked) -> Failure {
    let Panicked { mut message, site } = panicked;
    if let Some(location) = &site {
        message = format!("{message} (at {location})");
    }
    let site = site.unwrap_or_else(|| "an unknown place".to_string());
    let place =
        operation.map_or_else(|| format!("outside any {}", G::OPERATION), |n| format!("at {} {n}", G::OPERATION));
    Failure {
        kind: FailureKind::Panic { side, site },
        operation,
        step: None,
        report: format!("the {side} panicked {place}: {message}\n"),
    }
}

pub(super) fn divergence<G: Game>(operation: Option<usize>, place: &str, difference: Difference) -> Failure {
    let step = difference.step.map_or(String::new(), |s| format!(", {} {s}", G::STEP));
    let mut report = format!(
        "divergence at {place}{step}, field `{}`\n  engine:    {}\n  reference: {}\n",
        difference.field, difference.engine, difference.reference
    );
    if let Some(boards) = &difference.boards {
        report.push_str(boards);
    }
    Failure { kind: FailureKind::Divergence { field: difference.field }, operation, step: difference.step, report }
}

pub(super) fn violation<G: Game>(operation: Option<usize>, side: &'static str, violation: Violation) -> Failure {
    let place = operation.map_or_else(|| "the outcome".to_string(), |n| format!("{} {n}", G::OPERATION));
    let step = violation.step.map_or(String::new(), |s| format!(", {} {s}", G::STEP));
    Failure {
        kind: FailureKind::Violation { invariant: violation.invariant, side },
        operation,
        step: violation.step,
        report: format!(
            "{} invariant broken at {place}{step} (by {side}): {}\n",
            violation.invariant, violation.detail
        ),
    }
}
