//! Writing a failing case to the corpus, shrinking it, and placing it on
//! the shelf; removing a regression's pair of files.

use std::io;
use std::path::{Path, PathBuf};

use m3_model::Stepper;

use super::report::{diagnosed, directory, next_steps, replay_command, REPORT_EXTENSION, ROOT_CAUSE, UNDIAGNOSED};
use super::shelf::{remove, remove_orphan_reports, Placed, Shelf, Shelved};
use crate::check::oracle::Failure;
use crate::check::shrink::{shrink, Limits};
use crate::game::{Game, Renders};
use crate::process::files::{named, write_whole, FolderLock};
use crate::process::hash::short_hash;

/// A failure written to the corpus.
pub struct Kept<I> {
    pub path: PathBuf,
    pub instance: I,
    pub failure: Failure,
    pub before: String,
    pub after: String,
    pub placed: Placed,
}

impl<I> Kept<I> {
    /// What the user reads of it: where it went, the report, the replay and
    /// the next steps.
    pub fn message(&self, game: &str) -> String {
        let path = self.path.display();
        match &self.placed {
            Placed::Dropped(kept) if kept == &self.path => format!(
                "found again: {path} ({} -> {}), kept already\nreplay: {}",
                self.before,
                self.after,
                replay_command(game, kept)
            ),
            Placed::Dropped(kept) => format!(
                "dropped {path} ({} -> {}): this kind is kept already by {}\nreplay: {}",
                self.before,
                self.after,
                kept.display(),
                replay_command(game, kept)
            ),
            placed => {
                let instead = match placed {
                    Placed::Replaced(old) => format!(" in place of the larger {}", old.display()),
                    _ => String::new(),
                };
                format!(
                    "kept {path} ({} -> {}){instead}\n{}{}",
                    self.before,
                    self.after,
                    self.failure.report_with_replay(&replay_command(game, &self.path)),
                    next_steps(game, &self.path)
                )
            }
        }
    }
}

/// Writes `instance` (which fails with `failure`) to the corpus under
/// `corpus_root`, shrinks it, replaces it by the shrunk case and puts that on
/// `shelf`. `origin` says how the case was found, as a command.
///
/// Other campaigns, `triage` or `corpus import` may write the same
/// regressions folder at the same time: the case is placed while this
/// writer holds the folder ([`FolderLock`]), on the shelf as the folder
/// holds it then, so that one kind stays one regression.
///
/// The corpus root must exist (the command made it at its start): one
/// removed during the run is an error, not made again. Every error names
/// the path it is about.
pub fn keep<G: Game, E: Stepper<G>>(
    shelf: &std::sync::Mutex<Shelf>,
    corpus_root: &Path,
    instance: &G::Instance,
    failure: Failure,
    origin: &str,
    limits: Limits<'_>,
) -> io::Result<Kept<G::Instance>> {
    let before = G::Trace::dimensions(instance);
    let (raw, raw_created) = write::<G>(corpus_root, instance, &failure, origin, "not shrunk yet", None)?;
    let shrunk = shrink::<G, E>(instance, failure, limits);
    let after = G::Trace::dimensions(&shrunk.instance);
    let how = format!("from {before} to {after}: {}", shrunk.how());
    // When nothing smaller fails alike, the shrunk case is the raw one, and
    // its report must say how shrinking went rather than that it has not.
    let ours = raw_created.then_some(raw.as_path());
    let (path, created) =
        write::<G>(corpus_root, &shrunk.instance, &shrunk.failure, origin, &how, ours).map_err(|error| {
            io::Error::new(error.kind(), format!("{error}; the unshrunk case stays as {}", raw.display()))
        })?;
    if path != raw && raw_created {
        remove(&raw)?;
    }
    if created || !path.with_extension(crate::runs::corpus::PAGE_EXTENSION).exists() {
        write_page::<G, E>(&path, &shrunk.instance, &shrunk.failure, origin);
    }
    let _held = FolderLock::take(&directory::<G>(corpus_root))?;
    remove_orphan_reports(&directory::<G>(corpus_root))?;
    let mut shelf = shelf.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // A case this call wrote is not on the shelf until placed; one that was
    // on disk before is, and meeting it again is finding it again.
    *shelf = Shelf::read::<G, E>(corpus_root, created.then_some(path.as_path()))?;
    let new =
        Shelved { measure: G::measure(&shrunk.instance), diagnosed: !created && diagnosed(&path), path: path.clone() };
    let placed = shelf.place(&shrunk.failure.kind.to_string(), new, created)?;
    Ok(Kept { path, instance: shrunk.instance, failure: shrunk.failure, before, after, placed })
}

/// Writes the page of the case kept at `path` beside it, engine `E`'s
/// boards beside the reference's.
fn write_page<G: Game, E: Stepper<G>>(path: &Path, instance: &G::Instance, failure: &Failure, origin: &str) {
    use crate::check::page::{both_sides, Shown};
    let replay = replay_command(G::NAME, path);
    let note = format!("found by: {origin}");
    let page = both_sides::<G, E>(instance, "engine", &Shown { failure: Some(failure), replay: &replay, note: &note });
    crate::runs::corpus::write_page(path, &page, G::NAME, "");
}

/// Writes one case and its report, both whole or neither; returns the
/// instance's path, and whether this campaign created it. A case already
/// on disk is left as it is, report and all, so that a diagnosis written
/// there is never overwritten, unless it is `ours`: written by this
/// campaign a moment ago, before shrinking, whose report alone changes.
fn write<G: Game>(
    corpus_root: &Path,
    instance: &G::Instance,
    failure: &Failure,
    origin: &str,
    shrinking: &str,
    ours: Option<&Path>,
) -> io::Result<(PathBuf, bool)> {
    let text = instance.to_string();
    if !corpus_root.is_dir() {
        let gone = io::Error::new(io::ErrorKind::NotFound, "the corpus folder is gone (removed during the run?)");
        return Err(io::Error::new(gone.kind(), format!("{}: {gone}", corpus_root.display())));
    }
    let dir = directory::<G>(corpus_root);
    std::fs::create_dir_all(&dir).map_err(|error| named(&dir, error))?;
    let path = dir.join(format!("{}.{}", short_hash(&text), crate::runs::corpus::INSTANCE_EXTENSION));
    let is_ours = ours == Some(path.as_path());
    // Held while the pair is written, so that no writer takes the report
    // for one left without its case, nor writes the same case meanwhile.
    let _held = FolderLock::take(&dir)?;
    let report_path = path.with_extension(REPORT_EXTENSION);
    // A case left without its report (its writer was killed between the
    // two) gets one; a case with its report is left alone.
    let complete = report_path.exists();
    if path.exists() && !is_ours && complete {
        return Ok((path, false));
    }
    let replay = replay_command(G::NAME, &path);
    let report = format!(
        "game: {}\nfailure: {}\nfound by: {origin}\nshrunk: {shrinking}\nreplay: {replay}\n\n{}\n{}\n\n{UNDIAGNOSED}; \
         once it is fixed, replace this line by \"{ROOT_CAUSE}\" and what was wrong.\n",
        G::NAME,
        failure.kind,
        failure.report.trim_end(),
        next_steps(G::NAME, &path),
    );
    if path.exists() {
        // The case is on disk as it is; on an error its first report stands.
        write_whole(&report_path, &report)?;
        return Ok((path, is_ours));
    }
    // Another writer may have removed our unshrunk case meanwhile (one of
    // its kind it shrank smaller): then the pair is written again.
    crate::runs::corpus::write_pair(&path, &text, &report_path, &report)?;
    Ok((path, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(path: &str, placed: Placed) -> Kept<()> {
        let failure = Failure {
            kind: crate::check::oracle::FailureKind::Divergence { field: "hand_points" },
            operation: Some(1),
            step: None,
            report: "divergence in `hand_points`".into(),
        };
        Kept { path: PathBuf::from(path), instance: (), failure, before: "9x9".into(), after: "3x3".into(), placed }
    }

    /// The issue's own: the file kept was said to be dropped, and kept.
    #[test]
    fn a_case_met_again_is_found_again_not_dropped_by_itself() {
        let again =
            kept("c/texas/regressions/a.in", Placed::Dropped("c/texas/regressions/a.in".into())).message("texas");
        let m3diff = crate::process::invocation::m3diff();
        assert_eq!(
            again,
            format!(
                "found again: c/texas/regressions/a.in (9x9 -> 3x3), kept already\n\
                 replay: {m3diff} check texas c/texas/regressions/a.in"
            )
        );
        let dropped =
            kept("c/texas/regressions/b.in", Placed::Dropped("c/texas/regressions/a.in".into())).message("texas");
        assert!(
            dropped.starts_with("dropped c/texas/regressions/b.in (9x9 -> 3x3): this kind is kept already by c/texas/regressions/a.in\n"),
            "{dropped}"
        );
        assert!(dropped.ends_with(&format!("replay: {m3diff} check texas c/texas/regressions/a.in")), "{dropped}");
    }
}
