//! The campaign while it runs: what is about to run said on stderr, the
//! cases dealt to the workers under a progress bar, and what a stop left.
//! Apart from what the command makes of the options before and prints
//! after, which a progress bar has no part in.

use crate::process::streams::say;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::process::prose::counted;
use crate::runs::campaign::{self, Budget, Reporter, Settings, Target};

pub(super) fn names<'a>(targets: &[&'a dyn Target]) -> Vec<&'a str> {
    targets.iter().map(|target| target.name()).collect()
}

/// Says on stderr what is about to run.
pub(super) fn announce(targets: &[&dyn Target], settings: &Settings) {
    say!(
        "m3diff fuzz: games {}, seed {}, {}, size {}, {}",
        names(targets).join(" "),
        settings.seed,
        counted(settings.jobs as u64, "job"),
        settings.size.name(),
        match settings.budget {
            Budget::Time(limit) => crate::process::prose::duration(limit),
            Budget::Cases(cases) => format!("{} per game", counted(cases, "case")),
        }
    );
}

/// A campaign that ran: the cases dealt, when it started, whether a signal
/// stopped it.
pub(crate) struct Ran {
    pub(super) dealt: u64,
    pub(super) started: Instant,
    pub(super) interrupted: bool,
}

/// Runs the campaign with a progress bar; an error when a game could not
/// run at all (a program that cannot be started, say).
pub(crate) fn run(targets: &[&dyn Target], settings: &Settings) -> Result<Ran, String> {
    crate::check::oracle::quiet_panics();
    let reporter = BarReporter::new();
    let started = Instant::now();
    let dealt = campaign::run(targets, settings, &reporter, crate::process::interrupt::flag());
    reporter.bar.finish_and_clear();
    let interrupted = crate::process::interrupt::requested();
    if let Some(hopeless) = targets.iter().find_map(|target| target.hopeless()) {
        return Err(hopeless);
    }
    Ok(Ran { dealt, started, interrupted })
}

/// A spinner on a terminal; elsewhere (CI logs) a progress line every 10 s.
struct BarReporter {
    bar: ProgressBar,
    last_line: Mutex<Instant>,
}

impl BarReporter {
    fn new() -> Self {
        let bar = ProgressBar::new_spinner();
        bar.set_style(ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}").expect("a valid template"));
        BarReporter { bar, last_line: Mutex::new(Instant::now()) }
    }
}

impl Reporter for BarReporter {
    fn line(&self, text: &str) {
        if self.bar.is_hidden() {
            say!("{text}");
        } else {
            self.bar.println(text);
        }
    }

    fn progress(&self, elapsed: Duration, cases: u64, failures: u64) {
        let rate = cases as f64 / elapsed.as_secs_f64().max(1e-3);
        let message = format!("{cases} cases ({rate:.0}/s), {failures} failing");
        if self.bar.is_hidden() {
            let mut last = self.last_line.lock().unwrap_or_else(|p| p.into_inner());
            if last.elapsed() >= Duration::from_secs(10) {
                *last = Instant::now();
                say!("{}s: {message}", elapsed.as_secs());
            }
        } else {
            self.bar.set_message(message);
            self.bar.tick();
        }
    }
}
