//! The statement's three official samples, through the quiet and the
//! observed path.

use m3_model::texas::{parse, Instance, OperationRecord, Outcome, Texas};
use m3_model::Stepper;

use crate::texas::{solve, Game};

const BOARD: &str = "\
1 1 5 1 5 4 5 3
2 1 2 2 5 4 3 2
1 4 1 4 2 1 5 4
2 1 5 5 2 1 4 4
2 3 5 2 3 4 2 2
4 2 4 3 3 2 4 5
1 3 4 3 5 2 4 3
3 4 2 5 2 1 1 2
0 0 0 0 0 0 0 0
2 0 0 0 0 0 0 0
0 0 0 0 5 0 0 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 0 6 0 0 3 1
0 0 0 0 3 0 0 0
";

fn sample1() -> Instance {
    let text = format!("8 8 5 5\n{BOARD}0 0 0 0 0 0 1 4\n3 2 4 2\n5 4 5 5\n7 2 7 3\n8 5 8 6\n6 7 6 8\n");
    parse(&text).unwrap()
}

fn sample2() -> Instance {
    let text = format!(
        "8 8 5 8\n{BOARD}0 0 0 0 0 0 0 0\n1 1 2 2\n3 2 4 2\n3 2 3 3\n4 2 4 3\n5 4 5 5\n7 2 7 3\n8 5 8 6\n6 7 6 8\n"
    );
    parse(&text).unwrap()
}

fn sample3() -> Instance {
    let text = "5 5 2 1\n1 1 2 1 1\n1 1 2 1 1\n2 2 1 2 2\n1 1 2 1 1\n1 1 2 1 1\n\
                0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n3 3 4 3\n";
    parse(text).unwrap()
}

fn observe(instance: &Instance) -> (Vec<OperationRecord>, Outcome) {
    let mut game = <Game as Stepper<Texas>>::start(instance);
    let records = instance.swaps.iter().map(|swap| game.step(swap)).collect();
    (records, game.finish())
}

#[test]
fn tx12_samples_through_solve() {
    assert_eq!(solve(&sample1()), 11692);
    assert_eq!(solve(&sample2()), 684);
    assert_eq!(solve(&sample3()), 3023);
}

#[test]
fn tx12_samples_through_the_stepper() {
    for (instance, expected) in [(sample1(), 11692), (sample2(), 684), (sample3(), 3023)] {
        let (records, outcome) = observe(&instance);
        assert_eq!(outcome.total, expected);
        assert_eq!(outcome.parts.sum(), expected);
        let recorded: i64 = records.iter().map(OperationRecord::points).sum();
        assert_eq!(recorded + outcome.parts.endgame, expected);
    }
}

#[test]
fn quiet_and_observed_paths_agree_on_the_samples() {
    for instance in [sample1(), sample2(), sample3()] {
        let mut quiet = Game::new(&instance);
        let mut observed = Game::new(&instance);
        for &swap in &instance.swaps {
            let record = observed.step(&swap);
            assert_eq!(quiet.apply(swap), record.is_valid());
            assert_eq!(quiet.board(), record.board);
            assert_eq!(quiet.total(), observed.total());
        }
        assert_eq!(quiet.outcome(), <Game as Stepper<Texas>>::finish(observed));
    }
}

#[test]
fn tx10_sample1_running_points_and_hand_match_the_statement() {
    let (records, outcome) = observe(&sample1());
    // The statement's hint: elimination + chain + combo after each operation.
    let mut running = 0;
    let mut after_each = Vec::new();
    for record in &records {
        running += record.points() - record.hand_points.unwrap_or(0);
        after_each.push(running);
    }
    assert_eq!(after_each, [315, 417, 429, 435, 482]);
    let hands: Vec<_> = records.iter().map(|r| r.hand_points).collect();
    assert_eq!(hands, [None, None, None, None, Some(210)]);
    // Best hand (1 2 4 2 4): every operation's main colours offer its card.
    for (record, card) in records.iter().zip([1, 2, 4, 2, 4]) {
        assert!(record.main_colours.contains(&card), "{:?}", record.main_colours);
    }
    assert_eq!(outcome.parts.endgame, 11000);
}

#[test]
fn tx11_sample2_has_three_invalid_operations_and_no_bonus() {
    let (records, outcome) = observe(&sample2());
    assert_eq!(records.iter().filter(|r| !r.is_valid()).count(), 3);
    // The first operation pairs two diagonal cells.
    assert_eq!(records[0].validity, Err(m3_model::texas::Invalid::NotAdjacent));
    // Five valid operations: one hand, on the last of them.
    let hands: Vec<bool> = records.iter().map(|r| r.hand_points.is_some()).collect();
    assert_eq!(hands, [false, false, false, false, false, false, false, true]);
    assert_eq!(outcome.parts.endgame, 0);
}

#[test]
fn generation_wrap_changes_nothing() {
    let instance = sample1();
    let mut game = Game::new(&instance);
    game.scratch.set_generation(u32::MAX - 3);
    for &swap in &instance.swaps {
        game.apply(swap);
    }
    assert_eq!(game.outcome().total, 11692);
}
