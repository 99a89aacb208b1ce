//! Magic Door grids through the grid toolkit, and the `--trace` account of
//! a game.

use std::fmt::Write;

use m3_model::door::{Board, Cell, Instance, Invalid, MagicDoor, Outcome, Pos, Stage, StageKind, Status, SwapRecord};

use super::rules::swapped;
use super::state::Settled;
use crate::game;
use crate::kit::picture::{Drawn, Picture};
use crate::kit::render::{cells, dimensions, indented, legend_and_start, side_by_side, Frame, Rendered};
use crate::process::prose::counted;

pub const LEGEND: &str =
    "digits are regular gems, o a bomb, @ an armed bomb, # vibranium, . empty; [ ] vanished in a group or exploded, ( ) reached by a beam";

/// The lines of a grid; cells in `marked` rendered `[c]`, others in `reached`
/// `(c)`.
pub fn grid(board: &Board, marked: &[Pos], reached: &[Pos]) -> Vec<String> {
    crate::kit::render::grid(board.rows(), board.cols(), |row, col| {
        let text = match board.get(row, col) {
            Cell::Gem(colour) => colour.to_string(),
            Cell::Bomb => "o".into(),
            Cell::ArmedBomb => "@".into(),
            Cell::Vibranium => "#".into(),
            Cell::Empty => ".".into(),
        };
        Rendered::new(text, None, Frame::of(&Pos::new(row, col), marked, reached))
    })
}

/// A grid as the failure page draws it: a gem in its colour, the others
/// with no colour and their legend's sign.
pub fn picture(board: &Board) -> Picture {
    Picture::new(board.rows(), board.cols(), |row, col| match board.get(row, col) {
        Cell::Gem(colour) => Drawn::new(u16::from(colour), None),
        Cell::Bomb => Drawn::new(0, Some('o')),
        Cell::ArmedBomb => Drawn::new(0, Some('@')),
        Cell::Vibranium => Drawn::new(0, Some('#')),
        Cell::Empty => Drawn::EMPTY,
    })
}

/// The grid a pass started from with what vanished in it: a group's gems
/// marked, or the exploded bombs marked and what their beams reached.
pub fn stage_start(start: &Board, stage: &Stage) -> Vec<String> {
    match stage.kind {
        StageKind::Groups => grid(start, &stage.vanished, &[]),
        StageKind::Explosion => grid(start, &stage.exploded, &stage.vanished),
    }
}

/// How a game of Magic Door reads in a trace.
pub struct Trace;

impl game::Renders<MagicDoor> for Trace {
    fn dimensions(instance: &Instance) -> String {
        let board = &instance.board;
        let bombs = board.cells().iter().filter(|cell| cell.is_bomb()).count() as u64;
        let vibranium = board.cells().iter().filter(|&&cell| cell == Cell::Vibranium).count();
        format!(
            "{}, {}, {vibranium} vibranium, {}",
            dimensions(board.rows(), board.cols(), "grid"),
            counted(bombs, "bomb"),
            counted(instance.swaps.len() as u64, "swap")
        )
    }

    fn start(instance: &Instance) -> String {
        legend_and_start(LEGEND, &grid(&instance.board, &[], &[]))
    }

    fn operation(number: usize, before: &Settled, record: &SwapRecord) -> String {
        let (a, b) = (record.swap.first, record.swap.second);
        let mut text = format!("swap {number}: {a} with {b}: ");
        if let Status::Invalid(reason) = record.status {
            let why = match reason {
                Invalid::SameCell => "one cell twice".to_string(),
                Invalid::NotAGem(pos) => format!("{pos} holds no regular gem"),
            };
            let _ = writeln!(text, "refused by MD1 ({why}): nothing changes");
            return text;
        }
        let mut board = swapped(&before.board, record.swap);
        if record.stages.is_empty() {
            let _ = writeln!(text, "no group, nothing vanishes (MD6); the grid after it, ( ) the swapped gems");
            text.push_str(&indented(&grid(&board, &[], &[a, b])));
            return text;
        }
        let stages = record.stages.len();
        let _ = writeln!(
            text,
            "{stages} stage{}, {} gems vanished, {} in all",
            if stages == 1 { "" } else { "s" },
            record.vanished,
            before.vanished + record.vanished
        );
        for (index, stage) in record.stages.iter().enumerate() {
            let what = match stage.kind {
                StageKind::Groups => "Stage 1, groups".to_string(),
                StageKind::Explosion => format!("Stage 2, {} exploded", cells(&stage.exploded)),
            };
            let armed = if stage.activated.is_empty() { "nothing".to_string() } else { cells(&stage.activated) };
            let _ = writeln!(
                text,
                "  stage {} ({what}): {} vanished; the fall armed {armed}",
                index + 1,
                stage.vanished.len()
            );
            text.push_str(&side_by_side(
                "vanished",
                &stage_start(&board, stage),
                "after the fall",
                &grid(&stage.board, &[], &[]),
            ));
            board = stage.board.clone();
        }
        text
    }

    fn outcome(outcome: &Outcome) -> String {
        format!("outcome: {} gems vanished\n", outcome.vanished)
    }

    fn start_picture(instance: &Instance) -> Picture {
        picture(&instance.board)
    }

    fn pictures(record: &SwapRecord) -> Vec<Picture> {
        record.stages.iter().map(|stage| &stage.board).chain([&record.board]).map(picture).collect()
    }
}
