//! The kinds of failure a campaign against a program met, and the one case
//! kept for each: a night that finds one bug a thousand times leaves one
//! small case of it on disk, not a thousand, and its summary names the case
//! that stands for each kind even when another run replaced it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::failed::{Failed, Wrong};
use super::judging::shrink;
use super::keep::{keep, place, remove, replay_command, standing, Placed, Shrinking};
use super::program::Program;
use crate::game::Game;
use crate::runs::campaign::{lock, Campaign, KindFound};

/// Each kind of failure met so far, and what was kept of it.
#[derive(Default)]
pub struct Kinds {
    met: Mutex<HashMap<Wrong, Met>>,
}

/// One kind of failure as the campaign met it.
#[derive(Default)]
struct Met {
    cases: u64,
    /// A case of this kind is shrunk only when it starts out smaller than this.
    bar: Option<usize>,
    /// The case kept for this kind, and its measure.
    kept: Option<(PathBuf, usize)>,
    /// Why the last case of this kind could be kept neither shrunk nor not.
    lost: Option<String>,
}

impl Kinds {
    /// Keeps a failing case at once, then shrinks it and keeps the shrunk
    /// case in its place, unless one of its kind as small or smaller is
    /// kept or being shrunk already. Of two kept cases of a kind, the
    /// smaller stays.
    pub fn keep_smallest<G: Game>(
        &self,
        dir: &Path,
        program: &Program,
        instance: &G::Instance,
        failed: Failed,
        origin: &str,
        campaign: &Campaign<'_>,
    ) {
        let (name, wrong) = (G::NAME, failed.wrong);
        let measure = G::measure(instance);
        {
            let mut kinds = lock(&self.met);
            let met = kinds.entry(wrong).or_default();
            met.cases += 1;
            if met.bar.is_some_and(|bar| bar <= measure) {
                return;
            }
            met.bar = Some(measure);
        }
        let under = dir.display();
        let raw = match keep::<G>(dir, program, instance, &failed, origin, Shrinking::NotYet) {
            Ok(kept) => {
                campaign.reporter.line(&format!(
                    "{name}: {wrong} found by {origin}; kept unshrunk as {}; shrinking",
                    kept.path.display()
                ));
                Some(kept.path)
            }
            Err(error) => {
                campaign.reporter.line(&format!(
                    "{name}: {wrong} found by {origin}; cannot keep it under {under}: {error}; shrinking\n{instance}"
                ));
                None
            }
        };
        let stop = || campaign.stopped();
        let shrunk = shrink::<G>(program, instance, failed, campaign.shrink_limits(&stop));
        let how = shrunk.how();
        let shrunk_measure = G::measure(&shrunk.instance);
        let kept =
            match keep::<G>(dir, program, &shrunk.instance, &shrunk.failure, origin, Shrinking::Done { how: &how }) {
                Ok(kept) => {
                    if raw.as_ref().is_some_and(|raw| *raw != kept.path) {
                        remove(raw.as_ref().expect("some"));
                    }
                    (kept.path, shrunk_measure)
                }
                Err(error) => {
                    // The unshrunk case may have gone with its folder.
                    let raw = raw.filter(|raw| raw.exists());
                    let left = raw
                        .as_ref()
                        .map_or("is not kept either".to_string(), |raw| format!("stays as {}", raw.display()));
                    campaign.reporter.line(&format!(
                        "{name}: cannot keep the shrunk case under {under}: {error}; the unshrunk case {left}\n{}",
                        shrunk.instance
                    ));
                    match raw {
                        Some(raw) => (raw, measure),
                        None => {
                            lock(&self.met).get_mut(&wrong).expect("entered above").lost = Some(error.to_string());
                            return;
                        }
                    }
                }
            };
        let (path, kept_measure) = kept;
        // Another job, or another campaign on this folder, may have kept a
        // case of this kind meanwhile: of them all the smallest stays.
        let placed = place::<G>(dir, wrong, &path, kept_measure);
        let mut kinds = lock(&self.met);
        let met = kinds.get_mut(&wrong).expect("entered above");
        met.bar = met.bar.map(|bar| bar.min(kept_measure));
        let message = match placed {
            Ok(Placed::Dropped(smaller, measure)) => {
                met.kept = Some((smaller.clone(), measure));
                format!("dropped {}: {} of this kind is no larger", path.display(), smaller.display())
            }
            Ok(Placed::Stands { in_place_of }) => {
                met.kept = Some((path.clone(), kept_measure));
                let bytes = std::fs::metadata(&path).map_or(0, |meta| meta.len());
                let instead: Vec<String> = in_place_of.iter().map(|old| old.display().to_string()).collect();
                let instead =
                    if instead.is_empty() { String::new() } else { format!(" in place of {}", instead.join(", ")) };
                format!("kept {} ({bytes} bytes){instead}", path.display())
            }
            Err(error) => {
                // The case is on disk, whole; only whether it is alone of its kind is not known.
                met.kept = Some((path.clone(), kept_measure));
                format!(
                    "kept {}; others of its kind may stand beside it, as the folder refused a removal: {}",
                    path.display(),
                    error.kind()
                )
            }
        };
        drop(kinds);
        campaign.reporter.line(&format!("{name}: {wrong}: {message}"));
    }

    /// The kinds met, in order, each with the case kept for it under `dir`
    /// and the command that runs `program` on that case again.
    pub fn found<G: Game>(&self, dir: &Path, program: &Program) -> Vec<KindFound> {
        let kinds = lock(&self.met);
        let mut found: Vec<(&Wrong, &Met)> = kinds.iter().collect();
        found.sort_by_key(|(wrong, _)| **wrong);
        let kind = |(wrong, met): (&Wrong, &Met)| {
            // Another campaign on this folder may have kept a smaller case
            // of the kind since, in place of this one's: name what stands.
            let ours = met.kept.as_ref().map(|(path, _)| path.clone());
            let now = match &ours {
                Some(path) if !path.exists() => standing::<G>(dir, *wrong).ok().flatten().map(|(now, _)| now),
                _ => ours.clone(),
            };
            let note = match (&ours, &now, &met.lost) {
                (Some(ours), Some(now), _) if ours != now => {
                    Some(format!("kept by another run since, in place of {}", ours.display()))
                }
                (Some(ours), None, _) => {
                    Some(format!("{} is no longer on disk (removed since by another run?)", ours.display()))
                }
                (None, _, Some(lost)) => Some(format!("not kept: {lost}")),
                _ => None,
            };
            KindFound {
                kind: wrong.name().to_string(),
                cases: met.cases,
                counted_as: "case",
                regression: now.map(|path| {
                    let replay = replay_command::<G>(&path, program);
                    (path, replay)
                }),
                note,
            }
        };
        found.into_iter().map(kind).collect()
    }
}
