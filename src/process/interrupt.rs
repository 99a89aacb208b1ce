//! Stopping on a signal: SIGINT (Ctrl-C), SIGTERM and SIGHUP alike. A
//! program under test runs in a process group of its own, so a signal that
//! reaches m3diff does not reach it: the handler ends every such program
//! itself, through the hook that what starts them registers
//! ([`end_on_signal`]; `against::program::containment` keeps the registry
//! of programs under way, so that this module stays a leaf that knows none
//! of them).
//!
//! A command that stops by itself when asked (a campaign, which then writes
//! its summary and keeps what it found) says so with [`honour`]: the first
//! signal only sets the flag ([`requested`]) and the second quits at once.
//! Any other command quits at the first.

use super::streams::say;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once};

/// The exit code of a command a signal ended, as a shell reports SIGINT.
pub const EXIT_INTERRUPTED: u8 = 130;

/// What the process does about signals: one, for the whole process.
static STOP: Stop = Stop::new();

/// What the handler runs before anything else: ending the programs under
/// way, registered by what starts them. A lock, not a once-cell: a handler
/// that takes it after a registration sees the hook, and one that took it
/// before had set the stop flag first, which the registering run then sees.
static ENDS_RUNNING: Mutex<Option<fn()>> = Mutex::new(None);

fn ends_running() -> std::sync::MutexGuard<'static, Option<fn()>> {
    ENDS_RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Has the handler call `end` at each signal, before it stops or quits.
/// The first registration is kept and later ones do nothing: the one
/// caller, `against::program::containment`, registers the same function
/// at every run.
pub fn end_on_signal(end: fn()) {
    ends_running().get_or_insert(end);
}

/// Installs the handler; later calls do nothing. Commands call nothing
/// else to be stoppable: what runs programs asks [`requested`].
pub fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // Fails only when some other handler is in place (an embedding
        // program's): then signals are that program's business.
        let _ = ctrlc::set_handler(|| {
            // The programs under test are ended next: their cases are not
            // counted, and the engine's cases under way are finished.
            let then = STOP.signalled(|then| {
                if *then == Then::Stop {
                    say!(
                        "\nm3diff: stopping after the cases under way; what was found is kept (a second signal quits at once)"
                    );
                }
            });
            let end = *ends_running();
            if let Some(end) = end {
                end();
            }
            if then == Then::Quit {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
        });
    });
}

/// Whether a signal asked the process to stop.
pub fn requested() -> bool {
    STOP.requested.load(Ordering::SeqCst)
}

/// The flag [`requested`] reads, for what takes a flag (the campaign).
pub fn flag() -> &'static AtomicBool {
    &STOP.requested
}

/// Says that the command stops by itself once [`requested`], for as long as
/// the value lives.
pub fn honour() -> Honoured {
    STOP.honoured.fetch_add(1, Ordering::SeqCst);
    Honoured(&STOP)
}

/// A command that stops by itself when asked; see [`honour`].
#[must_use = "the command honours a stop only while this lives"]
pub struct Honoured(&'static Stop);

impl Drop for Honoured {
    fn drop(&mut self) {
        self.0.honoured.fetch_sub(1, Ordering::SeqCst);
    }
}

struct Stop {
    requested: AtomicBool,
    /// Commands under way that stop by themselves when asked.
    honoured: AtomicUsize,
}

/// What the handler does once the programs under test are ended.
#[derive(Debug, PartialEq, Eq)]
enum Then {
    /// Let the command stop by itself, writing what it found.
    Stop,
    /// Exit now.
    Quit,
}

impl Stop {
    const fn new() -> Stop {
        Stop { requested: AtomicBool::new(false), honoured: AtomicUsize::new(0) }
    }

    /// What a signal does, with `announce` run before the flag is set: a
    /// command that stops may write its summary and exit the moment it sees
    /// the flag, and what the handler says after that is lost. Signals are
    /// handled one at a time, on the handler's one thread, so nothing sets
    /// the flag between its reading and its setting here.
    fn signalled(&self, announce: impl FnOnce(&Then)) -> Then {
        let then = match self.requested.load(Ordering::SeqCst) || self.honoured.load(Ordering::SeqCst) == 0 {
            true => Then::Quit,
            false => Then::Stop,
        };
        announce(&then);
        self.requested.store(true, Ordering::SeqCst);
        then
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A stop of the tests' own, never the process's: setting that one would
    // stop every program the other tests run.
    static OWN: Stop = Stop::new();

    #[test]
    fn a_command_that_honours_a_stop_is_asked_once_then_quit() {
        let honoured = Honoured({
            OWN.honoured.fetch_add(1, Ordering::SeqCst);
            &OWN
        });
        let announced_before_the_flag = |_: &Then| assert!(!OWN.requested.load(Ordering::SeqCst));
        assert_eq!(OWN.signalled(announced_before_the_flag), Then::Stop);
        assert!(OWN.requested.load(Ordering::SeqCst));
        assert_eq!(OWN.signalled(|_| ()), Then::Quit, "a second signal quits");
        drop(honoured);
        assert_eq!(OWN.honoured.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn a_command_that_does_not_honour_a_stop_quits_at_the_first_signal() {
        let stop = Stop::new();
        assert_eq!(stop.signalled(|_| ()), Then::Quit);
    }
}
