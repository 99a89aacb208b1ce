//! Texas Match-3 (docs/RULES.md, rules TX1-TX12), transcribed one rule at a time.
//!
//! Every function carries out one rule and names it. The board is scanned
//! whole whenever a rule asks something of it: this is the implementation to
//! believe, not the fast one.
//!
//! Where docs/RULES.md leaves a question open, the answer taken is written once,
//! next to the code it governs, as a comment starting `Reading:`.

use std::collections::{BTreeMap, BTreeSet};

use m3_model::texas::{
    Board, Instance, Invalid, OperationRecord, Outcome, Piece, Pos, Removal, Round, ScoreParts, Special, Swap, Texas,
    ALL_VALID_BONUS, CLEARED_BONUS, HAND_SIZE, RUN_LENGTH,
};
use m3_model::Stepper;

/// A game of Texas Match-3 in progress.
#[derive(Debug, Clone)]
pub struct Reference {
    board: Board,
    /// Main colours of the valid operations since the last hand (TX10).
    hand: Vec<Vec<u8>>,
    /// False as soon as one operation was invalid (TX11).
    all_valid: bool,
    parts: ScoreParts,
    /// Added to alongside `parts` rather than derived from them, so that the
    /// harness can check one against the other (TX12).
    total: i64,
}

impl Stepper<Texas> for Reference {
    // TX1: the game starts from the instance's board.
    fn start(instance: &Instance) -> Reference {
        // Reading: TX1 promises a full board with no run, and `parse` enforces
        // it, but an `Instance` built by hand may break that promise. Such a
        // board is taken as it is: nothing is resolved, no piece falls, until
        // a valid operation's rounds (TX3) reach it.
        Reference {
            board: instance.board.clone(),
            hand: Vec::new(),
            all_valid: true,
            parts: ScoreParts::default(),
            total: 0,
        }
    }

    fn step(&mut self, swap: &Swap) -> OperationRecord {
        let swapped = match validity(&self.board, swap) {
            Ok(swapped) => swapped,
            Err(reason) => {
                // TX2: an invalid operation is skipped entirely; all it does
                // is cost the TX11 bonus for an all-valid game.
                self.all_valid = false;
                return OperationRecord {
                    swap: *swap,
                    validity: Err(reason),
                    rounds: Vec::new(),
                    main_colours: Vec::new(),
                    chain_points: 0,
                    hand_points: None,
                    board: self.board.clone(),
                };
            }
        };
        let main_colours = main_colours(&swapped);
        let (rounds, settled) = resolve(swapped);
        let chain_points = chain_points(rounds.len());
        for round in &rounds {
            self.score(|parts| &mut parts.elimination, round.elimination_points);
            self.score(|parts| &mut parts.combo, round.combo_points);
        }
        self.score(|parts| &mut parts.chain, chain_points);
        let hand_points = self.hand_after(main_colours.clone());
        if let Some(points) = hand_points {
            self.score(|parts| &mut parts.hand, points);
        }
        self.board = settled.clone();
        OperationRecord {
            swap: *swap,
            validity: Ok(()),
            rounds,
            main_colours,
            chain_points,
            hand_points,
            board: settled,
        }
    }

    fn finish(mut self) -> Outcome {
        let endgame = endgame_points(self.all_valid, &self.board);
        self.score(|parts| &mut parts.endgame, endgame);
        Outcome { parts: self.parts, total: self.total }
    }
}

impl Reference {
    // TX12: the total is the sum of the parts, so every point scored goes to
    // its part and to the total at the same moment.
    fn score(&mut self, part: fn(&mut ScoreParts) -> &mut i64, points: i64) {
        *part(&mut self.parts) += points;
        self.total += points;
    }

    // TX10: every 5th valid operation scores the hand of the last five valid
    // operations; the hand then starts afresh.
    fn hand_after(&mut self, main_colours: Vec<u8>) -> Option<i64> {
        // Reading: "the last 5 valid operations" at every 5th one are the
        // blocks 1-5, 6-10, ...: no operation is in two hands.
        self.hand.push(main_colours);
        if self.hand.len() < HAND_SIZE {
            return None;
        }
        let points = best_hand(&self.hand);
        self.hand.clear();
        Some(points)
    }
}

/// Plays every swap of `instance` and returns the total score (TX12).
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Reference::start(instance);
    for swap in &instance.swaps {
        game.step(swap);
    }
    game.finish().total
}

// TX2: validity, judged on the reasons in the order of `Invalid` so that the
// first failing one is reported. A valid swap gives the board after it.
fn validity(board: &Board, swap: &Swap) -> Result<Board, Invalid> {
    let (Some(first), Some(second)) = (board.cell_at(swap.first), board.cell_at(swap.second)) else {
        return Err(Invalid::OffBoard);
    };
    if first == second {
        return Err(Invalid::SameCell);
    }
    if first.row.abs_diff(second.row) + first.col.abs_diff(second.col) != 1 {
        return Err(Invalid::NotAdjacent);
    }
    let (Some(first_piece), Some(second_piece)) = (board.get(first), board.get(second)) else {
        return Err(Invalid::EmptyCell);
    };
    let mut swapped = board.clone();
    swapped.set(first, Some(second_piece));
    swapped.set(second, Some(first_piece));
    // Reading: "after swapping them at least one run exists" asks about the
    // whole board, not only runs through the swapped cells. On a board that
    // keeps TX1's promise the two are the same.
    if marked_by_runs(&swapped).is_empty() {
        return Err(Invalid::NoRun);
    }
    Ok(swapped)
}

// TX3: a valid operation resolves in rounds until no run is left after
// gravity. Gives the rounds and the settled board.
fn resolve(mut board: Board) -> (Vec<Round>, Board) {
    let mut rounds = Vec::new();
    loop {
        let marked = marked_by_runs(&board);
        if marked.is_empty() {
            return (rounds, board);
        }
        let number = rounds.len() + 1;
        let removed = removed_with_specials(&board, &marked);
        let removals: Vec<Removal> =
            removed.iter().filter_map(|&cell| board.get(cell).map(|piece| Removal { cell, piece })).collect();
        // Scoring looks at the board before the removal: TX9 needs the
        // colours of the marked pieces where they stood.
        let elimination_points = elimination_points(number, &removals);
        let combo_points = combo_points(&board, &marked);
        for removal in &removals {
            board.set(removal.cell, None);
        }
        gravity(&mut board);
        rounds.push(Round {
            marked: marked.into_iter().collect(),
            removed: removals,
            elimination_points,
            combo_points,
            board: board.clone(),
        });
    }
}

// TX4: a run is a maximal horizontal or vertical line of 3 or more pieces of
// one colour; empty cells break runs. Gives every cell in a run, in row-major
// order (`Pos` orders by row, then column); a cell in two runs appears once.
fn marked_by_runs(board: &Board) -> BTreeSet<Pos> {
    let rows = (0..board.rows()).map(|row| (0..board.cols()).map(|col| Pos::new(row, col)).collect::<Vec<_>>());
    let columns = (0..board.cols()).map(|col| (0..board.rows()).map(|row| Pos::new(row, col)).collect::<Vec<_>>());
    let same_colour = |a: &Pos, b: &Pos| match (board.get(*a), board.get(*b)) {
        (Some(p), Some(q)) => p.colour == q.colour,
        _ => false,
    };
    let mut marked = BTreeSet::new();
    for line in rows.chain(columns) {
        // `chunk_by` cuts the line into maximal stretches of equal colour; an
        // empty cell is a stretch of its own, so it can never be in a run.
        for stretch in line.chunk_by(same_colour) {
            if stretch.len() >= RUN_LENGTH {
                marked.extend(stretch.iter().copied());
            }
        }
    }
    marked
}

// TX5: the pieces a special piece at `centre` removes when it triggers: its
// row, its column, both, the square around it clipped to the board, or every
// piece of its colour. Empty cells are ignored. The lines and squares are
// listed cell by cell rather than found by a scan of the whole board, which
// on the largest boards dense with specials made the reference the cost of
// a fuzzing night.
fn reach(board: &Board, centre: Pos, piece: Piece) -> Vec<Pos> {
    let row = |row: usize| (0..board.cols()).map(move |col| Pos::new(row, col));
    let column = |col: usize| (0..board.rows()).map(move |row| Pos::new(row, col));
    let square = |radius: usize| {
        let rows = centre.row.saturating_sub(radius)..=(centre.row + radius).min(board.rows() - 1);
        let cols = centre.col.saturating_sub(radius)..=(centre.col + radius).min(board.cols() - 1);
        rows.flat_map(move |row| cols.clone().map(move |col| Pos::new(row, col)))
    };
    let cells: Vec<Pos> = match piece.special {
        Special::None => Vec::new(),
        Special::Row => row(centre.row).collect(),
        Special::Column => column(centre.col).collect(),
        Special::RowAndColumn => row(centre.row).chain(column(centre.col)).collect(),
        Special::Square3 => square(1).collect(),
        Special::Square5 => square(2).collect(),
        // Reading: "its colour" is the colour of the triggering piece, and
        // the pieces of that colour are those on the board as the round found
        // it (no gravity within a round, TX5), already-removed ones included:
        // they are removed only once anyway.
        Special::Colour => board
            .all_cells()
            .filter(|&cell| board.get(cell).is_some_and(|other| other.colour == piece.colour))
            .collect(),
    };
    cells.into_iter().filter(|&cell| board.get(cell).is_some()).collect()
}

// TX5: the marked pieces and everything their specials reach, chains
// included, all within the round. A piece joins the set once and so triggers
// once, however many specials reach it.
fn removed_with_specials(board: &Board, marked: &BTreeSet<Pos>) -> Vec<Pos> {
    // A flag for every cell rather than a set of positions: on the largest
    // boards dense with specials the set's inserts cost more than the rest of
    // the round.
    let flag = |cell: Pos| cell.row * board.cols() + cell.col;
    let mut removed = vec![false; board.rows() * board.cols()];
    let mut to_trigger: Vec<Pos> = marked.iter().copied().collect();
    for &cell in marked {
        removed[flag(cell)] = true;
    }
    // A colour special reaches the pieces of its colour on the board as the
    // round found it: once one of a colour has triggered, another of that
    // colour reaches only pieces removed already, and its scan of the whole
    // board (a third of the reference's time on a 50x50 board dense with
    // specials) is left out.
    let mut colour_swept = [false; u8::MAX as usize + 1];
    while let Some(cell) = to_trigger.pop() {
        let Some(piece) = board.get(cell) else { continue };
        if piece.special == Special::Colour {
            if colour_swept[usize::from(piece.colour)] {
                continue;
            }
            colour_swept[usize::from(piece.colour)] = true;
        }
        for reached in reach(board, cell, piece) {
            if !removed[flag(reached)] {
                removed[flag(reached)] = true;
                to_trigger.push(reached);
            }
        }
    }
    // Row-major, as a round lists its removals.
    board.all_cells().filter(|&cell| removed[flag(cell)]).collect()
}

// TX6: in every column the pieces fall to the bottom in their order, and
// keep their colour and special; the empty cells collect at the top.
fn gravity(board: &mut Board) {
    for col in 0..board.cols() {
        let cells: Vec<Pos> = (0..board.rows()).map(|row| Pos::new(row, col)).collect();
        let pieces: Vec<Piece> = cells.iter().filter_map(|&cell| board.get(cell)).collect();
        let empty = cells.len() - pieces.len();
        let fallen = std::iter::repeat_n(None, empty).chain(pieces.into_iter().map(Some));
        for (cell, content) in cells.into_iter().zip(fallen) {
            board.set(cell, content);
        }
    }
}

// TX7: round `number` (from 1) scores `number` times the colours of every
// piece removed in it, special-removed ones included.
fn elimination_points(number: usize, removals: &[Removal]) -> i64 {
    let colours: i64 = removals.iter().map(|removal| i64::from(removal.piece.colour)).sum();
    count(number) * colours
}

// TX8: an operation of `rounds` rounds scores 80 (x-1)^2.
fn chain_points(rounds: usize) -> i64 {
    80 * count(rounds.saturating_sub(1)).pow(2)
}

// TX9: only the marked pieces count, grouped into 4-connected components of
// one colour (touching runs join); a component of size s scores 50 (s-3)^2.
fn combo_points(board: &Board, marked: &BTreeSet<Pos>) -> i64 {
    let colour = |cell: Pos| board.get(cell).map(|piece| piece.colour);
    let mut seen = BTreeSet::new();
    let mut points = 0;
    for &start in marked {
        if !seen.insert(start) {
            continue;
        }
        let mut size = 0;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            size += 1;
            for next in neighbours(board, cell) {
                if marked.contains(&next) && colour(next) == colour(start) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        points += 50 * (count(size) - 3).pow(2);
    }
    points
}

/// The 4-adjacent cells of `cell` that lie on the board.
fn neighbours(board: &Board, cell: Pos) -> Vec<Pos> {
    let up = cell.row.checked_sub(1).map(|row| Pos::new(row, cell.col));
    let left = cell.col.checked_sub(1).map(|col| Pos::new(cell.row, col));
    let down = Some(Pos::new(cell.row + 1, cell.col));
    let right = Some(Pos::new(cell.row, cell.col + 1));
    [up, left, down, right].into_iter().flatten().filter(|&next| board.contains(next)).collect()
}

// TX10: the main colours are the colours of the pieces marked by runs in the
// first round, i.e. on the board right after the swap; distinct, ascending.
fn main_colours(swapped: &Board) -> Vec<u8> {
    let colours: BTreeSet<u8> =
        marked_by_runs(swapped).into_iter().filter_map(|cell| swapped.get(cell)).map(|piece| piece.colour).collect();
    colours.into_iter().collect()
}

// TX10: the best hand over every joint choice of one main colour per
// operation.
fn best_hand(main_colours: &[Vec<u8>]) -> i64 {
    // Reading: an operation with more than two main colours (possible only
    // when the starting board already held runs, which TX1 forbids) chooses
    // among all of them the same way. Only the first valid operation can have
    // them: every later one starts from a settled board with no run, where a
    // run must pass through a swapped cell. So the product stays small.
    let mut selections: Vec<Vec<u8>> = vec![Vec::new()];
    for choices in main_colours {
        selections = selections
            .iter()
            .flat_map(|selection| {
                choices.iter().map(move |&colour| {
                    let mut longer = selection.clone();
                    longer.push(colour);
                    longer
                })
            })
            .collect();
    }
    selections.iter().map(|hand| hand_score(hand)).max().unwrap_or(0)
}

// TX10: the hand table. Colours are grouped by how often they occur, largest
// group first and, among equal groups, highest colour first: so a two-pairs
// hand lists its larger pair first, and a high-card hand its maximum.
fn hand_score(hand: &[u8]) -> i64 {
    let mut occurrences: BTreeMap<u8, usize> = BTreeMap::new();
    for &colour in hand {
        *occurrences.entry(colour).or_insert(0) += 1;
    }
    let mut groups: Vec<(usize, i64)> =
        occurrences.into_iter().map(|(colour, times)| (times, i64::from(colour))).collect();
    groups.sort_by(|a, b| b.cmp(a));
    match groups.as_slice() {
        [(5, five)] => 1000 + 10 * five,
        [(4, four), (1, _)] => 750 + 5 * four,
        [(3, three), (2, pair)] => 500 + 3 * three + pair,
        [(3, three), (1, _), (1, _)] => 300 + 3 * three,
        [(2, high_pair), (2, low_pair), (1, _)] => 200 + 2 * high_pair + low_pair,
        [(2, pair), (1, _), (1, _), (1, _)] => 100 + 2 * pair,
        [(1, max), (1, _), (1, _), (1, _), (1, _)] => 50 + max,
        // Only a hand of five colours has a place in the table; `best_hand`
        // never builds another.
        _ => 0,
    }
}

// TX11: +1000 if every operation was valid, +10000 if the board is empty;
// both can apply.
fn endgame_points(all_valid: bool, board: &Board) -> i64 {
    // Reading: a game with no operation at all (the statement has q >= 1, an
    // `Instance` may hold none) has "all operations valid" and gets +1000.
    let mut points = 0;
    if all_valid {
        points += ALL_VALID_BONUS;
    }
    if board.is_empty() {
        points += CLEARED_BONUS;
    }
    points
}

/// A count of things held in memory as points; it always fits in an `i64`.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
