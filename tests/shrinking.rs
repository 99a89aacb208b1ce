//! Shrinking a contest-size failing case: a SquareRemover game of 10,000
//! moves and a Texas board of 50x50, each failing by a planted engine bug
//! that a small case shows as well. The shrinker must bring each down to a
//! small board and a handful of operations. How long it takes is printed
//! (`--nocapture`) and measured in the benches' way, never asserted.

use std::time::Instant;

use m3_model::door::{self, MagicDoor};
use m3_model::square::{self, SquareRemover};
use m3_model::texas::{self, Texas};
use m3diff::check::planted::{Corruption, Planted};
use m3diff::check::shrink::Limits;
use m3diff::game::{Count, PercentOr, Sides};
use m3diff::{check_game_with, Failure, Game, Renders, Size, Tally};

/// SR2: a turn of a cascade (two squares or more) takes a buffer tile too
/// many. Any cascade shows it.
struct CascadeTakesATileTooMany;
impl Corruption<SquareRemover> for CascadeTakesATileTooMany {
    const BUG: &'static str = "SR2 a cascade takes a buffer tile too many";
    fn corrupt(record: &mut square::TurnRecord) {
        if record.squares.len() >= 2 {
            record.buffer += 1;
        }
    }
}

/// SR2: a turn of four squares or more takes a buffer tile too many; a
/// long game meets such a turn late, after thousands of moves that made it.
struct FourSquaresTakeATileTooMany;
impl Corruption<SquareRemover> for FourSquaresTakeATileTooMany {
    const BUG: &'static str = "SR2 a turn of four squares takes a buffer tile too many";
    fn corrupt(record: &mut square::TurnRecord) {
        if record.squares.len() >= 4 {
            record.buffer += 1;
        }
    }
}

/// TX10: a hand of two pairs or better scored a point short: five valid
/// operations, of main colours that pair, before it shows.
struct TwoPairsShort;
impl Corruption<Texas> for TwoPairsShort {
    const BUG: &'static str = "TX10 a hand of two pairs or better a point short";
    fn corrupt(record: &mut texas::OperationRecord) {
        record.hand_points = record.hand_points.map(|points| if points >= 200 { points - 1 } else { points });
    }
}

/// TX10: every hand scored a point short.
struct HandShort;
impl Corruption<Texas> for HandShort {
    const BUG: &'static str = "TX10 every hand a point short";
    fn corrupt(record: &mut texas::OperationRecord) {
        record.hand_points = record.hand_points.map(|points| points - 1);
    }
}

/// TX8: an operation of three rounds or more scores a chain point too many.
struct ThirdRoundChainPoint;
impl Corruption<Texas> for ThirdRoundChainPoint {
    const BUG: &'static str = "TX8 a chain point too many from the third round";
    fn corrupt(record: &mut texas::OperationRecord) {
        if record.rounds.len() >= 3 {
            record.chain_points += 1;
        }
    }
}

/// The first of the games `shape` draws that fails with bug `C`, shrunk;
/// its operations and its board after shrinking.
fn first_failure_shrunk<G: Game, C: Corruption<G>>(shape: &G::Knobs) -> G::Instance {
    let (instance, failure) = (0..200)
        .find_map(|seed| {
            let instance = m3diff::process::seed::with_seed(seed, |u| G::generate(u, Size::Max, shape)).ok()?;
            let failure = check_game_with::<G, Planted<G, C>>(&instance, &mut Tally::default()).err()?;
            Some((instance, failure))
        })
        .unwrap_or_else(|| panic!("200 games showed no {}", C::BUG));
    let started = Instant::now();
    let shrunk =
        m3diff::check::shrink::shrink::<G, Planted<G, C>>(&instance, failure, m3diff::check::shrink::Limits::NONE);
    println!(
        "{}: {} -> {} in {:.1} s ({} steps, {} tries{})",
        C::BUG,
        G::Trace::dimensions(&instance),
        G::Trace::dimensions(&shrunk.instance),
        started.elapsed().as_secs_f64(),
        shrunk.steps,
        shrunk.tries,
        shrunk.cut_short.map_or(String::new(), |cut| format!(", {cut}"))
    );
    shrunk.instance
}

/// A game of the statement's 10,000 moves, on 10x10, with no invalid move
/// to end it early.
fn long_game() -> m3diff::games::square::Knobs {
    m3diff::games::square::Knobs {
        side: Some(Count::new(10)),
        moves: Some(Count::new(10_000)),
        invalid_percent: PercentOr::new(0),
        ..Default::default()
    }
}

#[test]
fn sr2_a_cascade_bug_in_a_game_of_10000_moves_shrinks_to_a_small_board_and_a_few_moves() {
    let shrunk = first_failure_shrunk::<SquareRemover, CascadeTakesATileTooMany>(&long_game());
    assert!(shrunk.board.rows() <= 6 && shrunk.moves.len() <= 5, "{shrunk}");
}

#[test]
fn tx8_a_chain_bug_on_a_50x50_board_shrinks_to_a_small_board_and_a_few_swaps() {
    let shape = m3diff::games::texas::Knobs { sides: Sides::new(50, 50), ..Default::default() };
    let shrunk = first_failure_shrunk::<Texas, ThirdRoundChainPoint>(&shape);
    let (rows, cols) = (shrunk.board.rows(), shrunk.board.cols());
    assert!(rows <= 6 && cols <= 6 && shrunk.swaps.len() <= 5, "{rows}x{cols}\n{shrunk}");
}

#[test]
fn sr2_a_late_bug_in_a_game_of_10000_moves_shrinks_to_a_small_board_and_a_few_moves() {
    let shrunk = first_failure_shrunk::<SquareRemover, FourSquaresTakeATileTooMany>(&long_game());
    assert!(shrunk.board.rows() <= 6 && shrunk.moves.len() <= 5, "{shrunk}");
}

#[test]
fn tx10_a_two_pairs_bug_on_a_50x50_board_shrinks_to_the_five_swaps_of_a_hand_on_a_small_board() {
    // In the case drawn, the hand's first swap sets off a chain that empties
    // most of the board and the other four swap what falls there: every cut
    // of a line breaks the hand, and only its rebuilding on a board of its
    // own (texas::shrink) gets below 22x18.
    let shape = m3diff::games::texas::Knobs { sides: Sides::new(50, 50), ..Default::default() };
    let shrunk = first_failure_shrunk::<Texas, TwoPairsShort>(&shape);
    let (rows, cols) = (shrunk.board.rows(), shrunk.board.cols());
    assert!(rows <= 6 && cols <= 6 && shrunk.swaps.len() == 5, "{rows}x{cols}\n{shrunk}");
}

/// MD7: a chain reaction of two stages or more counts a vanished gem too
/// many.
struct SecondStageVanishesOneMore;
impl Corruption<MagicDoor> for SecondStageVanishesOneMore {
    const BUG: &'static str = "MD7 a gem too many vanishes in a chain of two stages";
    fn corrupt(record: &mut door::SwapRecord) {
        if record.stages.len() >= 2 {
            record.vanished += 1;
        }
    }
}

/// The first `cases` games that `shape` draws at `size` and that fail with
/// bug `C`.
fn failing<G: Game, C: Corruption<G>>(size: Size, shape: &G::Knobs, cases: usize) -> Vec<(G::Instance, Failure)> {
    let found: Vec<_> = (0..2_000)
        .filter_map(|seed| {
            let instance = m3diff::process::seed::with_seed(seed, |u| G::generate(u, size, shape)).ok()?;
            let failure = check_game_with::<G, Planted<G, C>>(&instance, &mut Tally::default()).err()?;
            Some((instance, failure))
        })
        .take(cases)
        .collect();
    assert_eq!(found.len(), cases, "2,000 games showed {} too seldom", C::BUG);
    found
}

/// Shrinks `instance` with bug `C`, then shrinks the result again: the
/// second shrink must keep nothing, and neither may grow a dimension.
fn shrunk_to_a_fixed_point<G: Game, C: Corruption<G>>(instance: &G::Instance, failure: Failure) -> G::Instance {
    let first = m3diff::check::shrink::shrink::<G, Planted<G, C>>(instance, failure, Limits::NONE);
    assert_grows_none::<G>(instance, &first.instance);
    let again = m3diff::check::shrink::shrink::<G, Planted<G, C>>(&first.instance, first.failure, Limits::NONE);
    assert_eq!(
        (again.steps, again.cut_short),
        (0, None),
        "shrinking\n{instance}\ngave\n{}\nwhich shrinks again to\n{} ({})",
        first.instance,
        again.instance,
        again.how()
    );
    first.instance
}

fn assert_grows_none<G: Game>(before: &G::Instance, after: &G::Instance) {
    for ((name, was), (_, is)) in G::dimensions(before).into_iter().zip(G::dimensions(after)) {
        assert!(is <= was, "{name} grew from {was} to {is}:\n{before}\nshrank to\n{after}");
    }
}

#[test]
fn a_shrunk_texas_case_shrinks_no_further() {
    let shape = m3diff::games::texas::Knobs::default();
    for (instance, failure) in failing::<Texas, ThirdRoundChainPoint>(Size::Mixed, &shape, 20) {
        shrunk_to_a_fixed_point::<Texas, ThirdRoundChainPoint>(&instance, failure);
    }
    // A hand's bug: its first hand is rebuilt on a board of its own, and
    // two shrinks of such a case went round between boards of one size.
    for (instance, failure) in failing::<Texas, TwoPairsShort>(Size::Mixed, &shape, 20) {
        shrunk_to_a_fixed_point::<Texas, TwoPairsShort>(&instance, failure);
    }
}

#[test]
fn a_shrunk_door_case_shrinks_no_further() {
    let shape = m3diff::games::door::Knobs::default();
    for (instance, failure) in failing::<MagicDoor, SecondStageVanishesOneMore>(Size::Mixed, &shape, 20) {
        shrunk_to_a_fixed_point::<MagicDoor, SecondStageVanishesOneMore>(&instance, failure);
    }
}

#[test]
fn tx10_a_hand_on_a_narrow_board_shrinks_within_its_sides_and_colours() {
    // A new user's 14x2 case of 4 colours came out as 5x6 in 5 colours: the
    // hand rebuilt on a board of its own, six columns wide. On 14x4 in 8
    // colours the rebuilt hand fails alike, and only the harness keeps it out.
    for (rows, cols, colours) in [(14, 2, 4), (14, 4, 8)] {
        let shape = m3diff::games::texas::Knobs {
            sides: Sides::new(rows, cols),
            colours: Some(colours),
            operations: Some(Count::new(100)),
            ..Default::default()
        };
        for (instance, failure) in failing::<Texas, HandShort>(Size::Mixed, &shape, 5) {
            let shrunk = shrunk_to_a_fixed_point::<Texas, HandShort>(&instance, failure);
            let size = (shrunk.board.rows(), shrunk.board.cols(), shrunk.colours);
            assert!(size.0 <= rows && size.1 <= cols && size.2 <= colours, "{size:?}\n{shrunk}");
        }
    }
}

#[test]
fn tx10_sample1_keeps_to_its_5_colours() {
    let sample1 = texas::parse(include_str!("../corpus/texas/sample1.in")).unwrap();
    let failure = check_game_with::<Texas, Planted<Texas, TwoPairsShort>>(&sample1, &mut Tally::default())
        .expect_err("sample1's hand is two pairs or better");
    let shrunk = shrunk_to_a_fixed_point::<Texas, TwoPairsShort>(&sample1, failure);
    assert!(shrunk.colours <= 5 && shrunk.swaps.len() == 5, "{shrunk}");
}
