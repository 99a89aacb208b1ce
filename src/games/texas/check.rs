//! The invariants of docs/RULES.md for Texas Match-3, checked on every record:
//! the reason of an invalid operation, no run left once an operation
//! settles, and score books that balance; each round's own (runs marked
//! exactly, specials reaching exactly what they reach, conservation of
//! pieces, gravity order, the round's points) are `round`'s.

use m3_model::texas::{Board, Instance, Invalid, OperationRecord, Outcome, ScoreParts};
use m3_model::texas::{Swap, Texas, ALL_VALID_BONUS, CLEARED_BONUS, HAND_SIZE};

use super::hand::best_hand;
use super::round::check_round;
use super::runs::run_cells;
use super::state::Standing;
use super::swapped::swapped;
use crate::game::invariant::{RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};

/// Rounds repeat while runs exist: once an operation settles, no run is
/// left (TX3).
pub const LEFTOVER_RUN: &str = "no leftover run";

/// Follows one implementation's game through its records.
pub struct Checker {
    valid_operations: usize,
    all_valid: bool,
    books: ScoreParts,
}

impl game::Checks<Texas> for Checker {
    fn new(_: &Instance) -> Self {
        Checker { valid_operations: 0, all_valid: true, books: ScoreParts::default() }
    }

    fn record(&mut self, before: &Standing, record: &OperationRecord) -> Result<(), Violation> {
        let reason = validity(&before.board, &record.swap);
        if record.validity != reason {
            return Err(Violation::new(
                VALIDITY,
                None,
                format!("recorded {:?}, TX2 gives {reason:?}", record.validity),
            ));
        }
        let settled = match record.validity {
            Err(reason) => {
                self.all_valid = false;
                invalid_changes_nothing(record, &before.board, reason)?;
                before.board.clone()
            }
            Ok(()) => {
                self.valid_operations += 1;
                self.valid_operation(before, record)?
            }
        };
        if record.board != settled {
            return Err(Violation::new(RECORD, None, "the operation's board is not the board its rounds left"));
        }
        self.books.elimination += record.rounds.iter().map(|r| r.elimination_points).sum::<i64>();
        self.books.combo += record.rounds.iter().map(|r| r.combo_points).sum::<i64>();
        self.books.chain += record.chain_points;
        self.books.hand += record.hand_points.unwrap_or(0);
        Ok(())
    }

    fn outcome(&self, last: &Standing, outcome: &Outcome) -> Result<(), Violation> {
        let mut expected = self.books;
        // TX11
        expected.endgame =
            if self.all_valid { ALL_VALID_BONUS } else { 0 } + if last.board.is_empty() { CLEARED_BONUS } else { 0 };
        if outcome.parts != expected {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("outcome parts {:?}, records add up to {expected:?}", outcome.parts),
            ));
        }
        // TX12
        if outcome.total != expected.sum() {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("total {} but the parts sum to {}", outcome.total, expected.sum()),
            ));
        }
        Ok(())
    }
}

impl Checker {
    /// Checks the rounds of a valid operation; returns the board they leave.
    fn valid_operation(&self, before: &Standing, record: &OperationRecord) -> Result<Board, Violation> {
        let Some(mut board) = swapped(&before.board, &record.swap) else {
            return Err(Violation::new(RECORD, None, "a swap off the board is recorded as valid"));
        };
        if record.rounds.is_empty() {
            return Err(Violation::new(RECORD, None, "a valid operation with no round"));
        }
        let mut main_colours: Vec<u8> =
            record.rounds[0].marked.iter().filter_map(|&c| board.get(c)).map(|p| p.colour).collect();
        main_colours.sort_unstable();
        main_colours.dedup();
        if record.main_colours != main_colours {
            return Err(Violation::new(
                RECORD,
                Some(1),
                format!("main colours {:?}, round 1 marked {main_colours:?}", record.main_colours),
            ));
        }
        for (index, round) in record.rounds.iter().enumerate() {
            check_round(index + 1, &board, round)?;
            board = round.board.clone();
            let more_rounds = index + 1 < record.rounds.len();
            if !more_rounds && !run_cells(&board).is_empty() {
                return Err(Violation::new(
                    LEFTOVER_RUN,
                    Some(index + 1),
                    "a run is left on the board after the last round",
                ));
            }
        }
        let rounds = record.rounds.len() as i64;
        // TX8
        if record.chain_points != 80 * (rounds - 1) * (rounds - 1) {
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("chain points {} for {rounds} rounds", record.chain_points),
            ));
        }
        // TX10: a hand after every fifth valid operation, and only then.
        let hand_due = self.valid_operations.is_multiple_of(HAND_SIZE);
        if record.hand_points.is_some() != hand_due {
            let valid = self.valid_operations;
            return Err(Violation::new(
                SCORE_BOOK,
                None,
                format!("hand points {:?} on valid operation {valid}", record.hand_points),
            ));
        }
        if let Some(points) = record.hand_points {
            let mut hand = before.hand.clone();
            hand.push(record.main_colours.clone());
            let best = best_hand(&hand).map(|(_, points)| points);
            if best != Some(points) {
                return Err(Violation::new(
                    SCORE_BOOK,
                    None,
                    format!("hand points {points}, the main colours {hand:?} make at best {best:?}"),
                ));
            }
        }
        Ok(board)
    }
}

/// TX2 re-derived: the first reason, in the order of `Invalid`, that makes
/// `swap` invalid on `board`.
fn validity(board: &Board, swap: &Swap) -> Result<(), Invalid> {
    let (Some(a), Some(b)) = (board.cell_at(swap.first), board.cell_at(swap.second)) else {
        return Err(Invalid::OffBoard);
    };
    if a == b {
        return Err(Invalid::SameCell);
    }
    if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1 {
        return Err(Invalid::NotAdjacent);
    }
    if board.get(a).is_none() || board.get(b).is_none() {
        return Err(Invalid::EmptyCell);
    }
    let after = swapped(board, swap).expect("both cells are on the board");
    if run_cells(&after).is_empty() {
        return Err(Invalid::NoRun);
    }
    Ok(())
}

fn invalid_changes_nothing(
    record: &OperationRecord,
    board: &Board,
    reason: m3_model::texas::Invalid,
) -> Result<(), Violation> {
    let changed = !record.rounds.is_empty()
        || !record.main_colours.is_empty()
        || record.chain_points != 0
        || record.hand_points.is_some();
    if changed || record.board != *board {
        return Err(Violation::new(RECORD, None, format!("an invalid operation ({reason:?}) changed something")));
    }
    Ok(())
}
