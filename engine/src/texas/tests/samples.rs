//! The statement's three official samples, through the quiet and the
//! observed path.

use m3_model::texas::{parse, Instance, OperationRecord, Outcome, Texas};
use m3_model::Stepper;

use crate::texas::{solve, Engine};

// The statement's official samples, as the corpus keeps them.
fn sample(text: &str) -> Instance {
    parse(text).unwrap()
}

fn sample1() -> Instance {
    sample(include_str!("../../../../corpus/texas/sample1.in"))
}

fn sample2() -> Instance {
    sample(include_str!("../../../../corpus/texas/sample2.in"))
}

fn sample3() -> Instance {
    sample(include_str!("../../../../corpus/texas/sample3.in"))
}

fn observe(instance: &Instance) -> (Vec<OperationRecord>, Outcome) {
    let mut game = <Engine as Stepper<Texas>>::start(instance);
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
        let mut quiet = Engine::new(&instance);
        let mut observed = Engine::new(&instance);
        for &swap in &instance.swaps {
            let record = observed.step(&swap);
            assert_eq!(quiet.apply(swap), record.is_valid());
            assert_eq!(quiet.board(), record.board);
            assert_eq!(quiet.total(), observed.total());
        }
        assert_eq!(quiet.outcome(), <Engine as Stepper<Texas>>::finish(observed));
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
    let mut game = Engine::new(&instance);
    game.scratch.set_generation(u32::MAX - 3);
    for &swap in &instance.swaps {
        game.apply(swap);
    }
    assert_eq!(game.outcome().total, 11692);
}
