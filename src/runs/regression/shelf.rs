//! The regressions on disk, by the kind of failure each shows now: of two
//! of a kind, which stands for it, and which go.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use m3_model::Stepper;

use super::report::{diagnosed, directory, root_cause, REPORT_EXTENSION};
use crate::check::oracle::check_game_with;
use crate::game::Game;
use crate::process::files::{named, FolderLock};
use crate::runs::corpus::instance_files;

/// A regression on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shelved {
    pub path: PathBuf,
    /// [`Rulebook::measure`](crate::game::Rulebook::measure) of its instance.
    pub measure: usize,
    /// Its report names a root cause: it stays whatever its size, so that
    /// nobody's diagnosis is ever replaced.
    pub diagnosed: bool,
}

/// What became of a regression offered to the shelf.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// The first of its kind.
    New,
    /// Smaller than the one of its kind, whose files (here) are removed.
    Replaced(PathBuf),
    /// Its kind is kept already by this regression, smaller or diagnosed;
    /// the new one's files are removed (or it is that very file).
    Dropped(PathBuf),
}

/// One game's regressions on disk, by the kind of failure each shows now.
#[derive(Debug, Default)]
pub struct Shelf {
    /// Per kind, the one that stands for it first (diagnosed, then the
    /// smallest), then any others of the kind that are on disk.
    by_kind: HashMap<String, Vec<Shelved>>,
}

impl Shelf {
    /// The regressions under `corpus_root/<game>/regressions/` that fail
    /// with engine `E`, by kind; those that pass are fixed and of no kind.
    /// Of two of a kind already on disk, the diagnosed, then the smaller,
    /// stands for it.
    ///
    /// Opened at the start of a command that keeps regressions, it makes
    /// the corpus root if need be: later in the run, a root that is gone is
    /// an error ([`keep`](super::keep())). A campaign, whose root is made when its paths
    /// are tried, reads its shelves with [`reread`].
    pub fn open<G: Game, E: Stepper<G>>(corpus_root: &Path) -> io::Result<Shelf> {
        std::fs::create_dir_all(corpus_root).map_err(|error| named(corpus_root, error))?;
        Shelf::read::<G, E>(corpus_root, None)
    }

    /// As [`Shelf::open`], leaving out the regression at `skip`: the one
    /// about to be placed, which is on disk already.
    pub(super) fn read<G: Game, E: Stepper<G>>(corpus_root: &Path, skip: Option<&Path>) -> io::Result<Shelf> {
        let dir = directory::<G>(corpus_root);
        let mut shelf = Shelf::default();
        if !dir.exists() {
            return Ok(shelf);
        }
        for path in instance_files(&dir).map_err(|error| named(&dir, error))? {
            if Some(path.as_path()) == skip {
                continue;
            }
            // A file that does not read is the regression suite's to report.
            let read = crate::process::input::read_text(Some(&path), crate::process::input::Bound::of::<G>());
            let Ok(instance) = read.map(|(_, text)| G::parse(&text)) else { continue };
            let Ok(instance) = instance else { continue };
            let Err(failure) = check_game_with::<G, E>(&instance, &mut Default::default()) else { continue };
            let found = Shelved { measure: G::measure(&instance), diagnosed: diagnosed(&path), path };
            shelf.by_kind.entry(failure.kind.to_string()).or_default().push(found);
        }
        for of_a_kind in shelf.by_kind.values_mut() {
            of_a_kind.sort_by(|a, b| (!a.diagnosed, a.measure, &a.path).cmp(&(!b.diagnosed, b.measure, &b.path)));
        }
        Ok(shelf)
    }

    /// The regression that stands for `kind`.
    pub fn get(&self, kind: &str) -> Option<&Shelved> {
        self.by_kind.get(kind).and_then(|of_a_kind| of_a_kind.first())
    }

    /// Puts a regression just written at `new.path` on the shelf, or takes
    /// it off again when one of its kind is smaller or diagnosed. `created`
    /// says the file is this run's: a file that was on disk before is never
    /// removed. Whichever stands, the other undiagnosed regressions of the
    /// kind go (one left by a run killed while it shrank), so that a kind
    /// is one regression.
    pub fn place(&mut self, kind: &str, new: Shelved, created: bool) -> io::Result<Placed> {
        let of_a_kind = self.by_kind.entry(kind.to_string()).or_default();
        let Some(old) = of_a_kind.first().cloned() else {
            of_a_kind.push(new);
            return Ok(Placed::New);
        };
        let (placed, standing) = if old.path == new.path || old.diagnosed || old.measure <= new.measure {
            if created && new.path != old.path {
                remove(&new.path)?;
            }
            (Placed::Dropped(old.path.clone()), old)
        } else {
            remove(&old.path)?;
            (Placed::Replaced(old.path), new)
        };
        for other in of_a_kind.iter().filter(|other| !other.diagnosed && other.path != standing.path) {
            remove(&other.path)?;
        }
        of_a_kind.retain(|other| other.diagnosed && other.path != standing.path);
        of_a_kind.insert(0, standing);
        Ok(placed)
    }
}

/// The shelf of game `G` under `corpus_root` as the folder holds it now,
/// read while no other writer changes it: what stands at the end of a run,
/// whatever other runs kept or removed meanwhile.
pub fn reread<G: Game, E: Stepper<G>>(corpus_root: &Path) -> io::Result<Shelf> {
    let dir = directory::<G>(corpus_root);
    if !dir.is_dir() {
        return Ok(Shelf::default());
    }
    let _held = FolderLock::take(&dir)?;
    remove_orphan_reports(&dir)?;
    Shelf::read::<G, E>(corpus_root, None)
}

/// Removes the undiagnosed reports in `dir` left without their case by a
/// writer killed between the two; a diagnosis is never removed. Run while
/// holding `dir`.
pub(super) fn remove_orphan_reports(dir: &Path) -> io::Result<()> {
    crate::runs::corpus::remove_orphan_reports(dir, REPORT_EXTENSION, |report| root_cause(report).is_some()).map(drop)
}

/// Removes a regression, its report and its page; files another writer removed
/// already are no error.
pub fn remove(instance: &Path) -> io::Result<()> {
    crate::runs::corpus::remove_pair(instance, REPORT_EXTENSION)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runs::regression::UNDIAGNOSED;

    fn shelved(path: &str, measure: usize, diagnosed: bool) -> Shelved {
        Shelved { path: PathBuf::from(path), measure, diagnosed }
    }

    #[test]
    fn of_two_regressions_of_a_kind_the_smaller_stays_unless_the_other_is_diagnosed() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, "case").unwrap();
            std::fs::write(path.with_extension(REPORT_EXTENSION), "report").unwrap();
            path.display().to_string()
        };
        let (big, small, bigger) = (file("big.in"), file("small.in"), file("bigger.in"));
        let mut shelf = Shelf::default();
        assert_eq!(shelf.place("k", shelved(&big, 50, false), true).unwrap(), Placed::New);
        assert_eq!(shelf.place("k", shelved(&small, 10, false), true).unwrap(), Placed::Replaced(big.clone().into()));
        assert!(!Path::new(&big).exists() && !Path::new(&big).with_extension(REPORT_EXTENSION).exists());
        assert_eq!(shelf.place("k", shelved(&bigger, 90, false), true).unwrap(), Placed::Dropped(small.clone().into()));
        assert!(!Path::new(&bigger).exists(), "a dropped case leaves no file behind");
        assert_eq!(shelf.place("k", shelved(&small, 10, false), false).unwrap(), Placed::Dropped(small.clone().into()));
        assert!(Path::new(&small).exists(), "the very file kept is never removed");

        let mut diagnosed = Shelf::default();
        let (old, tiny) = (file("old.in"), file("tiny.in"));
        diagnosed.place("k", shelved(&old, 50, true), false).unwrap();
        assert_eq!(diagnosed.place("k", shelved(&tiny, 1, false), true).unwrap(), Placed::Dropped(old.clone().into()));
        assert!(Path::new(&old).exists() && !Path::new(&tiny).exists());
    }

    /// A writer killed between a report and its case leaves the report
    /// alone: the next writer on the folder removes it, unless it holds a
    /// diagnosis, which is nobody's to remove.
    #[test]
    fn a_report_left_without_its_case_goes_unless_it_is_diagnosed() {
        use m3_model::texas::Texas;
        let corpus = tempfile::tempdir().unwrap();
        let dir = directory::<Texas>(corpus.path());
        std::fs::create_dir_all(&dir).unwrap();
        let (orphan, diagnosed, paired) = (dir.join("a.txt"), dir.join("b.txt"), dir.join("c.txt"));
        std::fs::write(&orphan, format!("failure: x\n\n{UNDIAGNOSED}\n")).unwrap();
        std::fs::write(&diagnosed, "failure: x\n\nroot cause: the hand was scored twice (TX10).\n").unwrap();
        std::fs::write(&paired, format!("failure: x\n\n{UNDIAGNOSED}\n")).unwrap();
        std::fs::write(paired.with_extension("in"), "not read here").unwrap();
        reread::<Texas, <Texas as Game>::Engine>(corpus.path()).unwrap();
        assert!(!orphan.exists(), "an undiagnosed report without its case stays");
        assert!(diagnosed.exists() && paired.exists());
    }
}
