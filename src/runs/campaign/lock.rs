//! The campaign's one way to take a lock, shared by `run` and every target.

use std::sync::Mutex;

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere never leaves these counters half-updated.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
