//! What `--against` found, kept apart from the project's regressions: it is
//! the program's bug, not the engine's. A case is `DIR/<game>/<kind>-<hash>.in`
//! in the statement's format, beside a report `.txt` that shows the
//! program's output, the reference's answer and the reference's trace of
//! the case, and the command that replays it. A failing case is written as
//! soon as it is found, before it is shrunk, so that an error or a signal
//! while shrinking loses nothing; the shrunk case then takes its place.

use std::io;
use std::path::{Path, PathBuf};

use super::{Failed, Program};
use crate::files::write_together;
use crate::game::Game;
use crate::oracle::reference_trace_within;
use crate::regression::short_hash;

/// Where `--keep` puts what it finds when not told.
pub const DEFAULT_KEEP: &str = "m3diff-found";

/// A case written to disk.
pub struct Kept {
    pub path: PathBuf,
    pub report: String,
}

/// The longest reference's trace a report holds: past it the report names
/// the command that prints it (the largest Triple Town game's trace runs to
/// gigabytes).
pub const REPORT_TRACE_MOST: usize = 1 << 20;

/// How far a kept case was shrunk.
pub enum Shrinking<'a> {
    /// Found a moment ago: the report leaves out the reference's trace,
    /// which the shrunk case's report gives (a trace of the largest games
    /// runs to megabytes).
    NotYet,
    /// Shrunk, as `how` tells.
    Done { how: &'a str },
}

/// Writes `instance`, which the program fails with `failed`, and its report
/// under `dir`, each file whole or not at all; the report goes first, so
/// that no case is ever on disk without it.
pub fn keep<G: Game>(
    dir: &Path,
    program: &Program,
    instance: &G::Instance,
    failed: &Failed,
    origin: &str,
    shrinking: Shrinking<'_>,
) -> io::Result<Kept> {
    // The folder was made when the command tried it at its start: one
    // removed during the run is an error, not made again.
    if !dir.is_dir() {
        let gone = "the --keep folder is gone (removed during the run?)";
        return Err(io::Error::new(io::ErrorKind::NotFound, format!("{}: {gone}", dir.display())));
    }
    let dir = dir.join(G::NAME);
    std::fs::create_dir_all(&dir).map_err(|error| crate::files::named(&dir, error))?;
    let text = instance.to_string();
    let path = dir.join(format!("{}-{}.in", failed.wrong.slug(), short_hash(&text)));
    let size = text.len();
    let (shrunk, account) = match shrinking {
        Shrinking::NotYet => (
            format!("not yet ({size} bytes): the shrunk case takes this one's place when shrinking ends"),
            format!("the reference's account: m3diff solve {} {} --reference --trace\n", G::NAME, path.display()),
        ),
        Shrinking::Done { how } => {
            let account = match reference_trace_within::<G>(instance, REPORT_TRACE_MOST) {
                Some(trace) => format!("the reference's account of the case:\n{trace}"),
                None => format!(
                    "the reference's account (over {REPORT_TRACE_MOST} bytes, too long for a report): \
                     m3diff solve {} {} --reference --trace\n",
                    G::NAME,
                    path.display()
                ),
            };
            (format!("{how} (runs of the program), to {size} bytes"), account)
        }
    };
    let report = format!(
        "# {title}: {failed}\n\n\
         found by: {origin}\n\
         shrunk: {shrunk}\n\
         replay: {replay}\n\n\
         {account}",
        title = G::TITLE,
        replay = replay_command::<G>(&path, program),
    );
    let report_path = path.with_extension("txt");
    write_together(&[(&report_path, report.as_bytes()), (&path, text.as_bytes())])?;
    Ok(Kept { path, report })
}

/// Removes a kept case and its report.
pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(path.with_extension("txt"));
}

/// The command that runs the program on a kept case again.
pub fn replay_command<G: Game>(path: &Path, program: &Program) -> String {
    format!("m3diff check {} {} {}", G::NAME, path.display(), program.options())
}
