//! Smaller SquareRemover instances derived from a failing one (the shrinker
//! cuts the moves itself): a row and a column less (the board stays
//! square), fewer colours. Every candidate is an instance the format
//! accepts.

use m3_model::square::{Board, Instance, Move, MIN_COLOURS, MIN_SIDE};

use crate::shrink::{fewer_colours, without_line, Line};

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates = Vec::new();
    let side = instance.board.rows();
    if side > MIN_SIDE {
        candidates.extend((0..side).map(|line| without_line_and_column(instance, line)));
    }
    for map in fewer_colours(instance.board.cells(), 0, usize::from(instance.colours)) {
        let tiles = instance.board.cells().iter().map(|&c| map[usize::from(c)]).collect();
        let highest = instance.board.cells().iter().map(|&c| map[usize::from(c)]).max().unwrap_or(0);
        let colours = (highest + 1).max(MIN_COLOURS);
        if colours <= instance.colours {
            candidates.push(Instance { colours, board: Board::from_cells(side, side, tiles), ..instance.clone() });
        }
    }
    candidates.retain(|candidate| candidate != instance);
    candidates
}

/// Row `line` and column `line` removed; moves keep pointing at the same
/// tiles, and those on the removed lines move to the next ones.
fn without_line_and_column(instance: &Instance, line: usize) -> Instance {
    let side = instance.board.rows();
    let tiles = without_line(instance.board.cells(), side, Line::Row(line));
    let tiles = without_line(&tiles, side, Line::Column(line));
    let shift = |p: i32| if usize::try_from(p).is_ok_and(|p| p > line) { p - 1 } else { p };
    let moves = instance.moves.iter().map(|m| Move::new(shift(m.row), shift(m.col), m.dir)).collect();
    Instance { board: Board::from_cells(side - 1, side - 1, tiles), moves, ..instance.clone() }
}
