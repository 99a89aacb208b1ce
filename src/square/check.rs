//! The invariants of RULES.md for SquareRemover, checked on every record by
//! replaying it: the SR4 verdict, the squares removed in SR2's order with
//! the buffer's tiles (SR1), tiles taken = 4 x squares removed, no
//! one-colour square left, and the score books.

use m3_model::square::{Board, Instance, Outcome, SquareRemover, Status, Turn, TurnRecord};

use super::rules::{first_square_from, move_tiles, swap, tiles, Buffer};
use super::Standing;
use crate::game::invariant::{RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};

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
}

impl game::Checker<SquareRemover> for Checker {
    fn new(instance: &Instance) -> Self {
        Checker {
            colours: instance.colours,
            side: instance.board.rows(),
            buffer: Buffer::new(instance.seed, instance.colours),
            first_invalid: None,
            board: instance.board.clone(),
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
        // The first row of windows a square may be in. The board a turn
        // starts from holds no square (the last turn's check of SR2 saw to
        // it), so a move's square touches one of its tiles; a refill, one
        // of the four it refills; the windows above those are as they were
        // when they held none. Only the opening may start with squares.
        let mut from_row = 0;
        if let Turn::Move(m) = record.turn {
            let tiles = move_tiles(self.side, m).expect("judged valid above");
            swap(board, tiles);
            from_row = tiles.0 .0.min(tiles.1 .0).saturating_sub(1);
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
            let first = first_square_from(board, from_row);
            if first != Some(square) {
                return Err(Violation::new(ORDER, step, format!("removed {square}, SR2 takes {first:?}")));
            }
            for (row, col) in tiles(square) {
                board.set(row, col, self.buffer.take());
            }
            from_row = square.row.saturating_sub(1);
        }
        if let Some(square) = first_square_from(board, from_row) {
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
        check_board(self.side, self.colours, record)?;
        if record.board != *board {
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
