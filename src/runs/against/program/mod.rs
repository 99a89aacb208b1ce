//! A program under test, run once per case: the instance on its standard
//! input, its answer on its standard output, as a contest judge runs a
//! solution: contained, limited and measured.
//!
//! A run here is the order of its steps; its parts stand apart: how the
//! program is started and waited for ([`launch`], in a PID namespace of its
//! own where the kernel allows: [`namespace`]), what it may leave behind
//! and how it is ended ([`containment`]), its limits ([`limits`]), what it
//! used ([`usage`]), what it writes ([`capture`](mod@capture)), and where
//! the program is ([`executable`]).

mod capture;
mod containment;
mod executable;
mod launch;
mod limits;
#[cfg(target_os = "linux")]
mod namespace;
mod protocol;
mod usage;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use capture::{capture, quote_stderr, wait_closed, Keep, STDERR_KEPT};
pub(crate) use containment::kill_group;
use containment::{end_run, kill_carriers};
use executable::{find, is_executable};
use launch::Reaped;
use usage::{Sampler, TICK};

pub use capture::MAX_OUTPUT;
pub use containment::{kill_running, start_held, Held, RUN_VARIABLE};
#[cfg(target_os = "linux")]
pub use launch::CONTAINMENT_VARIABLE;
pub use limits::{parse_memory, parse_time, Limits, DEFAULT_MEMORY, DEFAULT_TIME, LEAST_MEMORY, LEAST_TIME};
pub use protocol::{Lines, Protocol};
pub use usage::{mebibytes, Usage};

/// How long the output may stay open after the program exited and its group
/// was killed before what holds it is looked for.
const GRACE: Duration = Duration::from_millis(100);

/// A program and its arguments, as `--against` gives them, and its limits.
#[derive(Debug, Clone)]
pub struct Program {
    argv: Vec<String>,
    path: PathBuf,
    limits: Limits,
    protocol: Protocol,
}

/// What one run of the program came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ran {
    /// It exited with status 0, having printed this.
    Printed(String),
    /// It exited otherwise, or a signal ended it, having printed `printed`;
    /// `stderr` quotes the end of its standard error (`quote_stderr`).
    Crashed { status: String, printed: String, stderr: String },
    /// It used more CPU time than the limit, and was killed then, or had
    /// when it exited.
    TimeLimit,
    /// It held more memory than the limit, and was killed then, or had
    /// when it exited.
    MemoryLimit,
    /// It was still running, without using its CPU time, when the wall
    /// clock ran out, and was killed this long after it started.
    TimedOut { killed_at: Duration },
    /// It printed more than it may ([`MAX_OUTPUT`] bytes a case) and was
    /// killed then; the first of them.
    TooMuchOutput { printed: String },
    /// m3diff was asked to stop (a signal) and ended the run: it says
    /// nothing about the program.
    Interrupted,
}

/// A run: how it came out, and what it used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub ran: Ran,
    pub usage: Usage,
}

/// Why a run was ended before its program exited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Exited,
    TimeLimit,
    MemoryLimit,
    Wall,
}

impl Program {
    /// The program `command` names, split into words as a POSIX shell would
    /// (quotes and backslashes, no variables or globs). An error is one line:
    /// an empty command, unbalanced quotes, or a program that is not there or
    /// cannot be run.
    pub fn new(command: &str, limits: Limits) -> Result<Program, String> {
        let argv = shlex::split(command).ok_or_else(|| format!("--against {command:?}: unbalanced quotes"))?;
        let Some(name) = argv.first() else { return Err("--against: no program given".to_string()) };
        let path = find(name).ok_or_else(|| format!("--against: no program {name:?} (not a file, nor on PATH)"))?;
        if !is_executable(&path) {
            return Err(format!("--against: {} is not executable", crate::process::input::path_name(&path)));
        }
        Ok(Program { argv, path, limits, protocol: Protocol::default() })
    }

    /// The program, reading and printing as `protocol` says.
    pub fn speaking(self, protocol: Protocol) -> Program {
        Program { protocol, ..self }
    }

    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The command as the user gave it, quoted again.
    pub fn command(&self) -> String {
        shlex::try_join(self.argv.iter().map(String::as_str)).unwrap_or_else(|_| self.argv.join(" "))
    }

    /// The options that name this program again, in a command that
    /// replays: `--against` with the command quoted as one word, the
    /// limits that were given, and how it reads and prints.
    pub fn options(&self) -> String {
        let command = self.command();
        let quoted = shlex::try_quote(&command).map_or_else(|_| command.clone(), |quoted| quoted.into_owned());
        let words = [format!("--against {quoted}"), self.limits.options(), self.protocol.options()];
        words.into_iter().filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Runs the program on `input`, one case. An error is the program
    /// failing to start at all, which no input changes.
    pub fn run(&self, input: &str) -> Result<Run, String> {
        self.run_within(input, self.limits, MAX_OUTPUT)
    }

    /// [`Program::run`] within `limits`, the first `output` bytes of what
    /// it prints kept: past them it is ended ([`Ran::TooMuchOutput`]).
    pub fn run_within(&self, input: &str, limits: Limits, output: usize) -> Result<Run, String> {
        let started = Instant::now();
        let deadline = started + limits.wall;
        let cannot_start = |e: std::io::Error| format!("--against: cannot start {}: {e}", self.argv[0]);
        let spawned = containment::start(&self.path, &self.argv).map_err(cannot_start)?;
        let Some((mut launched, run)) = spawned else {
            return Ok(Run { ran: Ran::Interrupted, usage: Usage::default() });
        };
        let group = run.group();
        // Each stream on its own thread: a program that prints before it has
        // read all its input must not block on a full pipe. None is joined:
        // what the program started may hold a pipe open past the run.
        let stdin = launched.stdin.take().expect("piped");
        let input = input.to_string();
        thread::spawn(move || {
            let mut stdin = stdin;
            // A program that exits without reading its input closes the pipe.
            let _ = stdin.write_all(input.as_bytes());
        });
        let (done, closed) = mpsc::channel();
        let stdout = capture(launched.stdout.take().expect("piped"), Keep::First(output), group, done.clone());
        let stderr = capture(launched.stderr.take().expect("piped"), Keep::Last(STDERR_KEPT), group, done);

        // The run is looked at each tick, and ended as it passes a limit.
        // A namespace's init is no part of the run: it outlives it, and
        // what it reaped of earlier runs is in its own times.
        let sampler = Sampler::new(launched.root, !launched.namespaced());
        let mut peak = 0;
        let mut cpu = Duration::ZERO;
        let (ended, reaped) = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if let Some(reaped) = launched.wait(left.min(TICK)).map_err(|e| format!("--against: cannot wait: {e}"))? {
                break (Ended::Exited, reaped);
            }
            let sample = sampler.sample();
            peak = peak.max(sample.memory);
            cpu = cpu.max(sample.cpu);
            let past = if cpu > limits.time {
                Ended::TimeLimit
            } else if peak > limits.memory {
                Ended::MemoryLimit
            } else if Instant::now() >= deadline {
                Ended::Wall
            } else {
                continue;
            };
            end_run(launched.root);
            if !launched.namespaced() {
                kill_carriers(&[run.token()]);
            }
            break (past, wait_killed(&mut launched)?);
        };
        let wall = started.elapsed();
        if let Some(errno) = reaped.start_error {
            return Err(cannot_start(std::io::Error::from_raw_os_error(errno)));
        }
        if ended == Ended::Exited {
            // In a namespace the init has ended every process of the run.
            if !launched.namespaced() {
                kill_group(group);
            }
            // The pipes close at once unless something outside the group
            // holds them (in a namespace nothing can); a moment for what was
            // killed to die and for the readers to take what is left, then
            // what holds them is looked for.
            let mut open = 2;
            if !wait_closed(&closed, &mut open, Instant::now() + GRACE) {
                kill_carriers(&[run.token()]);
                // Past the deadline only by the time the readers need to
                // take what is left in the pipes once nothing holds them.
                wait_closed(&closed, &mut open, deadline.max(Instant::now() + Duration::from_secs(1)));
            }
        }
        drop(run);
        let usage = Usage { cpu: cpu.max(reaped.cpu), wall, peak: peak.max(reaped.max_rss) };
        // Limits are judged on what was used, however the run ended: a
        // program that exits having used too much is past them too.
        let ended = match ended {
            Ended::Exited | Ended::Wall if usage.cpu > limits.time => Ended::TimeLimit,
            Ended::Exited | Ended::Wall if usage.peak > limits.memory => Ended::MemoryLimit,
            ended => ended,
        };
        let ran = if crate::process::interrupt::requested() {
            Ran::Interrupted
        } else if stdout.overflowed.load(Ordering::SeqCst) {
            Ran::TooMuchOutput { printed: stdout.text() }
        } else {
            match (ended, reaped.status) {
                (Ended::TimeLimit, _) => Ran::TimeLimit,
                (Ended::MemoryLimit, _) => Ran::MemoryLimit,
                (Ended::Wall, _) => Ran::TimedOut { killed_at: wall },
                (Ended::Exited, Some(0)) => Ran::Printed(stdout.text()),
                (Ended::Exited, status) => Ran::Crashed {
                    status: describe(status),
                    printed: stdout.text(),
                    stderr: quote_stderr(&stderr.text(), stderr.total.load(Ordering::SeqCst)),
                },
            }
        };
        Ok(Run { ran, usage })
    }
}

/// Reaps a run's root that was just killed.
fn wait_killed(launched: &mut launch::Launched) -> Result<Reaped, String> {
    loop {
        match launched.wait(Duration::from_secs(1)) {
            Ok(Some(reaped)) => return Ok(reaped),
            Ok(None) => continue,
            Err(e) => return Err(format!("--against: cannot wait: {e}")),
        }
    }
}

/// How a program that did not succeed ended: its exit code or its signal,
/// from its wait status; `None` when its init was ended first.
fn describe(status: Option<libc::c_int>) -> String {
    match status {
        Some(status) if libc::WIFSIGNALED(status) => format!("killed by signal {}", libc::WTERMSIG(status)),
        Some(status) if libc::WIFEXITED(status) => format!("exit code {}", libc::WEXITSTATUS(status)),
        Some(status) => format!("wait status {status}"),
        None => "ended with its namespace".to_string(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A shell script as a program, `timeout` its wall cap, with CPU time
    /// and memory to spare.
    pub(super) fn sh_within(script: &str, timeout: Duration) -> Program {
        let limits = Limits::new(Duration::from_secs(10), 1 << 30, timeout);
        Program::new(&format!("sh -c {}", shlex::try_quote(script).unwrap()), limits).unwrap()
    }

    pub(super) fn sh(script: &str) -> Program {
        sh_within(script, Duration::from_millis(500))
    }

    #[test]
    fn a_program_reads_its_input_and_what_it_prints_is_kept() {
        assert_eq!(sh("tr a-z A-Z").run("seven\n").unwrap().ran, Ran::Printed("SEVEN\n".to_string()));
    }

    #[test]
    fn a_failing_exit_is_a_crash_with_the_last_lines_of_stderr() {
        let ran = sh("cat >/dev/null; seq 20 >&2; exit 3").run("").unwrap().ran;
        let Ran::Crashed { status, stderr, .. } = ran else { panic!("{ran:?}") };
        assert_eq!(status, "exit code 3");
        let last: Vec<String> = (13..=20).map(|n| n.to_string()).collect();
        assert_eq!(
            stderr,
            format!("{}\n... 51 bytes of standard error in all: the last 8 lines quoted", last.join("\n"))
        );
        let ran = sh("cat >/dev/null; echo one >&2; echo two >&2; exit 3").run("").unwrap().ran;
        assert!(matches!(ran, Ran::Crashed { stderr, .. } if stderr == "one\ntwo"), "all of it, said as it is");
        assert!(
            matches!(sh("kill -SEGV $$").run("").unwrap().ran, Ran::Crashed { status, .. } if status == "killed by signal 11")
        );
    }

    #[test]
    fn a_program_past_its_time_is_killed_and_the_time_is_told() {
        let started = Instant::now();
        let ran = sh("sleep 30").run("").unwrap().ran;
        let Ran::TimedOut { killed_at } = ran else { panic!("{ran:?}") };
        assert!(killed_at >= Duration::from_millis(500), "killed at {killed_at:?}, before its time");
        assert!(started.elapsed() < Duration::from_secs(10), "killed, not waited for");
    }

    const ANY: Limits = Limits::new(Duration::from_secs(1), 1 << 30, Duration::from_secs(1));

    #[test]
    fn a_program_that_is_not_there_or_not_executable_is_one_line() {
        let error = Program::new("no-such-program-m3diff --flag", ANY).unwrap_err();
        assert!(error.contains("no program \"no-such-program-m3diff\""), "{error}");
        assert!(Program::new("'unbalanced", ANY).unwrap_err().contains("unbalanced quotes"));
        assert!(Program::new("Cargo.toml", ANY).unwrap_err().contains("not a file, nor on PATH"));
        assert!(Program::new("./Cargo.toml", ANY).unwrap_err().contains("is not executable"));
    }
}
