//! Texas boards through the grid toolkit, and the `--trace` account of a game.

use std::fmt::Write;

use m3_model::texas::{Board, Instance, OperationRecord, Outcome, Pos, Round, Special, Texas};

use super::state::Standing;
use super::swapped::swapped;
use crate::game;
use crate::kit::picture::{Drawn, Picture};
use crate::kit::render::{dimensions, legend_and_start, side_by_side, Frame, Rendered};
use crate::process::prose::counted;

/// How a cell is rendered: colour number, then a sign for its special.
fn special_sign(special: Special) -> char {
    match special {
        Special::None => ' ',
        Special::Row => '-',
        Special::Column => '|',
        Special::RowAndColumn => '+',
        Special::Square3 => 'o',
        Special::Square5 => 'O',
        Special::Colour => '@',
    }
}

pub const LEGEND: &str = "specials: - row, | column, + row and column, o 3x3, O 5x5, @ colour; [ ] marked by a run, ( ) removed by a special; . empty";

/// The lines of a board grid. Cells in `marked` are rendered `[c ]`, other cells
/// in `removed` `(c )`.
pub fn grid(board: &Board, marked: &[Pos], removed: &[Pos]) -> Vec<String> {
    crate::kit::render::grid(board.rows(), board.cols(), |row, col| {
        let cell = Pos::new(row, col);
        let frame = Frame::of(&cell, marked, removed);
        match board.get(cell) {
            Some(piece) => Rendered::new(piece.colour, Some(special_sign(piece.special)), frame),
            None => Rendered::new(".", Some(' '), frame),
        }
    })
}

/// A board as the failure page draws it: each piece its colour and its
/// special's sign.
pub fn picture(board: &Board) -> Picture {
    Picture::new(board.rows(), board.cols(), |row, col| match board.get(Pos::new(row, col)) {
        Some(piece) => Drawn::new(u16::from(piece.colour), Some(special_sign(piece.special))),
        None => Drawn::EMPTY,
    })
}

/// The board before a round with what it removes, next to the board after its
/// gravity.
pub fn round_boards(before: &Board, round: &Round) -> String {
    let removed: Vec<Pos> = round.removed.iter().map(|r| r.cell).collect();
    side_by_side("removed", &grid(before, &round.marked, &removed), "after gravity", &grid(&round.board, &[], &[]))
}

/// How a game of Texas Match-3 reads in a trace.
pub struct Trace;

impl game::Renders<Texas> for Trace {
    fn dimensions(instance: &Instance) -> String {
        let board = &instance.board;
        format!(
            "{}, {}, {}",
            dimensions(board.rows(), board.cols(), "board"),
            counted(instance.colours, "colour"),
            counted(instance.swaps.len() as u64, "operation")
        )
    }

    fn start(instance: &Instance) -> String {
        legend_and_start(LEGEND, &grid(&instance.board, &[], &[]))
    }

    fn operation(number: usize, before: &Standing, record: &OperationRecord) -> String {
        let mut text = format!("operation {number}: swap {} {}: ", record.swap.first, record.swap.second);
        if let Err(reason) = record.validity {
            let _ = writeln!(text, "invalid ({reason:?})");
            return text;
        }
        let _ = writeln!(text, "valid, main colours {:?}", record.main_colours);
        let mut board = swapped(&before.board, &record.swap).unwrap_or_else(|| before.board.clone());
        for (number, round) in record.rounds.iter().enumerate() {
            let specials = round.removed.iter().filter(|r| r.piece.special != Special::None).count();
            let _ = writeln!(
                text,
                "  round {}: {} marked, {} removed, {} specials triggered, elimination {}, combo {}",
                number + 1,
                round.marked.len(),
                round.removed.len(),
                specials,
                round.elimination_points,
                round.combo_points
            );
            text.push_str(&round_boards(&board, round));
            board = round.board.clone();
        }
        let hand = record.hand_points.map_or("-".to_string(), |h| h.to_string());
        let _ = writeln!(
            text,
            "  chain {}, hand {hand}, operation points {}, running {}",
            record.chain_points,
            record.points(),
            before.score + record.points()
        );
        text
    }

    fn outcome(outcome: &Outcome) -> String {
        let parts = outcome.parts;
        format!(
            "outcome: elimination {}, chain {}, combo {}, hand {}, endgame {}, total {}\n",
            parts.elimination, parts.chain, parts.combo, parts.hand, parts.endgame, outcome.total
        )
    }

    fn start_picture(instance: &Instance) -> Picture {
        picture(&instance.board)
    }

    fn pictures(record: &OperationRecord) -> Vec<Picture> {
        record.rounds.iter().map(|round| &round.board).chain([&record.board]).map(picture).collect()
    }
}
