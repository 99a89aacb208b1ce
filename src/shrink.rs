//! Greedy shrinking: keep taking the first smaller candidate that still fails
//! the same way, until none does. A candidate counts only if the problem
//! format writes it and reads it back as itself, so that the regression file
//! is the case that failed. Also the cuts every game's candidates are
//! made of: fewer operations, one row or column less, fewer colours.

use m3_model::Stepper;

use crate::game::Game;
use crate::oracle::{check_game_with, Failure};

/// At most this many candidates are run for one case.
pub const MAX_TRIES: usize = 20_000;

/// A shrunk case and how it got there.
pub struct Shrunk<I, F = Failure> {
    pub instance: I,
    pub failure: F,
    /// Candidates kept.
    pub steps: usize,
    /// Candidates run.
    pub tries: usize,
    /// True when the shrinker stopped early (asked to, or out of tries).
    pub cut_short: bool,
}

/// Shrinks `instance`, which fails with `failure` when checked with engine
/// `E`. `stop` is asked between candidates (Ctrl-C): the best case so far is
/// returned.
pub fn shrink<G: Game, E: Stepper<G>>(
    instance: &G::Instance,
    failure: Failure,
    stop: &dyn Fn() -> bool,
) -> Shrunk<G::Instance> {
    let kind = failure.kind.clone();
    shrink_by::<G, _>(instance, failure, stop, |candidate| {
        check_game_with::<G, E>(candidate, &mut Default::default()).err().filter(|failure| failure.kind == kind)
    })
}

/// Shrinks `instance`, which fails with `failure`, keeping each candidate
/// for which `fails_alike` gives a failure of the same kind.
pub fn shrink_by<G: Game, F>(
    instance: &G::Instance,
    failure: F,
    stop: &dyn Fn() -> bool,
    mut fails_alike: impl FnMut(&G::Instance) -> Option<F>,
) -> Shrunk<G::Instance, F> {
    let mut shrunk = Shrunk { instance: instance.clone(), failure, steps: 0, tries: 0, cut_short: false };
    'pass: loop {
        for candidate in G::shrink_candidates(&shrunk.instance) {
            if stop() || shrunk.tries >= MAX_TRIES {
                shrunk.cut_short = true;
                break 'pass;
            }
            if candidate == shrunk.instance || !round_trips::<G>(&candidate) {
                continue;
            }
            shrunk.tries += 1;
            if let Some(failure) = fails_alike(&candidate) {
                shrunk.instance = candidate;
                shrunk.failure = failure;
                shrunk.steps += 1;
                continue 'pass;
            }
        }
        break;
    }
    shrunk
}

/// Whether the problem format reads `instance`'s text back as `instance`.
pub fn round_trips<G: Game>(instance: &G::Instance) -> bool {
    G::parse(&instance.to_string()).is_ok_and(|again| again == *instance)
}

/// `items` with chunks removed: each half, then each quarter ... down to
/// each single item (a lone item included).
pub fn fewer<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    let count = items.len();
    let mut shorter = Vec::new();
    let mut chunk = if count == 1 { 1 } else { count / 2 };
    while chunk >= 1 {
        for start in (0..count).step_by(chunk) {
            let mut kept = items.to_vec();
            kept.drain(start..(start + chunk).min(count));
            shorter.push(kept);
        }
        chunk /= 2;
    }
    shorter
}

/// A row or a column of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    Row(usize),
    Column(usize),
}

/// The cells of a `rows` x `cols` row-major grid without `line`; the other
/// cells keep their order.
pub fn without_line<T: Clone>(cells: &[T], cols: usize, line: Line) -> Vec<T> {
    cells
        .iter()
        .enumerate()
        .filter(|(index, _)| match line {
            Line::Row(row) => index / cols != row,
            Line::Column(col) => index % cols != col,
        })
        .map(|(_, cell)| cell.clone())
        .collect()
}

/// Recolourings that use fewer colours, as tables from old colour to new:
/// first the colours in use renumbered from `lowest` without gaps (keeping
/// their order) when they are not already, or when the instance declares
/// `declared` colours rather than as many as it uses; then each colour merged
/// into the one below it and into `lowest`.
pub fn fewer_colours(used: &[u8], lowest: u8, declared: usize) -> Vec<[u8; 256]> {
    let identity: [u8; 256] = std::array::from_fn(|c| c as u8);
    let mut used = used.to_vec();
    used.sort_unstable();
    used.dedup();
    let mut maps = Vec::new();
    let compact = used.iter().enumerate().all(|(i, &c)| usize::from(c) == usize::from(lowest) + i);
    if !compact || declared != used.len() {
        let mut map = identity;
        for (i, &colour) in used.iter().enumerate() {
            map[usize::from(colour)] = lowest + i as u8;
        }
        maps.push(map);
    }
    for &from in used.iter().rev() {
        for to in [from.saturating_sub(1), lowest] {
            if to >= lowest && to < from {
                let mut map = identity;
                map[usize::from(from)] = to;
                maps.push(map);
            }
        }
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewer_takes_halves_first_then_singles() {
        let shorter = fewer(&[1, 2, 3, 4]);
        assert_eq!(shorter[..2], [vec![3, 4], vec![1, 2]]);
        assert_eq!(shorter[2..], [vec![2, 3, 4], vec![1, 3, 4], vec![1, 2, 4], vec![1, 2, 3]]);
        assert_eq!(fewer(&[1]), [Vec::<i32>::new()]);
    }

    #[test]
    fn a_line_goes_and_the_rest_keeps_its_order() {
        let cells = [0, 1, 2, 3, 4, 5];
        assert_eq!(without_line(&cells, 3, Line::Row(0)), [3, 4, 5]);
        assert_eq!(without_line(&cells, 3, Line::Column(1)), [0, 2, 3, 5]);
    }

    #[test]
    fn colours_are_compacted_then_merged_downwards() {
        let maps = fewer_colours(&[1, 3], 1, 2);
        assert_eq!((maps[0][1], maps[0][3]), (1, 2), "compacted first");
        // 3 into 2 and into 1, then nothing below 1.
        assert_eq!(maps.len(), 3);
        assert_eq!((maps[1][3], maps[2][3]), (2, 1));
        assert!(fewer_colours(&[0, 1], 0, 2).iter().all(|map| map[0] == 0));
    }
}
