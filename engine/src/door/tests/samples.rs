//! The statement's two official samples, through both paths. The first
//! one's passes are the figure's states (b) to (f).

use m3_model::door::{parse, StageKind, Status};

use super::{board, play, positions};
use crate::door::solve;

const FIRST: &str = "6 4\n1 1 2 2\n3 2 -1 1\n3 1 0 2\n1 1 3 1\n3 2 2 3\n2 1 2 1\n6 1 5 4\n";
const SECOND: &str = "4 5\n0 2 1 2 2\n0 1 2 2 0\n1 1 2 1 0\n2 -1 -1 -1 2\n3 3 3 4\n";

#[test]
fn first_sample_answers_18() {
    let instance = parse(FIRST).unwrap();
    assert_eq!(solve(&instance), 18);
    let (records, outcome) = play(&instance);
    assert_eq!(outcome.result(), 18);
    assert_eq!(records[0].status, Status::Played);
    assert_eq!(records[0].vanished, 18);
}

#[test]
fn first_sample_passes_are_the_figures_states() {
    let (records, _) = play(&parse(FIRST).unwrap());
    let stages = &records[0].stages;
    let kinds: Vec<StageKind> = stages.iter().map(|stage| stage.kind).collect();
    use StageKind::{Explosion, Groups};
    assert_eq!(kinds, [Groups, Groups, Explosion, Groups]);

    // (b) -> (c): the three 2s of row 5; the bomb at (4,3) falls one cell.
    assert_eq!(stages[0].vanished, positions(&[(5, 2), (5, 3), (5, 4)]));
    assert_eq!(stages[0].activated, positions(&[(4, 3)]));
    assert_eq!(stages[0].board, board(&["1...", "3122", "32#1", "11*2", "3131", "3121"]));
    // (c) -> (d): the three 1s of column 2.
    assert_eq!(stages[1].vanished, positions(&[(4, 2), (5, 2), (6, 2)]));
    assert_eq!(stages[1].activated, []);
    assert_eq!(stages[1].board, board(&["1...", "3.22", "3.#1", "1.*2", "3131", "3221"]));
    // (d) -> (e): the bomb; its beam up stops at the vibranium, its beam
    // left crosses the empty (4,2).
    assert_eq!(stages[2].exploded, positions(&[(4, 3)]));
    assert_eq!(stages[2].vanished, positions(&[(4, 1), (4, 3), (4, 4), (5, 3), (6, 3)]));
    assert_eq!(stages[2].activated, []);
    assert_eq!(stages[2].board, board(&["....", "1...", "3..2", "3..1", "3121", "32#1"]));
    // (e) -> (f): four 3s and three 1s.
    assert_eq!(stages[3].vanished, positions(&[(3, 1), (4, 1), (4, 4), (5, 1), (5, 4), (6, 1), (6, 4)]));
    assert_eq!(stages[3].board, board(&["....", "....", "....", "....", ".12.", "12#2"]));
    assert_eq!(records[0].board, stages[3].board);
}

#[test]
fn second_sample_answers_15() {
    let instance = parse(SECOND).unwrap();
    assert_eq!(solve(&instance), 15);
    let (records, outcome) = play(&instance);
    assert_eq!(outcome.result(), 15);
    let stages = &records[0].stages;
    assert_eq!(stages.len(), 2);
    // A horizontal and a vertical group at once; both bombs of column 1 fall.
    assert_eq!(stages[0].vanished, positions(&[(1, 4), (2, 4), (3, 1), (3, 2), (3, 3), (3, 4)]));
    assert_eq!(stages[0].activated, positions(&[(2, 1), (3, 1)]));
    assert_eq!(stages[0].board, board(&["....2", "*21.0", "*12.0", "2###2"]));
    // Both explode; the unarmed bombs of column 5 vanish without exploding.
    assert_eq!(stages[1].exploded, positions(&[(2, 1), (3, 1)]));
    assert_eq!(stages[1].vanished.len(), 9);
    assert_eq!(stages[1].board, board(&[".....", ".....", "....2", ".###2"]));
}
