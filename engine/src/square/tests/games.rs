//! Longer games: the quiet path against the stepped one. The engine against
//! the reference is the harness's job (`m3diff fuzz --game square`); the
//! speed is the bench's (`cargo bench --bench games -- square`).

use m3_model::square::{Board, Instance, Move, SquareRemover, Turn};
use m3_model::Stepper;

use super::play_turns;
use crate::square::{solve, Game};

/// A 64-bit LCG (Knuth's MMIX constants), high bits out.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

fn random_board(rng: &mut Lcg, side: usize, colours: u8) -> Board {
    let cells = (0..side * side).map(|_| rng.below(usize::from(colours)) as u8).collect();
    Board::from_cells(side, side, cells)
}

fn one_colour(board: &Board, row: usize, col: usize) -> bool {
    let colour = board.get(row, col);
    [(0, 1), (1, 0), (1, 1)].iter().all(|&(dr, dc)| board.get(row + dr, col + dc) == colour)
}

fn has_square(board: &Board) -> bool {
    (0..board.rows().saturating_sub(1))
        .any(|row| (0..board.cols().saturating_sub(1)).any(|col| one_colour(board, row, col)))
}

/// True when a square with its top-left tile in rows `rows`, columns `cols`
/// is one colour.
fn square_within(board: &Board, rows: (usize, usize), cols: (usize, usize)) -> bool {
    let last = (board.rows() - 2, board.cols() - 2);
    (rows.0..=rows.1.min(last.0)).any(|row| (cols.0..=cols.1.min(last.1)).any(|col| one_colour(board, row, col)))
}

/// A move that makes a square on `board` when there is one, otherwise any
/// move on the board; named from either of its two tiles.
fn greedy_move(rng: &mut Lcg, board: &Board) -> Move {
    let (rows, cols) = (board.rows(), board.cols());
    let mut scoring = Vec::new();
    let mut any = Vec::new();
    let mut cells = board.clone();
    for row in 0..rows {
        for col in 0..cols {
            for (dir, dr, dc) in [(1, 0, 1), (2, 1, 0)] {
                let (nr, nc) = (row + dr, col + dc);
                if nr >= rows || nc >= cols {
                    continue;
                }
                any.push((row, col, dir));
                let (a, b) = (cells.get(row, col), cells.get(nr, nc));
                if a == b {
                    continue;
                }
                cells.set(row, col, b);
                cells.set(nr, nc, a);
                if square_within(&cells, (row.saturating_sub(1), nr), (col.saturating_sub(1), nc)) {
                    scoring.push((row, col, dir));
                }
                cells.set(row, col, a);
                cells.set(nr, nc, b);
            }
        }
    }
    let pool = if scoring.is_empty() { &any } else { &scoring };
    let (row, col, dir) = pool[rng.below(pool.len())];
    if rng.below(2) == 0 {
        Move::new(row as i32, col as i32, dir)
    } else if dir == 1 {
        Move::new(row as i32, col as i32 + 1, 3)
    } else {
        Move::new(row as i32 + 1, col as i32, 0)
    }
}

/// A game of `moves` greedy moves on a random board, chosen by playing it.
fn greedy_game(rng: &mut Lcg, side: usize, colours: u8, moves: usize) -> Instance {
    let seed = 1 + rng.next() % 2_147_483_646;
    let mut instance = Instance { colours, seed, board: random_board(rng, side, colours), moves: Vec::new() };
    let mut game = <Game as Stepper<SquareRemover>>::start(&instance);
    let mut board = game.step(&Turn::Opening).board;
    for _ in 0..moves {
        let m = greedy_move(rng, &board);
        instance.moves.push(m);
        board = game.step(&Turn::Move(m)).board;
    }
    instance
}

#[test]
fn quiet_and_stepped_paths_agree() {
    let mut rng = Lcg(83);
    let mut games: Vec<Instance> =
        [(16, 4, 3000), (8, 6, 2000), (12, 5, 2000), (4, 2, 1000), (16, 10, 500), (64, 4, 300)]
            .into_iter()
            .map(|(side, colours, moves)| greedy_game(&mut rng, side, colours, moves))
            .collect();
    let mut ended = games[0].clone();
    ended.moves.insert(1500, Move::new(15, 15, 1));
    games.push(ended);
    for (index, instance) in games.iter().enumerate() {
        let (records, outcome) = play_turns(instance, &instance.turns());
        assert_eq!(solve(instance), outcome.result(), "game {index}");
        let mut removed = 0;
        for record in &records {
            removed += record.squares.len() as u64;
            assert_eq!(record.buffer, 4 * removed, "game {index}: SR2 takes four tiles a square");
            assert!(!has_square(&record.board), "game {index}: a square is left after {}", record.turn);
        }
        assert_eq!(outcome.score, removed, "game {index}");
        // Greedy games score: the agreement is not on empty games.
        assert!(removed > 0, "game {index} scored nothing");
    }
    assert_eq!(solve(&games[6]), -1);
}
