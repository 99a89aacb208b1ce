//! Where an engine's record first differs from the reference's, named by the
//! record's field and round.

use m3_model::texas::{Board, Cell, OperationRecord, Outcome, Removal, Round};

use super::draw::grid;
use crate::draw::{before_and_after, side_by_side};
use crate::game::Difference;

/// `before` is the board both sides started the operation from.
pub fn record_difference(before: &Board, engine: &OperationRecord, reference: &OperationRecord) -> Difference {
    // Every difference outside a round shows the board the operation started
    // from and where each side left it.
    let plain = |field, e: &dyn std::fmt::Debug, r: &dyn std::fmt::Debug| {
        let start = grid(before, &[], &[]);
        let boards =
            before_and_after(Some(("the board before the operation", &start)), &after(engine), &after(reference));
        Difference::plain(field, e, r).with_boards(boards)
    };
    if engine.swap != reference.swap {
        return plain("swap", &engine.swap, &reference.swap);
    }
    if engine.validity != reference.validity {
        return plain("validity", &engine.validity, &reference.validity);
    }
    // The rounds before the one that differs agree, so both sides start each
    // round from the same board.
    let mut round_start = super::swapped(before, &engine.swap).unwrap_or_else(|| before.clone());
    for (index, (e, r)) in engine.rounds.iter().zip(&reference.rounds).enumerate() {
        let in_round = |field, engine, reference| {
            Difference::in_step(index + 1, field, engine, reference).with_boards(round_boards(&round_start, e, r))
        };
        if e.marked != r.marked {
            return in_round("marked", cells(&e.marked), cells(&r.marked));
        }
        if e.removed != r.removed {
            return in_round("removed", removals(&e.removed), removals(&r.removed));
        }
        if e.elimination_points != r.elimination_points {
            return in_round("elimination_points", e.elimination_points.to_string(), r.elimination_points.to_string());
        }
        if e.combo_points != r.combo_points {
            return in_round("combo_points", e.combo_points.to_string(), r.combo_points.to_string());
        }
        if e.board != r.board {
            return in_round("board", "see the boards below".into(), "see the boards below".into());
        }
        round_start = r.board.clone();
    }
    if engine.rounds.len() != reference.rounds.len() {
        return plain("rounds", &engine.rounds.len(), &reference.rounds.len());
    }
    if engine.main_colours != reference.main_colours {
        return plain("main_colours", &engine.main_colours, &reference.main_colours);
    }
    if engine.chain_points != reference.chain_points {
        return plain("chain_points", &engine.chain_points, &reference.chain_points);
    }
    if engine.hand_points != reference.hand_points {
        return plain("hand_points", &engine.hand_points, &reference.hand_points);
    }
    plain("board", &"see below", &"see below")
}

pub fn outcome_difference(engine: &Outcome, reference: &Outcome) -> Difference {
    let (e, r) = (engine.parts, reference.parts);
    let fields = [
        ("elimination", e.elimination, r.elimination),
        ("chain", e.chain, r.chain),
        ("combo", e.combo, r.combo),
        ("hand", e.hand, r.hand),
        ("endgame", e.endgame, r.endgame),
        ("total", engine.total, reference.total),
    ];
    let (field, engine, reference) =
        fields.into_iter().find(|(_, e, r)| e != r).unwrap_or(("total", engine.total, reference.total));
    Difference { step: None, field, engine: engine.to_string(), reference: reference.to_string(), boards: None }
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

/// The board an operation left.
fn after(record: &OperationRecord) -> Vec<String> {
    grid(&record.board, &[], &[])
}

fn cells(cells: &[Cell]) -> String {
    let words: Vec<String> = cells.iter().map(Cell::to_string).collect();
    format!("{} cells: {}", cells.len(), words.join(" "))
}

fn removals(removed: &[Removal]) -> String {
    let words: Vec<String> =
        removed.iter().map(|r| format!("{}={}/{}", r.cell, r.piece.colour, r.piece.special.code())).collect();
    format!("{} pieces (cell=colour/special): {}", removed.len(), words.join(" "))
}
