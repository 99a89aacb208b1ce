//! Triple Town maps through the grid toolkit, and the `--trace` account of
//! a game.

use std::fmt::Write;

use m3_model::triple::{Action, CommandRecord, Instance, Map, Outcome, Pos, Status, TripleTown, EMPTY, MAX_LEVEL};

use super::rules::tiles;
use super::state::Town;
use crate::game;
use crate::kit::picture::{Drawn, Picture};
use crate::kit::render::{dimensions, legend_and_start, side_by_side, Frame, Rendered};
use crate::process::prose::counted;

pub const LEGEND: &str = "digits are tile levels, . empty; [ ] the placed or bombed cell, ( ) emptied by a merge";

/// The lines of a map; the cell `marked` rendered `[c]`, those in `emptied`
/// `(c)`.
pub fn map(map: &Map, marked: Option<Pos>, emptied: &[Pos]) -> Vec<String> {
    if map.cells().iter().all(|&level| level <= MAX_LEVEL) {
        return one_digit_map(map, marked, emptied);
    }
    let marked: Vec<Pos> = marked.into_iter().collect();
    crate::kit::render::grid(map.rows(), map.cols(), |row, col| {
        let level = map.get(row, col);
        let text = if level == EMPTY { ".".to_string() } else { level.to_string() };
        Rendered::new(text, None, Frame::of(&Pos::new(row, col), &marked, emptied))
    })
}

/// [`map`] of a map whose levels all take one digit, as every map the
/// format writes does, rendered three bytes a cell with no text made per cell:
/// a trace of the largest game renders two maps of 10,000 cells for each of
/// its 100,000 commands.
fn one_digit_map(map: &Map, marked: Option<Pos>, emptied: &[Pos]) -> Vec<String> {
    let cols = map.cols();
    let mut lines: Vec<Vec<u8>> = map
        .cells()
        .chunks(cols.max(1))
        .map(|row| {
            row.iter().flat_map(|&level| [b' ', if level == EMPTY { b'.' } else { b'0' + level }, b' ']).collect()
        })
        .collect();
    // Marked wins over emptied, as `Frame::of` decides.
    let frames = emptied.iter().map(|&pos| (pos, (b'(', b')'))).chain(marked.map(|pos| (pos, (b'[', b']'))));
    for (pos, (open, close)) in frames {
        if let Some(line) = lines.get_mut(pos.row).filter(|_| pos.col < cols) {
            line[3 * pos.col] = open;
            line[3 * pos.col + 2] = close;
        }
    }
    lines.into_iter().map(|line| String::from_utf8(line).expect("ASCII")).collect()
}

/// A map as the failure page draws it: a tile in its level's colour with
/// its level written, an empty cell with neither.
pub fn picture(map: &Map) -> Picture {
    Picture::new(map.rows(), map.cols(), |row, col| match map.get(row, col) {
        EMPTY => Drawn::EMPTY,
        level => Drawn::new(u16::from(level), char::from_digit(u32::from(level), 36)),
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

impl game::Renders<TripleTown> for Trace {
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
        let mut text = format!("command {number} (line {}): {}: ", command.line, as_written(&command.action));
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

    fn start_picture(instance: &Instance) -> Picture {
        picture(&instance.map)
    }

    fn pictures(record: &CommandRecord) -> Vec<Picture> {
        vec![picture(&record.map)]
    }
}

/// A command as its line writes it, in a line of the trace: a line that is
/// no command (TT7) can run to megabytes, and is quoted by its start.
fn as_written(action: &Action) -> String {
    match action {
        Action::Unknown(words) if words.len() > UNKNOWN_WRITTEN_WHOLE => m3_model::text::quoted(words),
        action => action.to_string(),
    }
}

/// The longest line that is no command the trace writes whole.
const UNKNOWN_WRITTEN_WHOLE: usize = 80;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt7_a_line_that_is_no_command_is_traced_by_its_start_when_long() {
        assert_eq!(as_written(&Action::Unknown("JUMP 1 2".into())), "JUMP 1 2");
        let long = format!("PUT 1 {}", "9".repeat(1_000_000));
        let written = as_written(&Action::Unknown(long));
        assert!(written.len() < 120 && written.ends_with("(1000006 characters)"), "{written}");
    }

    /// The quick rendering of one-digit maps is the grid toolkit's, marks
    /// and all.
    #[test]
    fn a_map_of_one_digit_levels_is_drawn_as_the_grid_toolkit_draws_it() {
        let levels = [0, 1, 9, 0, 3, 0, 2, 2, 8, 0, 0, 5];
        let map = Map::from_cells(3, 4, levels.to_vec());
        let by_toolkit = |marked: Option<Pos>, emptied: &[Pos]| {
            let marked: Vec<Pos> = marked.into_iter().collect();
            crate::kit::render::grid(3, 4, |row, col| {
                let level = map.get(row, col);
                let text = if level == EMPTY { ".".to_string() } else { level.to_string() };
                Rendered::new(text, None, Frame::of(&Pos::new(row, col), &marked, emptied))
            })
        };
        let emptied = [Pos::new(1, 2), Pos::new(1, 3), Pos::new(2, 0)];
        for (marked, emptied) in
            [(None, &[][..]), (Some(Pos::new(1, 2)), &emptied[..]), (Some(Pos::new(2, 3)), &emptied[..2])]
        {
            assert_eq!(one_digit_map(&map, marked, emptied), by_toolkit(marked, emptied), "{marked:?} {emptied:?}");
        }
    }
}
