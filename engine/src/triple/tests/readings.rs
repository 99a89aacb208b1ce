//! Instances the parser would not make, which the engine must still play
//! without a panic: the reading of levels outside the table
//! (`m3_model::triple::Map`), and cells named by any `i64`.

use m3_model::triple::{Action, At, Bombed, Command, Instance, Invalid, Map, Status, EMPTY};

use super::{bomber, instance, placed, play, pos, put, star, statuses};

#[test]
fn an_empty_map_refuses_every_cell() {
    for (rows, cols) in [(0, 0), (0, 3), (3, 0)] {
        let game = Instance::new(
            1,
            Map::filled(rows, cols, EMPTY),
            1,
            1,
            vec![1],
            vec![put(1, 1), star(0, 0), bomber(1, 1), Action::End],
        );
        let (records, outcome) = play(&game);
        let reasons = statuses(&records[..3]);
        assert_eq!(reasons, [Status::Invalid(Invalid::OutsideMap); 3]);
        assert_eq!((records[3].status, outcome.ended, outcome.score), (Status::Played, true, 0));
    }
}

#[test]
fn levels_outside_the_table_are_taken_as_written() {
    // The reading of `m3_model::triple::Map`: a level above 9 is kept as
    // written, never merges and is worth 0; a sequence level 0 builds no
    // tile.
    let start = Map::from_cells(1, 4, vec![12, EMPTY, 255, EMPTY]);
    let actions = vec![put(1, 2), put(1, 2), bomber(1, 1), star(1, 4), star(1, 1)];
    let game = Instance::new(1, start, u32::MAX, u32::MAX, vec![0, 200], actions);
    let (records, outcome) = play(&game);
    assert!(records.iter().all(|record| record.status == Status::Played));
    assert_eq!((records[0].placed, records[0].points), (placed(1, 2, 0), 0));
    assert_eq!(records[0].map.cells(), [12, EMPTY, 255, EMPTY]);
    assert_eq!((records[1].placed, records[1].points, &records[1].merges), (placed(1, 2, 200), 0, &vec![]));
    assert_eq!(records[2].bombed, Some(Bombed { pos: pos(1, 1), level: 12, penalty: 0 }));
    // Next to 255, which counts for no level: L1.
    assert_eq!(records[3].placed, placed(1, 4, 1));
    // Next to 200 only: L1.
    assert_eq!(records[4].placed, placed(1, 1, 1));
    assert_eq!(records[4].map.cells(), [1, 200, 255, 1]);
    assert_eq!(outcome.score, 8);
}

#[test]
fn a_command_names_its_cell_as_any_i64() {
    let cells = [i64::MIN, -1, 0, 1, 2, i64::MAX];
    let mut actions = Vec::new();
    for &row in &cells {
        for &col in &cells {
            let at = At::new(row, col);
            actions.extend([Action::Put(at), Action::Star(at), Action::Bomber(at)]);
        }
    }
    let game = instance(&["."], 1, 1, &[3], &actions);
    let (records, outcome) = play(&game);
    let played: Vec<&Command> =
        records.iter().filter(|record| record.status == Status::Played).map(|record| &record.command).collect();
    // (1,1): PUT builds the 3, STAR then finds it occupied, BOMBER takes it.
    // (1,1) is the 22nd cell drawn, its three commands 63..=65.
    assert_eq!(played, [&game.commands[63], &game.commands[65]]);
    assert_eq!(records[64].status, Status::Invalid(Invalid::OccupiedCell));
    let outside = records.iter().filter(|record| record.status == Status::Invalid(Invalid::OutsideMap)).count();
    assert_eq!(outside, records.len() - 3);
    assert_eq!(outcome.score, 100 - 50);
}
