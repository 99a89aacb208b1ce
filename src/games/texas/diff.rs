//! Where an engine's record first differs from the reference's, named by the
//! record's field and round.

use m3_model::texas::{Board, OperationRecord, Outcome, Pos, Removal, Round};

use super::hand::{best_cards, best_hand};
use super::render::grid;
use super::state::Standing;
use super::swapped::swapped;
use crate::check::diff::Fields;
use crate::game::Difference;
use crate::kit::render::{before_and_after, side_by_side};

/// `before` is where both sides started the operation from.
pub fn record_difference(standing: &Standing, engine: &OperationRecord, reference: &OperationRecord) -> Difference {
    let before = &standing.board;
    let first = || swapped(before, &engine.swap).unwrap_or_else(|| before.clone());
    Fields::of(engine, reference)
        .debug("swap", |r| &r.swap)
        .debug("validity", |r| &r.validity)
        .steps_on("rounds", |r| &r.rounds, first, |round| &round.board, round_difference, round_boards)
        .debug("main_colours", |r| &r.main_colours)
        .debug("chain_points", |r| &r.chain_points)
        .debug_from(
            "hand_points",
            |r| &r.hand_points,
            |engine, reference| hand_inputs(&standing.hand, engine, reference),
        )
        .finish_on("the board before the operation", plain, before, |r| &r.board)
}

fn round_difference<'a>(engine: &'a Round, reference: &'a Round) -> Fields<'a, Round> {
    Fields::of(engine, reference)
        .shown("marked", |r| &r.marked[..], cells)
        .shown("removed", |r| &r.removed[..], removals)
        .debug("elimination_points", |r| &r.elimination_points)
        .debug("combo_points", |r| &r.combo_points)
}

/// What TX10 scores a hand from: the main colours of each valid operation
/// since the last hand (`earlier`, then this operation's on each side), and
/// the hand the rule picks from them on each side. The boards would show
/// none of it.
fn hand_inputs(earlier: &[Vec<u8>], engine: &OperationRecord, reference: &OperationRecord) -> String {
    let colours = |colours: &[u8]| format!("{colours:?}");
    let mut text = "    TX10: the main colours of the valid operations since the last hand, oldest first\n".to_string();
    for (index, main) in earlier.iter().enumerate() {
        text.push_str(&format!("      {}. {}\n", index + 1, colours(main)));
    }
    let this = |record: &OperationRecord| match record.is_valid() {
        true => colours(&record.main_colours),
        false => "none: invalid (TX2)".to_string(),
    };
    let (on_engine, on_reference) = (this(engine), this(reference));
    match on_engine == on_reference {
        true => text.push_str(&format!("      {}. {on_engine} (this operation)\n", earlier.len() + 1)),
        false => text.push_str(&format!(
            "      {}. engine {on_engine}, reference {on_reference} (this operation)\n",
            earlier.len() + 1
        )),
    }
    for (side, record) in [("engine", engine), ("reference", reference)] {
        let mut cycle = earlier.to_vec();
        if record.is_valid() {
            cycle.push(record.main_colours.clone());
        }
        let chosen = match (best_cards(&cycle), best_hand(&cycle)) {
            (Some(cards), Some((hand, points))) => format!("the best hand {cards:?} is {hand:?}, {points} points"),
            _ => format!("no hand is due after {} valid operations (one on every 5th)", cycle.len()),
        };
        text.push_str(&format!("    on the {side}'s colours, {chosen}; it scored {:?}\n", record.hand_points));
    }
    text
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
    text.push_str(&format!("    {}\n", super::render::LEGEND));
    text
}

/// A board with nothing marked.
fn plain(board: &Board) -> Vec<String> {
    grid(board, &[], &[])
}

fn cells(cells: &[Pos]) -> String {
    format!("{} cells: {}", cells.len(), crate::kit::render::cells(cells))
}

fn removals(removed: &[Removal]) -> String {
    let words: Vec<String> =
        removed.iter().map(|r| format!("{}={}/{}", r.cell, r.piece.colour, r.piece.special.code())).collect();
    format!("{} pieces (cell=colour/special): {}", removed.len(), words.join(" "))
}

#[cfg(test)]
mod tests {
    use m3_model::texas::{At, Board, Piece, Swap};

    use super::*;

    fn record(main_colours: Vec<u8>, hand_points: Option<i64>) -> OperationRecord {
        OperationRecord {
            swap: Swap::new(At::new(1, 1), At::new(1, 2)),
            validity: Ok(()),
            rounds: Vec::new(),
            main_colours,
            chain_points: 0,
            hand_points,
            board: Board::filled(2, 2, Some(Piece::plain(1))),
        }
    }

    /// TX10: a hand that differs shows what it was scored from (the main
    /// colours of the cycle's operations and the hand they make), not the
    /// two boards, which are the same.
    #[test]
    fn tx10_a_hand_points_difference_shows_the_main_colours_and_the_hand() {
        let board = Board::filled(2, 2, Some(Piece::plain(1)));
        let earlier = vec![vec![1, 9], vec![1, 9], vec![1], vec![2]];
        let standing = Standing { board, score: 0, hand: earlier, colours: 9, operations: 4 };
        // The full house of 1s and 2s (500 + 3 + 2), a point short on the engine.
        let found = record_difference(&standing, &record(vec![2], Some(504)), &record(vec![2], Some(505)));
        assert_eq!(
            (found.field, found.engine.as_str(), found.reference.as_str()),
            ("hand_points", "Some(504)", "Some(505)")
        );
        let inputs = found.boards.expect("the hand's inputs");
        for line in ["      1. [1, 9]\n", "      4. [2]\n", "      5. [2] (this operation)\n"] {
            assert!(inputs.contains(line), "{line:?} in\n{inputs}");
        }
        assert!(
            inputs.contains(
                "on the engine's colours, the best hand [1, 1, 1, 2, 2] is FullHouse, 505 points; it scored Some(504)"
            ),
            "{inputs}"
        );
        assert!(!inputs.contains("engine after"), "no boards: they are the same\n{inputs}");
    }

    /// A hand scored where none is due says so, counting the cycle.
    #[test]
    fn tx10_a_hand_scored_before_its_fifth_operation_says_none_is_due() {
        let board = Board::filled(2, 2, Some(Piece::plain(1)));
        let standing = Standing { board, score: 0, hand: vec![vec![3]], colours: 5, operations: 1 };
        let found = record_difference(&standing, &record(vec![3], Some(106)), &record(vec![3], None));
        let inputs = found.boards.expect("the hand's inputs");
        assert!(inputs.contains("no hand is due after 2 valid operations (one on every 5th)"), "{inputs}");
    }
}
