//! SquareRemover (docs/RULES.md, rules SR1-SR4), transcribed one rule at a time.
//!
//! Every function carries out one rule and names it. The adjust scans the
//! whole board from the top-left corner for every square it removes, as the
//! statement's pseudocode does: this is the implementation to believe, not the
//! fast one.
//!
//! Where docs/RULES.md leaves a question open, the answer taken is written once,
//! next to the code it governs, as a comment starting `Reading:`.

use m3_model::square::{
    Board, Instance, Invalid, Move, Outcome, Square, SquareRemover, Status, Turn, TurnRecord, DOWN, LEFT, MODULUS,
    MULTIPLIER, RIGHT, UP,
};
use m3_model::Stepper;

/// A game of SquareRemover in progress.
///
/// An `Instance` the parser refuses can make a step loop forever: with one
/// colour (or zero), or a seed that is 0 or a multiple of 2147483647, every
/// buffer tile after a point has the same colour, so the refill of a square
/// is again a square. Every other `Instance` (any moves, any board size, any
/// colours in 2..=10) is played without panicking.
#[derive(Debug, Clone)]
pub struct Reference {
    board: Board,
    buffer: Buffer,
    /// Squares removed by the turns played so far (SR2: one point each).
    score: u64,
    /// How many `Turn::Move` turns have been stepped: the index of the next
    /// move.
    moves: usize,
    /// The index among the moves of the first invalid one (SR4); once set,
    /// the game is over.
    first_invalid: Option<usize>,
}

impl Stepper<SquareRemover> for Reference {
    // The game starts from the instance's board, with no tile taken from the
    // buffer. SR3's opening adjust is a turn of its own (`Turn::Opening`), so
    // nothing is adjusted here.
    fn start(instance: &Instance) -> Reference {
        Reference {
            board: instance.board.clone(),
            buffer: Buffer::new(instance.seed, instance.colours),
            score: 0,
            moves: 0,
            first_invalid: None,
        }
    }

    fn step(&mut self, turn: &Turn) -> TurnRecord {
        // SR4: the first invalid move ends the game; every turn after it,
        // an opening included, is skipped and changes nothing.
        if self.first_invalid.is_some() {
            return self.record(*turn, Status::Skipped, Vec::new());
        }
        match turn {
            Turn::Opening => {
                let squares = self.adjust();
                self.record(*turn, Status::Played, squares)
            }
            Turn::Move(m) => {
                let index = self.moves;
                self.moves += 1;
                match validity(&self.board, m) {
                    Err(reason) => {
                        self.first_invalid = Some(index);
                        self.record(*turn, Status::Invalid(reason), Vec::new())
                    }
                    Ok((tile, neighbour)) => {
                        swap(&mut self.board, tile, neighbour);
                        // Reading: "Swapping two equal colours is allowed and
                        // changes nothing" speaks of the swap; the move is
                        // still a move, and SR3 adjusts after every move. On
                        // a board already adjusted that adjust finds nothing.
                        let squares = self.adjust();
                        self.record(*turn, Status::Played, squares)
                    }
                }
            }
        }
    }

    fn finish(self) -> Outcome {
        Outcome { score: self.score, first_invalid: self.first_invalid }
    }
}

impl Reference {
    // SR3: the adjust run by the opening turn and after every valid move; the
    // squares it removes are scored here.
    fn adjust(&mut self) -> Vec<Square> {
        let squares = adjust(&mut self.board, &mut self.buffer);
        self.score += squares.len() as u64;
        squares
    }

    /// The record of a turn: its squares, and the buffer and board as the turn
    /// left them.
    fn record(&self, turn: Turn, status: Status, squares: Vec<Square>) -> TurnRecord {
        TurnRecord { turn, status, squares, buffer: self.buffer.taken, board: self.board.clone() }
    }
}

/// Plays the instance's turns (the opening adjust, then every move) and
/// returns what the contest's tester reports: the score, or -1 when a move was
/// invalid. It may loop forever on an instance the parser refuses (see
/// [`Reference`]).
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Reference::start(instance);
    for turn in instance.turns() {
        game.step(&turn);
    }
    game.finish().result()
}

// SR1: the buffer. Tile i has colour A[i] mod colours, with A[0] = seed and
// A[i] = A[i-1] x 48271 mod 2147483647; tiles are handed out from tile 0.
#[derive(Debug, Clone)]
struct Buffer {
    colours: u8,
    /// A[taken]: the number behind the next tile.
    a: u64,
    /// How many tiles have been handed out: the index of the next one.
    taken: u64,
}

impl Buffer {
    fn new(seed: u64, colours: u8) -> Buffer {
        Buffer { colours, a: seed, taken: 0 }
    }

    // SR1: hands out tile `taken`, of colour A[taken] mod colours, and moves
    // on to A[taken + 1].
    fn take(&mut self) -> u8 {
        // Reading: colours 0 (refused by the parser) has no remainder to take;
        // every tile is then colour 0, as with one colour.
        let colour = self.a.checked_rem(u64::from(self.colours)).unwrap_or(0);
        self.a = next_a(self.a);
        self.taken += 1;
        // The remainder is below `colours`, a `u8`: the cast loses nothing.
        colour as u8
    }
}

// SR1: A[i] = A[i-1] x 48271 mod 2147483647, in 64-bit arithmetic.
fn next_a(previous: u64) -> u64 {
    // Reading: a seed outside 1..2147483647 (refused by the parser, but an
    // `Instance` may hold any u64) is A[0] as it stands: tile 0 is seed mod
    // colours, and A[1] is the true value of seed x 48271 mod 2147483647.
    // Reducing A[i-1] first gives that same value without overflowing 64
    // bits; for every A[i-1] below the modulus (all of them but a huge seed)
    // the reduction changes nothing.
    (previous % MODULUS) * MULTIPLIER % MODULUS
}

// SR2: while some 2x2 square has four tiles of one colour, remove the topmost,
// then leftmost, one: score it and replace its top-left, top-right,
// bottom-left and bottom-right tiles, in that order, with the next buffer
// tiles. The search restarts from the top after every removal. Gives the
// squares removed, in order.
fn adjust(board: &mut Board, buffer: &mut Buffer) -> Vec<Square> {
    let mut removed = Vec::new();
    while let Some(square) = first_one_colour_square(board) {
        removed.push(square);
        let (row, col) = (square.row, square.col);
        for (r, c) in [(row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1)] {
            board.set(r, c, buffer.take());
        }
    }
    removed
}

// SR2: the topmost one-colour 2x2 square (smallest top row) and among those
// the leftmost, found by scanning the whole board from the top-left, row by
// row, then column by column.
fn first_one_colour_square(board: &Board) -> Option<Square> {
    // Reading: the board need not be square (an `Instance` may hold any
    // grid); the rules apply to its rows and columns as they are. A board
    // with fewer than 2 rows or columns has no square.
    for row in 0..board.rows().saturating_sub(1) {
        // The square's two rows, read as rows: a 64x64 board is scanned for
        // every square a move removes, and a cell read by its row and column
        // checks both each time.
        let (top, bottom) = (board.row(row), board.row(row + 1));
        for col in 0..board.cols().saturating_sub(1) {
            let colour = top[col];
            if top[col + 1] == colour && bottom[col] == colour && bottom[col + 1] == colour {
                return Some(Square::new(row, col));
            }
        }
    }
    None
}

// SR4: a move (row, col, dir) is valid when its tile is on the board, dir is
// 0 up, 1 right, 2 down or 3 left, and the neighbour in that direction is on
// the board. The reasons are judged in the order of `Invalid`, so the first
// failing one is reported. A valid move gives its tile and its neighbour.
fn validity(board: &Board, m: &Move) -> Result<(Tile, Tile), Invalid> {
    let (Some(row), Some(col)) = (on_board(i64::from(m.row), board.rows()), on_board(i64::from(m.col), board.cols()))
    else {
        return Err(Invalid::TileOffBoard);
    };
    let (row_step, col_step) = match m.dir {
        UP => (-1, 0),
        RIGHT => (0, 1),
        DOWN => (1, 0),
        LEFT => (0, -1),
        _ => return Err(Invalid::UnknownDirection),
    };
    let (Some(next_row), Some(next_col)) =
        (on_board(i64::from(m.row) + row_step, board.rows()), on_board(i64::from(m.col) + col_step, board.cols()))
    else {
        return Err(Invalid::NeighbourOffBoard);
    };
    Ok(((row, col), (next_row, next_col)))
}

/// A tile of the board: (row, column), 0-based.
type Tile = (usize, usize);

/// The index `i` as a row or column of a board with `len` of them, if it is
/// one.
fn on_board(i: i64, len: usize) -> Option<usize> {
    usize::try_from(i).ok().filter(|&i| i < len)
}

// SR4: the move swaps the tile with its neighbour; two equal colours swap to
// the same board.
fn swap(board: &mut Board, (row, col): Tile, (next_row, next_col): Tile) {
    let tile = board.get(row, col);
    let neighbour = board.get(next_row, next_col);
    board.set(row, col, neighbour);
    board.set(next_row, next_col, tile);
}
