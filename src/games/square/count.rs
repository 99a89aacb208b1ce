//! What the generated SquareRemover games exercised, rule by rule.

use m3_model::square::{
    Instance, Invalid, Move, Outcome, Square, SquareRemover, Status, Turn, TurnRecord, CONTEST_MOVES, DOWN, LEFT,
    RIGHT, UP,
};
use m3_model::square::{MAX_COLOURS, MAX_SIDE, MIN_COLOURS, MIN_SIDE, MODULUS};

use super::rules::move_tiles;
use super::state::Standing;
use crate::game::coverage::Tally;
use crate::game::places::{BoardEdges, Shape};
use crate::game::Counts;
use crate::kit::edges::{edge_of, wraps_into, Edge};

crate::counters! {
    /// SquareRemover's rule-coverage counters, under their rules.
    pub enum Counter {
        "SR1" => {
            SeedAtAnEdge: "startSeed at an edge: 1, the largest, an integer width's",
            MostColours: "board of 9 or 10 colours (the format's most)",
            BufferPastAShort: "game taking over 32,768 buffer tiles (a signed 16-bit index's edge)",
        }
        "SR2" => {
            SquareRemoved: "square removed",
            Cascade: "turn removing 2+ squares",
            LongCascade: "turn removing 5+ squares",
            AboveOrLeft: "square above or left of the one before",
            LastTwoRows: "square in the last two rows (its lower row N-1)",
            LastTwoColumns: "square in the last two columns (its right column N-1)",
            StrongScore: "game scoring 12,000 squares or more (a strong player's)",
        }
        "SR3" => {
            OpeningScores: "opening adjust removes a square",
            MoveScores: "move followed by a square",
            LargestBoard: "board of 63 or 64 a side (the format's largest)",
        }
        "SR4" => {
            Up: "move up",
            Right: "move right",
            Down: "move down",
            Left: "move left",
            EqualColours: "equal-colour swap",
            TileOffBoard: "invalid: tile off the board",
            UnknownDirection: "invalid: unknown direction",
            NeighbourOffBoard: "invalid: neighbour off the board",
            MinusOne: "invalid move: row or column -1",
            RowOnePast: "invalid move: row one past the board",
            ColumnOnePast: "invalid move: column one past the board",
            UpOntoTheBoard: "invalid move: from row N up, its neighbour on the board",
            DownOntoTheBoard: "invalid move: from row -1 down, its neighbour on the board",
            LeftOntoTheBoard: "invalid move: from column N left, its neighbour on the board",
            RightOntoTheBoard: "invalid move: from column -1 right, its neighbour on the board",
            TileAtAWidth: "invalid move: row or column at an integer width's edge",
            TileWrapped: "invalid move: row or column a narrower integer reads on the board",
            DirectionOffByOne: "invalid move: direction -1 or 4",
            DirectionAtAWidth: "invalid move: direction at an integer width's edge",
            DirectionWrapped: "invalid move: direction a narrower integer reads as valid",
            Skipped: "turn skipped after an invalid move",
            ContestLength: "game of 10,000 valid moves",
            OneOffContest: "game of 9,999 or 10,001 moves (one off the statement's)",
            MovesAtAWidth: "game of 127, 128, 255 or 256 moves (an integer width's edge)",
        }
    }
}

/// A buffer index past what a signed 16-bit integer holds, where a
/// contest program's tile buffer of a fixed size wraps or overruns.
const BUFFER_PAST_A_SHORT: u64 = 1 << 15;
/// The score the strong player reaches on the statement's largest board in
/// its fewest colours, and a greedy player never.
const STRONG_SCORE: u64 = 12_000;

impl Counts<SquareRemover> for Counter {
    /// Under `--against`, whose cases keep to the statement.
    fn beyond_statement() -> &'static [Counter] {
        &[Counter::MostColours, Counter::LargestBoard, Counter::OneOffContest, Counter::MovesAtAWidth]
    }

    /// Each square's top-left and bottom-right tiles: between them they
    /// touch every edge its four tiles do.
    fn edges(before: &Standing, record: &TurnRecord) -> BoardEdges {
        let tiles =
            record.squares.iter().flat_map(|square| [(square.row, square.col), (square.row + 1, square.col + 1)]);
        BoardEdges::of(before.board.rows(), before.board.cols(), tiles)
    }

    /// Square always: the format reads one side.
    fn shape(instance: &Instance) -> Shape {
        Shape::of(instance.board.rows(), instance.board.cols())
    }

    fn record(tally: &mut Tally<Counter>, before: &Standing, record: &TurnRecord) {
        let squares = record.squares.len() as u64;
        tally.add(Counter::SquareRemoved, squares);
        tally.add(Counter::Cascade, u64::from(squares >= 2));
        tally.add(Counter::LongCascade, u64::from(squares >= 5));
        let above_or_left =
            record.squares.windows(2).filter(|pair| (pair[1].row, pair[1].col) < (pair[0].row, pair[0].col));
        tally.add(Counter::AboveOrLeft, above_or_left.count() as u64);
        // A square's top-left tile names it: a search for top-left tiles
        // that stops one short (`0..N-2`) never finds these.
        let side = before.board.rows();
        let far =
            |place: fn(&Square) -> usize| record.squares.iter().filter(|square| place(square) + 2 == side).count();
        tally.add(Counter::LastTwoRows, far(|square| square.row) as u64);
        tally.add(Counter::LastTwoColumns, far(|square| square.col) as u64);
        match (record.status, record.turn) {
            (Status::Skipped, _) => tally.add(Counter::Skipped, 1),
            (Status::Invalid(reason), turn) => {
                tally.add(invalid(reason), 1);
                if let Turn::Move(m) = turn {
                    invalid_edges(tally, before.board.rows(), m);
                }
            }
            (Status::Played, Turn::Opening) => {
                tally.add(Counter::OpeningScores, u64::from(squares > 0));
                sizes(tally, before);
            }
            (Status::Played, Turn::Move(m)) => {
                tally.add(Counter::MoveScores, u64::from(squares > 0));
                if let Some(direction) = direction(m.dir) {
                    tally.add(direction, 1);
                }
                if let Ok((a, b)) = move_tiles(before.board.rows(), m) {
                    tally.add(
                        Counter::EqualColours,
                        u64::from(before.board.get(a.0, a.1) == before.board.get(b.0, b.1)),
                    );
                }
            }
        }
    }

    fn outcome(tally: &mut Tally<Counter>, last: &Standing, outcome: &Outcome) {
        tally.add(Counter::BufferPastAShort, u64::from(last.buffer > BUFFER_PAST_A_SHORT));
        tally.add(Counter::StrongScore, u64::from(last.score >= STRONG_SCORE));
        tally.add(Counter::ContestLength, u64::from(outcome.first_invalid.is_none() && last.moves >= CONTEST_MOVES));
        tally.add(Counter::OneOffContest, u64::from(last.moves.abs_diff(CONTEST_MOVES) == 1));
        let moves = i64::try_from(last.moves).unwrap_or(i64::MAX);
        tally.add(Counter::MovesAtAWidth, u64::from(edge_of(0, CONTEST_MOVES as i64, moves) == Some(Edge::Width)));
    }
}

fn direction(dir: i32) -> Option<Counter> {
    match dir {
        UP => Some(Counter::Up),
        RIGHT => Some(Counter::Right),
        DOWN => Some(Counter::Down),
        LEFT => Some(Counter::Left),
        _ => None,
    }
}

fn invalid(reason: Invalid) -> Counter {
    match reason {
        Invalid::TileOffBoard => Counter::TileOffBoard,
        Invalid::UnknownDirection => Counter::UnknownDirection,
        Invalid::NeighbourOffBoard => Counter::NeighbourOffBoard,
    }
}

/// The edges of the game's sizes: the seed, the colours its board shows,
/// its side.
fn sizes(tally: &mut Tally<Counter>, start: &Standing) {
    let seed = i64::try_from(start.seed).unwrap_or(i64::MAX);
    tally.add(Counter::SeedAtAnEdge, u64::from(edge_of(1, MODULUS as i64 - 1, seed).is_some()));
    let shown = start.board.cells().iter().max().map_or(0, |&top| i64::from(top) + 1);
    let colours = (i64::from(MIN_COLOURS), i64::from(MAX_COLOURS));
    tally.add(Counter::MostColours, u64::from(edge_of(colours.0, colours.1, shown) == Some(Edge::High)));
    let side = start.board.rows() as i64;
    tally.add(Counter::LargestBoard, u64::from(edge_of(MIN_SIDE as i64, MAX_SIDE as i64, side) == Some(Edge::High)));
}

/// The counter of a move whose tile is one off the board (row or column -1
/// or N, the other on it) and whose neighbour is on it: a solution that
/// checks the tile by the neighbour's bounds, or one bound too loosely,
/// swaps a tile off its board here, and only here, since every other
/// direction from there leaves the board. Each of the four is a bound of
/// its own, as a solution writes it.
fn back_onto_the_board(last: i64, row: i64, col: i64, dir: i64) -> Option<Counter> {
    let on = |v: i64| (0..=last).contains(&v);
    let (down, right, counter) = match dir {
        d if d == i64::from(UP) => (-1, 0, Counter::UpOntoTheBoard),
        d if d == i64::from(RIGHT) => (0, 1, Counter::RightOntoTheBoard),
        d if d == i64::from(DOWN) => (1, 0, Counter::DownOntoTheBoard),
        d if d == i64::from(LEFT) => (0, -1, Counter::LeftOntoTheBoard),
        _ => return None,
    };
    let one_off = |v: i64| v == -1 || v == last + 1;
    let tile_one_off = (one_off(row) && on(col)) || (on(row) && one_off(col));
    (tile_one_off && on(row + down) && on(col + right)).then_some(counter)
}

/// The edge an invalid move's fields stand on (SR4), on a board of `side`.
fn invalid_edges(tally: &mut Tally<Counter>, side: usize, m: Move) {
    let last = side as i64 - 1;
    let (row, col, dir) = (i64::from(m.row), i64::from(m.col), i64::from(m.dir));
    let tile = [row, col];
    tally.add(Counter::MinusOne, u64::from(tile.contains(&-1)));
    tally.add(Counter::RowOnePast, u64::from(row == last + 1));
    tally.add(Counter::ColumnOnePast, u64::from(col == last + 1));
    if let Some(onto) = back_onto_the_board(last, row, col, dir) {
        tally.add(onto, 1);
    }
    tally.add(Counter::TileAtAWidth, u64::from(tile.iter().any(|&v| edge_of(0, last, v) == Some(Edge::Width))));
    tally.add(Counter::TileWrapped, u64::from(tile.iter().any(|&v| wraps_into(0, last, v))));
    let directions = (i64::from(UP), i64::from(LEFT));
    tally.add(Counter::DirectionOffByOne, u64::from(dir == directions.0 - 1 || dir == directions.1 + 1));
    tally.add(Counter::DirectionAtAWidth, u64::from(edge_of(directions.0, directions.1, dir) == Some(Edge::Width)));
    tally.add(Counter::DirectionWrapped, u64::from(wraps_into(directions.0, directions.1, dir)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sr4_a_move_from_one_off_the_board_is_back_onto_it_only_toward_the_board() {
        let last = 7;
        let (up, right, down, left) = (i64::from(UP), i64::from(RIGHT), i64::from(DOWN), i64::from(LEFT));
        let onto = [(8, 3, up), (-1, 3, down), (3, -1, right), (3, 8, left)]
            .map(|(row, col, dir)| back_onto_the_board(last, row, col, dir));
        let counters =
            [Counter::UpOntoTheBoard, Counter::DownOntoTheBoard, Counter::RightOntoTheBoard, Counter::LeftOntoTheBoard];
        assert_eq!(onto, counters.map(Some));
        let not = [(8, 3, down), (8, 3, left), (8, 8, up), (9, 3, up), (3, 3, up), (-1, -1, down), (8, 3, -1)];
        assert!(not.iter().all(|&(row, col, dir)| back_onto_the_board(last, row, col, dir).is_none()), "{not:?}");
    }
}
