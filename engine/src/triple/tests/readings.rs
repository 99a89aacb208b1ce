//! Instances the parser would not make, which the engine must still play
//! without a panic: a map with no cells, the reading of levels outside the
//! table (`m3_model::triple::Map`), and commands after END.

use m3_model::triple::{Action, Bombed, CommandRecord, Instance, Invalid, Map, Outcome, Status, EMPTY};

use super::{bomber, placed, play, pos, put, star, statuses};

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
fn commands_after_end_in_a_hand_built_list_change_nothing() {
    // The format stops reading at END (TT5), so only a list built in code
    // holds commands after it: none of them plays or is refused.
    let unknown = Action::Unknown("PUT 1".to_string());
    let actions = vec![put(1, 1), Action::End, put(1, 2), unknown, bomber(1, 1), Action::End];
    let game = Instance::new(1, Map::filled(1, 2, EMPTY), 0, 1, vec![1, 1], actions);
    let (records, outcome) = play(&game);
    let after = Map::from_cells(1, 2, vec![1, EMPTY]);
    let still = |index: usize, status| CommandRecord {
        command: game.commands[index].clone(),
        status,
        placed: None,
        merges: Vec::new(),
        bombed: None,
        points: 0,
        score: 4,
        map: after.clone(),
    };
    assert_eq!(records[1], still(1, Status::Played));
    for (index, record) in records.iter().enumerate().skip(2) {
        assert_eq!(*record, still(index, Status::AfterEnd));
    }
    assert_eq!(outcome, Outcome { score: 4, ended: true, rejection: None });
}
