//! What a run's program writes, read while it runs and kept within bounds:
//! a program that prints without end, or floods its standard error, must
//! not take the harness's memory nor a report's length, and a run is judged
//! by what it printed even while something it started holds a stream open.

use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Instant;

use super::containment::kill_group;

/// The most of standard output read: a program that prints more is killed
/// and its output is unreadable (it must not take the harness's memory).
pub const MAX_OUTPUT: usize = 1 << 20;
/// The end of standard error kept (all of it is read, so that a program
/// that writes without end there is judged by what it prints, and counted):
/// more than the lines a report quotes, and no more whatever it writes.
pub(super) const STDERR_KEPT: usize = 16 << 10;
/// The last lines of standard error a crash report shows.
const STDERR_LINES: usize = 8;
/// The most characters of one line of standard error a report quotes.
const STDERR_LINE_CHARS: usize = 200;

/// How much of a stream is kept.
#[derive(Clone, Copy)]
pub(super) enum Keep {
    /// The first bytes; past them the program is killed.
    First(usize),
    /// The last bytes, however many come.
    Last(usize),
}

/// What a stream has brought so far, shared with the thread that reads it,
/// so that a run is judged by what it printed even while something still
/// holds the stream open.
#[derive(Default)]
pub(super) struct Captured {
    bytes: Mutex<Vec<u8>>,
    /// Set before the program is killed for printing too much.
    pub(super) overflowed: AtomicBool,
    /// Every byte read, kept or not.
    pub(super) total: AtomicU64,
}

impl Captured {
    pub(super) fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes.lock().unwrap_or_else(|poisoned| poisoned.into_inner())).into_owned()
    }
}

/// Reads `stream` on a thread of its own, keeping what `keep` says, and
/// says on `done` when it is closed (or read no more).
pub(super) fn capture(
    stream: impl Read + Send + 'static,
    keep: Keep,
    group: u32,
    done: mpsc::Sender<()>,
) -> Arc<Captured> {
    let captured = Arc::new(Captured::default());
    let shared = Arc::clone(&captured);
    thread::spawn(move || {
        let mut stream = stream;
        let mut chunk = vec![0; 64 << 10];
        loop {
            let read = match stream.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => read,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            shared.total.fetch_add(read as u64, Ordering::SeqCst);
            let mut bytes = shared.bytes.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            bytes.extend_from_slice(&chunk[..read]);
            match keep {
                Keep::First(most) if bytes.len() > most => {
                    bytes.truncate(most);
                    shared.overflowed.store(true, Ordering::SeqCst);
                    // At once: a program that prints without end would
                    // otherwise be judged by how it dies of a closed pipe.
                    kill_group(group);
                    break;
                }
                Keep::Last(most) if bytes.len() > 2 * most => {
                    let cut = bytes.len() - most;
                    bytes.drain(..cut);
                }
                _ => {}
            }
        }
        let _ = done.send(());
    });
    captured
}

/// Waits until every stream still `open` is closed, or `until`; whether
/// they all are.
pub(super) fn wait_closed(closed: &mpsc::Receiver<()>, open: &mut usize, until: Instant) -> bool {
    while *open > 0 {
        match closed.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(()) => *open -= 1,
            Err(_) => return false,
        }
    }
    true
}

/// The last [`STDERR_LINES`] lines of `kept`, the end of a standard error
/// of `total` bytes, each cut to [`STDERR_LINE_CHARS`] characters; and,
/// when that is not all of it, how much there was. A report stays a few KB
/// whatever the program wrote.
pub(super) fn quote_stderr(kept: &str, total: u64) -> String {
    let lines: Vec<&str> = kept.lines().collect();
    let last = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    let mut cut = false;
    let mut quoted: Vec<String> = last
        .iter()
        .map(|line| match line.char_indices().nth(STDERR_LINE_CHARS) {
            Some((end, _)) => {
                cut = true;
                format!("{}...", &line[..end])
            }
            None => line.to_string(),
        })
        .collect();
    if cut || total > kept.len() as u64 || last.len() < lines.len() {
        quoted.push(format!(
            "... {} bytes of standard error in all: the last {} quoted{}",
            crate::process::prose::thousands(total),
            crate::process::prose::counted(last.len() as u64, "line"),
            if cut { format!(", cut to {STDERR_LINE_CHARS} characters each") } else { String::new() }
        ));
    }
    quoted.join("\n")
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::super::tests::sh_within;
    use super::super::Ran;
    use super::*;

    #[test]
    fn a_program_that_prints_without_end_is_too_much_output_not_a_crash() {
        let started = Instant::now();
        let ran = sh_within("yes", Duration::from_secs(30)).run("").unwrap().ran;
        let Ran::TooMuchOutput { printed } = ran else { panic!("{ran:?}") };
        assert_eq!(printed.len(), MAX_OUTPUT);
        assert!(printed.starts_with("y\ny\n"));
        assert!(started.elapsed() < Duration::from_secs(20), "killed on passing the cap, not at the timeout");
        // Up to the cap is an answer, and standard error has no cap.
        let script = format!("head -c {MAX_OUTPUT} /dev/zero; yes | head -c 3000000 >&2; echo end >&2; exit 1");
        let ran = sh_within(&script, Duration::from_secs(30)).run("").unwrap().ran;
        let Ran::Crashed { status, printed, stderr } = ran else { panic!("{ran:?}") };
        let quoted: Vec<&str> = stderr.lines().collect();
        assert_eq!((status.as_str(), printed.len()), ("exit code 1", MAX_OUTPUT));
        assert_eq!(
            quoted[quoted.len() - 2..],
            ["end", "... 3,000,004 bytes of standard error in all: the last 8 lines quoted"]
        );
    }

    /// The issue's own: 100 MB of standard error on one line was quoted
    /// whole. The quote is a few lines of a few hundred characters, and
    /// says how much there was; the capture keeps no more than its end.
    #[test]
    fn a_program_that_floods_its_standard_error_is_quoted_in_a_few_lines() {
        let script = "head -c 104857600 /dev/zero | tr '\\0' x >&2; exit 1";
        let ran = sh_within(script, Duration::from_secs(60)).run("").unwrap().ran;
        let Ran::Crashed { stderr, .. } = ran else { panic!("{ran:?}") };
        assert!(stderr.len() < 1000, "{} bytes quoted", stderr.len());
        assert!(stderr.starts_with(&format!("{}...\n", "x".repeat(STDERR_LINE_CHARS))), "{stderr}");
        assert!(
            stderr.ends_with(
                "... 104,857,600 bytes of standard error in all: the last 1 line quoted, cut to 200 characters each"
            ),
            "{stderr}"
        );
        // Multibyte text is cut between characters.
        assert_eq!(
            quote_stderr(&"é".repeat(300), 600),
            format!(
                "{}...\n... 600 bytes of standard error in all: the last 1 line quoted, cut to 200 characters each",
                "é".repeat(200)
            )
        );
    }
}
