//! The engine's own machinery, on what no case file can hold. The rules
//! themselves are pinned by the case files (`corpus/texas/*.in`, played by
//! `crate::cases`), which hold the reference to the same records.

use m3_model::cases::cases;
use m3_model::texas::{At, Board, Instance, Piece, Pos, Special, Swap, Texas};
use m3_model::Stepper;

use crate::texas::Engine;

/// A board from rows of words: `.` an empty cell, `c` a plain piece of colour
/// c, `c:s` a piece of colour c with special code s. Only for boards the
/// format refuses (a run, a hole under a piece, colour 0).
fn board(rows: &[&str]) -> Board {
    let lines: Vec<Vec<&str>> = rows.iter().map(|row| row.split_whitespace().collect()).collect();
    let cols = lines[0].len();
    let cells = lines
        .iter()
        .flat_map(|line| {
            assert_eq!(line.len(), cols, "ragged board");
            line.iter().map(|word| {
                if *word == "." {
                    return None;
                }
                let (colour, special) = word.split_once(':').unwrap_or((word, "0"));
                Some(Piece {
                    colour: colour.parse().unwrap(),
                    special: Special::from_code(special.parse().unwrap()).unwrap(),
                })
            })
        })
        .collect();
    Board::from_cells(lines.len(), cols, cells)
}

/// A swap between two 1-based positions, as the problem format writes it.
fn swap(r1: u32, c1: u32, r2: u32, c2: u32) -> Swap {
    Swap::new(At::new(r1, c1), At::new(r2, c2))
}

fn marked(record: &m3_model::texas::OperationRecord) -> Vec<Pos> {
    record.rounds[0].marked.clone()
}

fn cells(list: &[(usize, usize)]) -> Vec<Pos> {
    list.iter().map(|&(row, col)| Pos::new(row - 1, col - 1)).collect()
}

// The cases hold the quiet path only to the final total; this holds it to
// the observed path's board and running total after every operation.
#[test]
fn quiet_and_observed_paths_agree_after_every_operation_of_every_case() {
    for case in cases::<Texas>("texas") {
        let instance = &case.instance;
        let mut quiet = Engine::new(instance);
        let mut observed = Engine::new(instance);
        for &swap in &instance.swaps {
            let record = observed.step(&swap);
            assert_eq!(quiet.apply(swap), record.is_valid(), "{}: {swap}", case.name);
            assert_eq!(quiet.board(), record.board, "{}: {swap}", case.name);
            assert_eq!(quiet.total(), observed.total(), "{}: {swap}", case.name);
        }
        assert_eq!(quiet.outcome(), <Engine as Stepper<Texas>>::finish(observed), "{}", case.name);
    }
}

#[test]
fn generation_wrap_changes_nothing() {
    let instance: Instance = m3_model::texas::parse(include_str!("../../../../corpus/texas/sample1.in")).unwrap();
    let mut game = Engine::new(&instance);
    game.scratch.set_generation(u32::MAX - 3);
    for &swap in &instance.swaps {
        game.apply(swap);
    }
    assert_eq!(game.outcome().total, 11692);
}

// The rule book's ruling "A starting board that breaks TX1": an instance
// built in code is taken as it is. No case file holds one, so the engine's
// run scan, gravity and endgame are held to it here.

#[test]
fn code_built_board_with_a_run_makes_any_adjacent_swap_valid() {
    let mut game = Engine::from_board(&board(&["2 3 2", "1 1 1"]));
    let record = game.step(&swap(1, 1, 1, 2));
    assert_eq!(record.validity, Ok(()));
    assert_eq!(marked(&record), cells(&[(2, 1), (2, 2), (2, 3)]));
    assert_eq!(record.board, board(&[". . .", "3 2 2"]));
}

#[test]
fn code_built_floating_pieces_fall_in_the_first_round() {
    let mut game = Engine::from_board(&board(&["2 1 4", "1 2 .", "1 3 5"]));
    let record = game.step(&swap(1, 1, 1, 2));
    assert_eq!(record.rounds.len(), 1);
    assert_eq!(marked(&record), cells(&[(1, 1), (2, 1), (3, 1)]));
    assert_eq!(record.board, board(&[". 2 .", ". 2 4", ". 3 5"]));
}

#[test]
fn code_built_game_with_no_operation_earns_the_all_valid_bonus() {
    let game = Engine::from_board(&board(&["1 2 1 1", "2 1 2 2", "1 2 1 2"]));
    assert_eq!(game.outcome().parts.endgame, 1000);
    assert_eq!(game.outcome().total, 1000);
}

#[test]
fn odd_instances_do_not_panic() {
    let boards = [
        Board::filled(0, 0, None),
        Board::filled(1, 1, Some(Piece::plain(0))),
        Board::filled(1, 3, None),
        board(&["255 0 255", "0:6 255:5 0:3"]),
        board(&["0 0 0", "0:6 0:5 0:4", "0:1 0:2 0:3"]),
    ];
    for b in boards {
        let mut game = Engine::from_board(&b);
        for operation in [
            swap(0, 0, 0, 0),
            swap(1, 1, 1, 2),
            swap(2, 1, 2, 2),
            swap(1, 1, 2, 1),
            swap(u32::MAX, 1, 1, 1),
            swap(2, 2, 3, 2),
        ] {
            game.step(&operation);
            game.apply(operation);
        }
        let _ = <Engine as Stepper<Texas>>::finish(game);
    }
}
