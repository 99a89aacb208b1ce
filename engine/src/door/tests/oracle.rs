//! MD1-MD7 written out literally on the model's `Board`, with no care for
//! speed: every search looks at the whole grid, every fall at every column,
//! the beams at a copy of the grid. It follows the reading of grids the
//! format cannot write (`m3_model::door::Instance`), not the engine's
//! bookkeeping, so the random games can check the dirty cells, the armed
//! list and the column ranges of the engine.

use m3_model::door::{Board, Cell, Invalid, Pos, Stage, StageKind, Status, Swap, SwapRecord};

/// One swap on `board`, as the engine's `step` records it.
pub(super) fn step(board: &mut Board, swap: Swap) -> SwapRecord {
    let record =
        |status, stages, vanished, board: &Board| SwapRecord { swap, status, stages, vanished, board: board.clone() };
    if let Err(reason) = check(board, swap) {
        return record(Status::Invalid(reason), Vec::new(), 0, board);
    }
    let (a, b) = (swap.first, swap.second);
    let (first, second) = (board.get(a.row, a.col), board.get(b.row, b.col));
    board.set(a.row, a.col, second);
    board.set(b.row, b.col, first);

    let mut stages = Vec::new();
    let mut count = 0;
    loop {
        let groups = group_cells(board);
        let (kind, exploded, vanished) = if !groups.is_empty() {
            (StageKind::Groups, Vec::new(), groups)
        } else {
            let exploded = cells_where(board, |cell| cell == Cell::ArmedBomb);
            // MD6: only a process a group started reaches Stage 2.
            if exploded.is_empty() || stages.is_empty() {
                break;
            }
            let vanished = blast(board, &exploded);
            (StageKind::Explosion, exploded, vanished)
        };
        count += vanished.len() as u64;
        for pos in &vanished {
            board.set(pos.row, pos.col, Cell::Empty);
        }
        let activated = fall(board);
        stages.push(Stage { kind, exploded, vanished, activated, board: board.clone() });
    }
    record(Status::Played, stages, count, board)
}

fn check(board: &Board, swap: Swap) -> Result<(), Invalid> {
    if swap.first == swap.second {
        return Err(Invalid::SameCell);
    }
    for pos in [swap.first, swap.second] {
        if !board.contains(pos.row, pos.col) || board.get(pos.row, pos.col).colour().is_none() {
            return Err(Invalid::NotAGem(pos));
        }
    }
    Ok(())
}

fn cells_where(board: &Board, test: impl Fn(Cell) -> bool) -> Vec<Pos> {
    let mut cells = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if test(board.get(row, col)) {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

/// MD2/MD3: every cell with two equal gems after it, or one on each side,
/// or two before it, along a row or a column, row-major.
fn group_cells(board: &Board) -> Vec<Pos> {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    let gem = |row: isize, col: isize| {
        (row >= 0 && row < rows && col >= 0 && col < cols)
            .then(|| board.get(row as usize, col as usize).colour())
            .flatten()
    };
    let in_group = |row: isize, col: isize| {
        let Some(colour) = gem(row, col) else { return false };
        [(0, 1), (1, 0)].iter().any(|&(dr, dc)| {
            (-2..=0).any(|start| (start..start + 3).all(|k| gem(row + k * dr, col + k * dc) == Some(colour)))
        })
    };
    let mut cells = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            if in_group(row, col) {
                cells.push(Pos::new(row as usize, col as usize));
            }
        }
    }
    cells
}

/// MD4 on a copy of the grid: the bombs, and every gem and bomb their beams
/// reach before vibranium or the edge, row-major.
fn blast(board: &Board, bombs: &[Pos]) -> Vec<Pos> {
    let before = board.clone();
    let mut hit = m3_model::Grid::filled(board.rows(), board.cols(), false);
    for &bomb in bombs {
        hit.set(bomb.row, bomb.col, true);
        for (dr, dc) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
            let (mut row, mut col) = (bomb.row as isize + dr, bomb.col as isize + dc);
            while row >= 0 && col >= 0 && before.contains(row as usize, col as usize) {
                match before.get(row as usize, col as usize) {
                    Cell::Vibranium => break,
                    Cell::Empty => {}
                    _ => hit.set(row as usize, col as usize, true),
                }
                row += dr;
                col += dc;
            }
        }
    }
    let mut cells = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if hit.get(row, col) {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

/// MD5 in every column: the non-empty cells to the bottom in order; a bomb
/// that moves is armed. Returns the newly armed bombs, row-major.
fn fall(board: &mut Board) -> Vec<Pos> {
    let mut activated = Vec::new();
    for col in 0..board.cols() {
        let stack: Vec<(usize, Cell)> =
            (0..board.rows()).map(|row| (row, board.get(row, col))).filter(|&(_, cell)| cell != Cell::Empty).collect();
        for row in 0..board.rows() {
            board.set(row, col, Cell::Empty);
        }
        let base = board.rows() - stack.len();
        for (k, &(from, cell)) in stack.iter().enumerate() {
            let to = base + k;
            let landed = if cell == Cell::Bomb && to != from {
                activated.push(Pos::new(to, col));
                Cell::ArmedBomb
            } else {
                cell
            };
            board.set(to, col, landed);
        }
    }
    activated.sort();
    activated
}
