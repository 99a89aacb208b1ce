//! Smaller Texas instances derived from a failing one: fewer operations, rows
//! and columns, fewer colours, fewer specials. Every candidate is an instance
//! the problem format accepts (no starting run, TX1).

use m3_model::texas::{first_run, Board, Cell, Instance, Piece, Position, Special};

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates = Vec::new();
    fewer_operations(instance, &mut candidates);
    for horizontal in [true, false] {
        fewer_lines(instance, horizontal, &mut candidates);
    }
    fewer_specials(instance, &mut candidates);
    fewer_colours(instance, &mut candidates);
    candidates.retain(|candidate| first_run(&candidate.board).is_none() && !candidate.swaps.is_empty());
    candidates
}

/// Chunks of operations removed, halves first, down to single operations.
fn fewer_operations(instance: &Instance, out: &mut Vec<Instance>) {
    let count = instance.swaps.len();
    let mut chunk = count / 2;
    while chunk >= 1 {
        for start in (0..count).step_by(chunk) {
            let mut swaps = instance.swaps.clone();
            swaps.drain(start..(start + chunk).min(count));
            out.push(Instance { swaps, ..instance.clone() });
        }
        chunk /= 2;
    }
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
        // Without one row or column, the other cells keep their row-major order.
        let on_removed_line = |c: &Cell| if horizontal { c.row == removed } else { c.col == removed };
        let cells = board.all_cells().filter(|c| !on_removed_line(c)).map(|c| board.get(c)).collect();
        let (rows, cols) = if horizontal { (lines - 1, across) } else { (across, lines - 1) };
        let shrunk = Board::from_cells(rows, cols, cells);
        let shift = |p: u32| if p as usize > removed + 1 { p - 1 } else { p };
        let swaps = instance
            .swaps
            .iter()
            .map(|swap| {
                let moved = |p: Position| {
                    if horizontal {
                        Position::new(shift(p.row), p.col)
                    } else {
                        Position::new(p.row, shift(p.col))
                    }
                };
                m3_model::texas::Swap::new(moved(swap.first), moved(swap.second))
            })
            .collect();
        out.push(Instance { colours: instance.colours, board: shrunk, swaps });
    }
}

/// Every special cleared, then each one alone.
fn fewer_specials(instance: &Instance, out: &mut Vec<Instance>) {
    let specials: Vec<Cell> = instance
        .board
        .all_cells()
        .filter(|&c| instance.board.get(c).is_some_and(|p| p.special != Special::None))
        .collect();
    let cleared = |cells: &[Cell]| {
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

/// Colours renumbered to 1..=u without gaps (keeping their order, `k` = u),
/// then each colour merged into the one below it and into colour 1.
fn fewer_colours(instance: &Instance, out: &mut Vec<Instance>) {
    let mut used: Vec<u8> = instance.board.cells().iter().flatten().map(|p| p.colour).collect();
    used.sort_unstable();
    used.dedup();
    let recoloured = |map: &dyn Fn(u8) -> u8| {
        let mut board = instance.board.clone();
        for cell in instance.board.all_cells() {
            if let Some(piece) = board.get(cell) {
                board.set(cell, Some(Piece { colour: map(piece.colour), ..piece }));
            }
        }
        let colours = board.cells().iter().flatten().map(|p| p.colour).max().unwrap_or(1);
        Instance { colours, board, ..instance.clone() }
    };
    let compact = |colour: u8| used.iter().position(|&c| c == colour).map_or(colour, |i| i as u8 + 1);
    if used.last().copied().unwrap_or(1) != used.len() as u8 || instance.colours as usize != used.len() {
        out.push(recoloured(&compact));
    }
    for &from in used.iter().rev() {
        for to in [from.saturating_sub(1), 1] {
            if to >= 1 && to < from {
                out.push(recoloured(&|c| if c == from { to } else { c }));
            }
        }
    }
}
