//! What `--against` found, kept apart from the project's regressions: it is
//! the program's bug, not the engine's. A case is `DIR/<game>/<kind>-<hash>.in`
//! in the statement's format, beside a report `.txt` that shows the
//! program's output, the reference's answer and the reference's trace of
//! the case, and the command that replays it.

use std::io;
use std::path::{Path, PathBuf};

use super::{Failed, Program};
use crate::game::Game;
use crate::oracle::{play, trace};
use crate::regression::short_hash;
use crate::shrink::Shrunk;

/// Where `--keep` puts what it finds when not told.
pub const DEFAULT_KEEP: &str = "m3diff-found";

/// A case written to disk.
pub struct Kept {
    pub path: PathBuf,
    pub report: String,
}

/// Writes the shrunk case and its report under `dir`.
pub fn keep<G: Game>(
    dir: &Path,
    program: &Program,
    shrunk: &Shrunk<G::Instance, Failed>,
    origin: &str,
) -> io::Result<Kept> {
    let dir = dir.join(G::NAME);
    std::fs::create_dir_all(&dir)?;
    let text = shrunk.instance.to_string();
    let slug = shrunk.failure.wrong.slug();
    let path = dir.join(format!("{slug}-{}.in", short_hash(&text)));
    let (records, outcome) = play::<G, G::Reference>(&shrunk.instance);
    let report = format!(
        "# {title}: {failure}\n\n\
         found by: {origin}\n\
         shrunk: {how} (runs of the program), to {size} bytes\n\
         replay: {replay}\n\n\
         the reference's account of the case:\n{trace}",
        title = G::TITLE,
        failure = shrunk.failure,
        how = shrunk.how(),
        size = text.len(),
        replay = replay_command::<G>(&path, program),
        trace = trace::<G>(&shrunk.instance, &records, &outcome),
    );
    std::fs::write(&path, &text)?;
    std::fs::write(path.with_extension("txt"), &report)?;
    Ok(Kept { path, report })
}

/// The command that runs the program on a kept case again.
pub fn replay_command<G: Game>(path: &Path, program: &Program) -> String {
    format!("m3diff check {} {} {}", G::NAME, path.display(), program.options())
}
