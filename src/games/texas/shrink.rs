//! Smaller Texas instances derived from a failing one (the shrinker cuts
//! the operations itself): the first hand rebuilt on a board of its own,
//! fewer rows and columns, fewer colours, fewer specials. Every candidate
//! is an instance the problem format accepts (no starting run, TX1).

use m3_model::texas::{first_run, At, Board, Instance, Piece, Pos, Special, Swap, HAND_SIZE, MAX_COLOURS, RUN_LENGTH};
use m3_model::Stepper;
use m3_reference::texas::Reference;

use super::hand::best_cards;
use crate::check::oracle::catch_panic;
use crate::check::shrink::{fewer_colours, without_line, Line};

/// Candidates, the biggest cuts first.
pub fn candidates(instance: &Instance) -> Vec<Instance> {
    let mut candidates: Vec<Instance> = the_first_hand_alone(instance).into_iter().collect();
    for horizontal in [true, false] {
        fewer_lines(instance, horizontal, &mut candidates);
    }
    fewer_specials(instance, &mut candidates);
    fewer_colours_of(instance, &mut candidates);
    candidates.into_iter().filter(|candidate| !candidate.swaps.is_empty()).filter_map(without_runs).collect()
}

/// TX10: the first hand alone, rebuilt on a board of five rows and six
/// columns. The five valid operations that make it become one swap a row,
/// from the top down, each lining up three plain pieces of the colour the
/// best hand took from that operation (`best_cards`). The other three
/// pieces of each row are fillers that must line up with nothing, neither
/// at the start (TX1) nor once pieces fall into a row whose three are gone.
/// A hand whose swaps need a whole board around them (a first swap whose
/// chain empties most of it, and four that swap what falls there) loses
/// part of that board to every cut of a line, and is rebuilt instead.
///
/// The fillers keep to the instance's k colours (a shrink never adds a
/// colour): each filling is played by the reference, and the first whose
/// five swaps each line up exactly their card, and nothing else, is the
/// candidate. The main colours are the reference's; `None` when it plays
/// fewer than five valid operations, panics, or no filling tried works.
fn the_first_hand_alone(instance: &Instance) -> Option<Instance> {
    let main_colours = catch_panic(|| {
        let mut reference = Reference::start(instance);
        let records = instance.swaps.iter().map(|swap| reference.step(swap));
        records.filter(|record| record.is_valid()).take(HAND_SIZE).map(|record| record.main_colours).collect::<Vec<_>>()
    })
    .ok()?;
    let cards = best_cards(&main_colours)?;
    let colours = instance.colours.min(MAX_COLOURS);
    let others: Vec<u8> = (1..=colours).filter(|colour| !cards.contains(colour)).collect();
    if others.is_empty() {
        return None;
    }
    // The first filling takes each filler once while they last, as a board
    // of many colours allows; the later ones step through them at strides
    // that repeat colours in other places.
    (0..FILLINGS).find_map(|filling| {
        let mut fillers = (0..).map(|i: usize| others[(i * (1 + filling / others.len()) + filling) % others.len()]);
        let rebuilt = hand_board(&cards, &mut fillers);
        lines_up_its_cards_alone(&rebuilt, &cards).then_some(rebuilt)
    })
}

/// How many fillings of a rebuilt hand are tried.
const FILLINGS: usize = 64;

/// The five rows of a rebuilt hand, with fillers from `fillers`.
fn hand_board(cards: &[u8; HAND_SIZE], fillers: &mut impl Iterator<Item = u8>) -> Instance {
    let mut cells = Vec::with_capacity(HAND_SIZE * 6);
    let mut swaps = Vec::with_capacity(HAND_SIZE);
    for (row, &c) in (1..).zip(cards) {
        let (f, g, h) = (fillers.next().unwrap_or(1), fillers.next().unwrap_or(1), fillers.next().unwrap_or(1));
        // Swapping the third and fourth pieces lines up c c c: on the left
        // in odd rows, on the right in even ones, so that no column holds
        // c in two rows running.
        let pattern = if row % 2 == 1 { [c, c, f, c, g, h] } else { [g, h, c, f, c, c] };
        cells.extend(pattern.map(|colour| Some(Piece::plain(colour))));
        swaps.push(Swap::new(At::new(row, 3), At::new(row, 4)));
    }
    let colours = cells.iter().flatten().map(|piece| piece.colour).max().unwrap_or(1);
    Instance { colours, board: Board::from_cells(HAND_SIZE, 6, cells), swaps }
}

/// Whether `rebuilt` starts with no run and each of its swaps is valid and
/// lines up its card's colour alone, as the reference plays it.
fn lines_up_its_cards_alone(rebuilt: &Instance, cards: &[u8; HAND_SIZE]) -> bool {
    first_run(&rebuilt.board).is_none()
        && catch_panic(|| {
            let mut reference = Reference::start(rebuilt);
            rebuilt.swaps.iter().zip(cards).all(|(swap, &card)| {
                let record = reference.step(swap);
                record.is_valid() && record.main_colours == [card] && record.rounds.len() == 1
            })
        })
        .unwrap_or(false)
}

/// `instance` with each run it starts with (TX1 refuses them) broken by
/// another colour for its third piece, one no run through that cell can
/// have. Removing a line brings two lines together, and on a dense board
/// of few colours nearly every removal makes such a run somewhere, most
/// often far from what fails. `None` when no colour breaks one.
fn without_runs(mut instance: Instance) -> Option<Instance> {
    let board = &mut instance.board;
    for _ in 0..board.rows() * board.cols() {
        let Some(run) = first_run(board) else { return Some(instance) };
        let cell = if run.horizontal {
            Pos::new(run.start.row, run.start.col + RUN_LENGTH - 1)
        } else {
            Pos::new(run.start.row + RUN_LENGTH - 1, run.start.col)
        };
        let piece = board.get(cell)?;
        let near = |row: usize, col: usize| {
            let cell = Pos::new(row, col);
            board.contains(cell).then(|| board.get(cell)).flatten().map(|piece| piece.colour)
        };
        let (row, col) = (cell.row, cell.col);
        let within = [row.wrapping_sub(2), row.wrapping_sub(1), row + 1, row + 2];
        let across = [col.wrapping_sub(2), col.wrapping_sub(1), col + 1, col + 2];
        let taken: Vec<Option<u8>> =
            within.iter().map(|&r| near(r, col)).chain(across.iter().map(|&c| near(row, c))).collect();
        let colour = (1..=instance.colours).find(|&colour| !taken.contains(&Some(colour)))?;
        board.set(cell, Some(Piece { colour, ..piece }));
    }
    None
}

/// Blocks of rows (or columns) removed, halves first, down to each line
/// alone; operations keep pointing at the same pieces, and those on a
/// removed line move to its neighbour.
fn fewer_lines(instance: &Instance, horizontal: bool, out: &mut Vec<Instance>) {
    let board = &instance.board;
    let lines = if horizontal { board.rows() } else { board.cols() };
    let mut block = lines / 2;
    while block >= 1 {
        for start in (0..lines).step_by(block) {
            let mut shrunk = instance.clone();
            for removed in (start..(start + block).min(lines)).rev() {
                shrunk = without(&shrunk, removed, horizontal);
            }
            out.push(shrunk);
        }
        block /= 2;
    }
}

/// `instance` without row (or column) `removed`.
fn without(instance: &Instance, removed: usize, horizontal: bool) -> Instance {
    let board = &instance.board;
    let (lines, across) = if horizontal { (board.rows(), board.cols()) } else { (board.cols(), board.rows()) };
    let line = if horizontal { Line::Row(removed) } else { Line::Column(removed) };
    let cells = without_line(board.cells(), board.cols(), line);
    let (rows, cols) = if horizontal { (lines - 1, across) } else { (across, lines - 1) };
    let shift = |p: u32| if p as usize > removed + 1 { p - 1 } else { p };
    let moved = |p: At| if horizontal { At::new(shift(p.row), p.col) } else { At::new(p.row, shift(p.col)) };
    let swaps = instance.swaps.iter().map(|swap| Swap::new(moved(swap.first), moved(swap.second))).collect();
    Instance { colours: instance.colours, board: Board::from_cells(rows, cols, cells), swaps }
}

/// Every special cleared, then each one alone.
fn fewer_specials(instance: &Instance, out: &mut Vec<Instance>) {
    let specials: Vec<Pos> = instance
        .board
        .all_cells()
        .filter(|&c| instance.board.get(c).is_some_and(|p| p.special != Special::None))
        .collect();
    let cleared = |cells: &[Pos]| {
        let mut board = instance.board.clone();
        for &cell in cells {
            board.set(cell, board.get(cell).map(|p| Piece::plain(p.colour)));
        }
        Instance { board, ..instance.clone() }
    };
    if specials.len() > 1 {
        out.push(cleared(&specials));
    }
    out.extend(specials.iter().map(|&cell| cleared(&[cell])));
}

/// Fewer colours (see [`fewer_colours`]); `k` becomes the highest colour
/// left.
fn fewer_colours_of(instance: &Instance, out: &mut Vec<Instance>) {
    let used: Vec<u8> = instance.board.cells().iter().flatten().map(|p| p.colour).collect();
    for map in fewer_colours(&used, 1, usize::from(instance.colours)) {
        let mut board = instance.board.clone();
        for cell in instance.board.all_cells() {
            if let Some(piece) = board.get(cell) {
                board.set(cell, Some(Piece { colour: map[usize::from(piece.colour)], ..piece }));
            }
        }
        let colours = board.cells().iter().flatten().map(|p| p.colour).max().unwrap_or(1);
        out.push(Instance { colours, board, ..instance.clone() });
    }
}
