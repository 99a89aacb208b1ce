//! What `--against` found, kept apart from the project's regressions: it is
//! the program's bug, not the engine's. A case is `DIR/<game>/<kind>-<hash>.in`
//! in the statement's format, beside a report `.txt` that shows the
//! program's output, the reference's answer and the reference's trace of
//! the case, and the command that replays it. A failing case is written as
//! soon as it is found, before it is shrunk, so that an error or a signal
//! while shrinking loses nothing; the shrunk case then takes its place.

use std::io;
use std::path::{Path, PathBuf};

use super::failed::{Failed, Wrong};
use super::program::Program;
use crate::check::oracle::reference_trace_within;
use crate::game::Game;
use crate::process::files::FolderLock;
use crate::process::hash::short_hash;

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
/// under `dir`, each file whole or not at all, in the order that never
/// shows a report without its case ([`crate::runs::corpus::write_pair`]).
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
    std::fs::create_dir_all(&dir).map_err(|error| crate::process::files::named(&dir, error))?;
    let text = instance.to_string();
    let path = dir.join(format!("{}-{}.in", failed.wrong.slug(), short_hash(&text)));
    let size = text.len();
    let (shrunk, account) = match shrinking {
        Shrinking::NotYet => (
            format!("not yet ({size} bytes): the shrunk case takes this one's place when shrinking ends"),
            format!(
                "the reference's account: {} solve {} {} --reference --trace\n",
                crate::process::invocation::m3diff(),
                G::NAME,
                path.display()
            ),
        ),
        Shrinking::Done { how } => {
            let account = match reference_trace_within::<G>(instance, REPORT_TRACE_MOST) {
                Some(trace) => format!("the reference's account of the case:\n{trace}"),
                None => format!(
                    "the reference's account (over {REPORT_TRACE_MOST} bytes, too long for a report): \
                     {} solve {} {} --reference --trace\n",
                    crate::process::invocation::m3diff(),
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
    // Held, so that no writer takes the report for one without its case.
    let _held = FolderLock::take(&dir)?;
    crate::runs::corpus::write_pair(&path, &text, &path.with_extension(REPORT_EXTENSION), &report)?;
    write_page::<G>(&path, instance, failed, program);
    Ok(Kept { path, report })
}

/// Writes the page of the case kept at `path` beside it: the reference's
/// boards, as a program gives none, and above them what the program got
/// wrong.
fn write_page<G: Game>(path: &Path, instance: &G::Instance, failed: &Failed, program: &Program) {
    use crate::check::page::{reference_alone, Shown};
    let replay = replay_command::<G>(path, program);
    let note = format!("{failed}");
    let page = reference_alone::<G>(instance, &Shown { failure: None, replay: &replay, note: &note });
    crate::runs::corpus::write_page(path, &page, G::NAME, "--reference ");
}

/// Removes a kept case, its report and its page.
pub fn remove(path: &Path) {
    let _ = remove_case(path);
}

/// What became of a case offered to its kind's place under `--keep`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// It stands for its kind, in place of these larger cases (removed).
    Stands { in_place_of: Vec<PathBuf> },
    /// This case of its kind, no larger (its measure beside it), stands
    /// already: the offered one is removed.
    Dropped(PathBuf, usize),
}

/// Places the case kept at `path` (of measure `measure`) among the cases
/// of its kind under `dir`, whoever wrote them (another job, or another
/// campaign on the same folder): of them all, the smallest stays and the
/// others go, while this writer holds the game's folder ([`FolderLock`]),
/// so that two campaigns on one `--keep` folder keep one case per kind.
pub fn place<G: Game>(dir: &Path, wrong: Wrong, path: &Path, measure: usize) -> io::Result<Placed> {
    let game_dir = dir.join(G::NAME);
    let _held = FolderLock::take(&game_dir)?;
    // A report whose case was removed by hand is nobody's.
    crate::runs::corpus::remove_orphan_reports(&game_dir, REPORT_EXTENSION, |_| false)?;
    let others: Vec<(usize, PathBuf)> =
        of_a_kind::<G>(&game_dir, wrong)?.into_iter().filter(|(_, other)| other != path).collect();
    match others.iter().min() {
        Some((smallest, standing)) if (*smallest, standing) <= (measure, &path.to_path_buf()) => {
            remove_case(path)?;
            Ok(Placed::Dropped(standing.clone(), *smallest))
        }
        _ => {
            for (_, other) in &others {
                remove_case(other)?;
            }
            Ok(Placed::Stands { in_place_of: others.into_iter().map(|(_, other)| other).collect() })
        }
    }
}

/// The case that stands for `wrong` under `dir` now, and its measure.
pub fn standing<G: Game>(dir: &Path, wrong: Wrong) -> io::Result<Option<(PathBuf, usize)>> {
    let game_dir = dir.join(G::NAME);
    if !game_dir.is_dir() {
        return Ok(None);
    }
    let _held = FolderLock::take(&game_dir)?;
    Ok(of_a_kind::<G>(&game_dir, wrong)?.into_iter().min().map(|(measure, path)| (path, measure)))
}

/// The cases of kind `wrong` in `game_dir` that read as instances, with
/// their measures. A file that does not read is left alone: it is nobody's
/// case to remove.
fn of_a_kind<G: Game>(game_dir: &Path, wrong: Wrong) -> io::Result<Vec<(usize, PathBuf)>> {
    let prefix = format!("{}-", wrong.slug());
    let mut found = Vec::new();
    for entry in std::fs::read_dir(game_dir).map_err(|error| crate::process::files::named(game_dir, error))? {
        let path = entry.map_err(|error| crate::process::files::named(game_dir, error))?.path();
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else { continue };
        // The kind's own names only: "unreadable-output-" begins the name
        // of another kind too, which goes on with words, not a hash.
        let Some(hash) = name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".in")) else { continue };
        if hash.len() != 12 || !hash.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            continue;
        }
        let read = crate::process::input::read_text(Some(&path), crate::process::input::Bound::of::<G>());
        let Ok(Ok(instance)) = read.map(|(_, text)| G::parse(&text)) else { continue };
        found.push((G::measure(&instance), path));
    }
    Ok(found)
}

/// Removes a case, its report and its page; files another writer removed already
/// are no error.
fn remove_case(path: &Path) -> io::Result<()> {
    crate::runs::corpus::remove_pair(path, REPORT_EXTENSION)
}

/// Extension of a kept case's report.
const REPORT_EXTENSION: &str = "txt";

/// The command that runs the program on a kept case again.
pub fn replay_command<G: Game>(path: &Path, program: &Program) -> String {
    format!("{} check {} {} {}", crate::process::invocation::m3diff(), G::NAME, path.display(), program.options())
}

#[cfg(test)]
mod tests {
    use m3_model::door::MagicDoor;

    use super::*;
    use crate::game::Rulebook;
    use m3_model::Rules;

    /// A Magic Door case of `rows` rows of one swap, as kept under `dir`.
    fn case(dir: &Path, name: &str, rows: usize) -> PathBuf {
        let grid: String = (0..rows).map(|row| if row % 2 == 0 { "1 2 1\n" } else { "2 1 2\n" }).collect();
        let path = dir.join("door").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, format!("{rows} 3\n{grid}1 1 1 2\n")).unwrap();
        std::fs::write(path.with_extension("txt"), "report").unwrap();
        path
    }

    fn measure(path: &Path) -> usize {
        MagicDoor::measure(&MagicDoor::parse(&std::fs::read_to_string(path).unwrap()).unwrap())
    }

    #[test]
    fn of_the_cases_of_a_kind_under_keep_the_smallest_stays_whoever_wrote_them() {
        let dir = tempfile::tempdir().unwrap();
        let large = case(dir.path(), "wrong-answer-00000000000a.in", 6);
        let other_kind = case(dir.path(), "unreadable-output-more-than-1-mib-00000000000b.in", 6);
        let small = case(dir.path(), "wrong-answer-00000000000c.in", 3);
        let orphan = dir.path().join("door/wrong-answer-00000000000f.txt");
        std::fs::write(&orphan, "the report of a case a kill left unwritten").unwrap();
        let placed = place::<MagicDoor>(dir.path(), Wrong::Answer, &small, measure(&small)).unwrap();
        assert_eq!(placed, Placed::Stands { in_place_of: vec![large.clone()] });
        assert!(!large.exists() && !large.with_extension("txt").exists(), "the larger case and its report go");
        assert!(!orphan.exists(), "a report without its case stays");
        let larger = case(dir.path(), "wrong-answer-00000000000d.in", 4);
        let placed = place::<MagicDoor>(dir.path(), Wrong::Answer, &larger, measure(&larger)).unwrap();
        assert_eq!(placed, Placed::Dropped(small.clone(), measure(&small)));
        assert!(!larger.exists() && !larger.with_extension("txt").exists());
        // "unreadable-output-" begins another kind's name: that case is not of this kind.
        let unreadable = case(dir.path(), "unreadable-output-00000000000e.in", 6);
        let placed = place::<MagicDoor>(dir.path(), Wrong::Unreadable, &unreadable, measure(&unreadable)).unwrap();
        assert_eq!(placed, Placed::Stands { in_place_of: vec![] });
        assert!(small.exists() && other_kind.exists() && unreadable.exists());
        assert_eq!(standing::<MagicDoor>(dir.path(), Wrong::Answer).unwrap(), Some((small.clone(), measure(&small))));
    }
}
