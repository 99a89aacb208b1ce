//! The max tests a judge writes for SquareRemover: every one a contest game
//! of M = 10,000 moves within the statement (8 <= N <= 16, 4 <= colors <=
//! 6), the high-scoring ones played by the strong player, whose squares
//! run deepest into the tile buffer (SR1) and give the largest scores.

use m3_model::square::{SquareRemover, CONTEST_MOVES};

use super::knobs::{Knobs, Player, STATEMENT_COLOURS, STATEMENT_SIDES};
use crate::game::knobs::EdgeKnob;
use crate::game::{Count, MaxTest, PercentOr, Size, Statement};

/// A contest game on a `side` x `side` board of `colours`, its valid moves
/// made by `player`, with `invalid_percent` of games holding an invalid
/// move.
fn game(side: usize, colours: u8, player: Player, invalid_percent: u8) -> Knobs {
    Knobs {
        side: Some(Count::new(side)),
        colours: Some(colours),
        start_seed: None,
        moves: Some(Count::new(CONTEST_MOVES)),
        greedy_percent: PercentOr::new(100),
        invalid_percent: PercentOr::new(invalid_percent),
        player: Some(player),
        edges: EdgeKnob::NONE,
        statement: Statement::WITHIN,
    }
}

pub(super) fn max_tests() -> Vec<MaxTest<SquareRemover>> {
    let test = |name, shape| MaxTest { name, size: Size::Max, shape };
    let (smallest, largest) = (*STATEMENT_SIDES.start(), *STATEMENT_SIDES.end());
    let (fewest, most) = (*STATEMENT_COLOURS.start(), *STATEMENT_COLOURS.end());
    vec![
        // SR1: the buffer a high-scoring game runs deepest into.
        test("16x16, 4 colours, M = 10000, strong player: the highest score", game(largest, fewest, Player::Strong, 0)),
        test("8x8, 6 colours, M = 10000, strong player", game(smallest, most, Player::Strong, 0)),
        test("16x16, 6 colours, M = 10000, strong player", game(largest, most, Player::Strong, 0)),
        test("8x8, 4 colours, M = 10000, strong player", game(smallest, fewest, Player::Strong, 0)),
        test("16x16, 5 colours, M = 10000, greedy player", game(largest, 5, Player::Greedy, 0)),
        // SR4: a game cut short by an invalid move, on the largest board.
        test("16x16, 4 colours, M = 10000, greedy player, an invalid move", game(largest, fewest, Player::Greedy, 100)),
        test("12x12, 6 colours, M = 10000, greedy player", game(12, most, Player::Greedy, 0)),
    ]
}
