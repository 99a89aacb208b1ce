//! MD1, MD2 and MD4 as the harness needs them to check records, count what
//! they exercised and steer the generator: which swaps MD1 allows, the cells
//! in groups, where a beam goes. The implementations carry the rules out
//! their own way.

use m3_model::door::{Board, Cell, Invalid, Pos, Swap};

/// MD2: a group is a line of at least this many equal regular gems.
pub const GROUP_LENGTH: usize = 3;

/// MD1 asked of any swap: two distinct cells, each a regular gem (the first
/// swap must pass at parsing; a later one that fails is not made). Two
/// equal cells are the first reason, then the first cell in the swap's order.
pub fn validity(board: &Board, swap: Swap) -> Result<(), Invalid> {
    if swap.first == swap.second {
        return Err(Invalid::SameCell);
    }
    match [swap.first, swap.second].into_iter().find(|&pos| !is_gem(board, pos)) {
        Some(pos) => Err(Invalid::NotAGem(pos)),
        None => Ok(()),
    }
}

fn is_gem(board: &Board, pos: Pos) -> bool {
    board.contains(pos.row, pos.col) && board.get(pos.row, pos.col).colour().is_some()
}

/// The board with the cells of `swap` exchanged; unchanged when one is off
/// it (MD1 refuses such a swap).
pub fn swapped(board: &Board, swap: Swap) -> Board {
    let (a, b) = (swap.first, swap.second);
    let mut after = board.clone();
    if !board.contains(a.row, a.col) || !board.contains(b.row, b.col) {
        return after;
    }
    after.set(a.row, a.col, board.get(b.row, b.col));
    after.set(b.row, b.col, board.get(a.row, a.col));
    after
}

/// MD2: whether `pos` lies on a group of a board whose cells `cell` gives.
fn in_group(board: &Board, cell: &dyn Fn(usize, usize) -> Cell, pos: Pos) -> bool {
    let colour = |row, col| cell(row, col).colour();
    crate::one_colour::in_run(board.rows(), board.cols(), &colour, (pos.row, pos.col), GROUP_LENGTH)
}

/// MD2: whether `pos` lies on a group of `board`.
pub fn group_through(board: &Board, pos: Pos) -> bool {
    in_group(board, &|row, col| board.get(row, col), pos)
}

/// MD2: every cell of every group, in row-major order.
pub fn group_cells(board: &Board) -> Vec<Pos> {
    every_cell(board).filter(|&pos| group_through(board, pos)).collect()
}

/// Whether swapping `a` and `b` makes a group through either. It only steers
/// the generator; the implementations decide what a swap does.
pub fn makes_group(board: &Board, a: Pos, b: Pos) -> bool {
    let after = |row, col| {
        let from = match Pos::new(row, col) {
            pos if pos == a => b,
            pos if pos == b => a,
            pos => pos,
        };
        board.get(from.row, from.col)
    };
    in_group(board, &after, a) || in_group(board, &after, b)
}

/// The armed bombs, in row-major order: what the next Stage 2 explodes.
pub fn armed_bombs(board: &Board) -> Vec<Pos> {
    every_cell(board).filter(|pos| board.get(pos.row, pos.col) == Cell::ArmedBomb).collect()
}

/// Every cell of `board`, in row-major order.
pub fn every_cell(board: &Board) -> impl Iterator<Item = Pos> + '_ {
    (0..board.rows()).flat_map(move |row| (0..board.cols()).map(move |col| Pos::new(row, col)))
}

/// A step across the grid: rows and columns to add.
pub type Direction = (isize, isize);

/// MD4: a bomb's four beams.
pub const BEAMS: [Direction; 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// What one beam did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beam {
    /// The regular gems and bombs it reached, nearest first.
    pub hits: Vec<Pos>,
    /// It met a vibranium gem before the edge of the grid.
    pub stopped: bool,
}

/// MD4: the beam from `bomb` towards `direction` on the grid as it was
/// before the explosion: on to the edge, over empty cells, up to a vibranium
/// gem, which stays.
pub fn beam(board: &Board, bomb: Pos, (dr, dc): Direction) -> Beam {
    let mut hits = Vec::new();
    let mut at = bomb;
    while let Some(next) = at.row.checked_add_signed(dr).zip(at.col.checked_add_signed(dc)) {
        if !board.contains(next.0, next.1) {
            break;
        }
        at = Pos::new(next.0, next.1);
        match board.get(at.row, at.col) {
            Cell::Vibranium => return Beam { hits, stopped: true },
            Cell::Empty => {}
            Cell::Gem(_) | Cell::Bomb | Cell::ArmedBomb => hits.push(at),
        }
    }
    Beam { hits, stopped: false }
}

/// MD4: the cells an explosion of `exploded` empties, in row-major order:
/// the bombs themselves and everything their beams reach.
pub fn blast(board: &Board, exploded: &[Pos]) -> Vec<Pos> {
    let mut cells: Vec<Pos> = exploded.to_vec();
    for &bomb in exploded {
        for direction in BEAMS {
            cells.extend(beam(board, bomb, direction).hits);
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The kind of piece a cell holds, as conservation counts it: an armed bomb
/// is the bomb it was.
pub fn kind(cell: Cell) -> Cell {
    if cell == Cell::ArmedBomb {
        Cell::Bomb
    } else {
        cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&[Cell]]) -> Board {
        Board::from_cells(rows.len(), rows[0].len(), rows.concat())
    }

    const V: Cell = Cell::Vibranium;
    const B: Cell = Cell::Bomb;
    const E: Cell = Cell::Empty;
    const fn g(colour: u8) -> Cell {
        Cell::Gem(colour)
    }

    #[test]
    fn md4_a_beam_crosses_empty_cells_and_stops_at_vibranium() {
        let grid = board(&[&[g(1), V, Cell::ArmedBomb, E, B, g(2)]]);
        let left = beam(&grid, Pos::new(0, 2), (0, -1));
        assert_eq!(left, Beam { hits: vec![], stopped: true });
        let right = beam(&grid, Pos::new(0, 2), (0, 1));
        assert_eq!(right, Beam { hits: vec![Pos::new(0, 4), Pos::new(0, 5)], stopped: false });
        assert_eq!(blast(&grid, &[Pos::new(0, 2)]), [Pos::new(0, 2), Pos::new(0, 4), Pos::new(0, 5)]);
    }

    #[test]
    fn md2_bombs_and_vibranium_break_a_line() {
        let grid = board(&[&[g(1), g(1), B, g(1)], &[g(2), g(2), g(2), V]]);
        assert_eq!(group_cells(&grid), [Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 2)]);
    }

    #[test]
    fn md1_a_swap_needs_two_distinct_regular_gems() {
        let grid = board(&[&[g(1), B, g(2)]]);
        let (gem, bomb, other) = (Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2));
        assert_eq!(validity(&grid, Swap::new(gem, gem)), Err(Invalid::SameCell));
        assert_eq!(validity(&grid, Swap::new(gem, bomb)), Err(Invalid::NotAGem(bomb)));
        assert_eq!(validity(&grid, Swap::new(gem, other)), Ok(()));
    }

    #[test]
    fn md1_a_swap_from_afar_can_make_a_group() {
        let grid = board(&[&[g(1), g(1), g(2)], &[g(3), g(2), g(3)], &[g(2), g(3), g(1)]]);
        assert!(makes_group(&grid, Pos::new(0, 2), Pos::new(2, 2)));
        assert!(makes_group(&grid, Pos::new(2, 2), Pos::new(0, 2)));
        assert!(!makes_group(&grid, Pos::new(0, 0), Pos::new(1, 0)));
    }
}
