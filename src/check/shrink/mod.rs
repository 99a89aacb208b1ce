//! Shrinking: cut a failing case down while it still fails the same way.
//! Operations go first, in chunks as delta debugging cuts them (halves,
//! then quarters ... down to single operations, each size tried across the
//! whole list before the next, from the end, where operations after the
//! failing one go at once); then the game's own candidates (lines, colours,
//! specials), the first that still fails kept, and so on while one does;
//! then operations again, until neither finds a smaller case: the result is
//! a fixed point, which shrinking again leaves as it is. A candidate is
//! smaller when it grows none of the game's dimensions
//! ([`crate::Rulebook::dimensions`]) and shrinks one, or else is shorter
//! in the problem format, or else as long and before it in byte order. A
//! candidate is run once: those already tried are remembered by their text. A
//! candidate counts only if the problem format writes it and reads it back
//! as itself, so that the regression file is the case that failed. Also the
//! cuts every game's candidates are made of: one row or column less, fewer
//! colours.

mod cuts;
mod size;

use std::collections::HashSet;
use std::fmt;
use std::time::{Duration, Instant};

use m3_model::Stepper;

use crate::check::oracle::{check_game_with, Failure};
use crate::game::Game;

pub use cuts::{fewer, fewer_colours, round_trips, without_line, Line};
use size::{grows_none, smaller, Size};

/// At most this many candidates are run for one case.
pub const MAX_TRIES: usize = 20_000;

/// When a shrink must end, whatever is left to try: the best case so far
/// is kept.
#[derive(Clone, Copy)]
pub struct Limits<'a> {
    /// Asked between candidates: true when the user stopped (Ctrl-C).
    pub stop: &'a dyn Fn() -> bool,
    /// The time the shrink may take, from its start.
    pub time: Option<Duration>,
}

impl Limits<'_> {
    /// No limit but [`MAX_TRIES`]: a shrink the user asked for.
    pub const NONE: Limits<'static> = Limits { stop: &|| false, time: None };
}

/// Why a shrink ended before it had tried every candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutShort {
    Stopped,
    OutOfTime(Duration),
    OutOfTries,
}

impl fmt::Display for CutShort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CutShort::Stopped => write!(f, "cut short: stopped"),
            CutShort::OutOfTime(time) => {
                write!(
                    f,
                    "cut short: its {} ran out; `m3diff shrink` goes on from here",
                    crate::process::prose::duration(*time)
                )
            }
            CutShort::OutOfTries => write!(f, "cut short: {MAX_TRIES} tries"),
        }
    }
}

/// A shrunk case and how it got there.
pub struct Shrunk<I, F = Failure> {
    pub instance: I,
    pub failure: F,
    /// Candidates kept.
    pub steps: usize,
    /// Candidates run.
    pub tries: usize,
    /// Candidates refused without running them: beyond what the caller
    /// allows (under `--against`, the statement).
    pub refused: usize,
    /// Set when the shrinker stopped early.
    pub cut_short: Option<CutShort>,
    /// How long it took.
    pub time: Duration,
}

impl<I, F> Shrunk<I, F> {
    /// How it went, for reports: steps, tries, and whether it was cut short.
    pub fn how(&self) -> String {
        let refused = match self.refused {
            0 => String::new(),
            refused => format!(" ({refused} more refused unrun, beyond the statement)"),
        };
        let cut = self.cut_short.map_or(String::new(), |cut| format!(" ({cut})"));
        format!("{} steps in {} tries{refused}, {:.1} s{cut}", self.steps, self.tries, self.time.as_secs_f64())
    }
}

/// Shrinks `instance`, which fails with `failure` when checked with engine
/// `E`, within `limits`.
pub fn shrink<G: Game, E: Stepper<G>>(
    instance: &G::Instance,
    failure: Failure,
    limits: Limits<'_>,
) -> Shrunk<G::Instance> {
    let kind = failure.kind.clone();
    shrink_by::<G, _>(instance, failure, limits, |candidate| {
        check_game_with::<G, E>(candidate, &mut Default::default()).err().filter(|failure| failure.kind == kind)
    })
}

/// Shrinks `instance`, which fails with `failure`, keeping each candidate
/// for which `fails_alike` gives a failure of the same kind.
pub fn shrink_by<G: Game, F>(
    instance: &G::Instance,
    failure: F,
    limits: Limits<'_>,
    fails_alike: impl FnMut(&G::Instance) -> Option<F>,
) -> Shrunk<G::Instance, F> {
    shrink_within::<G, F>(instance, failure, limits, |_| false, fails_alike)
}

/// [`shrink_by`], passing over the candidates `refuses` refuses without
/// running them, nor formatting them: under `--against` a SquareRemover
/// game has 10,000 moves, and every cut of them is refused.
///
/// It runs to a fixed point: it ends when a whole pass (the operations'
/// cuts, then the game's candidates) keeps nothing, so that shrinking its
/// result again keeps nothing either (the candidates and `fails_alike`
/// being what they were). For that, a candidate is kept only when it is
/// smaller than the case (`smaller`); otherwise two candidates of the
/// same size could each lead to the other, and a shrink go round until its
/// time ran out.
pub fn shrink_within<G: Game, F>(
    instance: &G::Instance,
    failure: F,
    limits: Limits<'_>,
    refuses: impl Fn(&G::Instance) -> bool,
    mut fails_alike: impl FnMut(&G::Instance) -> Option<F>,
) -> Shrunk<G::Instance, F> {
    shrink_in_batches::<G, F>(instance, failure, limits, refuses, 1, |candidates| {
        let mut judged = Vec::new();
        for candidate in candidates {
            let failure = fails_alike(candidate);
            let found = failure.is_some();
            judged.push(failure);
            if found {
                break;
            }
        }
        judged
    })
}

/// [`shrink_within`] with up to `batch` candidates judged at once by
/// `fails_alike`, as a program run on a batch of them judges them: it
/// gives, in order, whether each fails alike, for all of them or up to
/// the first that fails, alike or not (the rest are then asked again). The candidates of a batch are those the shrinker
/// would run one by one while none fails, so the case it comes to is the
/// same; those after the first that fails are forgotten, as if never run.
pub fn shrink_in_batches<G: Game, F>(
    instance: &G::Instance,
    failure: F,
    limits: Limits<'_>,
    refuses: impl Fn(&G::Instance) -> bool,
    batch: usize,
    fails_alike: impl FnMut(&[G::Instance]) -> Vec<Option<F>>,
) -> Shrunk<G::Instance, F> {
    let mut shrinking = Shrinking::<G, F, _, _> {
        shrunk: Shrunk {
            instance: instance.clone(),
            failure,
            steps: 0,
            tries: 0,
            refused: 0,
            cut_short: None,
            time: Duration::ZERO,
        },
        size: Size::of::<G>(instance, instance.to_string()),
        tried: HashSet::new(),
        limits,
        started: Instant::now(),
        refuses,
        batch: batch.max(1),
        fails_alike,
    };
    loop {
        let steps = shrinking.shrunk.steps;
        shrinking.fewer_operations();
        shrinking.game_candidates();
        if shrinking.shrunk.steps == steps || shrinking.shrunk.cut_short.is_some() {
            shrinking.shrunk.time = shrinking.started.elapsed();
            return shrinking.shrunk;
        }
    }
}

struct Shrinking<'a, G: Game, F, R, A> {
    shrunk: Shrunk<G::Instance, F>,
    /// The size of the case so far.
    size: Size,
    /// The hashes of the texts of the candidates run.
    tried: HashSet<u64>,
    limits: Limits<'a>,
    started: Instant,
    refuses: R,
    /// The most candidates judged at once.
    batch: usize,
    fails_alike: A,
}

impl<G: Game, F, R: Fn(&G::Instance) -> bool, A: FnMut(&[G::Instance]) -> Vec<Option<F>>> Shrinking<'_, G, F, R, A> {
    /// Whether `candidate` is to be run, with its size: not when it grows
    /// a dimension, is refused, was run before, is no smaller or cannot be
    /// written, nor once the shrink is cut short; `pending` more are about
    /// to be run.
    fn admit(&mut self, candidate: &G::Instance, pending: usize) -> Option<Size> {
        if self.shrunk.cut_short.is_some() || *candidate == self.shrunk.instance {
            return None;
        }
        // Asked before anything else, so that a run of candidates refused
        // unrun still ends on a stop or on the time.
        self.shrunk.cut_short = if (self.limits.stop)() {
            Some(CutShort::Stopped)
        } else {
            self.limits.time.filter(|&time| self.started.elapsed() >= time).map(CutShort::OutOfTime)
        };
        if self.shrunk.cut_short.is_some() {
            return None;
        }
        let dimensions = G::dimensions(candidate);
        if !grows_none(&dimensions, &self.size.dimensions) {
            return None;
        }
        if (self.refuses)(candidate) {
            self.shrunk.refused += 1;
            return None;
        }
        let size = Size { dimensions, text: candidate.to_string() };
        if !smaller(&size, &self.size) || !self.tried.insert(crate::process::hash::fnv1a(&size.text)) {
            return None;
        }
        if self.shrunk.tries + pending >= MAX_TRIES {
            self.shrunk.cut_short = Some(CutShort::OutOfTries);
        }
        if self.shrunk.cut_short.is_some() || !G::parse(&size.text).is_ok_and(|again| again == *candidate) {
            return None;
        }
        Some(size)
    }

    /// Runs `candidates`, in batches, until one fails alike: it is now the
    /// case, and its tag is returned; `None` when none does.
    fn first_kept<T>(&mut self, candidates: impl Iterator<Item = (T, G::Instance)>) -> Option<T> {
        let mut candidates = candidates;
        loop {
            let (mut tags, mut instances, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
            while instances.len() < self.batch && self.shrunk.cut_short.is_none() {
                let Some((tag, candidate)) = candidates.next() else { break };
                if let Some(size) = self.admit(&candidate, instances.len()) {
                    tags.push(tag);
                    instances.push(candidate);
                    sizes.push(size);
                }
            }
            if instances.is_empty() {
                return None;
            }
            // A judge may stop short of the end, at a candidate that fails
            // otherwise: the rest are judged again from there.
            let mut judged = Vec::new();
            while judged.len() < instances.len() && !judged.iter().any(Option::is_some) {
                let more = (self.fails_alike)(&instances[judged.len()..]);
                if more.is_empty() {
                    break;
                }
                self.shrunk.tries += more.len();
                judged.extend(more);
            }
            let Some(kept) = judged.iter().position(Option::is_some) else { continue };
            for unneeded in &sizes[kept + 1..] {
                self.tried.remove(&crate::process::hash::fnv1a(&unneeded.text));
            }
            let failure = judged.into_iter().nth(kept).flatten().expect("the one found");
            let instance = instances.swap_remove(kept);
            self.shrunk = Shrunk { instance, failure, steps: self.shrunk.steps + 1, ..self.shrunk };
            self.size = sizes.swap_remove(kept);
            return tags.into_iter().nth(kept);
        }
    }

    /// Chunks of operations cut, each size across the whole list before
    /// the next and half as large, from the end. The cuts to come, while
    /// none is kept, go to the batches at once; a cut kept carries on from
    /// where it was.
    fn fewer_operations(&mut self) {
        let mut operations = G::operations(&self.shrunk.instance);
        let (mut chunk, mut end) = (operations.len().div_ceil(2), operations.len());
        while chunk >= 1 && end > 0 && self.shrunk.cut_short.is_none() {
            // Made one at a time as they are run: a SquareRemover game's
            // cuts of its 10,000 moves would take gigabytes made at once.
            let (listed, case) = (operations.clone(), self.shrunk.instance.clone());
            let cuts = cuts_from(operations.len(), chunk, end).map(move |(start, end, chunk)| {
                let mut fewer = listed.clone();
                fewer.drain(start..end);
                ((start, end, chunk), G::with_operations(&case, fewer))
            });
            let Some((start, cut_end, cut_chunk)) = self.first_kept(cuts) else { return };
            operations.drain(start..cut_end);
            (chunk, end) = match start {
                0 => (cut_chunk / 2, operations.len()),
                _ => (cut_chunk, start),
            };
        }
    }

    /// The game's candidates, the first that still fails kept, until none
    /// does. Each search starts from the first candidate again: going on
    /// from the last one kept was measured to stop at larger boards (the
    /// lines an earlier cut made removable are passed over).
    fn game_candidates(&mut self) {
        while self.first_kept(G::shrink_candidates(&self.shrunk.instance).map(|candidate| ((), candidate))).is_some() {}
    }
}

/// The cuts of a list of `len` operations, as `(start, end, chunk)`, from
/// chunks of `chunk` ending at `end` down to the list's start, then each
/// smaller chunk across the whole list from its end: those tried in turn
/// while none is kept.
fn cuts_from(len: usize, chunk: usize, end: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    let chunks = std::iter::successors(Some(chunk), |&chunk| (chunk > 1).then_some(chunk / 2)).filter(|&c| c >= 1);
    chunks.enumerate().flat_map(move |(index, chunk)| {
        let first_end = if index == 0 { end } else { len };
        std::iter::successors((first_end > 0).then_some(first_end), move |&end: &usize| {
            let start = end.saturating_sub(chunk);
            (start > 0).then_some(start)
        })
        .map(move |end| (end.saturating_sub(chunk), end, chunk))
    })
}

#[cfg(test)]
mod tests {
    use m3_model::square::{self, SquareRemover};

    use super::*;

    fn contest_game() -> square::Instance {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/square/example0.in");
        square::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn the_one_move_a_failure_needs_is_found_among_10000_in_a_few_tries_each_run_once() {
        let game = contest_game();
        let needed = game.moves[6_789];
        let mut runs = 0;
        let shrunk = shrink_by::<SquareRemover, ()>(&game, (), Limits::NONE, |candidate| {
            runs += 1;
            candidate.moves.contains(&needed).then_some(())
        });
        assert_eq!(shrunk.instance.moves, [needed]);
        assert_eq!(runs, shrunk.tries, "a candidate run twice");
        // Two tries a chunk size for the moves, then the board's cuts.
        assert!(shrunk.tries < 150, "{} tries", shrunk.tries);
        assert_eq!(shrunk.cut_short, None);
    }

    #[test]
    fn a_shrink_out_of_time_keeps_the_best_case_and_says_so() {
        let game = contest_game();
        let limits = Limits { stop: &|| false, time: Some(Duration::ZERO) };
        let shrunk = shrink_by::<SquareRemover, ()>(&game, (), limits, |_| Some(()));
        assert_eq!((shrunk.tries, shrunk.instance == game), (0, true));
        assert_eq!(shrunk.cut_short, Some(CutShort::OutOfTime(Duration::ZERO)));
        assert!(shrunk.how().contains("ran out; `m3diff shrink` goes on from here"), "{}", shrunk.how());
    }

    #[test]
    fn a_refused_candidate_is_not_run_and_a_pass_that_keeps_nothing_ends_the_shrink() {
        // As under --against: every cut of the 10,000 moves is beyond the
        // statement, and the program fails no other candidate alike.
        let game = contest_game();
        let mut runs = 0;
        let beyond = |candidate: &square::Instance| candidate.moves.len() != game.moves.len();
        let shrunk = shrink_within::<SquareRemover, ()>(&game, (), Limits::NONE, beyond, |_| {
            runs += 1;
            None
        });
        assert_eq!((shrunk.steps, shrunk.tries, shrunk.cut_short), (0, runs, None));
        assert!(runs < 100 && shrunk.refused > 19_000, "{runs} runs, {} refused", shrunk.refused);
        assert!(shrunk.how().contains("refused unrun"), "{}", shrunk.how());
    }
}
