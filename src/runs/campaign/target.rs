//! What a campaign sees of a game it runs, and the counts of its cases.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::lock::lock;
use super::state::Campaign;
use crate::game::coverage::{RuleCounter, Tally};
use crate::process::prose::counted;
use crate::process::spent::Spent;

/// One kind of failure a campaign met.
#[derive(Debug, Clone)]
pub struct KindFound {
    pub kind: String,
    /// How many times it was met: cases, or runs (`counted_as`).
    pub cases: u64,
    /// What `cases` counts: "case", or "run" for a kind only a run of
    /// many cases together meets.
    pub counted_as: &'static str,
    /// The case kept for it, and the command that runs it again.
    pub regression: Option<(PathBuf, String)>,
    /// What the summary must add: that another run replaced this run's
    /// regression, or why none was kept.
    pub note: Option<String>,
}

/// The most a program under test used in a campaign, each over all its
/// runs, and where its slowest case is kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgramUse {
    /// The most CPU time of one run.
    pub cpu: std::time::Duration,
    /// The most wall time of one run.
    pub wall: std::time::Duration,
    /// The most memory one run held, in bytes.
    pub peak: u64,
    /// The case of the most CPU time, as kept.
    pub slowest: Option<std::path::PathBuf>,
}

/// One game in a campaign, with its types erased so that games of different
/// kinds run side by side.
pub trait Target: Sync {
    fn name(&self) -> &'static str;
    fn run_case(&self, case_seed: u64, campaign: &Campaign<'_>);
    /// How many cases the target runs at once: a program that takes a
    /// batch of them a run (`--batch N`).
    fn batch(&self) -> usize {
        1
    }
    /// Runs the cases of `case_seeds` together, in their order; by default
    /// one at a time.
    fn run_cases(&self, case_seeds: &[u64], campaign: &Campaign<'_>) {
        for &case_seed in case_seeds {
            self.run_case(case_seed, campaign);
        }
    }
    /// Whether the target draws its cases ahead: a program runs in a
    /// process of its own, so the next cases can be drawn while it runs
    /// those dealt, rather than after. When every target draws ahead, the
    /// campaign's drawers take the cases next to be dealt, a few ahead,
    /// [`Target::promise`] each and [`Target::draw_promised`] it; a case
    /// never dealt (the campaign ended first) is never run.
    fn draws_ahead(&self) -> bool {
        false
    }
    /// Notes that the case of `case_seed` is being drawn ahead: its run
    /// waits for the drawing.
    fn promise(&self, case_seed: u64) {
        let _ = case_seed;
    }
    /// Draws the case of `case_seed`, promised, on a drawer.
    fn draw_promised(&self, case_seed: u64) {
        let _ = case_seed;
    }
    /// What the cases run so far came to.
    fn books(&self) -> &dyn Books;
    /// Cases run and the rule-coverage table.
    fn summary(&self) -> String;
    /// Every kind of failure met, smallest regression first: the kind, how
    /// many cases failed that way, and the regression on disk now.
    fn kinds(&self) -> Vec<KindFound>;

    fn cases(&self) -> u64 {
        self.books().cases()
    }
    fn failures(&self) -> u64 {
        self.books().failures()
    }
    /// The rule-coverage counters: rule, variant, count.
    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
        self.books().coverage()
    }
    /// Where the cases' time went.
    fn spent(&self) -> &Spent {
        self.books().spent()
    }
    /// Why no further case is worth running (a program that crashes on
    /// everything), once that is known: the campaign stops.
    fn hopeless(&self) -> Option<String> {
        None
    }
    /// The counters (rule, variant) no case of this campaign can reach,
    /// and the words that say why: those beyond the statement, under
    /// `--against`, which draws games within it alone.
    fn apart(&self) -> (Vec<(&'static str, &'static str)>, &'static str) {
        (Vec::new(), "")
    }
    /// The seeds of the cases dealt but not judged because a signal ended
    /// their runs under way: a replay skips them (`--skip-cases`).
    fn stopped(&self) -> Vec<u64> {
        Vec::new()
    }
    /// Whether the target has found what it was run for (a hunt, its first
    /// failure): none of its cases is dealt any more, and the campaign ends
    /// once those under way end, their shrinks with them.
    fn done(&self) -> bool {
        false
    }
    /// Games generated, for a target that gives some of them up (beyond
    /// the statement) rather than run them all: `None` when every game
    /// drawn is a case run.
    fn drawn(&self) -> Option<u64> {
        None
    }
    /// Why the cases run checked too little to report success, in one
    /// line: a campaign that checked nothing never says all is well.
    /// What a program under test used at the most over the cases run:
    /// `None` for a target that runs no program.
    fn program_use(&self) -> Option<ProgramUse> {
        None
    }
    fn shortfall(&self) -> Option<String> {
        (self.cases() == 0).then(|| format!("{}: no case ran: nothing was checked", self.name()))
    }
}

/// A target's running counts, with the game's counters erased.
pub trait Books: Sync {
    fn cases(&self) -> u64;
    fn failures(&self) -> u64;
    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)>;
    fn spent(&self) -> &Spent;
}

/// The counts of cases run, added up from any thread.
pub struct Tallied<C: RuleCounter> {
    pub tally: Mutex<Tally<C>>,
    pub spent: Spent,
    cases: AtomicU64,
    failures: AtomicU64,
}

impl<C: RuleCounter> Tallied<C> {
    pub fn new(spent: Spent) -> Self {
        Tallied { tally: Mutex::new(Tally::default()), spent, cases: AtomicU64::new(0), failures: AtomicU64::new(0) }
    }

    /// A case run to its end, which counted `tally`.
    pub fn ran(&self, tally: &Tally<C>) {
        self.ran_cases(1, tally);
    }

    /// `cases` cases run to their end, which together counted `tally`.
    pub fn ran_cases(&self, cases: u64, tally: &Tally<C>) {
        self.cases.fetch_add(cases, Ordering::Relaxed);
        lock(&self.tally).merge(tally);
    }

    pub fn failed(&self) {
        self.failures.fetch_add(1, Ordering::Relaxed);
    }

    /// "N cases, M failures".
    pub fn counted(&self) -> String {
        format!("{}, {}", counted(self.cases(), "case"), counted(self.failures(), "failure"))
    }
}

impl<C: RuleCounter> Books for Tallied<C> {
    fn cases(&self) -> u64 {
        self.cases.load(Ordering::Relaxed)
    }

    fn failures(&self) -> u64 {
        self.failures.load(Ordering::Relaxed)
    }

    fn coverage(&self) -> Vec<(&'static str, &'static str, u64)> {
        lock(&self.tally).counts()
    }

    fn spent(&self) -> &Spent {
        &self.spent
    }
}
