//! Batches whose cases fail only together (`--batch N`): each case passes
//! alone, so no one case can be kept; the smallest such batch is kept
//! whole, as the program reads it, under `DIR/<game>/together/`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::program::Program;
use crate::game::Game;
use crate::process::files::{remove_if_present, write_whole};
use crate::runs::campaign::KindFound;

/// The folder of such batches under a game's.
pub const TOGETHER: &str = "together";

#[derive(Default)]
pub struct Together(Mutex<Kept>);

#[derive(Default)]
struct Kept {
    /// Runs that failed this way.
    runs: u64,
    /// The smallest batch kept, and its size in bytes.
    batch: Option<(PathBuf, usize)>,
}

impl Together {
    /// Counts a run of `cases` that failed together, and keeps it when it
    /// is the smallest yet; says where it is, in words.
    pub fn keep<G: Game>(&self, dir: &Path, program: &Program, cases: &[G::Instance]) -> String {
        let input = program.protocol().input::<G>(cases);
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.runs += 1;
        if let Some((path, size)) = &kept.batch {
            if *size <= input.len() {
                return format!("a batch no larger is kept as {}", path.display());
            }
        }
        let name = format!("batch-{:012x}.in", crate::process::hash::fnv1a(&input) & 0xffff_ffff_ffff);
        let path = dir.join(G::NAME).join(TOGETHER).join(name);
        let written =
            std::fs::create_dir_all(path.parent().expect("a folder")).and_then(|()| write_whole(&path, &input));
        match written {
            Ok(()) => {
                if let Some((old, _)) = kept.batch.replace((path.clone(), input.len())) {
                    let _ = remove_if_present(&old);
                }
                format!("kept as {}", path.display())
            }
            Err(error) => format!("not kept: cannot write {}: {error}", path.display()),
        }
    }

    /// The kind, for the campaign's summary, when a run failed this way.
    pub fn found(&self, program: &Program) -> Option<KindFound> {
        let kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // A summary names only a file that stands when it is printed.
        let standing = kept.batch.as_ref().filter(|(path, _)| path.exists());
        let gone = match (&kept.batch, standing) {
            (Some((path, _)), None) => format!("; {} is no longer on disk (removed since?)", path.display()),
            _ => String::new(),
        };
        (kept.runs > 0).then(|| KindFound {
            kind: "failed only together in a batch".to_string(),
            cases: kept.runs,
            counted_as: "run",
            regression: standing.map(|(path, _)| {
                let replay = format!("{} < {}", program.command(), crate::process::input::shell_word(path));
                (path.clone(), replay)
            }),
            note: Some(format!(
                "each case of it passes alone: the program keeps something from one case to the next{gone}"
            )),
        })
    }
}
