//! A game's cases run through a program instead of the engine, as one
//! target of the campaign: generated within the statement, answered by the
//! reference, each kind of failure shrunk with the program in the loop and
//! kept under `--keep`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use super::failed::{Failed, Wrong};
use super::judging::{judge, reference_answer, shrink};
use super::keep::{keep, place, remove, standing, Placed, Shrinking};
use super::program::Program;
use crate::game::coverage::Tally;
use crate::game::{Counts, Game, Generator, Size};
use crate::process::prose::counted;
use crate::process::spent::{Laps, Part, Spent};
use crate::runs::campaign::{lock, Books, Campaign, KindFound, Tallied, Target};

/// Renders of a case before it gives up on one within the statement.
const REDRAWS: usize = 16;
/// A program that crashes on each of this many first cases crashes on
/// everything: the campaign stops and says so rather than run the night.
const HOPELESS_AFTER: u64 = 5;
/// The least share of the cases drawn, in percent, that must reach the
/// program for a campaign to say anything of it: the generators draw within
/// the statement by construction, and a campaign that still drew mostly
/// beyond it tested too little of what it claims to.
pub const MIN_REACHED_PERCENT: u64 = 90;

pub struct AgainstTarget<G: Game> {
    program: Program,
    keep: PathBuf,
    size: Size,
    books: Tallied<G::Counter>,
    /// Games generated, whether they reached the program or not.
    drawn: AtomicU64,
    /// Generated cases beyond the statement, not run.
    beyond: AtomicU64,
    /// Crashes counted while the program has done nothing else.
    crashes: AtomicU64,
    /// Whether the program has done anything but crash: it is not hopeless.
    answered: AtomicBool,
    kinds: Mutex<HashMap<Wrong, Met>>,
    /// Why the campaign cannot go on: set once.
    hopeless: OnceLock<String>,
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

impl<G: Game> AgainstTarget<G> {
    pub fn new(program: Program, keep: PathBuf, size: Size) -> Self {
        AgainstTarget {
            program,
            keep,
            size,
            books: Tallied::new(Spent::with_engine_called("program")),
            drawn: AtomicU64::new(0),
            beyond: AtomicU64::new(0),
            crashes: AtomicU64::new(0),
            answered: AtomicBool::new(false),
            kinds: Mutex::new(HashMap::new()),
            hopeless: OnceLock::new(),
        }
    }

    /// Keeps a failing case at once, then shrinks it and keeps the shrunk
    /// case in its place, unless one of its kind as small or smaller is
    /// kept or being shrunk already. Of two kept cases of a kind, the
    /// smaller stays.
    fn keep_smallest(&self, instance: &G::Instance, failed: Failed, origin: &str, campaign: &Campaign<'_>) {
        let (name, wrong) = (G::NAME, failed.wrong);
        let measure = G::measure(instance);
        {
            let mut kinds = lock(&self.kinds);
            let met = kinds.entry(wrong).or_default();
            met.cases += 1;
            if met.bar.is_some_and(|bar| bar <= measure) {
                return;
            }
            met.bar = Some(measure);
        }
        let under = self.keep.display();
        let raw = match keep::<G>(&self.keep, &self.program, instance, &failed, origin, Shrinking::NotYet) {
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
        let shrunk = shrink::<G>(&self.program, instance, failed, campaign.shrink_limits(&stop));
        let how = shrunk.how();
        let shrunk_measure = G::measure(&shrunk.instance);
        let kept = match keep::<G>(
            &self.keep,
            &self.program,
            &shrunk.instance,
            &shrunk.failure,
            origin,
            Shrinking::Done { how: &how },
        ) {
            Ok(kept) => {
                if raw.as_ref().is_some_and(|raw| *raw != kept.path) {
                    remove(raw.as_ref().expect("some"));
                }
                (kept.path, shrunk_measure)
            }
            Err(error) => {
                // The unshrunk case may have gone with its folder.
                let raw = raw.filter(|raw| raw.exists());
                let left =
                    raw.as_ref().map_or("is not kept either".to_string(), |raw| format!("stays as {}", raw.display()));
                campaign.reporter.line(&format!(
                    "{name}: cannot keep the shrunk case under {under}: {error}; the unshrunk case {left}\n{}",
                    shrunk.instance
                ));
                match raw {
                    Some(raw) => (raw, measure),
                    None => {
                        lock(&self.kinds).get_mut(&wrong).expect("entered above").lost = Some(error.to_string());
                        return;
                    }
                }
            }
        };
        let (path, kept_measure) = kept;
        // Another job, or another campaign on this folder, may have kept a
        // case of this kind meanwhile: of them all the smallest stays.
        let placed = place::<G>(&self.keep, wrong, &path, kept_measure);
        let mut kinds = lock(&self.kinds);
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
                format!("kept {}; other cases of this kind may stand beside it: {error}", path.display())
            }
        };
        drop(kinds);
        campaign.reporter.line(&format!("{name}: {wrong}: {message}"));
    }

    /// Notes how a case ended, to tell a program that crashes on
    /// everything.
    fn note_crash(&self, failed: Option<&Failed>) {
        let Some(crash) = failed.filter(|failed| failed.wrong == Wrong::Crash) else {
            return self.answered.store(true, Ordering::Relaxed);
        };
        if self.answered.load(Ordering::Relaxed) {
            return;
        }
        let crashes = self.crashes.fetch_add(1, Ordering::Relaxed) + 1;
        if crashes >= HOPELESS_AFTER {
            let how = crash.got.lines().next().unwrap_or("");
            let command = self.program.command();
            let _ =
                self.hopeless.set(format!("--against {command}: crashed on each of the first {crashes} cases ({how})"));
        }
    }
}

impl<G: Game> Target for AgainstTarget<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>) {
        if self.hopeless.get().is_some() {
            return;
        }
        let mut laps = Laps::default();
        // A case beyond the statement is drawn again from the next seed,
        // so that `--cases N` runs N cases through the program.
        let mut case_seed = case_seed;
        let mut instance = None;
        for _ in 0..REDRAWS {
            let generate = || {
                crate::process::seed::with_seed(case_seed, |u| {
                    let shape = G::Knobs::within_statement(u)?;
                    G::generate(u, self.size, &shape)
                })
            };
            let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate));
            if matches!(generated, Ok(Ok(_))) {
                self.drawn.fetch_add(1, Ordering::Relaxed);
            }
            match generated {
                Ok(Ok(drawn)) if G::beyond_statement(&drawn).is_none() => {
                    instance = Some(drawn);
                    break;
                }
                Ok(Ok(_)) => {
                    self.beyond.fetch_add(1, Ordering::Relaxed);
                    case_seed = crate::runs::campaign::next_seed(case_seed);
                }
                _ => break,
            }
        }
        laps.lap(Part::Generator);
        let Some(instance) = instance else { return self.books.spent.add(&laps) };
        let origin = || {
            let (seed, size) = (campaign.settings.seed, campaign.settings.size.name());
            let options = self.program.options();
            format!(
                "the case of seed {case_seed} in m3diff fuzz --game {} --seed {seed} --size {size} {options}",
                G::NAME
            )
        };
        let mut tally = Tally::default();
        let expected = reference_answer::<G>(&instance, &mut tally);
        laps.lap(Part::Reference);
        let expected = match expected {
            Ok(expected) => expected,
            Err(error) => {
                self.books.failed();
                campaign.reporter.line(&format!("{}: {error} on {}:\n{instance}", G::NAME, origin()));
                return self.books.spent.add(&laps);
            }
        };
        let judged = judge::<G>(&self.program, &instance, &expected);
        laps.lap(Part::Engine);
        self.books.spent.add(&laps);
        let failed = match judged {
            Ok(failed) => failed,
            // A run ended by a stop says nothing of the program: the case
            // is not counted.
            Err(_) if crate::process::interrupt::requested() => return,
            Err(error) => {
                let _ = self.hopeless.set(error);
                return;
            }
        };
        self.books.ran(&tally);
        self.note_crash(failed.as_ref());
        let Some(failed) = failed else { return };
        self.books.failed();
        if self.hopeless.get().is_none() {
            self.keep_smallest(&instance, failed, &origin(), campaign);
        }
    }

    fn books(&self) -> &dyn Books {
        &self.books
    }

    fn summary(&self) -> String {
        let (reached, drawn) = (self.books.cases(), self.drawn.load(Ordering::Relaxed));
        let beyond = self.beyond.load(Ordering::Relaxed);
        format!(
            "{}: against {}: {} reached the program ({}), {}; {} drawn, {} beyond the statement drawn again\n{}\n{}",
            G::NAME,
            self.program.command(),
            counted(reached, "case"),
            percent_of(reached, drawn),
            counted(self.books.failures(), "failure"),
            counted(drawn, "case"),
            beyond,
            self.books.spent,
            lock(&self.books.tally).apart_from(
                <G::Counter as Counts<G>>::beyond_statement(),
                "beyond the statement, never drawn against a program"
            )
        )
    }

    fn drawn(&self) -> Option<u64> {
        Some(self.drawn.load(Ordering::Relaxed))
    }

    fn shortfall(&self) -> Option<String> {
        let (reached, drawn) = (self.books.cases(), self.drawn.load(Ordering::Relaxed));
        let beyond = self.beyond.load(Ordering::Relaxed);
        if reached == 0 {
            let why = match drawn {
                0 => "no case was drawn".to_string(),
                _ => format!("of {} drawn, {beyond} were beyond the statement", counted(drawn, "case")),
            };
            return Some(format!("{}: no case reached the program ({why}): it was not checked", G::NAME));
        }
        (reached * 100 < drawn * MIN_REACHED_PERCENT).then(|| {
            format!(
                "{}: only {reached} of {drawn} cases drawn ({}) reached the program, under the {MIN_REACHED_PERCENT}% \
                 a campaign must reach: {beyond} were beyond the statement",
                G::NAME,
                percent_of(reached, drawn)
            )
        })
    }

    fn kinds(&self) -> Vec<KindFound> {
        let kinds = lock(&self.kinds);
        let mut found: Vec<(&Wrong, &Met)> = kinds.iter().collect();
        found.sort_by_key(|(wrong, _)| **wrong);
        let kind = |(wrong, met): (&Wrong, &Met)| {
            // Another campaign on this folder may have kept a smaller case
            // of the kind since, in place of this one's: name what stands.
            let ours = met.kept.as_ref().map(|(path, _)| path.clone());
            let now = match &ours {
                Some(path) if !path.exists() => standing::<G>(&self.keep, *wrong).ok().flatten().map(|(now, _)| now),
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
                regression: now.map(|path| {
                    let replay = super::keep::replay_command::<G>(&path, &self.program);
                    (path, replay)
                }),
                note,
            }
        };
        found.into_iter().map(kind).collect()
    }

    fn hopeless(&self) -> Option<String> {
        self.hopeless.get().cloned()
    }
}

/// `part` as a percentage of `whole`, to a tenth: "99.6%".
fn percent_of(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use m3_model::door::MagicDoor;

    use super::*;

    fn target(reached: u64, beyond: u64) -> AgainstTarget<MagicDoor> {
        let program = Program::new("true", Duration::from_secs(1)).unwrap();
        let target = AgainstTarget::new(program, PathBuf::from("unused"), Size::Mixed);
        for _ in 0..reached {
            target.books.ran(&Tally::default());
        }
        target.drawn.store(reached + beyond, Ordering::Relaxed);
        target.beyond.store(beyond, Ordering::Relaxed);
        target
    }

    #[test]
    fn a_campaign_checked_too_little_when_fewer_than_the_least_share_of_its_cases_reached_the_program() {
        assert_eq!(target(90, 10).shortfall(), None, "90% reached is enough");
        let short = target(89, 11).shortfall().expect("89% is too little");
        assert_eq!(
            short,
            "door: only 89 of 100 cases drawn (89.0%) reached the program, under the 90% a campaign must reach: \
             11 were beyond the statement"
        );
        let none = target(0, 64).shortfall().expect("no case reached it");
        assert_eq!(
            none,
            "door: no case reached the program (of 64 cases drawn, 64 were beyond the statement): it was not checked"
        );
    }
}
