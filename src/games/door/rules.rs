//! MD1 and MD4 as the harness needs them to check records, count what they
//! exercised and steer the generator: which swaps MD1 allows, where a beam
//! goes (MD2's groups are in `groups`). The implementations carry the rules out
//! their own way.

use m3_model::door::{Board, Cell, Invalid, Pos, Swap};

use super::cell_set::CellSet;

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

/// The armed bombs, in row-major order: what the next Stage 2 explodes.
pub fn armed_bombs(board: &Board) -> impl Iterator<Item = Pos> + '_ {
    cells_holding(board, |cell| cell == Cell::ArmedBomb)
}

/// Every cell of `board`, in row-major order.
pub fn every_cell(board: &Board) -> impl Iterator<Item = Pos> + '_ {
    cells_holding(board, |_| true)
}

/// The cells of `board` whose piece `holds` picks, in row-major order: row
/// by row, over the row's cells as they lie.
pub fn cells_holding<'a>(board: &'a Board, holds: impl Fn(Cell) -> bool + Copy + 'a) -> impl Iterator<Item = Pos> + 'a {
    (0..board.rows()).flat_map(move |row| {
        let picked = board.row(row).iter().enumerate().filter(move |&(_, &cell)| holds(cell));
        picked.map(move |(col, _)| Pos::new(row, col))
    })
}

/// A step across the grid: rows and columns to add.
pub type Direction = (isize, isize);

/// The cell next to `at` towards `direction`, if `board` has one.
pub fn step(board: &Board, at: Pos, (dr, dc): Direction) -> Option<Pos> {
    // Above row 0 or left of column 0 wraps round to beyond the far edge.
    let (row, col) = (at.row.wrapping_add_signed(dr), at.col.wrapping_add_signed(dc));
    board.contains(row, col).then_some(Pos::new(row, col))
}

/// MD4: a bomb's four beams.
pub const BEAMS: [Direction; 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// MD4: the beam from `bomb` towards `direction` on the grid as it was
/// before the explosion: on to the edge, over empty cells, up to a vibranium
/// gem, which stays. Gives `hit` the regular gems and bombs it reaches,
/// nearest first, and says whether a vibranium gem stopped it before the
/// edge of the grid.
pub fn beam(board: &Board, bomb: Pos, direction: Direction, mut hit: impl FnMut(Pos)) -> bool {
    let mut at = bomb;
    while let Some(next) = step(board, at, direction) {
        at = next;
        match board.get(at.row, at.col) {
            Cell::Vibranium => return true,
            Cell::Empty => {}
            Cell::Gem(_) | Cell::Bomb | Cell::ArmedBomb => hit(at),
        }
    }
    false
}

/// MD4: marks in `reached` what the beams of the bombs at `exploded` reach
/// on `board` (not the bombs themselves); gives how many beams vibranium
/// stopped.
pub fn beams(board: &Board, exploded: &[Pos], reached: &mut CellSet) -> u64 {
    let mut stopped = 0;
    for &bomb in exploded {
        for direction in BEAMS {
            stopped += u64::from(beam(board, bomb, direction, |pos| reached.insert(pos)));
        }
    }
    stopped
}

/// The kind of piece a cell holds, as conservation numbers them: an armed
/// bomb is the bomb it was.
pub fn kind(cell: Cell) -> usize {
    // Empty 0, a bomb 1, vibranium 2, a gem 3 on, in arithmetic rather than
    // a jump on the cell: cells are random, and a jump mispredicts.
    let gem = cell.colour().map_or(0, |colour| 3 + usize::from(colour));
    let bomb = usize::from(cell.is_bomb());
    let vibranium = 2 * usize::from(cell == Cell::Vibranium);
    gem + bomb + vibranium
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::door::grids::{board, g, B, E, V};

    #[test]
    fn md4_a_beam_crosses_empty_cells_and_stops_at_vibranium() {
        let grid = board(&[&[g(1), V, Cell::ArmedBomb, E, B, g(2)]]);
        let bomb = Pos::new(0, 2);
        let mut hits = Vec::new();
        assert!(beam(&grid, bomb, (0, -1), |pos| hits.push(pos)), "vibranium stops the beam");
        assert_eq!(hits, []);
        assert!(!beam(&grid, bomb, (0, 1), |pos| hits.push(pos)), "the edge ends the beam");
        assert_eq!(hits, [Pos::new(0, 4), Pos::new(0, 5)]);
        let mut reached = CellSet::default();
        reached.clear(&grid);
        assert_eq!(beams(&grid, &[bomb], &mut reached), 1);
        assert_eq!(reached.iter().collect::<Vec<_>>(), [Pos::new(0, 4), Pos::new(0, 5)]);
    }

    #[test]
    fn md4_a_cell_two_beams_reach_is_reached_once() {
        let grid = board(&[&[Cell::ArmedBomb, g(1), Cell::ArmedBomb]]);
        let bombs = [Pos::new(0, 0), Pos::new(0, 2)];
        let mut reached = CellSet::default();
        reached.clear(&grid);
        assert_eq!(beams(&grid, &bombs, &mut reached), 0);
        assert_eq!(reached.iter().count(), 3, "each bomb on the other's beam, the gem on both");
    }

    #[test]
    fn md1_a_swap_needs_two_distinct_regular_gems() {
        let grid = board(&[&[g(1), B, g(2)]]);
        let (gem, bomb, other) = (Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2));
        assert_eq!(validity(&grid, Swap::new(gem, gem)), Err(Invalid::SameCell));
        assert_eq!(validity(&grid, Swap::new(gem, bomb)), Err(Invalid::NotAGem(bomb)));
        assert_eq!(validity(&grid, Swap::new(gem, other)), Ok(()));
    }
}
