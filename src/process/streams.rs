//! Writing to standard output and standard error without ever panicking:
//! `println!` and `eprintln!` panic when the stream is closed or its reader
//! has gone (`2>&1 | head -1`), which would end a campaign before it keeps
//! its cases or writes its summary. A line to standard error that cannot be
//! written is dropped: it is a message on the way, and there is nowhere
//! left to say it was lost. What the command is for (an answer, a report,
//! a summary) goes to standard output with [`to_stdout`], whose error the
//! command reports and exits non-zero on.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output was closed when the process started, which
/// `main` learns before Rust's runtime puts /dev/null in its place.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Says that standard output was closed at the start (`>&-`): whatever is
/// written to it from now on fails, as it would have without the runtime's
/// /dev/null, rather than vanishing with a success.
pub fn stdout_was_closed() {
    STDOUT_CLOSED.store(true, Ordering::SeqCst);
}

/// Standard output, locked, unless it was closed at the start.
pub fn stdout() -> io::Result<io::StdoutLock<'static>> {
    match STDOUT_CLOSED.load(Ordering::SeqCst) {
        true => Err(io::Error::other("closed")),
        false => Ok(io::stdout().lock()),
    }
}

/// Writes one line to standard error, or drops it where it cannot be
/// written.
pub fn stderr_line(line: fmt::Arguments) {
    let mut stderr = io::stderr().lock();
    let _dropped = writeln!(stderr, "{line}").and_then(|()| stderr.flush());
}

/// Writes `text` to standard output whole, or says why it could not: a
/// closed stream, a reader gone, a full disk.
pub fn to_stdout(text: &str) -> Result<(), String> {
    let written = stdout().and_then(|mut stdout| stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()));
    written.map_err(|e| lost_stdout(&e))
}

/// The one line that says standard output broke, from its error.
pub fn lost_stdout(error: &io::Error) -> String {
    format!("standard output: {error}: what was to be printed there is lost")
}

/// `eprintln!` that never panics: [`stderr_line`].
macro_rules! say {
    ($($words:tt)*) => {
        $crate::process::streams::stderr_line(format_args!($($words)*))
    };
}
pub(crate) use say;
