//! One game run by a campaign: its cases, and the one regression it keeps
//! for each kind of failure met.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use m3_model::Stepper;

use super::lock::lock;
use super::state::Campaign;
use super::target::{Books, KindFound, Tallied, Target};
use crate::check::oracle::{check_game_timed, Failure, FailureKind};
use crate::game::coverage::Tally;
use crate::game::{Game, Size};
use crate::process::spent::{Laps, Part, Spent};
use crate::runs::regression::{keep, reread, Placed, Shelf};

/// Game `G` with engine `E` (the game's own, or a planted wrong one in tests).
pub struct GameTarget<G: Game, E: Stepper<G> = <G as Game>::Engine> {
    size: Size,
    books: Tallied<G::Counter>,
    /// Per kind of failure met, the cases and which of them get shrunk.
    kinds: Mutex<HashMap<FailureKind, Met>>,
    /// The corpus root, and the regressions on disk by kind, read at the
    /// first failure.
    shelf: OnceLock<(PathBuf, Mutex<Shelf>)>,
    engine: PhantomData<fn() -> E>,
}

impl<G: Game, E: Stepper<G>> GameTarget<G, E> {
    pub fn new(size: Size) -> Self {
        GameTarget {
            size,
            books: Tallied::new(Spent::default()),
            kinds: Mutex::new(HashMap::new()),
            shelf: OnceLock::new(),
            engine: PhantomData,
        }
    }

    fn shelf(&self, campaign: &Campaign<'_>) -> &Mutex<Shelf> {
        let (_, shelf) = self.shelf.get_or_init(|| {
            let root = campaign.settings.corpus.clone();
            let shelf = reread::<G, E>(&root).unwrap_or_else(|error| {
                campaign.reporter.line(&format!("{}: cannot read the regressions: {error}", G::NAME));
                Shelf::default()
            });
            (root, Mutex::new(shelf))
        });
        shelf
    }

    /// Keeps one regression per kind of failure (the same field differing
    /// again is almost always the same bug), the smallest found: a later
    /// case is shrunk only when it starts out smaller than the one kept, so
    /// a night of one bug costs a few shrinks and leaves one file.
    fn keep_smallest(&self, instance: &G::Instance, failure: Failure, origin: &str, campaign: &Campaign<'_>) {
        let kind = failure.kind.clone();
        let measure = G::measure(instance);
        let shelf = self.shelf(campaign);
        {
            let mut kinds = lock(&self.kinds);
            let met = kinds.entry(kind.clone()).or_insert_with(|| {
                // A diagnosed regression of this kind is never replaced.
                let bar =
                    lock(shelf).get(&kind.to_string()).map_or(usize::MAX, |s| if s.diagnosed { 0 } else { s.measure });
                Met { bar, cases: 0, standing: None, lost: None }
            });
            met.cases += 1;
            if met.bar <= measure {
                return;
            }
            // Claimed: other jobs skip cases of this kind that are no smaller.
            met.bar = measure;
        }
        campaign.reporter.line(&format!("{}: {kind} found by {origin}; shrinking", G::NAME));
        let stop = || campaign.stopped();
        match keep::<G, E>(shelf, &campaign.settings.corpus, instance, failure, origin, campaign.shrink_limits(&stop)) {
            Ok(kept) => {
                let mut kinds = lock(&self.kinds);
                let met = kinds.get_mut(&kind).expect("claimed above");
                met.bar = met.bar.min(G::measure(&kept.instance));
                met.standing = Some(match &kept.placed {
                    Placed::Dropped(standing) => standing.clone(),
                    Placed::New | Placed::Replaced(_) => kept.path.clone(),
                });
                drop(kinds);
                campaign.reporter.line(&format!("{}: {kind}: {}", G::NAME, kept.message(G::NAME)));
            }
            Err(error) => {
                // Nothing is lost: the case is printed whole, to be kept by hand.
                lock(&self.kinds).get_mut(&kind).expect("claimed above").lost = Some(error.to_string());
                campaign.reporter.line(&format!(
                    "{}: {kind}: cannot keep the regression: {error}; the case, found by {origin}:\n{instance}",
                    G::NAME
                ));
            }
        }
    }
}

impl<G: Game, E: Stepper<G>> Target for GameTarget<G, E> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>) {
        // Said only when something failed: a campaign runs thousands of cases a second.
        let origin = || {
            let size = campaign.settings.size.name();
            let (seed, m3diff) = (campaign.settings.seed, crate::process::invocation::m3diff());
            format!("{m3diff} gen {} --seed {case_seed} --size {size} (case of {m3diff} fuzz --seed {seed})", G::NAME)
        };
        let generate =
            || crate::process::seed::with_seed(case_seed, |u| G::generate(u, self.size, &G::Knobs::default()));
        let mut laps = Laps::default();
        crate::kit::following::take_time_stepped();
        let generated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(generate));
        laps.lap(Part::Generator);
        laps.recharge(Part::Generator, Part::Engine, crate::kit::following::take_time_stepped());
        let instance = match generated {
            Ok(Ok(instance)) => instance,
            Ok(Err(_)) => return self.books.spent.add(&laps), // The generator gave up on these bytes.
            Err(_) => {
                self.books.failed();
                campaign.reporter.line(&format!("{}: the generator panicked on {}", G::NAME, origin()));
                return;
            }
        };
        let mut tally = Tally::default();
        let result = check_game_timed::<G, E>(&instance, &mut tally, &mut laps);
        self.books.ran(&tally);
        laps.lap(Part::Checker);
        self.books.spent.add(&laps);
        let Err(failure) = result else { return };
        self.books.failed();
        self.keep_smallest(&instance, failure, &origin(), campaign);
    }

    fn books(&self) -> &dyn Books {
        &self.books
    }

    fn summary(&self) -> String {
        let books = &self.books;
        format!("{}: {}\n{}\n{}", G::NAME, books.counted(), books.spent, lock(&books.tally))
    }

    fn kinds(&self) -> Vec<KindFound> {
        // Another run on this corpus may have replaced or removed what this
        // one kept: the summary names what stands now, read from the folder.
        if let Some((root, shelf)) = self.shelf.get() {
            if let Ok(now) = reread::<G, E>(root) {
                *lock(shelf) = now;
            }
        }
        let kinds = lock(&self.kinds);
        let shelf = self.shelf.get().map(|(_, shelf)| lock(shelf));
        let mut found: Vec<(usize, KindFound)> = kinds
            .iter()
            .map(|(kind, met)| {
                let kind = kind.to_string();
                let shelved = shelf.as_ref().and_then(|shelf| shelf.get(&kind));
                let (measure, regression) = shelved.map_or((usize::MAX, None), |s| {
                    (s.measure, Some((s.path.clone(), crate::runs::regression::replay_command(G::NAME, &s.path))))
                });
                let now = regression.as_ref().map(|(path, _)| path);
                let note = match (&met.lost, &met.standing) {
                    (Some(lost), _) if now.is_none() => Some(format!("not kept: {lost}")),
                    (_, Some(ours)) if now != Some(ours) => Some(match now {
                        Some(_) => format!("kept by another run since, in place of {}", ours.display()),
                        None => format!("{} is no longer on disk (removed since by another run?)", ours.display()),
                    }),
                    _ => None,
                };
                (measure, KindFound { kind, cases: met.cases, counted_as: "case", regression, note })
            })
            .collect();
        found.sort_by(|a, b| (a.0, &a.1.kind).cmp(&(b.0, &b.1.kind)));
        found.into_iter().map(|(_, found)| found).collect()
    }
}

/// One kind of failure, as the campaign met it.
struct Met {
    /// A case of this kind is shrunk only when its measure is below this:
    /// the measure of the regression kept, or of a case being shrunk.
    bar: usize,
    /// Cases that failed this way.
    cases: u64,
    /// The regression that stood for this kind when this campaign last
    /// kept a case of it.
    standing: Option<PathBuf>,
    /// Why the last case of this kind could not be kept.
    lost: Option<String>,
}
