//! A whole-board-scan oracle of the engine's own readings, written for
//! plainness rather than speed, and a differential test against it on random
//! games. It checks the incremental machinery (dirty cells, partial gravity,
//! generation stamps, worklists), not the reading of the rules: that is what
//! the hand-made tests and the separate reference are for.

use std::collections::BTreeMap;

use m3_model::texas::{
    Board, Cell, Invalid, OperationRecord, Outcome, Piece, Position, Removal, Round, ScoreParts, Special, Swap, Texas,
};
use m3_model::Stepper;

use crate::texas::Game;

struct Naive {
    board: Board,
    cycle: Vec<Vec<u8>>,
    all_valid: bool,
    parts: ScoreParts,
}

fn colour(board: &Board, row: usize, col: usize) -> Option<u8> {
    board.get(Cell::new(row, col)).map(|piece| piece.colour)
}

/// Every cell in a run, row-major.
fn runs(board: &Board) -> Vec<Cell> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut marked = vec![vec![false; cols]; rows];
    for row in 0..rows {
        for col in 0..cols {
            let Some(c) = colour(board, row, col) else { continue };
            let across = (col..cols).take_while(|&k| colour(board, row, k) == Some(c)).count();
            if across >= 3 {
                (col..col + across).for_each(|k| marked[row][k] = true);
            }
            let down = (row..rows).take_while(|&k| colour(board, k, col) == Some(c)).count();
            if down >= 3 {
                (row..row + down).for_each(|k| marked[k][col] = true);
            }
        }
    }
    board.all_cells().filter(|cell| marked[cell.row][cell.col]).collect()
}

fn hand(cards: &[u8]) -> i64 {
    let mut counts = BTreeMap::new();
    for &card in cards {
        *counts.entry(card).or_insert(0) += 1;
    }
    let mut groups: Vec<(usize, i64)> = counts.into_iter().map(|(c, n)| (n, i64::from(c))).collect();
    groups.sort();
    groups.reverse();
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let c = |i: usize| groups[i].1;
    match shape.as_slice() {
        [5] => 1000 + 10 * c(0),
        [4, 1] => 750 + 5 * c(0),
        [3, 2] => 500 + 3 * c(0) + c(1),
        [3, 1, 1] => 300 + 3 * c(0),
        [2, 2, 1] => 200 + 2 * c(0) + c(1),
        [2, 1, 1, 1] => 100 + 2 * c(0),
        _ => 50 + i64::from(*cards.iter().max().unwrap()),
    }
}

fn best(cycle: &[Vec<u8>], picked: &mut Vec<u8>) -> i64 {
    if picked.len() == cycle.len() {
        return hand(picked);
    }
    let options = cycle[picked.len()].clone();
    let mut top = 0;
    for colour in options {
        picked.push(colour);
        top = top.max(best(cycle, picked));
        picked.pop();
    }
    top
}

impl Naive {
    fn check(&mut self, swap: Swap) -> Result<(Cell, Cell), Invalid> {
        let (Some(a), Some(b)) = (self.board.cell_at(swap.first), self.board.cell_at(swap.second)) else {
            return Err(Invalid::OffBoard);
        };
        if a == b {
            return Err(Invalid::SameCell);
        }
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1 {
            return Err(Invalid::NotAdjacent);
        }
        let (pa, pb) = (self.board.get(a), self.board.get(b));
        if pa.is_none() || pb.is_none() {
            return Err(Invalid::EmptyCell);
        }
        self.board.set(a, pb);
        self.board.set(b, pa);
        if runs(&self.board).is_empty() {
            self.board.set(a, pa);
            self.board.set(b, pb);
            return Err(Invalid::NoRun);
        }
        Ok((a, b))
    }

    fn round(&mut self, number: i64) -> Option<Round> {
        let marked = runs(&self.board);
        if marked.is_empty() {
            return None;
        }
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut gone = vec![vec![false; cols]; rows];
        let mut queue = marked.clone();
        for cell in &marked {
            gone[cell.row][cell.col] = true;
        }
        while let Some(cell) = queue.pop() {
            let piece = self.board.get(cell).unwrap();
            let reached: Vec<Cell> = self
                .board
                .all_cells()
                .filter(|t| {
                    let (dr, dc) = (t.row.abs_diff(cell.row), t.col.abs_diff(cell.col));
                    match piece.special {
                        Special::None => false,
                        Special::Row => dr == 0,
                        Special::Column => dc == 0,
                        Special::RowAndColumn => dr == 0 || dc == 0,
                        Special::Square3 => dr <= 1 && dc <= 1,
                        Special::Square5 => dr <= 2 && dc <= 2,
                        Special::Colour => colour(&self.board, t.row, t.col) == Some(piece.colour),
                    }
                })
                .collect();
            for t in reached {
                if self.board.get(t).is_some() && !gone[t.row][t.col] {
                    gone[t.row][t.col] = true;
                    queue.push(t);
                }
            }
        }
        let removed: Vec<Removal> = self
            .board
            .all_cells()
            .filter(|c| gone[c.row][c.col])
            .map(|cell| Removal { cell, piece: self.board.get(cell).unwrap() })
            .collect();
        let elimination = number * removed.iter().map(|r| i64::from(r.piece.colour)).sum::<i64>();
        let mut in_run = vec![vec![false; cols]; rows];
        for cell in &marked {
            in_run[cell.row][cell.col] = true;
        }
        let mut combo = 0;
        for start in &marked {
            if !in_run[start.row][start.col] {
                continue;
            }
            in_run[start.row][start.col] = false;
            let c = colour(&self.board, start.row, start.col);
            let mut stack = vec![*start];
            let mut size = 0i64;
            while let Some(cell) = stack.pop() {
                size += 1;
                let (r, k) = (cell.row as isize, cell.col as isize);
                for (nr, nk) in [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)] {
                    if nr < 0 || nk < 0 || nr >= rows as isize || nk >= cols as isize {
                        continue;
                    }
                    let (nr, nk) = (nr as usize, nk as usize);
                    if in_run[nr][nk] && colour(&self.board, nr, nk) == c {
                        in_run[nr][nk] = false;
                        stack.push(Cell::new(nr, nk));
                    }
                }
            }
            combo += 50 * (size - 3) * (size - 3);
        }
        for r in &removed {
            self.board.set(r.cell, None);
        }
        for col in 0..cols {
            let column: Vec<Option<Piece>> =
                (0..rows).rev().filter_map(|row| self.board.get(Cell::new(row, col))).map(Some).collect();
            for (i, row) in (0..rows).rev().enumerate() {
                self.board.set(Cell::new(row, col), column.get(i).copied().flatten());
            }
        }
        self.parts.elimination += elimination;
        self.parts.combo += combo;
        Some(Round { marked, removed, elimination_points: elimination, combo_points: combo, board: self.board.clone() })
    }
}

impl Stepper<Texas> for Naive {
    fn start(instance: &m3_model::texas::Instance) -> Naive {
        Naive { board: instance.board.clone(), cycle: Vec::new(), all_valid: true, parts: ScoreParts::default() }
    }

    fn step(&mut self, swap: &Swap) -> OperationRecord {
        let mut record = OperationRecord {
            swap: *swap,
            validity: Ok(()),
            rounds: Vec::new(),
            main_colours: Vec::new(),
            chain_points: 0,
            hand_points: None,
            board: self.board.clone(),
        };
        if let Err(reason) = self.check(*swap) {
            self.all_valid = false;
            record.validity = Err(reason);
            return record;
        }
        while let Some(round) = self.round(record.rounds.len() as i64 + 1) {
            record.rounds.push(round);
        }
        let mut main: Vec<u8> = record.rounds[0]
            .marked
            .iter()
            .map(|cell| record.rounds[0].removed.iter().find(|r| r.cell == *cell).unwrap().piece.colour)
            .collect();
        main.sort();
        main.dedup();
        record.main_colours = main.clone();
        let x = record.rounds.len() as i64;
        record.chain_points = 80 * (x - 1) * (x - 1);
        self.parts.chain += record.chain_points;
        self.cycle.push(main);
        if self.cycle.len() == 5 {
            let points = best(&self.cycle, &mut Vec::new());
            self.parts.hand += points;
            record.hand_points = Some(points);
            self.cycle.clear();
        }
        record.board = self.board.clone();
        record
    }

    fn finish(self) -> Outcome {
        let endgame = if self.all_valid { 1000 } else { 0 } + if self.board.is_empty() { 10000 } else { 0 };
        let parts = ScoreParts { endgame, ..self.parts };
        Outcome { parts, total: parts.sum() }
    }
}

/// xorshift64*: the tests may not pull in a random crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_instance(rng: &mut Rng, max_side: u64) -> m3_model::texas::Instance {
    let rows = 1 + rng.below(max_side) as usize;
    let cols = 1 + rng.below(max_side) as usize;
    let colours = 1 + rng.below(6) as u8;
    // Mostly boards TX1 allows; now and then one with runs or holes, for
    // the unsettled-board reading.
    let lawful = rng.below(10) != 0;
    let special_odds = [0, 3, 10, 30][rng.below(4) as usize];
    let mut board = Board::filled(rows, cols, None);
    for row in 0..rows {
        for col in 0..cols {
            let mut piece = None;
            for _attempt in 0..20 {
                let c = 1 + rng.below(u64::from(colours)) as u8;
                let left =
                    col >= 2 && colour(&board, row, col - 1) == Some(c) && colour(&board, row, col - 2) == Some(c);
                let up = row >= 2 && colour(&board, row - 1, col) == Some(c) && colour(&board, row - 2, col) == Some(c);
                piece = Some(c);
                if !lawful || !(left || up) {
                    break;
                }
                piece = None;
            }
            let special = if rng.below(100) < special_odds { 1 + rng.below(6) as u8 } else { 0 };
            let piece = piece.map(|colour| Piece { colour, special: Special::from_code(special).unwrap() });
            board.set(Cell::new(row, col), piece);
        }
    }
    if !lawful && rng.below(2) == 0 {
        let cell = Cell::new(rng.below(rows as u64) as usize, rng.below(cols as u64) as usize);
        board.set(cell, None);
    }
    let swaps = (0..1 + rng.below(40))
        .map(|_| {
            if rng.below(20) == 0 {
                let mut p = || Position::new(rng.below(rows as u64 + 2) as u32, rng.below(cols as u64 + 2) as u32);
                return Swap::new(p(), p());
            }
            let (r, c) = (1 + rng.below(rows as u64) as u32, 1 + rng.below(cols as u64) as u32);
            let (r2, c2) = if rng.below(2) == 0 { (r + 1, c) } else { (r, c + 1) };
            Swap::new(Position::new(r, c), Position::new(r2, c2))
        })
        .collect();
    m3_model::texas::Instance { colours, board, swaps }
}

/// Swaps that make a run through one of their two cells: a game made only of
/// random swaps would be mostly invalid operations.
fn promising_swaps(board: &Board) -> Vec<Swap> {
    let line = |b: &Board, cell: Cell, dr: isize, dc: isize| {
        let c = b.get(cell).map(|p| p.colour);
        let mut n = 0;
        let (mut r, mut k) = (cell.row as isize + dr, cell.col as isize + dc);
        while r >= 0 && k >= 0 && (r as usize) < b.rows() && (k as usize) < b.cols() {
            if b.get(Cell::new(r as usize, k as usize)).map(|p| p.colour) != c {
                break;
            }
            n += 1;
            r += dr;
            k += dc;
        }
        n
    };
    let in_run = |b: &Board, cell: Cell| {
        line(b, cell, 0, 1) + line(b, cell, 0, -1) >= 2 || line(b, cell, 1, 0) + line(b, cell, -1, 0) >= 2
    };
    let mut found = Vec::new();
    let mut b = board.clone();
    for a in board.all_cells() {
        for other in [Cell::new(a.row + 1, a.col), Cell::new(a.row, a.col + 1)] {
            if !board.contains(other) {
                continue;
            }
            let (pa, po) = (board.get(a), board.get(other));
            if pa.is_none() || po.is_none() {
                continue;
            }
            b.set(a, po);
            b.set(other, pa);
            if in_run(&b, a) || in_run(&b, other) {
                found.push(Swap::between(a, other));
            }
            b.set(a, pa);
            b.set(other, po);
        }
    }
    found
}

fn compare(seed: u64, games: usize, max_side: u64) {
    let mut rng = Rng(seed);
    for game_number in 0..games {
        let mut instance = random_instance(&mut rng, max_side);
        let mut engine = Game::new(&instance);
        let mut naive = Naive::start(&instance);
        let mut played = Vec::new();
        for (i, &random) in instance.swaps.iter().enumerate() {
            // Three in four operations aim for a run when one can be had.
            let promising = promising_swaps(&naive.board);
            let swap = if rng.below(4) != 0 && !promising.is_empty() {
                promising[rng.below(promising.len() as u64) as usize]
            } else {
                random
            };
            played.push(swap);
            let (got, want) = (engine.step(&swap), naive.step(&swap));
            assert_eq!(got, want, "game {game_number}, operation {i}\n{instance}");
        }
        instance.swaps = played;
        let quiet = crate::texas::solve(&instance);
        let (got, want) = (engine.outcome(), naive.finish());
        assert_eq!(got, want, "game {game_number}\n{instance}");
        assert_eq!(quiet, want.total, "game {game_number}\n{instance}");
    }
}

#[test]
fn incremental_engine_matches_whole_board_scans_on_small_games() {
    compare(0x9e37_79b9_7f4a_7c15, 20_000, 7);
}

#[test]
fn incremental_engine_matches_whole_board_scans_on_larger_games() {
    compare(0xdead_beef_cafe_f00d, 3_000, 20);
}
