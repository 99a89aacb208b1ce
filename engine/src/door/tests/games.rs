//! Random games: the stepper's records against the literal `oracle`, the
//! quiet path against the stepper, and every pass against the gravity order
//! and conservation of the invariants. The engine against the independent
//! reference is the harness's job (`m3diff fuzz --game door`).

use m3_model::door::{Board, Cell, Instance, MagicDoor, Pos, StageKind, Status, Swap, SwapRecord};
use m3_model::Stepper;

use super::oracle;
use crate::door::{solve, Game};

pub(super) use crate::lcg::Lcg;

/// How a random grid is drawn.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub rows: usize,
    pub cols: usize,
    /// Regular colours 1..=colours (3 or more).
    pub colours: u8,
    pub bombs_per_mille: usize,
    pub vibranium_per_mille: usize,
    /// Swaps per game.
    pub swaps: usize,
    /// Cells, per mille, left empty or holding an armed bomb; with any, the
    /// grid keeps its groups too: a start MD1 does not allow (the readings
    /// on `Game`).
    pub unsettled_per_mille: usize,
}

/// A grid with no group (MD1): each gem that would end a group of three to
/// its left or above takes another colour. Unless it is to be unsettled.
fn random_board(rng: &mut Lcg, shape: Shape) -> Board {
    let mut board = Board::filled(shape.rows, shape.cols, Cell::Empty);
    let repair = shape.unsettled_per_mille == 0;
    for row in 0..shape.rows {
        for col in 0..shape.cols {
            let cell = if rng.chance(shape.unsettled_per_mille) {
                if rng.chance(500) {
                    Cell::Empty
                } else {
                    Cell::ArmedBomb
                }
            } else if rng.chance(shape.bombs_per_mille) {
                Cell::Bomb
            } else if rng.chance(shape.vibranium_per_mille) {
                Cell::Vibranium
            } else {
                let before = |dr: usize, dc: usize| {
                    let pair = (row >= 2 * dr && col >= 2 * dc)
                        .then(|| (board.get(row - dr, col - dc), board.get(row - 2 * dr, col - 2 * dc)));
                    pair.filter(|(a, b)| a == b).and_then(|(a, _)| a.colour())
                };
                let banned = if repair { [before(0, 1), before(1, 0)] } else { [None; 2] };
                let mut colour = 1 + rng.below(usize::from(shape.colours)) as u8;
                while banned.contains(&Some(colour)) {
                    colour = colour % shape.colours + 1;
                }
                Cell::Gem(colour)
            };
            board.set(row, col, cell);
        }
    }
    board
}

/// True when the gem at `pos` lies in a group.
fn in_group(board: &Board, pos: Pos) -> bool {
    let Some(colour) = board.get(pos.row, pos.col).colour() else { return false };
    let same = |row: usize, col: usize| board.contains(row, col) && board.get(row, col).colour() == Some(colour);
    let run = |dr: usize, dc: usize| {
        let mut length = 1;
        let (mut row, mut col) = (pos.row, pos.col);
        while row >= dr && col >= dc && same(row - dr, col - dc) {
            (row, col) = (row - dr, col - dc);
            length += 1;
        }
        let (mut row, mut col) = (pos.row, pos.col);
        while same(row + dr, col + dc) {
            (row, col) = (row + dr, col + dc);
            length += 1;
        }
        length >= 3
    };
    run(0, 1) || run(1, 0)
}

fn exchange(board: &mut Board, a: Pos, b: Pos) {
    let (x, y) = (board.get(a.row, a.col), board.get(b.row, b.col));
    board.set(a.row, a.col, y);
    board.set(b.row, b.col, x);
}

fn makes_group(board: &mut Board, a: Pos, b: Pos) -> bool {
    exchange(board, a, b);
    let made = in_group(board, a) || in_group(board, b);
    exchange(board, a, b);
    made
}

fn gems(board: &Board) -> Vec<Pos> {
    let mut cells = Vec::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if board.get(row, col).colour().is_some() {
                cells.push(Pos::new(row, col));
            }
        }
    }
    cells
}

/// Mostly a swap that makes a group (adjacent, or now and then far apart);
/// otherwise two random gems, or, after the first, any two cells at all.
fn random_swap(rng: &mut Lcg, board: &mut Board, first: bool) -> Option<Swap> {
    let gems = gems(board);
    if gems.len() < 2 {
        return None;
    }
    let pick = |rng: &mut Lcg, list: &[Pos]| list[rng.below(list.len())];
    let any_cell = |rng: &mut Lcg| Pos::new(rng.below(board.rows()), rng.below(board.cols()));
    match rng.below(20) {
        0..=13 => {
            let mut scoring = Vec::new();
            for &a in &gems {
                for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
                    if board.contains(b.row, b.col)
                        && board.get(b.row, b.col).colour().is_some()
                        && makes_group(board, a, b)
                    {
                        scoring.push(Swap::new(a, b));
                    }
                }
            }
            if scoring.is_empty() {
                let (a, b) = (pick(rng, &gems), pick(rng, &gems));
                return Some(Swap::new(a, b)).filter(|_| a != b || !first);
            }
            let swap = scoring[rng.below(scoring.len())];
            Some(if rng.chance(500) { Swap::new(swap.second, swap.first) } else { swap })
        }
        14..=15 => {
            // Far apart, and making a group when one of 40 tries finds one.
            let tries: Vec<(Pos, Pos)> = (0..40).map(|_| (pick(rng, &gems), pick(rng, &gems))).collect();
            let found = tries.iter().copied().find(|&(a, b)| a != b && makes_group(board, a, b));
            let (a, b) = found.unwrap_or(tries[0]);
            Some(Swap::new(a, b)).filter(|_| a != b || !first)
        }
        16..=17 if !first => Some(Swap::new(any_cell(rng), any_cell(rng))),
        18 if !first => {
            let cell = any_cell(rng);
            Some(Swap::new(cell, cell))
        }
        _ => {
            let (a, b) = (pick(rng, &gems), pick(rng, &gems));
            Some(Swap::new(a, b)).filter(|_| a != b || !first)
        }
    }
}

/// A random game: the grid, and swaps chosen on the grids the oracle
/// leaves; also returns the oracle's records.
pub(super) fn random_game(rng: &mut Lcg, shape: Shape) -> (Instance, Vec<SwapRecord>) {
    let start = random_board(rng, shape);
    let mut board = start.clone();
    let mut swaps = Vec::new();
    let mut records = Vec::new();
    for index in 0..shape.swaps {
        let Some(swap) = random_swap(rng, &mut board, index == 0) else { break };
        swaps.push(swap);
        records.push(oracle::step(&mut board, swap));
    }
    (Instance { board: start, swaps }, records)
}

/// Plays `instance` through the stepper and the quiet path; checks every
/// record against the oracle's and against the invariants.
fn check_game(instance: &Instance, expected: &[SwapRecord]) -> u64 {
    let mut game = <Game as Stepper<MagicDoor>>::start(instance);
    let mut board = instance.board.clone();
    for (index, swap) in instance.swaps.iter().enumerate() {
        let record = game.step(swap);
        assert_eq!(record, expected[index], "swap {index} ({swap}) differs from the oracle on\n{instance}");
        check_record(&board, &record);
        board = record.board.clone();
    }
    let outcome = game.finish();
    assert_eq!(solve(instance), outcome.result(), "solve and the stepper differ on\n{instance}");
    outcome.vanished
}

/// Every pass of `record`, made on `before`, against MD4-MD7 and the gravity
/// order: the column's surviving cells, in order, at its bottom; a bomb
/// armed exactly when it moved; the vanished cells counted once.
fn check_record(before: &Board, record: &SwapRecord) {
    let mut board = before.clone();
    if record.status != Status::Played {
        assert_eq!((record.stages.len(), record.vanished, &record.board), (0, 0, before));
        return;
    }
    exchange(&mut board, record.swap.first, record.swap.second);
    let (rows, cols) = (board.rows(), board.cols());
    let mut counted = 0;
    for stage in &record.stages {
        let vanished: std::collections::BTreeSet<Pos> = stage.vanished.iter().copied().collect();
        assert_eq!(vanished.len(), stage.vanished.len(), "a cell vanished twice");
        assert!(stage.vanished.windows(2).all(|pair| pair[0] < pair[1]), "vanished is not row-major");
        for pos in &stage.vanished {
            let cell = board.get(pos.row, pos.col);
            match stage.kind {
                StageKind::Groups => assert!(cell.colour().is_some(), "Stage 1 took {cell:?} at {pos}"),
                StageKind::Explosion => assert!(cell.colour().is_some() || cell.is_bomb(), "a beam took {cell:?}"),
            }
        }
        let armed: Vec<Pos> = (0..rows)
            .flat_map(|row| (0..cols).map(move |col| Pos::new(row, col)))
            .filter(|pos| board.get(pos.row, pos.col) == Cell::ArmedBomb)
            .collect();
        match stage.kind {
            StageKind::Groups => assert_eq!(stage.exploded, []),
            StageKind::Explosion => {
                assert_eq!(stage.exploded, armed, "not every armed bomb exploded");
                assert!(stage.exploded.iter().all(|pos| vanished.contains(pos)));
            }
        }
        let mut activated = Vec::new();
        for col in 0..cols {
            let survivors: Vec<(usize, Cell)> = (0..rows)
                .map(|row| (row, board.get(row, col)))
                .filter(|&(row, cell)| cell != Cell::Empty && !vanished.contains(&Pos::new(row, col)))
                .collect();
            let base = rows - survivors.len();
            for row in 0..base {
                assert_eq!(
                    stage.board.get(row, col),
                    Cell::Empty,
                    "({},{}) holds a cell above a hole",
                    row + 1,
                    col + 1
                );
            }
            for (k, &(from, cell)) in survivors.iter().enumerate() {
                let to = base + k;
                let landed = stage.board.get(to, col);
                let expected = if cell == Cell::Bomb && to != from {
                    activated.push(Pos::new(to, col));
                    Cell::ArmedBomb
                } else {
                    cell
                };
                assert_eq!(landed, expected, "column {} out of order at row {}", col + 1, to + 1);
            }
        }
        activated.sort();
        assert_eq!(stage.activated, activated);
        counted += stage.vanished.len() as u64;
        board = stage.board.clone();
    }
    assert_eq!(board, record.board);
    assert_eq!(counted, record.vanished);
    // MD6: the swap settles with no group, and with no armed bomb once a
    // group started the process (a starting armed bomb waits for one).
    for row in 0..rows {
        for col in 0..cols {
            assert!(!in_group(&board, Pos::new(row, col)), "a group is left at ({},{})", row + 1, col + 1);
            if !record.stages.is_empty() {
                assert_ne!(board.get(row, col), Cell::ArmedBomb, "an armed bomb is left");
            }
        }
    }
}

fn run(seed: u64, games: usize, shape: impl Fn(&mut Lcg) -> Shape) -> (u64, usize) {
    let mut rng = Lcg(seed);
    let (mut vanished, mut explosions) = (0, 0);
    for _ in 0..games {
        let shape = shape(&mut rng);
        let (instance, expected) = random_game(&mut rng, shape);
        vanished += check_game(&instance, &expected);
        explosions += expected
            .iter()
            .flat_map(|record| &record.stages)
            .filter(|stage| stage.kind == StageKind::Explosion)
            .count();
    }
    (vanished, explosions)
}

#[test]
fn small_random_games_match_the_oracle() {
    let (vanished, explosions) = run(1, 3000, |rng| Shape {
        rows: 3 + rng.below(8),
        cols: 3 + rng.below(8),
        colours: 3 + rng.below(3) as u8,
        bombs_per_mille: rng.below(250),
        vibranium_per_mille: rng.below(150),
        swaps: 1 + rng.below(6),
        unsettled_per_mille: 0,
    });
    // The games must reach the rules, or they test nothing.
    assert!(vanished > 30_000, "only {vanished} cells vanished");
    assert!(explosions > 1_000, "only {explosions} explosions");
}

#[test]
fn medium_random_games_match_the_oracle() {
    let (vanished, explosions) = run(2, 300, |rng| Shape {
        rows: 3 + rng.below(30),
        cols: 3 + rng.below(30),
        colours: 3 + rng.below(4) as u8,
        bombs_per_mille: rng.below(200),
        vibranium_per_mille: rng.below(100),
        swaps: 1 + rng.below(10),
        unsettled_per_mille: 0,
    });
    assert!(vanished > 20_000 && explosions > 300, "{vanished} vanished, {explosions} explosions");
}

#[test]
fn full_size_grids_with_many_bombs_match_the_oracle() {
    let (vanished, explosions) = run(3, 16, |rng| Shape {
        rows: 80,
        cols: 80,
        colours: 3 + rng.below(2) as u8,
        bombs_per_mille: 50 + rng.below(250),
        vibranium_per_mille: 5 + rng.below(40),
        swaps: 2 + rng.below(4),
        unsettled_per_mille: 0,
    });
    assert!(vanished > 20_000 && explosions > 50, "{vanished} vanished, {explosions} explosions");
}

#[test]
fn narrow_and_flat_grids_match_the_oracle() {
    let (vanished, _) = run(4, 400, |rng| {
        let (long, short) = (40 + rng.below(41), 3 + rng.below(3));
        let (rows, cols) = if rng.chance(500) { (long, short) } else { (short, long) };
        let bombs_per_mille = rng.below(300);
        let vibranium_per_mille = rng.below(60);
        Shape { rows, cols, colours: 3, bombs_per_mille, vibranium_per_mille, swaps: 4, unsettled_per_mille: 0 }
    });
    assert!(vanished > 5_000, "only {vanished} cells vanished");
}

#[test]
fn unsettled_random_starts_match_the_oracle() {
    // Groups, floating cells and armed bombs from the start: the first
    // search looks everywhere, the first fall closes every column.
    let (vanished, explosions) = run(5, 1500, |rng| Shape {
        rows: 3 + rng.below(12),
        cols: 3 + rng.below(12),
        colours: 3 + rng.below(3) as u8,
        bombs_per_mille: rng.below(200),
        vibranium_per_mille: rng.below(100),
        swaps: 1 + rng.below(4),
        unsettled_per_mille: 1 + rng.below(150),
    });
    assert!(vanished > 20_000 && explosions > 1_000, "{vanished} vanished, {explosions} explosions");
}

#[test]
fn the_check_catches_a_broken_fall() {
    // The invariant check must be able to fail: a record whose board has a
    // cell above a hole, or a bomb left unarmed after falling, is refused.
    let instance = super::instance(&["045", "112", "231"], &[super::swap(2, 3, 3, 3)]);
    let mut game = <Game as Stepper<MagicDoor>>::start(&instance);
    let record = game.step(&instance.swaps[0]);
    check_record(&instance.board, &record);
    let mut floating = record.clone();
    floating.stages[0].board.set(0, 1, Cell::Gem(4));
    floating.stages[0].board.set(1, 1, Cell::Empty);
    assert!(std::panic::catch_unwind(|| check_record(&instance.board, &floating)).is_err());
    let mut unarmed = record.clone();
    unarmed.stages[0].board.set(1, 0, Cell::Bomb);
    assert!(std::panic::catch_unwind(|| check_record(&instance.board, &unarmed)).is_err());
}
