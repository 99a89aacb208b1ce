//! The most a program used over a campaign, and its slowest case kept: the
//! case a setter times a solution on, kept whether the program answered it
//! right or not, as `DIR/<game>/timing/slowest.in` beside a report
//! `slowest.txt`: in a folder of its own, since it is no failure.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::program::{Program, Usage};
use crate::game::Game;
use crate::process::files::{write_together, FolderLock};
use crate::runs::campaign::ProgramUse;

/// The folder of the slowest case under a game's, and its files' name
/// before `.in` and `.txt`.
pub const TIMING: &str = "timing";
pub const SLOWEST: &str = "slowest";

/// The most of each over the runs so far, and the slowest case kept.
#[derive(Default)]
pub struct Most(Mutex<ProgramUse>);

impl Most {
    pub fn of(&self) -> ProgramUse {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// Counts a run of many cases (`--batch`), which has no one case to
    /// keep as the slowest.
    pub fn note_run(&self, usage: Usage) {
        let mut most = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        most.cpu = most.cpu.max(usage.cpu);
        most.wall = most.wall.max(usage.wall);
        most.peak = most.peak.max(usage.peak);
    }

    /// Counts a run of `instance` that used `usage`; a run of more CPU time
    /// than any before has its case kept under `dir` in place of the last
    /// one. A case that cannot be written (a full disk, a `--keep` folder
    /// removed during the run, which is not made again) is left unkept:
    /// the campaign is about the program's answers, and the cases it keeps
    /// say what went wrong.
    pub fn note<G: Game>(
        &self,
        dir: &Path,
        program: &Program,
        instance: &G::Instance,
        usage: Usage,
        origin: &dyn Fn() -> String,
    ) {
        let mut most = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        most.wall = most.wall.max(usage.wall);
        most.peak = most.peak.max(usage.peak);
        // A run as slow as the slowest is kept only while none is: one that
        // could not be written is tried again, never with a faster case.
        if usage.cpu < most.cpu || (usage.cpu == most.cpu && most.slowest.is_some()) {
            return;
        }
        most.cpu = usage.cpu;
        // Kept under the lock: two runs never write the files at once.
        most.slowest = keep::<G>(dir, program, instance, usage, &origin()).ok();
    }
}

fn keep<G: Game>(
    dir: &Path,
    program: &Program,
    instance: &G::Instance,
    usage: Usage,
    origin: &str,
) -> std::io::Result<PathBuf> {
    if !dir.is_dir() {
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, "the --keep folder is gone"));
    }
    let dir = dir.join(G::NAME).join(TIMING);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{SLOWEST}.in"));
    let report = format!(
        "# {}: the case of the most CPU time\n\n\
         the run used: {}\n\
         within: {}\n\
         found by: {origin}\n\
         time it: {} check {} {} {}\n",
        G::TITLE,
        usage.line(),
        program.limits().line(),
        crate::process::invocation::m3diff(),
        G::NAME,
        path.display(),
        program.options(),
    );
    let _held = FolderLock::take(&dir)?;
    let text = instance.to_string();
    write_together(&[(&path.with_extension("txt"), report.as_bytes()), (&path, text.as_bytes())])?;
    Ok(path)
}
