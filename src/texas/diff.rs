//! Where an engine's record first differs from the reference's, named by the
//! record's field and round.

use m3_model::texas::{Board, OperationRecord, Outcome, Pos, Removal, Round};

use super::draw::grid;
use super::Standing;
use crate::diff::Fields;
use crate::draw::{before_and_after, side_by_side};
use crate::game::Difference;

/// `before` is where both sides started the operation from.
pub fn record_difference(before: &Standing, engine: &OperationRecord, reference: &OperationRecord) -> Difference {
    let before = &before.board;
    let first = || super::swapped(before, &engine.swap).unwrap_or_else(|| before.clone());
    Fields::of(engine, reference)
        .debug("swap", |r| &r.swap)
        .debug("validity", |r| &r.validity)
        .steps_on("rounds", |r| &r.rounds, first, |round| &round.board, round_difference, round_boards)
        .debug("main_colours", |r| &r.main_colours)
        .debug("chain_points", |r| &r.chain_points)
        .debug("hand_points", |r| &r.hand_points)
        .finish_on("the board before the operation", plain, before, |r| &r.board)
}

fn round_difference<'a>(engine: &'a Round, reference: &'a Round) -> Fields<'a, Round> {
    Fields::of(engine, reference)
        .shown("marked", |r| &r.marked[..], cells)
        .shown("removed", |r| &r.removed[..], removals)
        .debug("elimination_points", |r| &r.elimination_points)
        .debug("combo_points", |r| &r.combo_points)
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    Fields::of(engine, reference)
        .debug("elimination", |o| &o.parts.elimination)
        .debug("chain", |o| &o.parts.chain)
        .debug("combo", |o| &o.parts.combo)
        .debug("hand", |o| &o.parts.hand)
        .debug("endgame", |o| &o.parts.endgame)
        .debug("total", |o| &o.total)
        .or_whole("outcome")
}

/// The round's starting board as each side marked and removed it, then each
/// side's board after gravity.
fn round_boards(start: &Board, engine: &Round, reference: &Round) -> String {
    let removed =
        |round: &Round| round.removed.iter().map(|r| r.cell).filter(|c| start.contains(*c)).collect::<Vec<_>>();
    let marked = |round: &Round| round.marked.iter().copied().filter(|c| start.contains(*c)).collect::<Vec<_>>();
    let mut text = side_by_side(
        "engine removed",
        &grid(start, &marked(engine), &removed(engine)),
        "reference removed",
        &grid(start, &marked(reference), &removed(reference)),
    );
    text.push_str(&before_and_after(None, &grid(&engine.board, &[], &[]), &grid(&reference.board, &[], &[])));
    text.push_str(&format!("    {}\n", super::draw::LEGEND));
    text
}

/// A board with nothing marked.
fn plain(board: &Board) -> Vec<String> {
    grid(board, &[], &[])
}

fn cells(cells: &[Pos]) -> String {
    format!("{} cells: {}", cells.len(), crate::draw::cells(cells))
}

fn removals(removed: &[Removal]) -> String {
    let words: Vec<String> =
        removed.iter().map(|r| format!("{}={}/{}", r.cell, r.piece.colour, r.piece.special.code())).collect();
    format!("{} pieces (cell=colour/special): {}", removed.len(), words.join(" "))
}
