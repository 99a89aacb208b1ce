//! Catching a panic and saying where it happened. A side that panics is a
//! failure to report, not the end of a campaign: the hook keeps its message
//! off stderr, and its site is what tells one panic bug from another.

use std::panic::{catch_unwind, AssertUnwindSafe};

thread_local! {
    static PANIC_LOCATION: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the panic message on stderr by a note of where the panic was, for
/// the failure report: a campaign that meets a panicking engine a thousand
/// times should say so once, in its report.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let location = info.location().map(|l| l.to_string());
        PANIC_LOCATION.with(|cell| *cell.borrow_mut() = location);
    }));
}

/// A panic caught: its message and where it happened.
pub struct Panicked {
    pub message: String,
    /// file:line:column when [`quiet_panics`] is in place.
    pub site: Option<String>,
}

/// Runs `f`, catching a panic.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, Panicked> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| Panicked {
        message: payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with no message".to_string()),
        site: PANIC_LOCATION.with(|cell| cell.borrow_mut().take()),
    })
}
