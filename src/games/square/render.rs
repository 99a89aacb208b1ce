//! SquareRemover boards through the grid toolkit, and the `--trace` account
//! of a game.

use std::fmt::Write;

use m3_model::square::{Board, Instance, Outcome, SquareRemover, Status, Turn, TurnRecord};

use super::rules::{move_tiles, swapped, tiles};
use super::state::Standing;
use crate::game;
use crate::kit::picture::{Drawn, Picture};
use crate::kit::render::{dimensions, legend_and_start, side_by_side, Frame, Rendered};
use crate::process::prose::counted;

pub const LEGEND: &str = "digits are colours; [ ] the first square the adjust removes, ( ) the tiles the move swapped";

/// The lines of a board; tiles in `marked` rendered `[c]`, in `swapped` `(c)`.
pub fn grid(board: &Board, marked: &[(usize, usize)], moved: &[(usize, usize)]) -> Vec<String> {
    crate::kit::render::grid(board.rows(), board.cols(), |row, col| {
        Rendered::new(board.get(row, col), None, Frame::of(&(row, col), marked, moved))
    })
}

/// A board as the failure page draws it: colour `c` (from 0) is the
/// page's colour `c + 1`, as 0 is none there.
pub fn picture(board: &Board) -> Picture {
    Picture::new(board.rows(), board.cols(), |row, col| Drawn::new(u16::from(board.get(row, col)) + 1, None))
}

/// The board a played turn adjusts: after its move, if any, with the
/// swapped tiles; `None` for a move that was not played.
pub fn before_adjust(before: &Standing, record: &TurnRecord) -> Option<(Board, Vec<(usize, usize)>)> {
    match record.turn {
        Turn::Opening => Some((before.board.clone(), Vec::new())),
        Turn::Move(m) => {
            let pair = move_tiles(before.board.rows(), m).ok()?;
            Some((swapped(&before.board, pair), vec![pair.0, pair.1]))
        }
    }
}

/// How a game of SquareRemover reads in a trace.
pub struct Trace;

impl game::Renders<SquareRemover> for Trace {
    fn dimensions(instance: &Instance) -> String {
        let board = dimensions(instance.board.rows(), instance.board.cols(), "board");
        let moves = counted(instance.moves.len() as u64, "move");
        format!("{board}, {}, seed {}, {moves}", counted(instance.colours, "colour"), instance.seed)
    }

    fn start(instance: &Instance) -> String {
        legend_and_start(LEGEND, &grid(&instance.board, &[], &[]))
    }

    fn operation(number: usize, before: &Standing, record: &TurnRecord) -> String {
        let mut text = format!("turn {number}: {}: ", record.turn);
        match record.status {
            Status::Skipped => text.push_str("skipped, the game is over\n"),
            Status::Invalid(reason) => {
                let _ = writeln!(text, "invalid ({reason:?}): the game ends, the result is -1");
            }
            Status::Played => {
                let corners: Vec<String> = record.squares.iter().map(ToString::to_string).collect();
                let removed = match corners.len() {
                    0 => "no square".to_string(),
                    1 => format!("1 square at {}", corners[0]),
                    n => format!("{n} squares at {}", corners.join(" ")),
                };
                let score = before.score + record.squares.len() as u64;
                let _ = writeln!(text, "{removed}, buffer at tile {}, score {score}", record.buffer);
                // A turn that removes nothing only swaps two tiles: its line
                // says which, and the next board rendered shows them.
                if let (Some((board, moved)), Some(&first)) = (before_adjust(before, record), record.squares.first()) {
                    let left = grid(&board, &tiles(first), &moved);
                    text.push_str(&side_by_side("before the adjust", &left, "after", &grid(&record.board, &[], &[])));
                }
            }
        }
        text
    }

    fn outcome(outcome: &Outcome) -> String {
        let invalid = outcome.first_invalid.map_or("none".to_string(), |i| i.to_string());
        format!("outcome: {} squares, first invalid move {invalid}, result {}\n", outcome.score, outcome.result())
    }

    fn start_picture(instance: &Instance) -> Picture {
        picture(&instance.board)
    }

    fn pictures(record: &TurnRecord) -> Vec<Picture> {
        vec![picture(&record.board)]
    }
}
