//! Smaller Magic Door instances derived from a failing one (the shrinker
//! cuts the swaps itself): a row or a column less, fewer bombs and
//! vibranium, fewer colours. A cut that makes a starting group or moves the
//! first swap onto a bomb breaks MD1; the format refuses it, and the
//! shrinker passes over it.

use m3_model::door::{Board, Cell, Instance, Pos, Swap, MAX_COLOUR, MIN_SIDE};

use super::groups::group_through;
use super::rules::cells_holding;
use crate::check::shrink::{fewer_colours, without_line, Line};

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates = Vec::new();
    let (rows, cols) = (instance.board.rows(), instance.board.cols());
    let fewer_rows = (0..rows).filter(|_| rows > MIN_SIDE).map(Line::Row);
    let fewer_cols = (0..cols).filter(|_| cols > MIN_SIDE).map(Line::Column);
    candidates.extend(fewer_rows.chain(fewer_cols).map(|line| without(instance, line)));
    let specials: Vec<Pos> = cells_holding(&instance.board, |cell| cell.colour().is_none()).collect();
    for kind in [Cell::Bomb, Cell::Vibranium] {
        let of_kind: Vec<Pos> = specials.iter().copied().filter(|p| instance.board.get(p.row, p.col) == kind).collect();
        if of_kind.len() > 1 {
            candidates.push(as_gems(instance, &of_kind));
        }
    }
    let mut used: Vec<u8> = instance.board.cells().iter().filter_map(|cell| cell.colour()).collect();
    used.sort_unstable();
    used.dedup();
    for map in fewer_colours(&used, 1, used.len()) {
        let cells = instance.board.cells().iter().map(|&cell| match cell {
            Cell::Gem(colour) => Cell::Gem(map[usize::from(colour)]),
            other => other,
        });
        candidates.push(Instance { board: Board::from_cells(rows, cols, cells.collect()), ..instance.clone() });
    }
    candidates.extend(specials.iter().map(|&pos| as_gems(instance, &[pos])));
    candidates
}

/// `line` removed; swaps keep naming the same gems, and those on the
/// removed line name its neighbour.
fn without(instance: &Instance, line: Line) -> Instance {
    let (rows, cols) = (instance.board.rows(), instance.board.cols());
    let cells = without_line(instance.board.cells(), cols, line);
    let (removed, count) = match line {
        Line::Row(row) => (row, rows),
        Line::Column(col) => (col, cols),
    };
    let shift = |at: usize| if at > removed || at == count - 1 { at - 1 } else { at };
    let moved = |pos: Pos| match line {
        Line::Row(_) => Pos::new(shift(pos.row), pos.col),
        Line::Column(_) => Pos::new(pos.row, shift(pos.col)),
    };
    let swaps = instance.swaps.iter().map(|swap| Swap::new(moved(swap.first), moved(swap.second))).collect();
    let (rows, cols) = if matches!(line, Line::Row(_)) { (rows - 1, cols) } else { (rows, cols - 1) };
    Instance { board: Board::from_cells(rows, cols, cells), swaps }
}

/// The cells `specials` made regular gems, each of the lowest colour that
/// makes no group through it.
fn as_gems(instance: &Instance, specials: &[Pos]) -> Instance {
    let mut board = instance.board.clone();
    for &pos in specials {
        for colour in 1..=MAX_COLOUR {
            board.set(pos.row, pos.col, Cell::Gem(colour));
            if !group_through(&board, pos) {
                break;
            }
        }
    }
    Instance { board, ..instance.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::shrink::round_trips;
    use m3_model::door::{self, MagicDoor};

    #[test]
    fn md1_a_cut_that_makes_a_starting_group_is_skipped_by_the_shrinker() {
        // Column 1 holds 1 2 1 1: without row 2 it starts with a group, which
        // the format refuses (MD1), so the shrinker passes over it.
        let instance = door::parse("4 3\n1 2 3\n2 0 1\n1 3 2\n1 2 3\n3 2 1 1\n").unwrap();
        let cut = without(&instance, Line::Row(1));
        assert!(!round_trips::<MagicDoor>(&cut));
        assert!(round_trips::<MagicDoor>(&instance));
    }

    #[test]
    fn swaps_follow_their_gems_when_a_line_goes() {
        let instance = door::parse("4 4\n1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n4 4 2 1\n").unwrap();
        let shrunk = without(&instance, Line::Row(0));
        assert_eq!(shrunk.swaps, [Swap::new(Pos::new(2, 3), Pos::new(0, 0))]);
        let shrunk = without(&instance, Line::Column(3));
        assert_eq!(shrunk.swaps, [Swap::new(Pos::new(3, 2), Pos::new(1, 0))]);
    }
}
