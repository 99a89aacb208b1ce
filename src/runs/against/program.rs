//! A program under test, run once per case: the instance on its standard
//! input, its answer on its standard output, as a contest judge runs a
//! solution.
//!
//! Nothing a run starts outlives it, and no run waits past its deadline,
//! whatever the program's children do. The program leads a process group of
//! its own, killed when the program exits and when the time runs out. A
//! child that left the group (`setsid`) is found by a token in its
//! environment ([`RUN_VARIABLE`]), but only when it still holds the output
//! after the program exited, or on a timeout: the common run scans nothing.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// The most of standard output read: a program that prints more is killed
/// and its output is unreadable (it must not take the harness's memory).
pub const MAX_OUTPUT: usize = 1 << 20;
/// The end of standard error kept (all of it is read, so that a program
/// that writes without end there is judged by what it prints, and counted):
/// more than the lines a report quotes, and no more whatever it writes.
const STDERR_KEPT: usize = 16 << 10;
/// The last lines of standard error a crash report shows.
const STDERR_LINES: usize = 8;
/// The most characters of one line of standard error a report quotes.
const STDERR_LINE_CHARS: usize = 200;
/// How long the output may stay open after the program exited and its group
/// was killed before what holds it is looked for.
const GRACE: Duration = Duration::from_millis(100);

/// The environment variable that marks every process a run starts, and
/// what those start in turn: a comma-separated list of run tokens, one per
/// m3diff the process descends from.
pub const RUN_VARIABLE: &str = "M3DIFF_RUN";

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
        let token = format!("{}-{}", std::process::id(), RUNS.fetch_add(1, Ordering::Relaxed));
        let mut command = Command::new(&self.argv[0]);
        command.args(&self.argv[1..]).env(RUN_VARIABLE, marks(&token));
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        // A group of its own, so that what it starts (a script's programs)
        // ends with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Before the run is started: a signal's handler then finds it.
        crate::process::interrupt::end_on_signal(kill_running);
        // Started and registered under the lock that a signal's handler
        // takes after it sets the stop flag: either the handler sees this
        // run, or this run sees the flag.
        let (mut child, run) = {
            let mut running = running();
            if crate::process::interrupt::requested() {
                return Ok(Ran::Interrupted);
            }
            let child = command.spawn().map_err(|e| format!("--against: cannot start {}: {e}", self.argv[0]))?;
            let run = Running { group: child.id(), token };
            running.push(run.clone());
            (child, Registered(run))
        };
        let group = run.0.group;
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
                kill_carriers(&[&run.0.token]);
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
                    kill_carriers(&[&run.0.token]);
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

/// Runs started by this process, for their tokens.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// The programs under way, for a signal's handler to end.
static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// A run under way: the group its program leads and the token its
/// processes carry.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Running {
    group: u32,
    token: String,
}

/// A run in [`RUNNING`] until its program is reaped.
struct Registered(Running);

impl Drop for Registered {
    fn drop(&mut self) {
        running().retain(|run| *run != self.0);
    }
}

fn running() -> MutexGuard<'static, Vec<Running>> {
    RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Ends every program under way and everything it started: what a signal
/// asking m3diff to stop does, since a program's own group does not get the
/// signal.
pub fn kill_running() {
    let running = running().clone();
    for run in &running {
        kill_group(run.group);
    }
    let tokens: Vec<&str> = running.iter().map(|run| run.token.as_str()).collect();
    if !tokens.is_empty() {
        kill_carriers(&tokens);
    }
}

/// The value of [`RUN_VARIABLE`] for a run: this run's token after those of
/// the runs this m3diff itself descends from, so that they find it too.
fn marks(token: &str) -> String {
    match std::env::var(RUN_VARIABLE) {
        Ok(outer) if !outer.is_empty() => format!("{outer},{token}"),
        _ => token.to_string(),
    }
}

/// Whether an environment (`/proc/PID/environ`: `NAME=value` each ended by
/// a NUL) carries one of `tokens`.
fn carries(environ: &[u8], tokens: &[&str]) -> bool {
    let prefix = format!("{RUN_VARIABLE}=");
    environ
        .split(|&byte| byte == 0)
        .filter_map(|variable| variable.strip_prefix(prefix.as_bytes()))
        .flat_map(|value| value.split(|&byte| byte == b','))
        .any(|mark| tokens.iter().any(|token| token.as_bytes() == mark))
}

/// Kills every process that carries one of `tokens`, wherever it went
/// (`setsid`, a daemon). Linux only: elsewhere a run's group is all it ends.
fn kill_carriers(tokens: &[&str]) {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        // Again while any is found: one may have started another between
        // the look and the kill. A killed one no longer shows its
        // environment (a zombie's is empty), so the looks end.
        for _ in 0..4 {
            let Ok(entries) = std::fs::read_dir("/proc") else { return };
            let mut found = false;
            for entry in entries.flatten() {
                let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()) else {
                    continue;
                };
                if pid == me {
                    continue;
                }
                match std::fs::read(entry.path().join("environ")) {
                    Ok(environ) if carries(&environ, tokens) => {
                        found = true;
                        if let Ok(pid) = libc::pid_t::try_from(pid) {
                            // SAFETY: kill(2) takes plain integers; pid is
                            // a process, positive, not this one.
                            unsafe { libc::kill(pid, libc::SIGKILL) };
                        }
                    }
                    _ => {}
                }
            }
            if !found {
                return;
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = tokens;
}

/// Ends everything in the process group `group` leads.
fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(group) {
        // 0 and 1 would name this process's own group and every process.
        if group > 1 {
            // SAFETY: kill(2) takes plain integers; a negative pid names
            // the group the program leads, made for it at spawn.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// How much of a stream is kept.
#[derive(Clone, Copy)]
enum Keep {
    /// The first bytes; past them the program is killed.
    First(usize),
    /// The last bytes, however many come.
    Last(usize),
}

/// What a stream has brought so far, shared with the thread that reads it,
/// so that a run is judged by what it printed even while something still
/// holds the stream open.
#[derive(Default)]
struct Captured {
    bytes: Mutex<Vec<u8>>,
    /// Set before the program is killed for printing too much.
    overflowed: AtomicBool,
    /// Every byte read, kept or not.
    total: AtomicU64,
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes.lock().unwrap_or_else(|poisoned| poisoned.into_inner())).into_owned()
    }
}

/// Reads `stream` on a thread of its own, keeping what `keep` says, and
/// says on `done` when it is closed (or read no more).
fn capture(stream: impl Read + Send + 'static, keep: Keep, group: u32, done: mpsc::Sender<()>) -> Arc<Captured> {
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
fn wait_closed(closed: &mpsc::Receiver<()>, open: &mut usize, until: Instant) -> bool {
    while *open > 0 {
        match closed.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(()) => *open -= 1,
            Err(_) => return false,
        }
    }
    true
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

/// The last [`STDERR_LINES`] lines of `kept`, the end of a standard error
/// of `total` bytes, each cut to [`STDERR_LINE_CHARS`] characters; and,
/// when that is not all of it, how much there was. A report stays a few KB
/// whatever the program wrote.
fn quote_stderr(kept: &str, total: u64) -> String {
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

/// The file a program name stands for: a path when it holds a `/`, else
/// the first match on PATH, as a shell looks it up.
fn find(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Path::new(name).is_file().then(|| PathBuf::from(name));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata().is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh_within(script: &str, timeout: Duration) -> Program {
        Program::new(&format!("sh -c {}", shlex::try_quote(script).unwrap()), timeout).unwrap()
    }

    fn sh(script: &str) -> Program {
        sh_within(script, Duration::from_millis(500))
    }

    /// Whether process `pid` is still there; a zombie (dead, not yet
    /// reaped by whoever adopted it) is not.
    #[cfg(target_os = "linux")]
    fn alive(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
            .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
    }

    /// Whether process `pid` is gone within a few seconds: a kill is not
    /// instant, and the test machine is loaded.
    #[cfg(target_os = "linux")]
    fn gone(pid: &str) -> bool {
        let started = Instant::now();
        while alive(pid) && started.elapsed() < Duration::from_secs(5) {
            thread::sleep(Duration::from_millis(20));
        }
        !alive(pid)
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
    #[cfg(target_os = "linux")]
    fn a_timeout_ends_what_the_program_started_too() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let script = format!("sleep 30 & echo $! > {}; wait", pid_file.display());
        assert!(matches!(sh(&script).run("").unwrap(), Ran::TimedOut { .. }));
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        assert!(gone(&pid), "the script's sleep {} outlived the timeout", pid.trim());
    }

    /// A script's background child keeps its standard output open: the run
    /// ends when the script does, judged by what it printed, and the child
    /// goes with it, whether it stayed in the script's group or left it.
    #[cfg(target_os = "linux")]
    fn a_child_holding_the_output(start_child: &str) {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let script = format!("{start_child} sleep 1000 & echo $! > {}; echo answer", pid_file.display());
        let timeout = Duration::from_secs(3);
        let started = Instant::now();
        let ran = sh_within(&script, timeout).run("").unwrap();
        let took = started.elapsed();
        assert_eq!(ran, Ran::Printed("answer\n".to_string()));
        assert!(took < timeout + Duration::from_secs(1), "took {took:?}");
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        assert!(gone(&pid), "the script's sleep {} outlived the run", pid.trim());

        // And when the script itself hangs, the run is a timeout on time.
        let script = format!("{start_child} sleep 1000 & echo $! > {}; echo answer; sleep 1000", pid_file.display());
        let started = Instant::now();
        let ran = sh_within(&script, timeout).run("").unwrap();
        let took = started.elapsed();
        assert!(matches!(ran, Ran::TimedOut { .. }), "{ran:?}");
        assert!(took < timeout + Duration::from_secs(1), "took {took:?}");
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        assert!(gone(&pid), "the script's sleep {} outlived the timeout", pid.trim());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_child_in_the_background_holding_the_output_holds_nothing_up() {
        a_child_holding_the_output("");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_child_that_left_the_group_holding_the_output_holds_nothing_up() {
        if find("setsid").is_none() {
            eprintln!("setsid is not on PATH: not tried");
            return;
        }
        a_child_holding_the_output("setsid");
    }

    #[test]
    fn a_program_that_prints_without_end_is_too_much_output_not_a_crash() {
        let started = Instant::now();
        let ran = sh_within("yes", Duration::from_secs(30)).run("").unwrap();
        let Ran::TooMuchOutput { printed } = ran else { panic!("{ran:?}") };
        assert_eq!(printed.len(), MAX_OUTPUT);
        assert!(printed.starts_with("y\ny\n"));
        assert!(started.elapsed() < Duration::from_secs(20), "killed on passing the cap, not at the timeout");
        // Up to the cap is an answer, and standard error has no cap.
        let script = format!("head -c {MAX_OUTPUT} /dev/zero; yes | head -c 3000000 >&2; echo end >&2; exit 1");
        let ran = sh_within(&script, Duration::from_secs(30)).run("").unwrap();
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
        let ran = sh_within(script, Duration::from_secs(60)).run("").unwrap();
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

    #[test]
    fn a_run_carries_its_token_after_those_it_descends_from() {
        let ran = sh(&format!("echo ${RUN_VARIABLE}")).run("").unwrap();
        let Ran::Printed(marks) = ran else { panic!("{ran:?}") };
        let token = marks.trim().rsplit(',').next().unwrap();
        assert!(token.starts_with(&format!("{}-", std::process::id())), "{marks}");
        let environ = format!("PATH=/bin\0{RUN_VARIABLE}=1-2,{token}\0HOME=/");
        assert!(carries(environ.as_bytes(), &["9-9", token]));
        assert!(!carries(environ.as_bytes(), &["1-"]), "a token whole, not a part of one");
        assert!(!carries(format!("OTHER={token}\0").as_bytes(), &[token]));
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
