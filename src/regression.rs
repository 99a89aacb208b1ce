//! Failing cases kept for good: `corpus/<game>/regressions/NAME.in` in the
//! problem format, with the report beside it in `NAME.txt`. A case is written
//! as soon as it is found and replaced by its shrunk form afterwards, so an
//! error or Ctrl-C while shrinking loses nothing.
//!
//! One kind of failure, one regression, whichever path found it (a campaign,
//! triage, `corpus import`, `shrink`): the [`Shelf`] knows which kind each
//! regression on disk shows now, and of two of a kind keeps the smaller.
//!
//! A regression is done when the tests pass on it: the case agrees, its
//! report names the root cause, and its trace snapshot is accepted
//! ([`NEXT_STEPS`]; README, "Back to green").

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use m3_model::Stepper;

use crate::corpus::instance_files;
use crate::files::{named, remove_if_present, write_together, write_whole, FolderLock};
use crate::game::{Game, Trace};
use crate::oracle::{check_game_with, Failure};
use crate::shrink::{shrink, Limits};

/// Extension of the report beside a regression.
pub const REPORT_EXTENSION: &str = "txt";

/// What a report says of the root cause until someone writes it. The tests
/// fail on a regression whose report still says this: an undiagnosed
/// regression does not land.
pub const UNDIAGNOSED: &str = "root cause: not yet diagnosed";
const ROOT_CAUSE: &str = "root cause:";

/// The way from a kept regression back to green, as the README's "Back to
/// green" section gives it; every message about a new regression ends with
/// it. `{game}` and `{path}` stand for the game and the regression.
pub const NEXT_STEPS: &str = "next: 1. diagnose: `cargo m3diff check {game} {path}` \
(and `cargo m3diff solve {game} {path} --reference --trace`); 2. fix until `check` agrees; \
3. write the root cause in {report}; 4. accept its trace snapshot: `cargo insta accept` \
(or `INSTA_UPDATE=always cargo test --test {game} -- trace_of_every_corpus_file`); 5. commit the three files \
(README, \"Back to green\")";

/// The command that replays a regression.
pub fn replay_command(game: &str, path: &Path) -> String {
    format!("m3diff check {game} {}", path.display())
}

/// [`NEXT_STEPS`] for one regression.
pub fn next_steps(game: &str, path: &Path) -> String {
    NEXT_STEPS
        .replace("{game}", game)
        .replace("{report}", &path.with_extension(REPORT_EXTENSION).display().to_string())
        .replace("{path}", &path.display().to_string())
}

/// The root cause a report names, once someone has written it.
pub fn root_cause(report: &str) -> Option<&str> {
    let at = report.find(ROOT_CAUSE).filter(|&at| at == 0 || report[..at].ends_with('\n'))?;
    let cause = report[at + ROOT_CAUSE.len()..].trim();
    (!cause.is_empty() && !report[at..].starts_with(UNDIAGNOSED)).then_some(cause)
}

/// A regression on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shelved {
    pub path: PathBuf,
    /// [`Game::measure`] of its instance.
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
    /// an error ([`keep`]). A campaign, whose root is made when its paths
    /// are tried, reads its shelves with [`reread`].
    pub fn open<G: Game, E: Stepper<G>>(corpus_root: &Path) -> io::Result<Shelf> {
        std::fs::create_dir_all(corpus_root).map_err(|error| named(corpus_root, error))?;
        Shelf::read::<G, E>(corpus_root, None)
    }

    /// As [`Shelf::open`], leaving out the regression at `skip`: the one
    /// about to be placed, which is on disk already.
    fn read<G: Game, E: Stepper<G>>(corpus_root: &Path, skip: Option<&Path>) -> io::Result<Shelf> {
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
            let read = crate::input::read_text(Some(&path), crate::input::Bound::of::<G>());
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

/// Whether the report beside a regression names its root cause.
fn diagnosed(instance: &Path) -> bool {
    let report = crate::input::read(&instance.with_extension(REPORT_EXTENSION), crate::input::Bound::report());
    report.is_ok_and(|bytes| root_cause(&String::from_utf8_lossy(&bytes)).is_some())
}

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
fn remove_orphan_reports(dir: &Path) -> io::Result<()> {
    crate::corpus::remove_orphan_reports(dir, REPORT_EXTENSION, |report| root_cause(report).is_some()).map(drop)
}

/// Where a game's regressions live.
pub fn directory<G: Game>(corpus_root: &Path) -> PathBuf {
    corpus_root.join(G::NAME).join("regressions")
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
    let path = dir.join(format!("{}.{}", short_hash(&text), crate::corpus::INSTANCE_EXTENSION));
    let is_ours = ours == Some(path.as_path());
    // Held while the pair is written, so that no writer takes the report
    // for one left without its case, nor writes the same case meanwhile.
    let _held = FolderLock::take(&dir)?;
    if path.exists() && !is_ours {
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
    let report_path = path.with_extension(REPORT_EXTENSION);
    // Another writer may have removed our unshrunk case meanwhile (one of
    // its kind it shrank smaller): then the pair is written again.
    if is_ours && path.exists() {
        // The case is on disk as it is; on an error its first report stands.
        write_whole(&report_path, &report)?;
    } else {
        // The report first: a case is never on disk without it.
        write_together(&[(&report_path, report.as_bytes()), (&path, text.as_bytes())])?;
    }
    Ok((path, true))
}

/// Removes a regression and its report; files another writer removed
/// already are no error.
pub fn remove(instance: &Path) -> io::Result<()> {
    remove_if_present(instance)?;
    remove_if_present(&instance.with_extension(REPORT_EXTENSION))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_diagnosed_once_its_root_cause_line_is_rewritten() {
        let written = format!("failure: x\n\n{UNDIAGNOSED}; once it is fixed, replace this line.\n");
        assert_eq!(root_cause(&written), None);
        assert_eq!(root_cause("failure: x\nroot cause:   \n"), None, "an empty cause is no diagnosis");
        let diagnosed = "failure: x\n\nroot cause: the full house scored 6 points, not 8 (TX10).\n";
        assert_eq!(root_cause(diagnosed), Some("the full house scored 6 points, not 8 (TX10)."));
        assert_eq!(root_cause("detail: the root cause: is elsewhere\n"), None, "only a line of its own counts");
    }

    #[test]
    fn a_report_is_read_for_its_root_cause_no_further_than_its_bound() {
        let dir = tempfile::tempdir().unwrap();
        let instance = dir.path().join("case.in");
        let report = instance.with_extension(REPORT_EXTENSION);
        std::fs::write(&report, "failure: x\nroot cause: TX10 hands a point short\n").unwrap();
        assert!(diagnosed(&instance));
        // Sparse: ten gigabytes that take no room; read whole, they would
        // take the machine's memory.
        std::fs::File::create(&report).unwrap().set_len(10_000_000_000).unwrap();
        assert!(!diagnosed(&instance));
    }

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

    fn kept(path: &str, placed: Placed) -> Kept<()> {
        let failure = Failure {
            kind: crate::oracle::FailureKind::Divergence { field: "hand_points" },
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
        assert_eq!(
            again,
            "found again: c/texas/regressions/a.in (9x9 -> 3x3), kept already\nreplay: m3diff check texas c/texas/regressions/a.in"
        );
        let dropped =
            kept("c/texas/regressions/b.in", Placed::Dropped("c/texas/regressions/a.in".into())).message("texas");
        assert!(
            dropped.starts_with("dropped c/texas/regressions/b.in (9x9 -> 3x3): this kind is kept already by c/texas/regressions/a.in\n"),
            "{dropped}"
        );
        assert!(dropped.ends_with("replay: m3diff check texas c/texas/regressions/a.in"), "{dropped}");
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
