//! The invariants of docs/RULES.md for SquareRemover, checked on every record by
//! replaying it: the SR4 verdict, the squares removed in SR2's order with
//! the buffer's tiles (SR1), tiles taken = 4 x squares removed, no
//! one-colour square left, and the score books.

use m3_model::square::{Board, Instance, Outcome, Square, SquareRemover, Status, Turn, TurnRecord};

use super::rules::{move_tiles, one_colour, swap, tiles, Buffer, Tile};
use super::state::Standing;
use crate::game::invariant::{RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};
use crate::kit::bit_set;

/// A turn removes its squares in SR2's order: the topmost, and among those
/// the leftmost, first.
pub const ORDER: &str = "square order";
/// A removed square's four tiles are replaced, in SR2's order, with the
/// buffer's next tiles (SR1).
pub const BUFFER: &str = "buffer";
/// After a turn no one-colour square is left (SR2).
pub const LEFTOVER_SQUARE: &str = "no leftover square";

/// Follows one game through its records, with its own buffer.
pub struct Checker {
    colours: u8,
    side: usize,
    buffer: Buffer,
    /// The index among the moves of the first invalid one.
    first_invalid: Option<usize>,
    /// The board the turn is replayed on, kept to be copied into rather
    /// than allocated per turn.
    board: Board,
    touched: Touched,
}

impl game::Checks<SquareRemover> for Checker {
    fn new(instance: &Instance) -> Self {
        Checker {
            colours: instance.colours,
            side: instance.board.rows(),
            buffer: Buffer::new(instance.seed, instance.colours),
            first_invalid: None,
            board: instance.board.clone(),
            touched: Touched::new(instance.board.rows()),
        }
    }

    fn record(&mut self, before: &Standing, record: &TurnRecord) -> Result<(), Violation> {
        let unchanged = || record.squares.is_empty() && record.buffer == before.buffer && record.board == before.board;
        let expected = match (before.ended, record.turn) {
            (true, _) => Status::Skipped,
            (false, Turn::Opening) => Status::Played,
            (false, Turn::Move(m)) => move_tiles(self.side, m).map_or_else(Status::Invalid, |_| Status::Played),
        };
        if record.status != expected {
            return Err(Violation::new(
                VALIDITY,
                None,
                format!("recorded {:?}, SR4 gives {expected:?}", record.status),
            ));
        }
        if record.status != Status::Played {
            if let Status::Invalid(_) = record.status {
                self.first_invalid = Some(before.moves);
            }
            return if unchanged() {
                Ok(())
            } else {
                Err(Violation::new(RECORD, None, format!("a turn not played ({:?}) changed something", record.status)))
            };
        }
        let board = &mut self.board;
        board.clone_from(&before.board);
        let touched = &mut self.touched;
        match record.turn {
            // Only the opening may start with squares anywhere.
            Turn::Opening => touched.all(),
            Turn::Move(m) => {
                touched.clear();
                let (a, b) = move_tiles(self.side, m).expect("judged valid above");
                swap(board, (a, b));
                touched.touch(a);
                touched.touch(b);
            }
        }
        if self.buffer.taken != before.buffer {
            return Err(Violation::new(
                BUFFER,
                None,
                format!("the turn starts at buffer tile {}, the last ended at {}", before.buffer, self.buffer.taken),
            ));
        }
        for (index, &square) in record.squares.iter().enumerate() {
            let step = Some(index + 1);
            // SR2: the square removed is the topmost, then leftmost, of all.
            let first = touched.first_square(board);
            if first != Some(square) {
                return Err(Violation::new(ORDER, step, format!("removed {square}, SR2 takes {first:?}")));
            }
            for tile in tiles(square) {
                board.set(tile.0, tile.1, self.buffer.take());
                touched.touch(tile);
            }
        }
        if let Some(square) = touched.first_square(board) {
            return Err(Violation::new(LEFTOVER_SQUARE, None, format!("the square at {square} is left")));
        }
        // SR1: each square removed takes four tiles, and the buffer only
        // moves forward.
        if record.buffer != self.buffer.taken {
            return Err(Violation::new(
                BUFFER,
                None,
                format!(
                    "buffer at {} after {} squares from {}; 4 tiles a square gives {}",
                    record.buffer,
                    record.squares.len(),
                    before.buffer,
                    self.buffer.taken
                ),
            ));
        }
        // A board equal to the replay holds the colours the replay gave it:
        // the buffer's and those of the board before, checked already.
        // Only the opening's come unchecked, from the instance.
        let replayed = record.board == *board;
        if !replayed || record.turn == Turn::Opening {
            check_board(self.side, self.colours, record)?;
        }
        if !replayed {
            return Err(Violation::new(RECORD, None, "the turn's board is not the board its squares left"));
        }
        Ok(())
    }

    fn outcome(&self, last: &Standing, outcome: &Outcome) -> Result<(), Violation> {
        if outcome.score != last.score {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("score {}, the records remove {} squares", outcome.score, last.score),
            ));
        }
        if outcome.first_invalid != self.first_invalid {
            return Err(Violation::new(
                RECORD,
                None,
                format!("first invalid move {:?}, the records say {:?}", outcome.first_invalid, self.first_invalid),
            ));
        }
        Ok(())
    }
}

/// The 2x2 windows holding a tile the turn changed (one the move swapped or
/// a removed square refilled) and not yet seen to hold two colours since.
/// The board a turn starts from holds no square (the last turn's check of
/// SR2 saw to it), so a square on the board is in one of them, and SR2's
/// topmost, then leftmost, square is the first of them that is one colour.
struct Touched {
    /// By row of windows (of their top-left tile), the windows as bits by
    /// column.
    windows: Vec<u64>,
    /// The rows of windows that hold one, as bits: a turn touches a few.
    rows: u64,
    /// The bits of a row's windows.
    row: u64,
}

impl Touched {
    fn new(side: usize) -> Touched {
        let windows = side.saturating_sub(1);
        Touched { windows: vec![0; windows], rows: 0, row: bit_set::first(windows) }
    }

    fn clear(&mut self) {
        for row in bit_set::ones(self.rows) {
            self.windows[row] = 0;
        }
        self.rows = 0;
    }

    fn all(&mut self) {
        self.windows.fill(self.row);
        self.rows = bit_set::first(self.windows.len());
    }

    fn touch(&mut self, (row, col): Tile) {
        // The windows from the one up and left of the tile to the tile's own;
        // there are as many rows of windows as windows in a row.
        let [rows, cols] = [row, col].map(|at| 0b11 << at >> 1 & self.row);
        self.rows |= rows;
        for row in bit_set::ones(rows) {
            self.windows[row] |= cols;
        }
    }

    /// The first touched window that is one colour. Those before it are
    /// not, and stay so until a tile of theirs changes: they are dropped,
    /// so that the search for the next square does not read them again.
    fn first_square(&mut self, board: &Board) -> Option<Square> {
        while self.rows != 0 {
            let row = self.rows.trailing_zeros() as usize;
            let windows = &mut self.windows[row];
            while *windows != 0 {
                let col = windows.trailing_zeros() as usize;
                if one_colour(board, (row, col)) {
                    return Some(Square::new(row, col));
                }
                *windows &= *windows - 1;
            }
            self.rows &= self.rows - 1;
        }
        None
    }
}

/// The board stays N x N, with tiles of the game's colours only.
pub const BOARD: &str = "board";

/// The board holds N x N tiles of colours below `colours`.
fn check_board(side: usize, colours: u8, record: &TurnRecord) -> Result<(), Violation> {
    let board = &record.board;
    if board.rows() != side || board.cols() != side {
        return Err(Violation::new(BOARD, None, format!("a {}x{} board", board.rows(), board.cols())));
    }
    // The highest colour, found without a branch per tile, says whether any
    // is out of range.
    if let Some(&colour) = board.cells().iter().max().filter(|&&highest| highest >= colours) {
        return Err(Violation::new(BOARD, None, format!("a tile of colour {colour}, with {colours} colours")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use m3_model::square::Move;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::square::rules::fixtures::{board_between_moves, first_square_of_all};

    #[test]
    fn sr2_the_first_square_among_the_touched_windows_is_the_first_of_all() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut made, mut cascades) = (0, 0);
        for _ in 0..20_000 {
            let colours = rng.random_range(2..=3);
            let Some(mut board) = board_between_moves(&mut rng, colours) else { continue };
            let side = board.rows();
            let [row, col] = [0; 2].map(|_| rng.random_range(0..side as i32));
            let Ok((a, b)) = move_tiles(side, Move::new(row, col, rng.random_range(0..4))) else { continue };
            let mut touched = Touched::new(side);
            swap(&mut board, (a, b));
            touched.touch(a);
            touched.touch(b);
            for removed in 0.. {
                let first = touched.first_square(&board);
                assert_eq!(first, first_square_of_all(&board), "on\n{board:?}");
                let Some(square) = first else {
                    // Every window touched was read, and none is left to read again.
                    assert!(touched.windows.iter().all(|&windows| windows == 0), "on\n{board:?}");
                    assert_eq!(touched.rows, 0, "on\n{board:?}");
                    break;
                };
                made += usize::from(removed == 0);
                cascades += usize::from(removed == 1);
                for tile in tiles(square) {
                    board.set(tile.0, tile.1, rng.random_range(0..colours));
                    touched.touch(tile);
                }
            }
        }
        assert!(made > 100 && cascades > 20, "{made} swaps made a square, {cascades} refills another: too few to see");
    }
}
