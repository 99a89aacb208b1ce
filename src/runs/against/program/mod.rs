//! A program under test, run once per case: the instance on its standard
//! input, its answer on its standard output, as a contest judge runs a
//! solution.
//!
//! A run here is the order of its steps; its parts stand apart: what the
//! program may leave behind and how it is ended ([`containment`]), what it
//! writes ([`capture`](mod@capture)), and where the program is ([`executable`]).

mod capture;
mod containment;
mod executable;

use std::io::Write;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use capture::{capture, quote_stderr, wait_closed, Keep, STDERR_KEPT};
use containment::{kill_carriers, kill_group};
use executable::{find, is_executable};

pub use capture::MAX_OUTPUT;
pub use containment::{kill_running, RUN_VARIABLE};

/// How long the output may stay open after the program exited and its group
/// was killed before what holds it is looked for.
const GRACE: Duration = Duration::from_millis(100);

/// How long a run may take unless `--timeout` says otherwise.
pub const DEFAULT_TIMEOUT: &str = "5s";

/// A program and its arguments, as `--against` gives them.
#[derive(Debug, Clone)]
pub struct Program {
    argv: Vec<String>,
    timeout: Duration,
}

/// What one run of the program came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ran {
    /// It exited with status 0, having printed this.
    Printed(String),
    /// It exited otherwise, or a signal ended it, having printed `printed`;
    /// `stderr` quotes the end of its standard error (`quote_stderr`).
    Crashed { status: String, printed: String, stderr: String },
    /// It was still running when the time ran out, and was killed this
    /// long after it started.
    TimedOut { killed_at: Duration },
    /// It printed more than [`MAX_OUTPUT`] bytes and was killed then; the
    /// first of them.
    TooMuchOutput { printed: String },
    /// m3diff was asked to stop (a signal) and ended the run: it says
    /// nothing about the program.
    Interrupted,
}

impl Program {
    /// The program `command` names, split into words as a POSIX shell would
    /// (quotes and backslashes, no variables or globs). An error is one line:
    /// an empty command, unbalanced quotes, or a program that is not there or
    /// cannot be run.
    pub fn new(command: &str, timeout: Duration) -> Result<Program, String> {
        let argv = shlex::split(command).ok_or_else(|| format!("--against {command:?}: unbalanced quotes"))?;
        let Some(name) = argv.first() else { return Err("--against: no program given".to_string()) };
        let path = find(name).ok_or_else(|| format!("--against: no program {name:?} (not a file, nor on PATH)"))?;
        if !is_executable(&path) {
            return Err(format!("--against: {} is not executable", crate::process::input::path_name(&path)));
        }
        Ok(Program { argv, timeout })
    }

    /// The command as the user gave it, quoted again.
    pub fn command(&self) -> String {
        shlex::try_join(self.argv.iter().map(String::as_str)).unwrap_or_else(|_| self.argv.join(" "))
    }

    /// The options that name this program again, in a command that
    /// replays: `--against` with the command quoted as one word, and
    /// `--timeout` unless it is the default.
    pub fn options(&self) -> String {
        let command = self.command();
        let quoted = shlex::try_quote(&command).map_or_else(|_| command.clone(), |quoted| quoted.into_owned());
        let default = humantime::parse_duration(DEFAULT_TIMEOUT).expect("the default timeout reads");
        // Exact, in a form `--timeout` reads back, unlike prose::duration:
        // this is a command to run again, not a time to read.
        match self.timeout == default {
            true => format!("--against {quoted}"),
            false => format!("--against {quoted} --timeout {}", humantime::format_duration(self.timeout)),
        }
    }

    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Runs the program on `input`. An error is the program failing to
    /// start at all, which no input changes.
    pub fn run(&self, input: &str) -> Result<Ran, String> {
        let started = Instant::now();
        let deadline = started + self.timeout;
        let mut command = Command::new(&self.argv[0]);
        command.args(&self.argv[1..]);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let spawned =
            containment::start(&mut command).map_err(|e| format!("--against: cannot start {}: {e}", self.argv[0]))?;
        let Some((mut child, run)) = spawned else { return Ok(Ran::Interrupted) };
        let group = run.group();
        // Each stream on its own thread: a program that prints before it has
        // read all its input must not block on a full pipe. None is joined:
        // what the program started may hold a pipe open past the run.
        let stdin = child.stdin.take().expect("piped");
        let input = input.to_string();
        thread::spawn(move || {
            let mut stdin = stdin;
            // A program that exits without reading its input closes the pipe.
            let _ = stdin.write_all(input.as_bytes());
        });
        let (done, closed) = mpsc::channel();
        let stdout = capture(child.stdout.take().expect("piped"), Keep::First(MAX_OUTPUT), group, done.clone());
        let stderr = capture(child.stderr.take().expect("piped"), Keep::Last(STDERR_KEPT), group, done);

        // Again while the deadline is ahead: the wait may round its time down.
        let waited = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match child.wait_timeout(left).map_err(|e| format!("--against: cannot wait: {e}"))? {
                None if Instant::now() < deadline => continue,
                waited => break waited,
            }
        };
        let ended = match waited {
            None => {
                let killed_at = started.elapsed();
                kill_group(group);
                let _ = child.kill();
                kill_carriers(&[run.token()]);
                let _ = child.wait();
                Err(killed_at)
            }
            Some(status) => {
                kill_group(group);
                // The pipes close at once unless something outside the
                // group holds them; a moment for what was killed to die,
                // then what holds them is looked for.
                let mut open = 2;
                if !wait_closed(&closed, &mut open, Instant::now() + GRACE) {
                    kill_carriers(&[run.token()]);
                    // Past the deadline only by the time the readers need
                    // to take what is left in the pipes once nothing holds
                    // them.
                    wait_closed(&closed, &mut open, deadline.max(Instant::now() + Duration::from_secs(1)));
                }
                Ok(status)
            }
        };
        drop(run);
        Ok(if crate::process::interrupt::requested() {
            Ran::Interrupted
        } else if stdout.overflowed.load(Ordering::SeqCst) {
            Ran::TooMuchOutput { printed: stdout.text() }
        } else {
            match ended {
                Err(killed_at) => Ran::TimedOut { killed_at },
                Ok(status) if status.success() => Ran::Printed(stdout.text()),
                Ok(status) => Ran::Crashed {
                    status: describe(status),
                    printed: stdout.text(),
                    stderr: quote_stderr(&stderr.text(), stderr.total.load(Ordering::SeqCst)),
                },
            }
        })
    }
}

/// How a program that did not succeed ended: its exit code or its signal.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit code {code}"),
        None => status.to_string(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(super) fn sh_within(script: &str, timeout: Duration) -> Program {
        Program::new(&format!("sh -c {}", shlex::try_quote(script).unwrap()), timeout).unwrap()
    }

    pub(super) fn sh(script: &str) -> Program {
        sh_within(script, Duration::from_millis(500))
    }

    #[test]
    fn a_program_reads_its_input_and_what_it_prints_is_kept() {
        assert_eq!(sh("tr a-z A-Z").run("seven\n").unwrap(), Ran::Printed("SEVEN\n".to_string()));
    }

    #[test]
    fn a_failing_exit_is_a_crash_with_the_last_lines_of_stderr() {
        let ran = sh("cat >/dev/null; seq 20 >&2; exit 3").run("").unwrap();
        let Ran::Crashed { status, stderr, .. } = ran else { panic!("{ran:?}") };
        assert_eq!(status, "exit code 3");
        let last: Vec<String> = (13..=20).map(|n| n.to_string()).collect();
        assert_eq!(
            stderr,
            format!("{}\n... 51 bytes of standard error in all: the last 8 lines quoted", last.join("\n"))
        );
        let ran = sh("cat >/dev/null; echo one >&2; echo two >&2; exit 3").run("").unwrap();
        assert!(matches!(ran, Ran::Crashed { stderr, .. } if stderr == "one\ntwo"), "all of it, said as it is");
        assert!(
            matches!(sh("kill -SEGV $$").run("").unwrap(), Ran::Crashed { status, .. } if status == "killed by signal 11")
        );
    }

    #[test]
    fn a_program_past_its_time_is_killed_and_the_time_is_told() {
        let started = Instant::now();
        let ran = sh("sleep 30").run("").unwrap();
        let Ran::TimedOut { killed_at } = ran else { panic!("{ran:?}") };
        assert!(killed_at >= Duration::from_millis(500), "killed at {killed_at:?}, before its time");
        assert!(started.elapsed() < Duration::from_secs(10), "killed, not waited for");
    }
    #[test]
    fn a_program_that_is_not_there_or_not_executable_is_one_line() {
        let error = Program::new("no-such-program-m3diff --flag", Duration::from_secs(1)).unwrap_err();
        assert!(error.contains("no program \"no-such-program-m3diff\""), "{error}");
        assert!(Program::new("'unbalanced", Duration::from_secs(1)).unwrap_err().contains("unbalanced quotes"));
        assert!(Program::new("Cargo.toml", Duration::from_secs(1)).unwrap_err().contains("not a file, nor on PATH"));
        assert!(Program::new("./Cargo.toml", Duration::from_secs(1)).unwrap_err().contains("is not executable"));
    }
}
