//! Where an engine's record first differs from the reference's, named by the
//! record's field and round.

use m3_model::texas::{Board, OperationRecord, Outcome, Pos, Removal, Round};

use super::draw::grid;
use crate::diff::Fields;
use crate::draw::{before_and_after, side_by_side};
use crate::game::Difference;

/// `before` is the board both sides started the operation from.
pub fn record_difference(before: &Board, engine: &OperationRecord, reference: &OperationRecord) -> Difference {
    Fields::new()
        .debug("swap", &engine.swap, &reference.swap)
        .debug("validity", &engine.validity, &reference.validity)
        .steps_on(
            &engine.rounds,
            &reference.rounds,
            || super::swapped(before, &engine.swap).unwrap_or_else(|| before.clone()),
            |round| &round.board,
            |start, e, r| round_difference(e, r).finish(|| round_boards(start, e, r)),
        )
        .debug("rounds", &engine.rounds.len(), &reference.rounds.len())
        .debug("main_colours", &engine.main_colours, &reference.main_colours)
        .debug("chain_points", &engine.chain_points, &reference.chain_points)
        .debug("hand_points", &engine.hand_points, &reference.hand_points)
        .finish_on("the board before the operation", plain, before, &engine.board, &reference.board)
}

fn round_difference(engine: &Round, reference: &Round) -> Fields {
    Fields::new()
        .shown("marked", &engine.marked[..], &reference.marked[..], cells)
        .shown("removed", &engine.removed[..], &reference.removed[..], removals)
        .debug("elimination_points", &engine.elimination_points, &reference.elimination_points)
        .debug("combo_points", &engine.combo_points, &reference.combo_points)
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    let (e, r) = (engine.parts, reference.parts);
    Fields::new()
        .debug("elimination", &e.elimination, &r.elimination)
        .debug("chain", &e.chain, &r.chain)
        .debug("combo", &e.combo, &r.combo)
        .debug("hand", &e.hand, &r.hand)
        .debug("endgame", &e.endgame, &r.endgame)
        .debug("total", &engine.total, &reference.total)
        .or_whole("outcome", engine, reference)
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
