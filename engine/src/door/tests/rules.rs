//! One test per rule or ruling, on small hand-made grids. Coordinates are
//! 1-based, as the format writes them; the grids' characters are those of
//! `board`.

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

// ---- MD1 ------------------------------------------------------------------

#[test]
fn md1_later_swap_of_a_cell_with_itself_is_invalid() {
    let rows = ["123", "231", "312"];
    let (records, outcome) = play(&super::instance(&rows, &[swap(1, 1, 1, 2), swap(2, 2, 2, 2)]));
    assert_eq!(records[1].status, Status::Invalid(Invalid::SameCell));
    assert_eq!(records[1].stages, []);
    assert_eq!(records[1].vanished, 0);
    assert_eq!(records[1].board, board(&["213", "231", "312"]));
    assert_eq!(outcome.vanished, 0);
}

#[test]
fn md1_later_swap_naming_no_regular_gem_is_invalid_and_names_the_first() {
    let rows = ["120", "23#", "312"];
    let swaps = [
        swap(1, 3, 1, 1), // a bomb first
        swap(1, 1, 2, 3), // vibranium second
        swap(1, 3, 2, 3), // both: the first is named
        swap(1, 1, 4, 1), // off the grid
        swap(2, 3, 2, 3), // the same cell, and vibranium: SameCell
    ];
    let (records, outcome) = play(&super::instance(&rows, &swaps));
    let statuses: Vec<Status> = records.iter().map(|record| record.status).collect();
    assert_eq!(
        statuses,
        [
            Status::Invalid(Invalid::NotAGem(pos(1, 3))),
            Status::Invalid(Invalid::NotAGem(pos(2, 3))),
            Status::Invalid(Invalid::NotAGem(pos(1, 3))),
            Status::Invalid(Invalid::NotAGem(pos(4, 1))),
            Status::Invalid(Invalid::SameCell),
        ]
    );
    for record in &records {
        assert_eq!((record.stages.len(), record.vanished), (0, 0));
        assert_eq!(record.board, board(&rows));
    }
    assert_eq!(outcome.vanished, 0);
}

#[test]
fn md1_later_swap_of_an_empty_cell_or_armed_bomb_is_invalid() {
    let rows = [".23", "*31", "312"];
    let (records, _) = play(&super::instance(&rows, &[swap(2, 2, 1, 1), swap(1, 2, 2, 1)]));
    assert_eq!(records[0].status, Status::Invalid(Invalid::NotAGem(pos(1, 1))));
    assert_eq!(records[1].status, Status::Invalid(Invalid::NotAGem(pos(2, 1))));
    assert_eq!(records[1].board, board(&rows));
}

#[test]
fn md1_swapped_gems_need_not_be_adjacent() {
    // (1,1) and (3,3) exchange; the 1 now at (3,3) completes row 3.
    let record = only(&["123", "231", "113"], swap(1, 1, 3, 3));
    assert_eq!(record.status, Status::Played);
    assert_eq!(record.stages[0].vanished, positions(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(record.stages[0].board, board(&["...", "323", "231"]));
    assert_eq!(record.vanished, 3);
}

#[test]
fn md1_a_valid_swap_after_invalid_ones_still_plays() {
    let rows = ["120", "23#", "311"];
    let (records, outcome) = play(&super::instance(&rows, &[swap(1, 3, 1, 1), swap(1, 1, 2, 1)]));
    // Column 1 becomes 2 1 3: no group; row 3's 1 1 needs a third.
    assert_eq!(records[1].status, Status::Played);
    assert_eq!(records[1].board, board(&["220", "13#", "311"]));
    assert_eq!(outcome.vanished, 0);
}

// ---- MD2 ------------------------------------------------------------------

#[test]
fn md2_bombs_vibranium_and_empty_cells_never_match() {
    // Three bombs in a row, three vibranium in a row, three empty cells.
    let rows = ["...5", "0003", "###4", "3451"];
    let record = only(&rows, swap(4, 1, 4, 2));
    assert_eq!(record.status, Status::Played);
    assert_eq!(record.stages, []);
    assert_eq!(record.board, board(&["...5", "0003", "###4", "4351"]));
}

#[test]
fn md2_a_bomb_breaks_a_line_of_gems() {
    // Row 2 becomes 1 1 0 1 1: no group.
    let record = only(&["34543", "11012", "23131"], swap(2, 5, 3, 5));
    assert_eq!(record.stages, []);
    assert_eq!(record.board, board(&["34543", "11011", "23132"]));
}

#[test]
fn md2_a_line_longer_than_three_vanishes_whole() {
    let record = only(&["34543", "11211", "23132"], swap(2, 3, 3, 3));
    assert_eq!(record.stages.len(), 1);
    assert_eq!(record.stages[0].vanished, positions(&[(2, 1), (2, 2), (2, 3), (2, 4), (2, 5)]));
    assert_eq!(record.board, board(&[".....", "34543", "23232"]));
    assert_eq!(record.vanished, 5);
}

// ---- MD3 ------------------------------------------------------------------

#[test]
fn md3_gem_in_two_groups_counts_once() {
    // Row 3 becomes four 1s and column 2 three 1s; they cross at (3,2).
    let record = only(&["4156", "5164", "1211", "6145"], swap(3, 2, 4, 2));
    assert_eq!(record.stages.len(), 1);
    assert_eq!(record.stages[0].vanished, positions(&[(1, 2), (2, 2), (3, 1), (3, 2), (3, 3), (3, 4)]));
    assert_eq!(record.stages[0].board, board(&["....", "4.56", "5.64", "6245"]));
    assert_eq!(record.vanished, 6);
}

#[test]
fn md3_stage_one_repeats_while_a_fall_makes_groups() {
    // Column 1 becomes 1 2 2 2; its 1 falls into row 4 and completes 1 1 1.
    let record = only(&["145", "254", "342", "211"], swap(3, 1, 3, 3));
    assert_eq!(kinds(&record.stages), [StageKind::Groups, StageKind::Groups]);
    assert_eq!(record.stages[0].vanished, positions(&[(2, 1), (3, 1), (4, 1)]));
    assert_eq!(record.stages[0].board, board(&[".45", ".54", ".43", "111"]));
    assert_eq!(record.stages[1].vanished, positions(&[(4, 1), (4, 2), (4, 3)]));
    assert_eq!(record.stages[1].board, board(&["...", ".45", ".54", ".43"]));
    assert_eq!(record.vanished, 6);
}

// ---- MD4 ------------------------------------------------------------------

#[test]
fn md4_beam_stops_at_vibranium() {
    // Row 2's group drops the bomb one cell: armed. Its beam right takes
    // (2,2) and (2,3) and stops at the vibranium; (2,5) stays.
    let record = only(&["04567", "112#8", "23145", "34567"], swap(2, 3, 3, 3));
    assert_eq!(kinds(&record.stages), [StageKind::Groups, StageKind::Explosion]);
    assert_eq!(record.stages[0].activated, positions(&[(2, 1)]));
    assert_eq!(record.stages[0].board, board(&["...67", "*45#8", "23245", "34567"]));
    let blast = &record.stages[1];
    assert_eq!(blast.exploded, positions(&[(2, 1)]));
    assert_eq!(blast.vanished, positions(&[(2, 1), (2, 2), (2, 3), (3, 1), (4, 1)]));
    assert_eq!(blast.board, board(&["...67", "...#8", ".3245", ".4567"]));
    assert_eq!(record.vanished, 8);
}

#[test]
fn md4_bomb_hit_by_beam_without_exploding() {
    // As above, but (3,1) is a bomb that never moved: the beam down takes
    // it, and row 3 keeps everything else.
    let record = only(&["04567", "112#8", "03145", "34567"], swap(2, 3, 3, 3));
    let blast = &record.stages[1];
    assert_eq!(blast.exploded, positions(&[(2, 1)]));
    assert_eq!(blast.vanished, positions(&[(2, 1), (2, 2), (2, 3), (3, 1), (4, 1)]));
    assert_eq!(blast.board, board(&["...67", "...#8", ".3245", ".4567"]));
    assert_eq!(record.stages.len(), 2);
    assert_eq!(record.vanished, 8);
}

#[test]
fn md4_armed_bombs_explode_at_once() {
    // Row 2's four 1s drop two bombs into row 2, both armed. Each beam
    // takes its side; the one right of (2,3) stops at the vibranium.
    let record = only(&["040576", "1121#8", "231457", "345678"], swap(2, 3, 3, 3));
    assert_eq!(record.stages[0].activated, positions(&[(2, 1), (2, 3)]));
    assert_eq!(record.stages[0].board, board(&["....76", "*4*5#8", "232457", "345678"]));
    let blast = &record.stages[1];
    assert_eq!(blast.kind, StageKind::Explosion);
    assert_eq!(blast.exploded, positions(&[(2, 1), (2, 3)]));
    assert_eq!(blast.vanished, positions(&[(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 3), (4, 1), (4, 3)]));
    assert_eq!(blast.board, board(&["....76", "....#8", ".3.457", ".4.678"]));
    assert_eq!(record.vanished, 12);
}

#[test]
fn md4_empty_cells_do_not_stop_a_beam() {
    // (1,2) starts empty, so after the fall (2,2) is empty too; the beam
    // from (2,1) crosses it and takes (2,3) and (2,4).
    let record = only(&["0.46", "1125", "2314", "3456"], swap(2, 3, 3, 3));
    assert_eq!(record.stages[0].board, board(&["...6", "*.45", "2324", "3456"]));
    let blast = &record.stages[1];
    assert_eq!(blast.vanished, positions(&[(2, 1), (2, 3), (2, 4), (3, 1), (4, 1)]));
    assert_eq!(blast.board, board(&["....", "...6", ".324", ".456"]));
    assert_eq!(record.vanished, 8);
}

#[test]
fn md4_beams_are_traced_on_the_grid_before_the_explosion() {
    // Two armed bombs in one column, one above the other: the upper one's
    // beam down meets the lower one, which explodes all the same, and each
    // beam sideways runs its own row (the second sample's explosion).
    let record = only(&["02122", "01220", "11210", "2###2"], swap(3, 3, 3, 4));
    let blast = &record.stages[1];
    assert_eq!(blast.exploded, positions(&[(2, 1), (3, 1)]));
    assert_eq!(blast.vanished, positions(&[(2, 1), (2, 2), (2, 3), (2, 5), (3, 1), (3, 2), (3, 3), (3, 5), (4, 1)]));
    assert_eq!(record.vanished, 15);
}

// ---- MD5 ------------------------------------------------------------------

#[test]
fn md5_vibranium_falls() {
    let record = only(&["#45", "112", "231"], swap(2, 3, 3, 3));
    assert_eq!(record.stages.len(), 1);
    assert_eq!(record.stages[0].activated, []);
    assert_eq!(record.board, board(&["...", "#45", "232"]));
    // MD7: vibranium is not counted, and it never vanished.
    assert_eq!(record.vanished, 3);
}

#[test]
fn md5_bomb_armed_by_falling() {
    let record = only(&["045", "112", "231"], swap(2, 3, 3, 3));
    assert_eq!(record.stages[0].activated, positions(&[(2, 1)]));
    assert_eq!(record.stages[0].board.get(1, 0), Cell::ArmedBomb);
    // It explodes: (3,1) below it and (2,2), (2,3) beside it.
    assert_eq!(record.stages[1].exploded, positions(&[(2, 1)]));
    assert_eq!(record.board, board(&["...", "...", ".32"]));
    assert_eq!(record.vanished, 7);
}

#[test]
fn md5_bomb_that_does_not_fall_is_not_armed() {
    // The bomb at (3,1) lies below the group: it does not move.
    let record = only(&["345", "112", "031"], swap(2, 3, 3, 3));
    assert_eq!(kinds(&record.stages), [StageKind::Groups]);
    assert_eq!(record.stages[0].activated, []);
    assert_eq!(record.board, board(&["...", "345", "032"]));
}

#[test]
fn md5_armed_bomb_that_falls_again_is_not_activated_again() {
    // Column 1 becomes 0 1 2 2 2: the bomb falls to row 4 (armed), the 1
    // completes row 5, the bomb falls again to row 5 and then explodes.
    let record = only(&["045", "154", "242", "234", "311"], swap(5, 1, 3, 3));
    assert_eq!(kinds(&record.stages), [StageKind::Groups, StageKind::Groups, StageKind::Explosion]);
    assert_eq!(record.stages[0].activated, positions(&[(4, 1)]));
    assert_eq!(record.stages[0].board, board(&[".45", ".54", ".43", "*34", "111"]));
    assert_eq!(record.stages[1].activated, []);
    assert_eq!(record.stages[1].board, board(&["...", ".45", ".54", ".43", "*34"]));
    assert_eq!(record.stages[2].exploded, positions(&[(5, 1)]));
    assert_eq!(record.stages[2].vanished, positions(&[(5, 1), (5, 2), (5, 3)]));
    assert_eq!(record.board, board(&["...", "...", ".45", ".54", ".43"]));
    assert_eq!(record.vanished, 9);
}

#[test]
fn md5_cells_fall_keeping_their_order() {
    // Column 1 above the group holds a bomb, vibranium and two gems: they
    // all drop three cells, in order.
    let record = only(&["04", "#5", "36", "47", "18", "12", "21"], swap(7, 1, 7, 2));
    assert_eq!(record.stages[0].vanished, positions(&[(5, 1), (6, 1), (7, 1)]));
    assert_eq!(record.stages[0].activated, positions(&[(4, 1)]));
    assert_eq!(record.stages[0].board, board(&[".4", ".5", ".6", "*7", "#8", "32", "42"]));
}

// ---- MD6 ------------------------------------------------------------------

#[test]
fn md6_swap_without_group_scores_zero() {
    let record = only(&["123", "231", "312"], swap(1, 1, 1, 2));
    assert_eq!(record.status, Status::Played);
    assert_eq!(record.stages, []);
    assert_eq!(record.vanished, 0);
    // The swap stays made.
    assert_eq!(record.board, board(&["213", "231", "312"]));
}

#[test]
fn md6_later_swaps_play_on_the_settled_grid() {
    let rows = ["145", "254", "342", "211"];
    let (records, outcome) = play(&super::instance(&rows, &[swap(3, 1, 3, 3), swap(2, 2, 2, 3), swap(3, 2, 4, 2)]));
    // After the first: [..., .45, .54, .43]; swapping (2,2) and (2,3)
    // gives column 2 5 5 4 and column 3 4 4 3: nothing.
    assert_eq!(records[1].stages, []);
    assert_eq!(records[1].board, board(&["...", ".54", ".54", ".43"]));
    // Then (3,2) <-> (4,2): column 2 becomes 5 4 5, row 3 . 4 4, row 4
    // . 5 3: nothing either.
    assert_eq!(records[2].stages, []);
    assert_eq!(outcome.vanished, 6);
}

// ---- MD7 ------------------------------------------------------------------

#[test]
fn md7_counts_gems_and_bombs_not_vibranium() {
    // The second sample: 6 gems in Stage 1, then 2 exploding bombs, 2 bombs
    // hit and 5 gems; the vibranium of row 4 stays.
    let instance = super::instance(&["02122", "01220", "11210", "2###2"], &[swap(3, 3, 3, 4)]);
    let (records, outcome) = play(&instance);
    let counted: usize = records[0].stages.iter().map(|stage| stage.vanished.len()).sum();
    assert_eq!(counted, 15);
    assert_eq!(outcome.vanished, 15);
    let vibranium = records[0].board.cells().iter().filter(|&&cell| cell == Cell::Vibranium).count();
    assert_eq!(vibranium, 3);
}

// ---- Readings for grids MD1 does not allow ----------------------------------

#[test]
fn reading_a_starting_group_vanishes_after_the_first_made_swap() {
    // Row 3's group was there from the start; the swap makes none.
    let rows = ["123", "231", "444"];
    let (records, _) = play(&super::instance(&rows, &[swap(1, 1, 1, 1), swap(1, 1, 1, 2)]));
    assert_eq!(records[0].status, Status::Invalid(Invalid::SameCell));
    assert_eq!(records[1].stages[0].vanished, positions(&[(3, 1), (3, 2), (3, 3)]));
    assert_eq!(records[1].board, board(&["...", "213", "231"]));
}

#[test]
fn reading_md6_a_starting_armed_bomb_waits_for_a_swap_that_makes_a_group() {
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
fn reading_floating_cells_fall_in_the_first_fall() {
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
fn reading_an_armed_bomb_that_does_not_fall_stays_armed() {
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
fn reading_any_colour_matches_only_itself() {
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
fn reading_a_grid_without_cells_makes_every_swap_invalid() {
    use m3_model::door::{Board, Instance};
    for (rows, cols) in [(0, 0), (0, 4), (3, 0)] {
        let instance = Instance { board: Board::from_cells(rows, cols, Vec::new()), swaps: vec![swap(1, 1, 1, 2)] };
        let (records, outcome) = play(&instance);
        assert_eq!(records[0].status, Status::Invalid(Invalid::NotAGem(pos(1, 1))));
        assert_eq!(records[0].board, instance.board);
        assert_eq!(outcome.vanished, 0);
    }
}
