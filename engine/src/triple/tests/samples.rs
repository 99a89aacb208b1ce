//! The statement's official sample, through both paths: 124 + 100 + 600.

use m3_model::triple::{parse, parse_apart, Invalid, Merge, Outcome, Placed, Rejection, Status};

use super::{map, play, pos, positions};
use crate::triple::solve;

const SAMPLE: &str = "0\n2 3\n1 1\n..1\n221\n2\n1 3\n";
const COMMANDS: &str = "PUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n";

#[test]
fn sample_answers_824() {
    let instance = parse(&format!("{SAMPLE}{COMMANDS}")).unwrap();
    assert_eq!(solve(&instance), Ok(824));
    let (records, outcome) = play(&instance);
    assert_eq!(outcome, Outcome { score: 824, ended: true, rejection: None });
    let points: Vec<i64> = records.iter().map(|record| record.points).collect();
    assert_eq!(points, [124, 100, 600, 0]);
    assert!(records.iter().all(|record| record.status == Status::Played));
}

#[test]
fn sample_records_follow_the_explanation() {
    let (records, _) = play(&parse(&format!("{SAMPLE}{COMMANDS}")).unwrap());
    let merge = |level, cells: &[(usize, usize)]| Merge { level, emptied: positions(cells) };

    // 4 + 20 + 100: the 1 joins the two 1s, the 2 made joins the two 2s.
    assert_eq!(records[0].placed, Some(Placed { pos: pos(1, 2), level: 1 }));
    assert_eq!(records[0].merges, [merge(2, &[(1, 3), (2, 3)]), merge(3, &[(2, 1), (2, 2)])]);
    assert_eq!((records[0].score, &records[0].map), (124, &map(&[".3.", "..."])));

    // The 3 beside the 3: a region of two.
    assert_eq!(records[1].placed, Some(Placed { pos: pos(1, 1), level: 3 }));
    assert_eq!(records[1].merges, []);
    assert_eq!((records[1].score, &records[1].map), (224, &map(&["33.", "..."])));

    // The star below them becomes L3 and merges: 100 + 500.
    assert_eq!(records[2].placed, Some(Placed { pos: pos(2, 1), level: 3 }));
    assert_eq!(records[2].merges, [merge(4, &[(1, 1), (1, 2)])]);
    assert_eq!((records[2].score, &records[2].map), (824, &map(&["...", "4.."])));

    assert_eq!((records[3].placed, records[3].points, records[3].score), (None, 0, 824));
}

#[test]
fn sample_commands_apart_name_their_own_lines() {
    // A second STAR is refused: the sample has one star.
    let instance = parse_apart(SAMPLE, "PUT 1 2\nPUT 1 1\nSTAR 2 1\nSTAR 2 2\nEND\n").unwrap();
    let first = Rejection { line: 4, reason: Invalid::NoStarLeft };
    assert_eq!(solve(&instance), Err(first));
    let (records, outcome) = play(&instance);
    assert_eq!(records[3].status, Status::Invalid(Invalid::NoStarLeft));
    assert_eq!(outcome, Outcome { score: 824, ended: true, rejection: Some(first) });
}
