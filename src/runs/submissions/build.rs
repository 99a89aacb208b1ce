//! Building submissions as a judge builds them, into a folder that goes
//! when the command is done with it: the user's folders get no binary and
//! no `__pycache__`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::source::{Language, Submission};
use crate::process::files::Scratch;
use crate::runs::against::{start_held, Limits, Program};

/// The most lines of a compiler's complaint a report quotes: its first
/// error is what to read, and a template error runs to pages.
const COMPLAINT_LINES: usize = 12;

/// The folder the submissions are built in, removed when dropped.
pub struct Built {
    scratch: Scratch,
    /// How long a build may take, as a judge's compile limit: a compiler
    /// that hangs (or a template that never ends) fails, it does not hang
    /// `tests`.
    compile_time: Duration,
}

impl Built {
    /// A new folder in `parent` ([`Scratch`]: `.NAME.build.PID-N.partial`),
    /// whose builds take at most `compile_time` each.
    pub fn new(parent: &Path, name: &str, compile_time: Duration) -> Result<Built, String> {
        let scratch = Scratch::new(parent, name, "build").map_err(|error| error.to_string())?;
        Ok(Built { scratch, compile_time })
    }

    /// `submission` built as the judges build it (the `index`th given, so
    /// that two of one name do not share a binary) and ready to run within
    /// `limits`; an error is the compiler's complaint or a missing tool.
    pub fn program(&self, submission: &Submission, index: usize, limits: Limits) -> Result<Program, String> {
        let source = submission.source.as_os_str().to_string_lossy().into_owned();
        let stem = submission.source.file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
        let binary = self.scratch.path().join(format!("{index}-{stem}"));
        let binary_name = binary.to_string_lossy().into_owned();
        let (compile, run): (Option<Vec<&str>>, Vec<&str>) = match &submission.language {
            Language::Cpp => (
                Some(vec!["g++", "-g", "-O2", "-std=gnu++17", "-static", "-o", &binary_name, &source]),
                vec![&binary_name],
            ),
            Language::C => (
                Some(vec!["gcc", "-g", "-O2", "-std=gnu99", "-static", "-o", &binary_name, &source, "-lm"]),
                vec![&binary_name],
            ),
            Language::Python => (Some(vec!["python3", "-m", "py_compile", &source]), vec!["python3", &source]),
            Language::Command(command) => {
                return Program::new(command, limits).map_err(|error| format!("{}: {error}", submission.name()))
            }
        };
        if let Some(compile) = compile {
            self.compile(submission, &compile)?;
        }
        let command = shlex::try_join(run).map_err(|error| format!("{}: {error}", submission.name()))?;
        Program::new(&command, limits).map_err(|error| format!("{}: {error}", submission.name()))
    }

    fn compile(&self, submission: &Submission, words: &[&str]) -> Result<(), String> {
        let name = submission.name();
        let cannot = |error: std::io::Error| format!("{name}: cannot run {}, which builds it: {error}", words[0]);
        // To a file, which never fills as a pipe would while the build waits.
        let complaint_path = self.scratch.path().join(format!(".{name}.complaint"));
        let complaint = std::fs::File::create(&complaint_path).map_err(cannot)?;
        let mut command = Command::new(words[0]);
        command
            .args(&words[1..])
            // Python's byte code goes here, not beside the source.
            .env("PYTHONPYCACHEPREFIX", self.scratch.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(complaint);
        // In a group of its own, so that the compiler's own children go
        // with it when the time is up, and registered as a run's program
        // is, so that a signal asking m3diff to stop ends them too.
        let Some((mut build, held)) = start_held(&mut command).map_err(cannot)? else {
            return Err(format!("{name} is not built: m3diff was asked to stop"));
        };
        let ended = ended_within(&mut build, self.compile_time);
        if !matches!(ended, Ok(Some(_))) {
            held.kill();
            let _ = build.wait();
        }
        let Some(status) = ended.map_err(cannot)? else {
            let limit = crate::process::prose::duration(self.compile_time);
            return Err(format!("{name} does not build within {limit}, the compile time limit ({})", words.join(" ")));
        };
        if crate::process::interrupt::requested() && !status.success() {
            return Err(format!("{name} is not built: m3diff was asked to stop"));
        }
        if status.success() {
            return Ok(());
        }
        let complaint = std::fs::read(&complaint_path).unwrap_or_default();
        let complaint = String::from_utf8_lossy(&complaint);
        let lines: Vec<&str> = complaint.lines().take(COMPLAINT_LINES).collect();
        Err(format!("{name} does not build ({}, {status}):\n{}", words.join(" "), lines.join("\n")))
    }
}

/// How `child` ended, if it did within `limit`. Polled, not waited on with a
/// SIGCHLD handler (the wait-timeout crate's way): a handler installed in
/// this process would be inherited by the namespaces that later runs fork
/// from it, whose init reaps its own children.
fn ended_within(child: &mut std::process::Child, limit: Duration) -> std::io::Result<Option<std::process::ExitStatus>> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}
