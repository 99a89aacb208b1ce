//! A program under test, run once per case: the instance on its standard
//! input, its answer on its standard output, as a contest judge runs a
//! solution.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::Duration;

use wait_timeout::ChildExt;

/// The most of a stream kept: a program that prints without end must not
/// take the harness's memory with it.
const MAX_KEPT: u64 = 1 << 20;
/// The last lines of standard error a crash report shows.
const STDERR_LINES: usize = 8;

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
    /// It exited otherwise, or a signal ended it, having printed `printed`.
    Crashed { status: String, printed: String, stderr: String },
    /// It was still running when the time ran out, and was killed.
    TimedOut,
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
            return Err(format!("--against: {} is not executable", path.display()));
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
        let mut command = Command::new(&self.argv[0]);
        command.args(&self.argv[1..]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        // A group of its own, so that a timeout ends whatever it started too
        // (a script's programs), not only the program.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| format!("--against: cannot start {}: {e}", self.argv[0]))?;
        // Each stream on its own thread: a program that prints before it has
        // read all its input must not block on a full pipe.
        let stdin = child.stdin.take().expect("piped");
        let input = input.to_string();
        let writer = thread::spawn(move || {
            let mut stdin = stdin;
            // A program that exits without reading its input closes the pipe.
            let _ = stdin.write_all(input.as_bytes());
        });
        let stdout = read_in_background(child.stdout.take().expect("piped"));
        let stderr = read_in_background(child.stderr.take().expect("piped"));
        let status = child.wait_timeout(self.timeout).map_err(|e| format!("--against: cannot wait: {e}"))?;
        let Some(status) = status else {
            kill_group(&mut child);
            let _ = child.wait();
            // Not waited for: what left the group (a daemon) may hold the
            // pipes open still.
            drop((writer, stdout, stderr));
            return Ok(Ran::TimedOut);
        };
        let _ = writer.join();
        let printed = stdout.join().unwrap_or_default();
        let stderr = stderr.join().unwrap_or_default();
        Ok(if status.success() {
            Ran::Printed(printed)
        } else {
            Ran::Crashed { status: describe(status), printed, stderr: last_lines(&stderr, STDERR_LINES) }
        })
    }
}

/// Ends the program and everything in its process group.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) takes plain integers; a negative pid names the
        // group the program leads, made for it at spawn.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
    let _ = child.kill();
}

fn read_in_background(stream: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stream.take(MAX_KEPT).read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
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

fn last_lines(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].join("\n")
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
    use std::time::Instant;

    use super::*;

    fn sh(script: &str) -> Program {
        Program::new(&format!("sh -c {}", shlex::try_quote(script).unwrap()), Duration::from_millis(500)).unwrap()
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
        assert_eq!(stderr, (13..=20).map(|n| n.to_string()).collect::<Vec<_>>().join("\n"));
        assert!(
            matches!(sh("kill -SEGV $$").run("").unwrap(), Ran::Crashed { status, .. } if status == "killed by signal 11")
        );
    }

    #[test]
    fn a_program_past_its_time_is_killed() {
        let started = Instant::now();
        assert_eq!(sh("sleep 30").run("").unwrap(), Ran::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(10), "killed, not waited for");
    }

    #[test]
    fn a_timeout_ends_what_the_program_started_too() {
        let dir = std::env::temp_dir().join(format!("m3diff-group-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pid_file = dir.join("pid");
        let script = format!("sleep 30 & echo $! > {}; wait", pid_file.display());
        assert_eq!(sh(&script).run("").unwrap(), Ran::TimedOut);
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        // `kill -0` succeeds while the process is there (or a zombie not yet
        // reaped by init), so give init a moment.
        let alive = || {
            Command::new("sh")
                .args(["-c", &format!("ps -o stat= -p {} | grep -qv Z", pid.trim())])
                .status()
                .unwrap()
                .success()
        };
        let started = Instant::now();
        while alive() && started.elapsed() < Duration::from_secs(5) {
            thread::sleep(Duration::from_millis(50));
        }
        assert!(!alive(), "the script's sleep {} outlived the timeout", pid.trim());
        std::fs::remove_dir_all(&dir).unwrap();
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
