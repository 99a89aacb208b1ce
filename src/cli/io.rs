//! Reading an instance and writing the answer, as every command does; a
//! module of its own so that the commands use it without importing their
//! parent.

use std::path::Path;
use std::process::ExitCode;

use crate::game::Game;
use crate::process::input::{read_text, Bound};

/// Reads and parses an instance, no more of it than a file of `G` holds
/// ([`Bound::of`]); the error is one line naming the file, the line, the
/// column and what was expected.
pub fn read_instance<G: Game>(file: Option<&Path>) -> Result<G::Instance, String> {
    let (name, text) = read_text(file, Bound::of::<G>())?;
    G::parse(&text).map_err(|e| format!("{name}: {e}"))
}

/// Reads and parses an instance, with the player's operations from their
/// own file when `operations` names one.
pub fn read_instance_apart<G: Game>(file: Option<&Path>, operations: Option<&Path>) -> Result<G::Instance, String> {
    let Some(operations) = operations else { return read_instance::<G>(file) };
    let stdin = |path: Option<&Path>| path.is_none_or(|path| path == Path::new("-"));
    if stdin(file) && stdin(Some(operations)) {
        return Err(format!(
            "the instance and --commands both from standard input: it cannot be read twice; give one of them as a file \
             (or both in one, the {}s after the instance)",
            G::OPERATION
        ));
    }
    let (name, text) = read_text(file, Bound::of::<G>())?;
    let (_, operations_text) = read_text(Some(operations), Bound::of::<G>())?;
    match G::parse_apart(&text, &operations_text) {
        Some(parsed) => parsed.map_err(|e| format!("{name}: {e}")),
        None => Err(format!("--commands: {} reads its {}s from the instance's file", G::NAME, G::OPERATION)),
    }
}

/// Writes what the command answers to standard output. A stream closed
/// or whose reader went away (`| head`) is an error like any other: the
/// answer is lost, and the exit must not say it was given.
pub(crate) fn write_stdout(text: &str) -> Result<ExitCode, String> {
    crate::process::streams::to_stdout(text).map(|()| ExitCode::SUCCESS)
}

/// Fails unless failing cases can be written under `dir`, which `option`
/// names: it is created if need be and tried ([`crate::process::files::try_writing`]).
pub(crate) fn probe(dir: &std::path::Path, option: &str) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("{option} {}: cannot write failing cases there: {e}", dir.display());
    if dir.exists() && !dir.is_dir() {
        return Err(cannot(std::io::Error::other("a file, where a folder is expected")));
    }
    std::fs::create_dir_all(dir).map_err(cannot)?;
    crate::process::files::try_writing(dir).map_err(cannot)
}
