//! The statement's extremes, drawn on purpose under `--within-statement`
//! (the games `--against` gives a program): where a contest program keeps
//! a grid in a fixed array, a colour in a table or a count in a narrow type,
//! it breaks at the largest value, which a uniform draw almost never makes.
//! Each is named by a counter of `count`, so that a campaign shows it met it,
//! and is an edge game a fuzz input selects (`edge_games`).

use arbitrary::{Result, Unstructured};
use m3_model::door::{Board, Cell, MagicDoor, Pos, MAX_COLOUR};

use super::count::Counter;
use super::groups::group_through;
use crate::game::{AtMost, EdgeGame, NamedExtreme, Percent, Size};

/// An extreme of the statement a game is drawn at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extreme {
    /// 80 rows (m, the statement's most) and fewer columns.
    MostRows,
    /// 80 columns (n) and fewer rows.
    MostCols,
    /// 80x80.
    Largest,
    /// Colours 1 to 9 all on the grid: a colour table one short breaks.
    AllColours,
    /// The swap's first gem in a corner, where a walk off the grid starts.
    Corner,
    /// An 80x80 grid dense with bombs stacked over the swap's groups, with
    /// no vibranium to stop a beam: armed bombs chain until most of the
    /// grid's 6,400 gems vanish, the most the answer can be.
    MostVanished,
}

/// What a fuzz input's edge game at each extreme is called, and the
/// counter that names it.
impl NamedExtreme<MagicDoor> for Extreme {
    fn name(self) -> &'static str {
        match self {
            Extreme::MostRows => "80 rows, fewer columns",
            Extreme::MostCols => "80 columns, fewer rows",
            Extreme::Largest => "80x80, the statement's largest grid",
            Extreme::AllColours => "colours 1 to 9 all on the grid",
            Extreme::Corner => "the swap's first gem in a corner",
            Extreme::MostVanished => "80x80 dense with bombs stacked over the swap's groups",
        }
    }

    fn counter(self) -> Counter {
        match self {
            Extreme::MostRows => Counter::MostRows,
            Extreme::MostCols => Counter::MostCols,
            Extreme::Largest => Counter::Largest,
            Extreme::AllColours => Counter::AllColours,
            Extreme::Corner => Counter::Corner,
            Extreme::MostVanished => Counter::MostVanished,
        }
    }
}

/// Every extreme of the statement, each an edge game, and last a side, the
/// colours or the swap's corner at an edge in every game: each selectable
/// by a fuzz input.
pub(super) fn edge_games() -> Vec<EdgeGame<MagicDoor>> {
    use Extreme::*;
    EdgeGame::at_extremes_then_any_field(
        [Largest, MostRows, MostCols, MostVanished, AllColours, Corner],
        "a side, the colours or the swap's corner at an edge",
        Counter::MostRowsOrCols,
    )
}

impl Extreme {
    const ALL: [Extreme; 6] = [
        Extreme::MostRows,
        Extreme::MostCols,
        Extreme::Largest,
        Extreme::AllColours,
        Extreme::Corner,
        Extreme::MostVanished,
    ];

    /// The extreme a game of `size` is drawn at, if any: now and then at
    /// `mixed`, every other game at `max`, never at `small`. An 80x80 game
    /// costs a program little more than a small one, whose cost is mostly
    /// its start, so the kinds are drawn alike.
    pub fn draw(u: &mut Unstructured<'_>, size: Size) -> Result<Option<Extreme>> {
        if !size.at_an_extreme(u)? {
            return Ok(None);
        }
        u.choose(&Extreme::ALL).map(|&extreme| Some(extreme))
    }
}

/// The colours and densities of a Magic Door game, as drawn and then moved to
/// an extreme.
#[derive(Debug, Clone, Copy)]
pub struct Rendered {
    pub colours: u8,
    pub bombs: Percent,
    pub vibranium: Percent,
    pub stacked: Percent,
    pub group: Percent,
}

/// Which of the drawn values the user gave, which an extreme leaves alone.
#[derive(Debug, Clone, Copy)]
pub struct Given {
    pub colours: bool,
    pub bombs: bool,
    pub vibranium: bool,
    pub stacked: bool,
}

impl Extreme {
    /// The sides this extreme puts at the statement's most, if any.
    pub fn sides(self) -> Option<AtMost> {
        match self {
            Extreme::MostRows => Some(AtMost::Rows),
            Extreme::MostCols => Some(AtMost::Cols),
            Extreme::Largest | Extreme::MostVanished => Some(AtMost::Both),
            _ => None,
        }
    }

    /// `drawn` at this extreme, but for what the user gave; the sides are
    /// [`Extreme::sides`]'s to say.
    pub fn shape(self, u: &mut Unstructured<'_>, given: Given, mut drawn: Rendered) -> Result<Rendered> {
        match self {
            Extreme::MostRows | Extreme::MostCols | Extreme::Largest => {}
            Extreme::AllColours if !given.colours => drawn.colours = MAX_COLOUR,
            Extreme::AllColours | Extreme::Corner => {}
            Extreme::MostVanished => {
                // Few colours and half the cells bombs: most swaps find a
                // group, and nearly every bomb is on a beam of another.
                if !given.colours {
                    drawn.colours = u.int_in_range(3..=4)?;
                }
                let percent = |is_given: bool, value: &mut Percent, to: u8| {
                    if !is_given {
                        *value = Percent::new(to);
                    }
                };
                percent(given.bombs, &mut drawn.bombs, 55);
                percent(given.vibranium, &mut drawn.vibranium, 0);
                percent(given.stacked, &mut drawn.stacked, 100);
                drawn.group = Percent::new(100);
            }
        }
        Ok(drawn)
    }
}

/// Puts every colour of `1..=colours` the grid lacks on it, each on a cell
/// drawn among those that hold no gem whose colour would then go missing.
/// A colour the grid lacks is on no line of three, nor is it once on one
/// cell, so the grid keeps no group (MD1) and at least two regular gems.
pub fn every_colour(u: &mut Unstructured<'_>, board: &mut Board, colours: u8) -> Result<()> {
    let mut counts = [0usize; MAX_COLOUR as usize + 1];
    for colour in board.cells().iter().filter_map(|cell| cell.colour()) {
        counts[usize::from(colour)] += 1;
    }
    let mut placed = vec![false; board.rows() * board.cols()];
    for missing in 1..=colours {
        if counts[usize::from(missing)] > 0 {
            continue;
        }
        let free: Vec<usize> = (0..placed.len())
            .filter(|&index| {
                let cell = board.cells()[index];
                !placed[index] && cell.colour().is_none_or(|colour| counts[usize::from(colour)] > 1)
            })
            .collect();
        let Ok(&index) = u.choose(&free) else { return Ok(()) };
        let (row, col) = (index / board.cols(), index % board.cols());
        if let Some(colour) = board.get(row, col).colour() {
            counts[usize::from(colour)] -= 1;
        }
        board.set(row, col, Cell::Gem(missing));
        counts[usize::from(missing)] += 1;
        placed[index] = true;
    }
    Ok(())
}

/// A corner of `board` that holds a regular gem: one that does, else one
/// made a gem of a colour that completes no group there; `None` when every
/// colour would (two colours, each lining a side of every corner).
pub fn gem_in_a_corner(u: &mut Unstructured<'_>, board: &mut Board, colours: u8) -> Result<Option<Pos>> {
    let (last_row, last_col) = (board.rows() - 1, board.cols() - 1);
    let mut corners = vec![Pos::new(0, 0), Pos::new(0, last_col), Pos::new(last_row, 0), Pos::new(last_row, last_col)];
    // In the order drawn: which corner holds a gem is not to steer the draw.
    let mut order = Vec::with_capacity(corners.len());
    while !corners.is_empty() {
        order.push(corners.swap_remove(u.choose_index(corners.len())?));
    }
    if let Some(&corner) = order.iter().find(|pos| board.get(pos.row, pos.col).colour().is_some()) {
        return Ok(Some(corner));
    }
    let first = u.int_in_range(1..=colours)?;
    for corner in order {
        let was = board.get(corner.row, corner.col);
        for colour in (0..colours).map(|step| (first - 1 + step) % colours + 1) {
            board.set(corner.row, corner.col, Cell::Gem(colour));
            if !group_through(board, corner) {
                return Ok(Some(corner));
            }
        }
        board.set(corner.row, corner.col, was);
    }
    Ok(None)
}
