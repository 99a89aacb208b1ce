//! The cuts every game's candidates are made of: fewer items, one row or
//! column less, fewer colours, and the check that a candidate survives the
//! problem format. They stand apart from the shrinking loop so that a
//! game's `shrink` module makes its candidates knowing nothing of how the
//! shrinker orders, limits or runs them.

use crate::game::Game;

/// Whether the problem format reads `instance`'s text back as `instance`.
pub fn round_trips<G: Game>(instance: &G::Instance) -> bool {
    G::parse(&instance.to_string()).is_ok_and(|again| again == *instance)
}

/// `items` with chunks removed: each half, then each quarter ... down to
/// each single item (a lone item included), made one at a time as they are
/// asked for.
pub fn fewer<T: Clone>(items: Vec<T>) -> impl Iterator<Item = Vec<T>> {
    let count = items.len();
    let first = if count == 1 { 1 } else { count / 2 };
    let chunks = std::iter::successors((first >= 1).then_some(first), |&chunk| (chunk > 1).then_some(chunk / 2));
    chunks.flat_map(move |chunk| (0..count).step_by(chunk).map(move |start| (start, chunk))).map(
        move |(start, chunk)| {
            let mut kept = items.clone();
            kept.drain(start..(start + chunk).min(count));
            kept
        },
    )
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
        let shorter: Vec<_> = fewer(vec![1, 2, 3, 4]).collect();
        assert_eq!(shorter[..2], [vec![3, 4], vec![1, 2]]);
        assert_eq!(shorter[2..], [vec![2, 3, 4], vec![1, 3, 4], vec![1, 2, 4], vec![1, 2, 3]]);
        assert_eq!(fewer(vec![1]).collect::<Vec<_>>(), [Vec::<i32>::new()]);
        assert_eq!(fewer(Vec::<i32>::new()).count(), 0);
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
