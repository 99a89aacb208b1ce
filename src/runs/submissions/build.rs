//! Building submissions as a judge builds them, into a folder that goes
//! when the command is done with it: the user's folders get no binary and
//! no `__pycache__`.

use std::path::Path;
use std::process::Command;

use super::source::{Language, Submission};
use crate::process::files::Scratch;
use crate::runs::against::{Limits, Program};

/// The most lines of a compiler's complaint a report quotes: its first
/// error is what to read, and a template error runs to pages.
const COMPLAINT_LINES: usize = 12;

/// The folder the submissions are built in, removed when dropped.
pub struct Built {
    scratch: Scratch,
}

impl Built {
    /// A new folder `.NAME.build-PID` in `parent`.
    pub fn new(parent: &Path, name: &str) -> Result<Built, String> {
        Ok(Built { scratch: Scratch::new(parent, name, "build").map_err(|error| error.to_string())? })
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
        // Python's byte code goes here, not beside the source.
        let ran = Command::new(words[0]).args(&words[1..]).env("PYTHONPYCACHEPREFIX", self.scratch.path()).output();
        let ran = ran.map_err(|error| format!("{name}: cannot run {}, which builds it: {error}", words[0]))?;
        if ran.status.success() {
            return Ok(());
        }
        let complaint = String::from_utf8_lossy(&ran.stderr);
        let lines: Vec<&str> = complaint.lines().take(COMPLAINT_LINES).collect();
        Err(format!("{name} does not build ({}, {}):\n{}", words.join(" "), ran.status, lines.join("\n")))
    }
}
