//! Smaller SquareRemover instances derived from a failing one (the shrinker
//! cuts the moves itself): a row and a column less (the board stays
//! square), fewer colours. Every candidate is an instance the format
//! accepts, and none has a larger side or more colours than the case.
//!
//! The statement fixes the number of moves at 10,000 and keeps the side in
//! 8 to 16 and the colours in 4 to 6, so that under `--against`, where
//! every candidate beyond it is refused, cutting moves or going below those
//! bounds makes no step. Candidates that stay in that shape go first: the
//! side cut down to 8 at once, the moves after a point made as plain as
//! the rules allow (one simple move, repeated), the colours down to 4, the
//! start seed smaller.

use m3_model::square::{Board, Instance, Move, MIN_COLOURS, MIN_SIDE, RIGHT};

use super::rules::move_tiles;
use crate::check::shrink::{fewer_colours, without_line, Line};

/// The statement's smallest side and fewest colours.
const STATEMENT_SIDE: usize = 8;
const STATEMENT_COLOURS: u8 = 4;

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates = Vec::new();
    let side = instance.board.rows();
    if side > STATEMENT_SIDE {
        candidates.push(cut_to_side(instance, STATEMENT_SIDE));
    }
    candidates.extend(plainer_moves(instance));
    if side > MIN_SIDE {
        candidates.extend((0..side).map(|line| without_line_and_column(instance, line)));
    }
    if instance.colours > STATEMENT_COLOURS {
        candidates.push(in_colours(instance, STATEMENT_COLOURS));
    }
    for map in fewer_colours(instance.board.cells(), 0, usize::from(instance.colours)) {
        let tiles = instance.board.cells().iter().map(|&c| map[usize::from(c)]).collect();
        let highest = instance.board.cells().iter().map(|&c| map[usize::from(c)]).max().unwrap_or(0);
        let colours = (highest + 1).max(MIN_COLOURS);
        if colours <= instance.colours {
            candidates.push(Instance { colours, board: Board::from_cells(side, side, tiles), ..instance.clone() });
        }
    }
    // SR1: a smaller seed, down to 1, the statement's least.
    for seed in [1, instance.seed / 2] {
        if (1..instance.seed).contains(&seed) {
            candidates.push(Instance { seed, ..instance.clone() });
        }
    }
    candidates.retain(|candidate| candidate != instance);
    candidates
}

/// The plainest move: the top-left tile swapped with its right neighbour,
/// valid on every board the format reads.
const PLAIN: Move = Move { row: 0, col: 0, dir: RIGHT };

/// The moves from a point on each made [`PLAIN`], as many as before: first
/// after the first invalid move, whose game ends there (SR4), so that the
/// reference's answer stays; then, of the moves before those already
/// plain, from the start, the half, the three quarters ... down to the
/// last, so that each pass reaches further back until no cut keeps failing.
fn plainer_moves(instance: &Instance) -> Vec<Instance> {
    let moves = instance.moves.len();
    let side = instance.board.rows();
    let first_invalid = instance.moves.iter().position(|&m| move_tiles(side, m).is_err());
    let mut starts: Vec<usize> = first_invalid.map(|first| first + 1).into_iter().collect();
    let end = moves - instance.moves.iter().rev().take_while(|&&m| m == PLAIN).count();
    let mut left = end;
    while left > 0 {
        starts.push(end - left);
        left /= 2;
    }
    let mut candidates = Vec::new();
    for start in starts {
        if instance.moves[start.min(moves)..].iter().any(|&m| m != PLAIN) {
            let mut moves = instance.moves.clone();
            moves[start..].fill(PLAIN);
            candidates.push(Instance { moves, ..instance.clone() });
        }
    }
    candidates
}

/// The board's top-left `side` by `side` tiles; the moves as they were,
/// valid or not on the smaller board as it dictates.
fn cut_to_side(instance: &Instance, side: usize) -> Instance {
    let old = instance.board.rows();
    let tiles = instance.board.cells().chunks(old).take(side).flat_map(|row| &row[..side]).copied().collect();
    Instance { board: Board::from_cells(side, side, tiles), ..instance.clone() }
}

/// The game in `colours` colours, each tile of a colour past them taken to
/// one within.
fn in_colours(instance: &Instance, colours: u8) -> Instance {
    let tiles = instance.board.cells().iter().map(|&c| c % colours).collect();
    let side = instance.board.rows();
    Instance { colours, board: Board::from_cells(side, side, tiles), ..instance.clone() }
}

/// Row `line` and column `line` removed; moves keep pointing at the same
/// tiles, and those on the removed lines move to the next ones.
fn without_line_and_column(instance: &Instance, line: usize) -> Instance {
    let side = instance.board.rows();
    let tiles = without_line(instance.board.cells(), side, Line::Row(line));
    let tiles = without_line(&tiles, side, Line::Column(line));
    let shift = |p: i32| if usize::try_from(p).is_ok_and(|p| p > line) { p - 1 } else { p };
    let moves = instance.moves.iter().map(|m| Move::new(shift(m.row), shift(m.col), m.dir)).collect();
    Instance { board: Board::from_cells(side - 1, side - 1, tiles), moves, ..instance.clone() }
}

#[cfg(test)]
mod tests {
    use m3_model::square::{SquareRemover, CONTEST_MOVES, DOWN, UP};

    use super::*;
    use crate::game::{Generator, Size};
    use crate::Rulebook;

    /// A game of the statement's, with an invalid move at `invalid`.
    fn statement_game(seed: u64, invalid: Option<usize>) -> Instance {
        let mut instance = crate::process::seed::with_seed(seed, |u| {
            let shape = <super::super::Knobs as Generator<SquareRemover>>::within_statement(u)?;
            let shape = super::super::Knobs { invalid_percent: crate::game::PercentOr::new(0), ..shape };
            shape.generate::<m3_engine::square::Engine>(Size::Mixed, u)
        })
        .unwrap();
        if let Some(at) = invalid {
            instance.moves[at] = Move::new(0, 0, UP);
        }
        instance
    }

    #[test]
    fn within_the_statement_there_are_candidates_that_stay_within_it_and_none_grows_a_dimension() {
        for seed in 1..=6 {
            let instance = statement_game(seed, (seed % 2 == 0).then_some(1234));
            assert_eq!(SquareRemover::beyond_statement(&instance), None);
            let candidates = candidates(&instance);
            let within = candidates.iter().filter(|c| SquareRemover::beyond_statement(c).is_none());
            let (side, colours) = (instance.board.rows(), instance.colours);
            // The side down to 8 when it is more, the moves plainer, the
            // colours down to 4 when they are more, the seed smaller.
            let expected = 1 + usize::from(side > 8) + usize::from(colours > 4);
            assert!(within.count() > expected, "seed {seed}: too few candidates within the statement");
            for candidate in &candidates {
                assert!(candidate.board.rows() <= side && candidate.colours <= colours, "grew: {candidate}");
                assert!(candidate.board.cells().iter().all(|&c| c < candidate.colours));
                assert_eq!(candidate.moves.len(), CONTEST_MOVES);
            }
        }
    }

    #[test]
    fn sr4_the_moves_after_the_first_invalid_one_made_plain_keep_the_answer() {
        let instance = statement_game(3, Some(777));
        let plain = candidates(&instance)
            .into_iter()
            .find(|c| c.moves[..778] == instance.moves[..778] && c.moves[778..].iter().all(|&m| m == PLAIN))
            .expect("a candidate with the moves after the invalid one made plain");
        assert_eq!(SquareRemover::solve(&plain), SquareRemover::solve(&instance));
        assert_eq!(SquareRemover::solve(&plain).to_string(), "-1");
    }

    #[test]
    fn the_side_cut_to_the_statements_least_keeps_the_top_left_tiles() {
        let side = 11;
        let cells = (0..side * side).map(|i| (i % 4) as u8).collect();
        let instance = Instance {
            colours: 4,
            seed: 5,
            board: Board::from_cells(side, side, cells),
            moves: vec![Move::new(10, 10, UP), Move::new(2, 3, DOWN)],
        };
        let cut = cut_to_side(&instance, 8);
        assert_eq!(cut.board.rows(), 8);
        for (row, col) in (0..8).flat_map(|row| (0..8).map(move |col| (row, col))) {
            assert_eq!(cut.board.get(row, col), instance.board.get(row, col));
        }
        assert_eq!(cut.moves, instance.moves);
    }
}
