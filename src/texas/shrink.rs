//! Smaller Texas instances derived from a failing one (the shrinker cuts
//! the operations itself): fewer rows and columns, fewer colours, fewer
//! specials. Every candidate is an instance
//! the problem format accepts (no starting run, TX1).

use m3_model::texas::{first_run, At, Board, Instance, Piece, Pos, Special, Swap};

use crate::shrink::{fewer_colours, without_line, Line};

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates = Vec::new();
    for horizontal in [true, false] {
        fewer_lines(instance, horizontal, &mut candidates);
    }
    fewer_specials(instance, &mut candidates);
    fewer_colours_of(instance, &mut candidates);
    candidates.retain(|candidate| first_run(&candidate.board).is_none() && !candidate.swaps.is_empty());
    candidates
}

/// Each row (or column) removed; operations keep pointing at the same pieces,
/// and those on the removed line move to its neighbour.
fn fewer_lines(instance: &Instance, horizontal: bool, out: &mut Vec<Instance>) {
    let board = &instance.board;
    let (lines, across) = if horizontal { (board.rows(), board.cols()) } else { (board.cols(), board.rows()) };
    if lines <= 1 {
        return;
    }
    for removed in 0..lines {
        let line = if horizontal { Line::Row(removed) } else { Line::Column(removed) };
        let cells = without_line(board.cells(), board.cols(), line);
        let (rows, cols) = if horizontal { (lines - 1, across) } else { (across, lines - 1) };
        let shrunk = Board::from_cells(rows, cols, cells);
        let shift = |p: u32| if p as usize > removed + 1 { p - 1 } else { p };
        let swaps = instance
            .swaps
            .iter()
            .map(|swap| {
                let moved = |p: At| {
                    if horizontal {
                        At::new(shift(p.row), p.col)
                    } else {
                        At::new(p.row, shift(p.col))
                    }
                };
                Swap::new(moved(swap.first), moved(swap.second))
            })
            .collect();
        out.push(Instance { colours: instance.colours, board: shrunk, swaps });
    }
}

/// Every special cleared, then each one alone.
fn fewer_specials(instance: &Instance, out: &mut Vec<Instance>) {
    let specials: Vec<Pos> = instance
        .board
        .all_cells()
        .filter(|&c| instance.board.get(c).is_some_and(|p| p.special != Special::None))
        .collect();
    let cleared = |cells: &[Pos]| {
        let mut board = instance.board.clone();
        for &cell in cells {
            board.set(cell, board.get(cell).map(|p| Piece::plain(p.colour)));
        }
        Instance { board, ..instance.clone() }
    };
    if specials.len() > 1 {
        out.push(cleared(&specials));
    }
    out.extend(specials.iter().map(|&cell| cleared(&[cell])));
}

/// Fewer colours (see [`fewer_colours`]); `k` becomes the highest colour
/// left.
fn fewer_colours_of(instance: &Instance, out: &mut Vec<Instance>) {
    let used: Vec<u8> = instance.board.cells().iter().flatten().map(|p| p.colour).collect();
    for map in fewer_colours(&used, 1, usize::from(instance.colours)) {
        let mut board = instance.board.clone();
        for cell in instance.board.all_cells() {
            if let Some(piece) = board.get(cell) {
                board.set(cell, Some(Piece { colour: map[usize::from(piece.colour)], ..piece }));
            }
        }
        let colours = board.cells().iter().flatten().map(|p| p.colour).max().unwrap_or(1);
        out.push(Instance { colours, board, ..instance.clone() });
    }
}
