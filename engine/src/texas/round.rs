//! The steps of one round (TX3): mark runs (TX4), spread through specials
//! (TX5), count combos (TX9), take the pieces off and let the columns fall
//! (TX6). Every step works from the scratch lists, never from a whole-board
//! scan, except a colour special, which must find its colour anywhere.

use m3_model::texas::Special;

use super::grid::{Grid, EMPTY};
use super::scratch::Scratch;

const ROW: u8 = Special::Row as u8;
const COLUMN: u8 = Special::Column as u8;
const ROW_AND_COLUMN: u8 = Special::RowAndColumn as u8;
const SQUARE3: u8 = Special::Square3 as u8;
const SQUARE5: u8 = Special::Square5 as u8;
const COLOUR: u8 = Special::Colour as u8;

/// TX4: marks every run through a dirty cell. Before the round the board had
/// no run, and neither removal nor an unmoved piece can make one, so every new
/// run crosses a cell whose piece changed. The scanned stamps make each line
/// segment read once however many dirty cells it holds.
pub(super) fn mark_runs(grid: &Grid, s: &mut Scratch) {
    let now = s.generation();
    for i in 0..s.dirty.len() {
        let cell = s.dirty[i];
        if !grid.is_piece(cell) {
            continue;
        }
        if s.row_scanned_at[cell] != now {
            let (first, length) = grid.line_through(cell, 1);
            for k in 0..length {
                s.row_scanned_at[first + k] = now;
            }
            if length >= 3 {
                mark_line(s, first, length, 1);
            }
        }
        if s.col_scanned_at[cell] != now {
            let stride = grid.stride;
            let (first, length) = grid.line_through(cell, stride);
            for k in 0..length {
                s.col_scanned_at[first + k * stride] = now;
            }
            if length >= 3 {
                mark_line(s, first, length, stride);
            }
        }
    }
}

fn mark_line(s: &mut Scratch, first: usize, length: usize, step: usize) {
    let now = s.generation();
    for k in 0..length {
        let cell = first + k * step;
        // A piece in a horizontal and a vertical run is marked once.
        if s.marked_at[cell] != now {
            s.marked_at[cell] = now;
            s.marked.push(cell);
        }
    }
}

/// TX5: removes the marked pieces and everything their specials reach. The
/// removed list is its own worklist; the removed stamp makes each piece
/// removed and triggered once.
pub(super) fn spread_specials(grid: &Grid, s: &mut Scratch) {
    let now = s.generation();
    for i in 0..s.marked.len() {
        let cell = s.marked[i];
        s.removed_at[cell] = now;
        s.removed.push(cell);
    }
    let mut next = 0;
    while next < s.removed.len() {
        let cell = s.removed[next];
        next += 1;
        match grid.special[cell] {
            ROW => reach_row(grid, s, cell),
            COLUMN => reach_column(grid, s, cell),
            ROW_AND_COLUMN => {
                reach_row(grid, s, cell);
                reach_column(grid, s, cell);
            }
            SQUARE3 => reach_square(grid, s, cell, 1),
            SQUARE5 => reach_square(grid, s, cell, 2),
            COLOUR => reach_colour(grid, s, grid.colour[cell]),
            _ => {}
        }
    }
}

#[inline]
fn reach(grid: &Grid, s: &mut Scratch, cell: usize) {
    let now = s.generation();
    if grid.is_piece(cell) && s.removed_at[cell] != now {
        s.removed_at[cell] = now;
        s.removed.push(cell);
    }
}

fn reach_row(grid: &Grid, s: &mut Scratch, cell: usize) {
    let first = grid.index(grid.row_of(cell), 0);
    for target in first..first + grid.cols {
        reach(grid, s, target);
    }
}

fn reach_column(grid: &Grid, s: &mut Scratch, cell: usize) {
    let col = grid.col_of(cell);
    for row in 0..grid.rows {
        reach(grid, s, grid.index(row, col));
    }
}

/// The square of side 2 radius + 1 centred on `cell`; the border is as wide
/// as the largest radius and holds no piece, which is the clipping.
fn reach_square(grid: &Grid, s: &mut Scratch, cell: usize, radius: usize) {
    let corner = cell - radius * grid.stride - radius;
    for dr in 0..=2 * radius {
        let first = corner + dr * grid.stride;
        for target in first..=first + 2 * radius {
            reach(grid, s, target);
        }
    }
}

fn reach_colour(grid: &Grid, s: &mut Scratch, colour: u16) {
    let now = s.generation();
    // A second colour special of the same colour would find nothing left.
    if s.colour_swept_at[usize::from(colour)] == now {
        return;
    }
    s.colour_swept_at[usize::from(colour)] = now;
    for row in 0..grid.rows {
        let first = grid.index(row, 0);
        for target in first..first + grid.cols {
            if grid.colour[target] == colour {
                reach(grid, s, target);
            }
        }
    }
}

/// TX9: 50 (s-3)^2 for every 4-connected component of equal colour among the
/// marked cells, by a flood fill that never leaves them.
pub(super) fn combo_points(grid: &Grid, s: &mut Scratch) -> i64 {
    let now = s.generation();
    let stride = grid.stride;
    let mut points = 0;
    for i in 0..s.marked.len() {
        let start = s.marked[i];
        if s.grouped_at[start] == now {
            continue;
        }
        let colour = grid.colour[start];
        s.grouped_at[start] = now;
        s.stack.push(start);
        let mut size: i64 = 0;
        while let Some(cell) = s.stack.pop() {
            size += 1;
            for neighbour in [cell - 1, cell + 1, cell - stride, cell + stride] {
                if s.marked_at[neighbour] == now && s.grouped_at[neighbour] != now && grid.colour[neighbour] == colour {
                    s.grouped_at[neighbour] = now;
                    s.stack.push(neighbour);
                }
            }
        }
        points += 50 * (size - 3) * (size - 3);
    }
    points
}

/// Takes the removed pieces off the board and notes, per column, the lowest
/// row that lost one: gravity starts there. Returns the sum of the removed
/// colours (TX7 before the round factor).
pub(super) fn take_removed(grid: &mut Grid, s: &mut Scratch) -> i64 {
    let now = s.generation();
    let mut colours = 0;
    for i in 0..s.removed.len() {
        let cell = s.removed[i];
        colours += i64::from(grid.colour[cell]);
        grid.colour[cell] = EMPTY;
        grid.special[cell] = 0;
        grid.pieces -= 1;
        let (row, col) = (grid.row_of(cell), grid.col_of(cell));
        if s.column_at[col] != now {
            s.column_at[col] = now;
            s.lowest[col] = row;
            s.columns.push(col);
        } else if row > s.lowest[col] {
            s.lowest[col] = row;
        }
    }
    colours
}

/// Makes gravity run down every column from the bottom row, for a board whose
/// pieces may float (see `Engine::unsettled`).
pub(super) fn touch_every_column(grid: &Grid, s: &mut Scratch) {
    let now = s.generation();
    s.columns.clear();
    for col in 0..grid.cols {
        s.column_at[col] = now;
        s.lowest[col] = grid.rows.saturating_sub(1);
        s.columns.push(col);
    }
}

/// TX6: in each column that lost a piece, the pieces above its lowest
/// emptied row fall, keeping their order. The cells that receive a piece
/// become the next round's dirty cells.
pub(super) fn fall(grid: &mut Grid, s: &mut Scratch) {
    s.dirty.clear();
    for i in 0..s.columns.len() {
        let col = s.columns[i];
        let lowest = s.lowest[col];
        let top = grid.top[col];
        if top > lowest {
            continue;
        }
        let stride = grid.stride;
        let end = grid.index(top, col);
        let mut write = grid.index(lowest, col);
        let mut read = write;
        loop {
            if grid.is_piece(read) {
                if read != write {
                    grid.colour[write] = grid.colour[read];
                    grid.special[write] = grid.special[read];
                    grid.colour[read] = EMPTY;
                    grid.special[read] = 0;
                    s.dirty.push(write);
                }
                write -= stride;
            }
            if read == end {
                break;
            }
            read -= stride;
        }
        grid.top[col] = grid.row_of(write + stride);
    }
}
