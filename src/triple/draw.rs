//! Triple Town maps through the grid toolkit, and the `--trace` account of
//! a game.

use std::fmt::Write;

use m3_model::triple::{Action, CommandRecord, Instance, Map, Outcome, Pos, Status, TripleTown, EMPTY};

use super::rules::tiles;
use super::Town;
use crate::draw::{dimensions, legend_and_start, side_by_side, Drawn, Frame};
use crate::game;
use crate::words::counted;

pub const LEGEND: &str = "digits are tile levels, . empty; [ ] the placed or bombed cell, ( ) emptied by a merge";

/// The lines of a map; the cell `marked` drawn `[c]`, those in `emptied`
/// `(c)`.
pub fn map(map: &Map, marked: Option<Pos>, emptied: &[Pos]) -> Vec<String> {
    let marked: Vec<Pos> = marked.into_iter().collect();
    crate::draw::grid(map.rows(), map.cols(), |row, col| {
        let level = map.get(row, col);
        let text = if level == EMPTY { ".".to_string() } else { level.to_string() };
        Drawn::new(text, None, Frame::of(&Pos::new(row, col), &marked, emptied))
    })
}

/// A record's map with the cell it acted on and the cells its merges
/// emptied marked.
pub fn after(record: &CommandRecord) -> Vec<String> {
    let cell = record.placed.map(|placed| placed.pos).or(record.bombed.map(|bombed| bombed.pos));
    let emptied: Vec<Pos> = record.merges.iter().flat_map(|merge| merge.emptied.iter().copied()).collect();
    map(&record.map, cell, &emptied)
}

/// How a game of Triple Town reads in a trace.
pub struct Trace;

impl game::Trace<TripleTown> for Trace {
    fn dimensions(instance: &Instance) -> String {
        let Instance { map, stars, bombs, sequence, commands, .. } = instance;
        format!(
            "{}, {}, {} in the sequence, {} and {}, {}",
            dimensions(map.rows(), map.cols(), "map"),
            counted(tiles(map.cells()) as u64, "tile"),
            counted(sequence.len() as u64, "tile"),
            counted(*stars, "star"),
            counted(*bombs, "bomb"),
            counted(commands.len() as u64, "command")
        )
    }

    fn start(instance: &Instance) -> String {
        let levels: Vec<String> = instance.sequence.iter().map(u8::to_string).collect();
        format!("sequence: {}\n{}", levels.join(" "), legend_and_start(LEGEND, &map(&instance.map, None, &[])))
    }

    fn operation(number: usize, before: &Town, record: &CommandRecord) -> String {
        let command = &record.command;
        let mut text = format!("command {number} (line {}): {}: ", command.line, command.action);
        match record.status {
            Status::Invalid(reason) => {
                let _ = writeln!(text, "refused ({reason}, TT7): nothing changes");
                return text;
            }
            Status::AfterEnd => {
                text.push_str("after END: nothing happens (TT5)\n");
                return text;
            }
            Status::Played if command.action == Action::End => {
                let _ = writeln!(text, "the game ends with score {}", record.score);
                return text;
            }
            Status::Played => {}
        }
        if let Some(placed) = record.placed {
            let what = if matches!(command.action, Action::Star(_)) { "star became" } else { "built" };
            let _ = write!(text, "{what} L{} at {}", placed.level, placed.pos);
        }
        if let Some(bombed) = record.bombed {
            let _ = write!(text, "bombed the L{} at {} (-{})", bombed.level, bombed.pos, bombed.penalty);
        }
        for merge in &record.merges {
            let _ = write!(text, "; merged {} into L{}", counted(merge.emptied.len() as u64 + 1, "tile"), merge.level);
        }
        let _ = writeln!(text, "; {:+} points, score {}", record.points, record.score);
        text.push_str(&side_by_side("before", &map(&before.map, None, &[]), "after", &after(record)));
        text
    }

    fn outcome(outcome: &Outcome) -> String {
        let how = if outcome.ended { "ended by END" } else { "no END: scored after the last command" };
        format!("outcome: score {} ({how})\n", outcome.score)
    }
}
