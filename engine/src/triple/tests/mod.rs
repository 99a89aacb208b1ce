//! Tests named after the rule they pin, and of the engine's own machinery.
//! The hand-made maps' expected records were worked out by hand from
//! docs/RULES.md, the sample's from the statement's explanation. Generated games
//! against the reference, the invariants, the quiet path against the
//! stepped one and the quiet path's allocations are the harness's
//! (`tests/triple.rs`), which runs every engine through the same suites.

mod links;
mod readings;
mod rules;
mod samples;
mod star;

use m3_model::triple::{
    Action, At, Command, CommandRecord, Instance, Invalid, Map, Merge, Outcome, Placed, Pos, Status, EMPTY,
};
use m3_model::Stepper;

use crate::triple::{solve, Engine};

/// A map from rows of characters: `.` an empty cell, `1`..`9` a tile's
/// level. Spaces are ignored.
fn map(rows: &[&str]) -> Map {
    let lines: Vec<Vec<u8>> = rows
        .iter()
        .map(|row| {
            row.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    '.' => EMPTY,
                    digit => digit.to_digit(10).expect("a cell character") as u8,
                })
                .collect()
        })
        .collect();
    let cols = lines.first().map_or(0, Vec::len);
    assert!(lines.iter().all(|line| line.len() == cols), "ragged map");
    Map::from_cells(lines.len(), cols, lines.concat())
}

/// A cell, 1-based as the format writes it.
fn pos(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

fn positions(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| pos(row, col)).collect()
}

fn put(row: i64, col: i64) -> Action {
    Action::Put(At::new(row, col))
}

fn star(row: i64, col: i64) -> Action {
    Action::Star(At::new(row, col))
}

fn bomber(row: i64, col: i64) -> Action {
    Action::Bomber(At::new(row, col))
}

/// An instance whose commands stand on the lines `Display` prints them on:
/// the first on line `rows + 6`.
fn instance(rows: &[&str], stars: u32, bombs: u32, sequence: &[u8], actions: &[Action]) -> Instance {
    Instance::new(1, map(rows), stars, bombs, sequence.to_vec(), actions.to_vec())
}

/// Every command of `instance` through the stepper. Also checks that the
/// quiet path gives the same answer and that the records' points add up to
/// the scores they show.
fn play(instance: &Instance) -> (Vec<CommandRecord>, Outcome) {
    let mut game = <Engine as Stepper<m3_model::triple::TripleTown>>::start(instance);
    let records: Vec<CommandRecord> = instance.commands.iter().map(|command| game.step(command)).collect();
    let outcome = game.finish();
    assert_eq!(solve(instance), outcome.result(), "solve and the stepper disagree on\n{instance}");
    let mut score = 0;
    for record in &records {
        score += record.points;
        assert_eq!(record.score, score, "the points of {} do not add up", record.command);
    }
    assert_eq!(outcome.score, score);
    (records, outcome)
}

fn placed(row: usize, col: usize, level: u8) -> Option<Placed> {
    Some(Placed { pos: pos(row, col), level })
}

fn merge(level: u8, emptied: &[(usize, usize)]) -> Merge {
    Merge { level, emptied: positions(emptied) }
}

/// The record of a PUT or STAR carried out.
fn built(
    command: &Command,
    placed: Option<Placed>,
    merges: Vec<Merge>,
    points: i64,
    score: i64,
    after: &[&str],
) -> CommandRecord {
    CommandRecord {
        command: command.clone(),
        status: Status::Played,
        placed,
        merges,
        bombed: None,
        points,
        score,
        map: map(after),
    }
}

/// The record of a command that changed nothing.
fn still(command: &Command, status: Status, score: i64, after: &[&str]) -> CommandRecord {
    CommandRecord {
        command: command.clone(),
        status,
        placed: None,
        merges: Vec::new(),
        bombed: None,
        points: 0,
        score,
        map: map(after),
    }
}

fn refused(command: &Command, reason: Invalid, score: i64, after: &[&str]) -> CommandRecord {
    still(command, Status::Invalid(reason), score, after)
}

fn statuses(records: &[CommandRecord]) -> Vec<Status> {
    records.iter().map(|record| record.status).collect()
}

/// The one record of a one-command game.
fn only(rows: &[&str], stars: u32, bombs: u32, sequence: &[u8], action: Action) -> (Instance, CommandRecord) {
    let instance = instance(rows, stars, bombs, sequence, &[action]);
    let (mut records, _) = play(&instance);
    (instance, records.pop().unwrap())
}
