//! The engine's own machinery on grids no game file can hold: a start with
//! empty cells, armed bombs, groups or colours the format does not write, or
//! no cells at all. A file's grid is settled, so its cases never reach the
//! seeding of the first search, of the first fall and of the armed list from
//! such a start, nor the plane's encoding of any colour value; the rules
//! themselves are pinned by the rule cases (`corpus/door/`, `crate::cases`).
//! The expected records follow the rulings for a grid the format cannot
//! write in docs/RULES.md, worked out by hand.

use m3_model::door::{Cell, Invalid, Stage, StageKind, Status, SwapRecord};

use super::{board, play, pos, positions, swap};
use crate::door::solve;

/// The one record of a one-swap game.
fn only(rows: &[&str], swap: m3_model::door::Swap) -> SwapRecord {
    let (mut records, _) = play(&super::instance(rows, &[swap]));
    records.pop().unwrap()
}

fn kinds(stages: &[Stage]) -> Vec<StageKind> {
    stages.iter().map(|stage| stage.kind).collect()
}

#[test]
fn validity_reads_an_armed_bomb_on_the_start_grid_as_no_gem() {
    let rows = [".23", "*31", "312"];
    let (records, _) = play(&super::instance(&rows, &[swap(2, 2, 1, 1), swap(1, 2, 2, 1)]));
    assert_eq!(records[0].status, Status::Invalid(Invalid::NotAGem(pos(1, 1))));
    assert_eq!(records[1].status, Status::Invalid(Invalid::NotAGem(pos(2, 1))));
    assert_eq!(records[1].board, board(&rows));
}

#[test]
fn first_search_covers_every_cell_of_an_unsettled_start() {
    // Row 3's group was there from the start; the swap makes none.
    let rows = ["123", "231", "444"];
    let (records, _) = play(&super::instance(&rows, &[swap(1, 1, 1, 1), swap(1, 1, 1, 2)]));
    assert_eq!(records[0].status, Status::Invalid(Invalid::SameCell));
    assert_eq!(records[1].stages[0].vanished, positions(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(records[1].board, board(&["...", "213", "231"]));
}

#[test]
fn armed_list_holds_a_start_armed_bomb_until_a_group_starts_the_process() {
    // The first swap makes no group: it scores 0 and the bomb stays armed
    // (m3_model::door::Instance's reading). The second makes column 1's
    // group, whose process reaches Stage 2, where the bomb explodes.
    let rows = ["123", "2*1", "312"];
    let (records, outcome) = play(&super::instance(&rows, &[swap(1, 1, 1, 2), swap(3, 1, 3, 3)]));
    assert_eq!(records[0].stages, []);
    assert_eq!(records[0].board, board(&["213", "2*1", "312"]));
    assert_eq!(kinds(&records[1].stages)[..2], [StageKind::Groups, StageKind::Explosion]);
    assert_eq!(records[1].stages[1].exploded, positions(&[(2, 2)]));
    assert_eq!(outcome.vanished, records[1].vanished);
}

#[test]
fn first_fall_closes_up_every_column_of_an_unsettled_start() {
    // Column 3's bomb and column 4's 7 float over an empty cell from the
    // start; the first fall (of row 3's group) closes those columns up too,
    // column 4 where nothing vanished included, and arms the bomb, which
    // then explodes.
    let rows = ["1207", "23..", "1145"];
    let record = only(&rows, swap(1, 1, 3, 3));
    assert_eq!(record.stages[0].vanished, positions(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(record.stages[0].activated, positions(&[(3, 3)]));
    assert_eq!(record.stages[0].board, board(&["....", "42.7", "23*5"]));
    assert_eq!(record.stages[1].vanished, positions(&[(3, 1), (3, 2), (3, 3), (3, 4)]));
    assert_eq!(record.board, board(&["....", "....", "42.7"]));
    assert_eq!(record.vanished, 7);
}

#[test]
fn armed_list_keeps_a_start_armed_bomb_that_does_not_fall() {
    // The first fall closes up every column, (3,4)'s too, where the armed
    // bomb has nowhere to go: it stays armed and explodes with (3,3)'s.
    let record = only(&["1205", "23.6", "114*"], swap(1, 1, 3, 3));
    assert_eq!(record.stages[0].activated, positions(&[(3, 3)]));
    assert_eq!(record.stages[0].board, board(&["...5", "42.6", "23**"]));
    assert_eq!(record.stages[1].exploded, positions(&[(3, 3), (3, 4)]));
    assert_eq!(record.stages[1].vanished, positions(&[(1, 4), (2, 4), (3, 1), (3, 2), (3, 3), (3, 4)]));
    assert_eq!(record.board, board(&["....", "....", "42.."]));
    assert_eq!(record.vanished, 9);
}

#[test]
fn plane_holds_any_colour_value() {
    // Row 3 holds colours 200, 200 and 0, none of which the format writes.
    let mut instance = super::instance(&["123", "231", "312"], &[swap(1, 2, 1, 3)]);
    for (row, col, colour) in [(2, 0, 200), (2, 1, 200), (2, 2, 0), (0, 0, 200)] {
        instance.board.set(row, col, Cell::Gem(colour));
    }
    // 200 200 0 is no group.
    assert_eq!(play(&instance).0[0].stages, []);
    // Bringing the 200 of (1,1) to (3,3) makes one.
    instance.swaps = vec![swap(1, 1, 3, 3)];
    let (records, _) = play(&instance);
    assert_eq!(records[0].stages[0].vanished, positions(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(records[0].board.get(1, 0), Cell::Gem(0));
    assert_eq!(solve(&instance), 3);
}

#[test]
fn plane_of_a_grid_without_cells_refuses_every_swap() {
    use m3_model::door::{Board, Instance};
    for (rows, cols) in [(0, 0), (0, 4), (3, 0)] {
        let instance = Instance { board: Board::from_cells(rows, cols, Vec::new()), swaps: vec![swap(1, 1, 1, 2)] };
        let (records, outcome) = play(&instance);
        assert_eq!(records[0].status, Status::Invalid(Invalid::NotAGem(pos(1, 1))));
        assert_eq!(records[0].board, instance.board);
        assert_eq!(outcome.vanished, 0);
    }
}
