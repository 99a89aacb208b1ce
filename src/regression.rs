//! Failing cases kept for good: `corpus/<game>/regressions/NAME.in` in the
//! problem format, with the report beside it in `NAME.txt`. A case is written
//! as soon as it is found and replaced by its shrunk form afterwards, so an
//! error or Ctrl-C while shrinking loses nothing.

use std::io;
use std::path::{Path, PathBuf};

use m3_model::Stepper;

use crate::game::{Game, Trace};
use crate::oracle::Failure;
use crate::shrink::shrink;

/// Extension of the report beside a regression.
pub const REPORT_EXTENSION: &str = "txt";

/// A failure written to the corpus.
pub struct Kept<I> {
    pub path: PathBuf,
    pub instance: I,
    pub failure: Failure,
    pub before: String,
    pub after: String,
}

/// Writes `instance` (which fails with `failure`) to the corpus under
/// `corpus_root`, shrinks it, and replaces it by the shrunk case.
/// `origin` says how the case was found, as a command.
pub fn keep<G: Game, E: Stepper<G>>(
    corpus_root: &Path,
    instance: &G::Instance,
    failure: Failure,
    origin: &str,
    stop: &dyn Fn() -> bool,
) -> io::Result<Kept<G::Instance>> {
    let before = G::Trace::size(instance);
    let raw = write::<G>(corpus_root, instance, &failure, origin, "not shrunk yet")?;
    let shrunk = shrink::<G, E>(instance, failure, stop);
    let after = G::Trace::size(&shrunk.instance);
    let how = format!(
        "from {before} to {after}: {} steps in {} tries{}",
        shrunk.steps,
        shrunk.tries,
        if shrunk.cut_short { " (cut short)" } else { "" }
    );
    let path = write::<G>(corpus_root, &shrunk.instance, &shrunk.failure, origin, &how)?;
    if path != raw {
        remove(&raw)?;
    }
    Ok(Kept { path, instance: shrunk.instance, failure: shrunk.failure, before, after })
}

/// Writes one case and its report; returns the instance's path.
pub fn write<G: Game>(
    corpus_root: &Path,
    instance: &G::Instance,
    failure: &Failure,
    origin: &str,
    shrinking: &str,
) -> io::Result<PathBuf> {
    let text = instance.to_string();
    let dir = corpus_root.join(G::NAME).join("regressions");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{}.{}", short_hash(&text), crate::corpus::INSTANCE_EXTENSION));
    let replay = format!("m3diff check {} {}", G::NAME, path.display());
    let report = format!(
        "game: {}\nfailure: {}\nfound by: {origin}\nshrunk: {shrinking}\nreplay: {replay}\n\n{}\nroot cause: not yet diagnosed; write here what was wrong once it is fixed.\n",
        G::NAME,
        failure.kind,
        failure.report.trim_end(),
    );
    write_atomically(&path.with_extension(REPORT_EXTENSION), &report)?;
    write_atomically(&path, &text)?;
    Ok(path)
}

/// Removes a regression and its report.
pub fn remove(instance: &Path) -> io::Result<()> {
    std::fs::remove_file(instance)?;
    std::fs::remove_file(instance.with_extension(REPORT_EXTENSION))
}

/// A file is either absent or whole, whenever the process stops.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let partial = path.with_extension("partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, path)
}

/// The name of a regression: 12 hex digits of the instance text's hash.
pub fn short_hash(text: &str) -> String {
    format!("{:012x}", fnv1a(text) >> 16)
}

/// 64-bit FNV-1a: stable across platforms and Rust versions, unlike the
/// standard library's hasher, so names and seeds never change.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
