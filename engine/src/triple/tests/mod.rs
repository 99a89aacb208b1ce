//! Tests of the engine's own machinery on states no game file holds: a map
//! with no cells, levels outside the table, commands after END in a
//! hand-built list (the format stops reading at END), and a fill over the
//! whole map. Every rule the engine plays is pinned by the rule cases in
//! `corpus/triple/` (`crate::cases`), which the reference plays too.

mod readings;
mod scale;

use m3_model::triple::{Action, At, CommandRecord, Instance, Outcome, Placed, Pos, Status, TripleTown};
use m3_model::Stepper;

use crate::triple::{solve, Engine};

/// A cell, 1-based as the format writes it.
fn pos(row: usize, col: usize) -> Pos {
    Pos::new(row - 1, col - 1)
}

fn placed(row: usize, col: usize, level: u8) -> Option<Placed> {
    Some(Placed { pos: pos(row, col), level })
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

fn statuses(records: &[CommandRecord]) -> Vec<Status> {
    records.iter().map(|record| record.status).collect()
}

/// Every rule case, its commands written one after another over one record
/// with `step_events`, gives the records `step` gives but for the map,
/// which stays as the record held it: the merges of one command written
/// over those of the one before, however many each made.
#[test]
fn step_events_records_what_step_records_but_the_map() {
    for case in m3_model::cases::cases::<TripleTown>("triple") {
        let Some(last) = case.instance.commands.last() else { continue };
        // A record holding a command's events, as a caller's would.
        let mut record = Engine::start(&case.instance).step(last);
        let held = record.map.clone();
        let (mut stepped, mut evented) = (Engine::start(&case.instance), Engine::start(&case.instance));
        for command in &case.instance.commands {
            let expected = stepped.step(command);
            evented.step_events(command, &mut record);
            assert_eq!(record.map, held, "{}: {command:?} left the map", case.name);
            assert_eq!(CommandRecord { map: expected.map.clone(), ..record.clone() }, expected, "{}", case.name);
        }
    }
}
