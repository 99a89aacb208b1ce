//! Magic Door (docs/RULES.md, rules MD1-MD7), transcribed one rule at a time.
//!
//! Every function carries out one rule and names it. Groups are found by
//! looking at every cell of the grid, beams are walked cell by cell on a copy
//! of the grid, and gravity rebuilds every column: this is the implementation
//! to believe, not the fast one.
//!
//! Where docs/RULES.md leaves a question open, the answer taken is written once,
//! next to the code it governs, as a comment starting `Reading:`.

use m3_model::door::{
    Board, Cell, Instance, Invalid, MagicDoor, Outcome, Pos, Stage, StageKind, Status, Swap, SwapRecord,
};
use m3_model::{Grid, Stepper};

/// A game of Magic Door in progress: the grid as the last swap left it.
///
/// Any `Instance` is played without panicking, also one the parser refuses
/// (a grid with groups, empty cells or armed bombs, swaps off the grid).
#[derive(Debug, Clone)]
pub struct Reference {
    board: Board,
    /// Gems that vanished over the swaps played so far (MD7).
    vanished: u64,
}

impl Stepper<MagicDoor> for Reference {
    fn start(instance: &Instance) -> Reference {
        Reference { board: instance.board.clone(), vanished: 0 }
    }

    fn step(&mut self, swap: &Swap) -> SwapRecord {
        // MD1: a swap that is not two distinct regular gems is not made.
        if let Err(reason) = validity(&self.board, swap) {
            return SwapRecord {
                swap: *swap,
                status: Status::Invalid(reason),
                stages: Vec::new(),
                vanished: 0,
                board: self.board.clone(),
            };
        }
        exchange(&mut self.board, swap);
        let stages = chain_reaction(&mut self.board);
        // MD7: every vanished cell counts; each stage lists a cell once.
        let vanished = stages.iter().map(|stage| stage.vanished.len() as u64).sum();
        self.vanished += vanished;
        SwapRecord { swap: *swap, status: Status::Played, stages, vanished, board: self.board.clone() }
    }

    fn finish(self) -> Outcome {
        Outcome { vanished: self.vanished }
    }
}

/// Plays every swap of the instance, in order, and returns the statement's
/// answer: the number of gems that vanished.
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Reference::start(instance);
    for swap in &instance.swaps {
        game.step(swap);
    }
    game.finish().result()
}

// MD1: the two cells must be distinct and each must hold a regular gem. Two
// equal cells are reported first, then the first cell (in the swap's order)
// that holds no regular gem.
fn validity(board: &Board, swap: &Swap) -> Result<(), Invalid> {
    if swap.first == swap.second {
        return Err(Invalid::SameCell);
    }
    for pos in [swap.first, swap.second] {
        // Reading: a cell off the grid (the parser refuses it, an `Instance`
        // may hold it) holds no regular gem either.
        if !board.contains(pos.row, pos.col) || board.get(pos.row, pos.col).colour().is_none() {
            return Err(Invalid::NotAGem(pos));
        }
    }
    Ok(())
}

// MD1: the two gems change places; they need not be adjacent.
fn exchange(board: &mut Board, swap: &Swap) {
    let (a, b) = (swap.first, swap.second);
    let first = board.get(a.row, a.col);
    let second = board.get(b.row, b.col);
    board.set(a.row, a.col, second);
    board.set(b.row, b.col, first);
}

// MD3, MD4 and MD6: the chain reaction after a swap. Stage 1 runs while groups
// exist; when it finds none, Stage 2 runs if a bomb is armed, then Stage 1
// again. The process ends when there is neither a group nor an armed bomb.
fn chain_reaction(board: &mut Board) -> Vec<Stage> {
    let mut stages = Vec::new();
    // MD6: a swap that creates no group scores 0: nothing happens after it,
    // even with an armed bomb on the grid (the reading of
    // `m3_model::door::Instance` for grids the format cannot write).
    if cells_in_groups(board).is_empty() {
        return stages;
    }
    loop {
        let in_groups = cells_in_groups(board);
        if !in_groups.is_empty() {
            stages.push(groups_vanish(board, in_groups));
            continue;
        }
        let armed = armed_bombs(board);
        if !armed.is_empty() {
            stages.push(bombs_explode(board, armed));
            continue;
        }
        // MD6: no group and no armed bomb: the process ends.
        return stages;
    }
}

// MD2: every cell that belongs to a match-3 group, in row-major order.
fn cells_in_groups(board: &Board) -> Vec<Pos> {
    let mut cells = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if in_group(board, Pos::new(row, col)) {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

// MD2: a cell is in a group when it holds a regular gem and lies on a
// horizontal or a vertical line of 3 or more consecutive equal regular gems.
// Bombs, vibranium and empty cells never match, and they break lines.
fn in_group(board: &Board, pos: Pos) -> bool {
    let here = board.get(pos.row, pos.col);
    if here.colour().is_none() {
        return false;
    }
    let across = 1 + same_in_a_row(board, pos, LEFT, here) + same_in_a_row(board, pos, RIGHT, here);
    let down = 1 + same_in_a_row(board, pos, UP, here) + same_in_a_row(board, pos, DOWN, here);
    across >= 3 || down >= 3
}

// MD2: how many cells next to `pos`, walking towards `direction`, hold the
// same regular gem `gem` without a break.
fn same_in_a_row(board: &Board, pos: Pos, direction: Direction, gem: Cell) -> usize {
    let mut count = 0;
    let mut at = pos;
    while let Some(next) = neighbour(board, at, direction) {
        if board.get(next.row, next.col) != gem {
            break;
        }
        count += 1;
        at = next;
    }
    count
}

// MD3: every gem of every group vanishes at once (a gem in two groups is one
// cell, listed once), then gravity (MD5).
fn groups_vanish(board: &mut Board, in_groups: Vec<Pos>) -> Stage {
    for pos in &in_groups {
        board.set(pos.row, pos.col, Cell::Empty);
    }
    let activated = gravity(board);
    Stage { kind: StageKind::Groups, exploded: Vec::new(), vanished: in_groups, activated, board: board.clone() }
}

// MD4: the armed bombs, in row-major order.
fn armed_bombs(board: &Board) -> Vec<Pos> {
    let mut bombs = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if board.get(row, col) == Cell::ArmedBomb {
                bombs.push(Pos::new(row, col));
            }
        }
    }
    bombs
}

// MD4: all armed bombs explode at once. Each vanishes, and so does every
// regular gem and bomb (armed or not) on its four beams; a bomb that was not
// armed vanishes without exploding. The beams are traced on the grid as it
// was before the explosion. Then gravity (MD5).
fn bombs_explode(board: &mut Board, exploded: Vec<Pos>) -> Stage {
    let before = board.clone();
    let mut hit = Grid::filled(board.rows(), board.cols(), false);
    for bomb in &exploded {
        hit.set(bomb.row, bomb.col, true);
        for direction in [LEFT, RIGHT, UP, DOWN] {
            for pos in beam(&before, *bomb, direction) {
                hit.set(pos.row, pos.col, true);
            }
        }
    }
    // MD7: a cell hit by several beams vanishes once; row-major order.
    let mut vanished = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if hit.get(row, col) {
                board.set(row, col, Cell::Empty);
                vanished.push(Pos::new(row, col));
            }
        }
    }
    let activated = gravity(board);
    Stage { kind: StageKind::Explosion, exploded, vanished, activated, board: board.clone() }
}

// MD4: one beam, from `bomb` towards `direction` to the grid's edge: the
// regular gems and bombs it meets. It stops at a vibranium gem, which stays
// and shields the cells behind it; empty cells do not stop it.
fn beam(before: &Board, bomb: Pos, direction: Direction) -> Vec<Pos> {
    let mut hits = Vec::new();
    let mut at = bomb;
    while let Some(next) = neighbour(before, at, direction) {
        match before.get(next.row, next.col) {
            Cell::Vibranium => break,
            Cell::Empty => {}
            Cell::Gem(_) | Cell::Bomb | Cell::ArmedBomb => hits.push(next),
        }
        at = next;
    }
    hits
}

// MD5: in every column, every non-empty cell (vibranium included) falls to the
// bottom, keeping its order. A bomb that moves down by at least one cell
// becomes armed; an armed bomb stays armed. Gives the bombs this fall armed,
// where they landed, in row-major order.
fn gravity(board: &mut Board) -> Vec<Pos> {
    let mut activated = Vec::new();
    for col in 0..board.cols() {
        // The column's cells from the bottom up, with the row each is on.
        let mut falling = Vec::new();
        for row in (0..board.rows()).rev() {
            let cell = board.get(row, col);
            if cell != Cell::Empty {
                falling.push((row, cell));
            }
            board.set(row, col, Cell::Empty);
        }
        // The lowest cell lands on the bottom row, the next just above it.
        for (landed, (row, cell)) in (0..board.rows()).rev().zip(falling) {
            if cell == Cell::Bomb && landed > row {
                board.set(landed, col, Cell::ArmedBomb);
                activated.push(Pos::new(landed, col));
            } else {
                board.set(landed, col, cell);
            }
        }
    }
    activated.sort();
    activated
}

/// A step across the grid: (rows, columns) to add.
type Direction = (isize, isize);

const LEFT: Direction = (0, -1);
const RIGHT: Direction = (0, 1);
const UP: Direction = (-1, 0);
const DOWN: Direction = (1, 0);

/// The cell next to `pos` towards `direction`, if it is on the grid.
fn neighbour(board: &Board, pos: Pos, (rows, cols): Direction) -> Option<Pos> {
    let row = pos.row.checked_add_signed(rows)?;
    let col = pos.col.checked_add_signed(cols)?;
    board.contains(row, col).then_some(Pos::new(row, col))
}
