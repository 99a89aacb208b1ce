//! Magic Door games drawn from an `Unstructured`: grids of 3 to 80 rows and
//! columns, mostly small, with no starting group (a gem that would complete
//! one takes the next colour, or becomes a bomb when every colour would),
//! bombs and vibranium at tunable densities, and a swap mostly chosen among
//! those that make a group: from afar, as MD1 allows, or side by side. Bombs
//! are stacked above the gems that swap clears, so that the fall arms them
//! and explosions chain. Sometimes further swaps follow, each chosen on the
//! grid the one before left settled. Now and then one field is drawn at an
//! edge (`edges`): a side at 3, 79 or 80 (rarely 80 by 80), the colours at
//! 2, 8 or 9, the first swap's cell at a corner. The format reads no other
//! number this generator could put at an edge: it refuses cells off the
//! grid, values other than -1..=9 and a first swap MD1 refuses, and it
//! counts no swaps. Within the statement (`--within-statement`, what
//! `--against` draws) a game makes the one swap, and is drawn now and then
//! at one of the statement's extremes (`extremes`).

use arbitrary::{Result, Unstructured};
use m3_model::door::{Board, Cell, Instance, MagicDoor, Pos, Swap, MAX_COLOUR, MAX_SIDE, MIN_SIDE};
use m3_model::Stepper;

use super::completing::Completing;
use super::extremes::{every_colour, gem_in_a_corner, Extreme, Given, Rendered};
use super::groups::{makes_group, Groups};
use super::knobs::{FurtherSwaps, Knobs};
use super::rules::{cells_holding, every_cell, step, swapped};
use crate::game::knobs::EdgeKnob;
use crate::game::{Benchmark, Count, EdgeGame, Generator, MaxTest, Percent, PercentOr, Sides, Size, Statement};
use crate::kit::edges::draw_within;
use crate::kit::following::Following;
use crate::kit::one_colour::colour_ending_no_run;

/// `--within-statement` alone: the statement's one swap of two distinct
/// regular gems, which every first swap is; now and then at an extreme.
impl From<Statement> for Knobs {
    fn from(statement: Statement) -> Knobs {
        Knobs { statement, ..Knobs::default() }
    }
}

/// Tries at a swap that makes a group before looking only side by side.
const LOOKS: usize = 24;

impl Generator<MagicDoor> for Knobs {
    /// Renders a game. Further swaps are chosen on the grid as `S` (the engine,
    /// for speed) leaves it.
    fn generate<S: Stepper<MagicDoor>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let within = self.statement.within_statement;
        let extreme = self.edges.extreme_or_drawn(u, within, |u| Extreme::draw(u, size))?;
        let (mut rows, mut cols) = self.sides.draw(u, |u| side(u, size))?;
        let mut colours = match self.colours {
            Some(colours) => colours.clamp(2, MAX_COLOUR),
            None => {
                size.draw(u, &[(4, 3..=5), (1, 2..=MAX_COLOUR)], &[(4, 3..=5), (1, 2..=MAX_COLOUR)], &[(1, 3..=6)])?
            }
        };
        let edge = self.edges.happens(u, size)?;
        let edge = if edge { Some(*u.choose(&[AtAnEdge::Side, AtAnEdge::Colours, AtAnEdge::Corner])?) } else { None };
        match edge {
            Some(AtAnEdge::Side) => (rows, cols) = self.sides.one_at_an_edge(u, (rows, cols))?,
            Some(AtAnEdge::Colours) if self.colours.is_none() => {
                colours = draw_within(u, 2..=MAX_COLOUR.into(), 2..=MAX_COLOUR.into())? as u8;
            }
            _ => {}
        }
        let drawn = |given: Option<Percent>, u: &mut Unstructured<'_>, among: &[u8]| match given {
            Some(percent) => Ok(percent),
            None => u.choose(among).map(|&percent| Percent::new(percent)),
        };
        let bombs = drawn(self.bomb_percent, u, &[0, 2, 5, 10, 20, 30])?;
        let vibranium = drawn(self.vibranium_percent, u, &[0, 0, 3, 8, 15, 25])?;
        let stacked = drawn(self.stacked_percent, u, &[0, 30, 60, 100])?;
        let swaps = Count::or_draw(self.further.swaps, u, |u| {
            size.draw(u, &[(4, 1..=1), (1, 2..=6)], &[(3, 1..=1), (1, 2..=12)], &[(1, 1..=3)])
        })?;
        let swaps = if within { 1 } else { swaps };
        let mut group_percent = self.group_percent.percent();
        let refused_percent = self.further.refused_percent.percent();
        let (mut bombs, mut vibranium, mut stacked) = (bombs, vibranium, stacked);
        if let Some(extreme) = extreme {
            if let Some(at) = extreme.sides() {
                (rows, cols) = self.sides.at_most_or_fewer(u, (rows, cols), at)?;
            }
            let given = Given {
                colours: self.colours.is_some(),
                bombs: self.bomb_percent.is_some(),
                vibranium: self.vibranium_percent.is_some(),
                stacked: self.stacked_percent.is_some(),
            };
            let drawn = Rendered { colours, bombs, vibranium, stacked, group: group_percent };
            Rendered { colours, bombs, vibranium, stacked, group: group_percent } = extreme.shape(u, given, drawn)?;
        }

        let mut board = grid(u, (rows, cols), colours, [bombs, vibranium])?;
        if extreme == Some(Extreme::AllColours) {
            every_colour(u, &mut board, colours)?;
        }
        let first = if extreme == Some(Extreme::Corner) {
            match gem_in_a_corner(u, &mut board, colours)? {
                Some(corner) => swap_with(u, &board, corner)?,
                None => None,
            }
        } else if edge == Some(AtAnEdge::Corner) {
            corner_swap(u, &board)?
        } else if group_percent.happens(u)? {
            group_swap(u, &board)?
        } else {
            None
        };
        let first = match first {
            Some(swap) => swap,
            None => quiet_swap(u, &board)?.expect("the grid holds two regular gems"),
        };
        stack_bombs(u, &mut board, first, stacked)?;
        let mut instance = Instance { board, swaps: vec![first] };
        let mut game = Following::<MagicDoor, S>::start(&instance);
        while instance.swaps.len() < swaps {
            let last = *instance.swaps.last().expect("the first swap is in");
            let Some(record) = game.step(&last) else { break };
            instance.swaps.push(further_swap(u, &record.board, group_percent, refused_percent)?);
        }
        Ok(instance)
    }

    /// The bench table: three colours, few bombs stacked above the swap's
    /// groups and some vibranium, which shields rows and columns from the beams
    /// so that the grid is not cleared at the first explosion. The swap of the
    /// 8x8 game takes 5 stages (2 of them explosions, 57 gems), the 30x30 one 17
    /// (4 explosions, 664 gems), and the 80x80 one, the format's largest grid,
    /// sets off a chain of 60 stages, 10 of them explosions (3611 gems); a test
    /// in tests/door.rs pins these counts.
    fn benchmarks() -> Vec<Benchmark<MagicDoor>> {
        let shape = |side, vibranium_percent| Knobs {
            sides: Sides::new(side, side),
            colours: Some(3),
            bomb_percent: Some(Percent::new(5)),
            vibranium_percent: Some(Percent::new(vibranium_percent)),
            stacked_percent: Some(Percent::new(100)),
            group_percent: PercentOr::new(100),
            further: FurtherSwaps { swaps: Some(Count::new(1)), refused_percent: PercentOr::new(0) },
            edges: EdgeKnob::NONE,
            statement: Statement::default(),
        };
        vec![
            Benchmark { name: "8x8", seed: 4, shape: shape(8, 8) },
            Benchmark { name: "30x30", seed: 1, shape: shape(30, 8) },
            Benchmark { name: "80x80-chain", seed: 1, shape: shape(MAX_SIDE, 10) },
        ]
    }

    fn max_tests() -> Vec<MaxTest<MagicDoor>> {
        super::max_tests::max_tests()
    }

    fn edge_games() -> Vec<EdgeGame<MagicDoor>> {
        super::extremes::edge_games()
    }
}

fn side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    let max = MAX_SIDE..=MAX_SIDE;
    size.draw(u, &[(1, MIN_SIDE..=8)], &[(12, MIN_SIDE..=8), (6, MIN_SIDE..=20), (1, MIN_SIDE..=MAX_SIDE)], &[(1, max)])
}

/// The field a game draws at an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AtAnEdge {
    Side,
    Colours,
    /// The first swap's cell: row and column both at an edge of the grid.
    Corner,
}

/// A swap of a corner cell's gem with one that makes a group with it, if
/// one of `LOOKS` draws finds it, or else with any other gem; `None` when
/// the corner drawn holds no regular gem.
fn corner_swap(u: &mut Unstructured<'_>, board: &Board) -> Result<Option<Swap>> {
    let corner = Pos::new(*u.choose(&[0, board.rows() - 1])?, *u.choose(&[0, board.cols() - 1])?);
    swap_with(u, board, corner)
}

/// A swap of the gem at `corner` with one that makes a group with it, if
/// one of `LOOKS` draws finds it, or else with any other gem; `None` when
/// `corner` holds no regular gem or no other cell does.
fn swap_with(u: &mut Unstructured<'_>, board: &Board, corner: Pos) -> Result<Option<Swap>> {
    if board.get(corner.row, corner.col).colour().is_none() {
        return Ok(None);
    }
    let gems: Vec<Pos> = cells_holding(board, |cell| cell.colour().is_some()).filter(|&pos| pos != corner).collect();
    let Some(&(mut partner)) = gems.first() else { return Ok(None) };
    for _ in 0..LOOKS {
        partner = *u.choose(&gems)?;
        if makes_group(board, corner, partner) {
            break;
        }
    }
    in_drawn_order(u, corner, partner).map(Some)
}

/// A grid with no group (MD1) and at least two regular gems (a first swap
/// needs them).
fn grid(u: &mut Unstructured<'_>, (rows, cols): (usize, usize), colours: u8, specials: [Percent; 2]) -> Result<Board> {
    let [bombs, vibranium] = specials.map(Percent::get);
    let mut board = Board::filled(rows, cols, Cell::Empty);
    for row in 0..rows {
        for col in 0..cols {
            let roll = u.int_in_range(0..=99u8)?;
            let cell = if roll < bombs {
                Cell::Bomb
            } else if roll < bombs.saturating_add(vibranium) {
                Cell::Vibranium
            } else {
                let drawn = u.int_in_range(1..=colours)?;
                let before = |row, col| board.get(row, col).colour();
                colour_ending_no_run(&before, (row, col), drawn, colours).map_or(Cell::Bomb, Cell::Gem)
            };
            board.set(row, col, cell);
        }
    }
    // Two gems cannot make a group.
    let gems = board.cells().iter().filter(|cell| cell.colour().is_some()).count();
    let missing = 2usize.saturating_sub(gems);
    let no_gems: Vec<Pos> = cells_holding(&board, |cell| cell.colour().is_none()).take(missing).collect();
    for (pos, colour) in no_gems.into_iter().zip([1, 2]) {
        board.set(pos.row, pos.col, Cell::Gem(colour));
    }
    Ok(board)
}

/// The first swap's groups cleared, bombs above them fall and are armed:
/// `percent` of the regular gems above each column's topmost group cell
/// become bombs (never the swapped gems, which MD1 wants regular). A gem
/// made a bomb completes no group, so the grid stays without one.
fn stack_bombs(u: &mut Unstructured<'_>, board: &mut Board, swap: Swap, percent: Percent) -> Result<()> {
    if percent.get() == 0 {
        return Ok(());
    }
    let mut topmost = vec![None; board.cols()];
    for pos in Groups::of(&swapped(board, swap)).cells() {
        topmost[pos.col].get_or_insert(pos.row);
    }
    for (col, top) in topmost.into_iter().enumerate() {
        for row in 0..top.unwrap_or(0) {
            let pos = Pos::new(row, col);
            let swapped_gem = pos == swap.first || pos == swap.second;
            if !swapped_gem && board.get(row, col).colour().is_some() && percent.happens(u)? {
                board.set(row, col, Cell::Bomb);
            }
        }
    }
    Ok(())
}

/// A swap on a settled grid: one MD1 refuses, one that makes a group, or
/// one that makes none, as the percentages draw it.
fn further_swap(u: &mut Unstructured<'_>, board: &Board, group_percent: Percent, refused: Percent) -> Result<Swap> {
    let chosen = if refused.happens(u)? {
        None
    } else if group_percent.happens(u)? {
        match group_swap(u, board)? {
            Some(swap) => Some(swap),
            None => quiet_swap(u, board)?,
        }
    } else {
        quiet_swap(u, board)?
    };
    match chosen {
        Some(swap) => Ok(swap),
        None => refused_swap(u, board),
    }
}

/// A swap MD1 refuses: a cell with itself, or with a cell that holds no
/// regular gem (a bomb, vibranium, or an empty cell at the top).
fn refused_swap(u: &mut Unstructured<'_>, board: &Board) -> Result<Swap> {
    let cells: Vec<Pos> = every_cell(board).collect();
    let no_gem: Vec<Pos> = cells_holding(board, |cell| cell.colour().is_none()).collect();
    let any = *u.choose(&cells)?;
    if no_gem.is_empty() || u.ratio(1, 3)? {
        return Ok(Swap::new(any, any));
    }
    let other = *u.choose(&no_gem)?;
    in_drawn_order(u, any, other)
}

/// Two distinct regular gems whose swap makes no group, or, after `LOOKS`
/// tries, any two; `None` when the grid holds fewer than two gems.
fn quiet_swap(u: &mut Unstructured<'_>, board: &Board) -> Result<Option<Swap>> {
    let gems: Vec<Pos> = cells_holding(board, |cell| cell.colour().is_some()).collect();
    if gems.len() < 2 {
        return Ok(None);
    }
    let mut pair = (gems[0], gems[1]);
    for _ in 0..LOOKS {
        let (a, b) = (*u.choose(&gems)?, *u.choose(&gems)?);
        if a == b {
            continue;
        }
        pair = (a, b);
        if !makes_group(board, a, b) {
            break;
        }
    }
    in_drawn_order(u, pair.0, pair.1).map(Some)
}

/// A swap that makes a group, if one is found: a third of the time side by
/// side, the classic move; otherwise a gem that would complete a line and a
/// gem of the colour it needs, anywhere on the grid.
fn group_swap(u: &mut Unstructured<'_>, board: &Board) -> Result<Option<Swap>> {
    // Most grids a look from afar fails on have no such swap side by side
    // either: once asked, the grid is not searched again.
    let mut no_side_by_side = false;
    if u.ratio(1, 3)? {
        match side_by_side_group_swap(u, board)? {
            Some(swap) => return Ok(Some(swap)),
            None => no_side_by_side = true,
        }
    }
    // The gems of each colour, gathered when a look first wants the colour.
    let mut gems_of: [Option<Vec<Pos>>; MAX_COLOUR as usize + 1] = Default::default();
    for _ in 0..LOOKS {
        let target = Pos::new(u.int_in_range(0..=board.rows() - 1)?, u.int_in_range(0..=board.cols() - 1)?);
        let wanted = colours_completing_a_line(board, target);
        if wanted.is_empty() {
            continue;
        }
        let colour = *u.choose(&wanted)?;
        let partners = gems_of[usize::from(colour)]
            .get_or_insert_with(|| cells_holding(board, |cell| cell == Cell::Gem(colour)).collect());
        if partners.is_empty() {
            continue;
        }
        let partner = *u.choose(partners)?;
        if makes_group(board, target, partner) {
            return in_drawn_order(u, target, partner).map(Some);
        }
    }
    if no_side_by_side {
        return Ok(None);
    }
    side_by_side_group_swap(u, board)
}

/// One of the swaps of two neighbouring gems that make a group.
fn side_by_side_group_swap(u: &mut Unstructured<'_>, board: &Board) -> Result<Option<Swap>> {
    let is_gem = |pos: Pos| board.contains(pos.row, pos.col) && board.get(pos.row, pos.col).colour().is_some();
    let completing = Completing::of(board);
    let mut pairs = Vec::new();
    for a in cells_holding(board, |cell| cell.colour().is_some()) {
        for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
            if is_gem(b) && completing.side_by_side_makes_group(a, b) {
                pairs.push((a, b));
            }
        }
    }
    if pairs.is_empty() {
        return Ok(None);
    }
    let (a, b) = *u.choose(&pairs)?;
    in_drawn_order(u, a, b).map(Some)
}

/// The colours other than its own that would complete a line of three
/// through the regular gem at `pos` if it held them.
fn colours_completing_a_line(board: &Board, pos: Pos) -> Vec<u8> {
    let Some(own) = board.get(pos.row, pos.col).colour() else { return Vec::new() };
    let colour_at = |dr: isize, dc: isize| step(board, pos, (dr, dc)).and_then(|at| board.get(at.row, at.col).colour());
    let mut wanted = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0)] {
        for (one, two) in [(-2, -1), (-1, 1), (1, 2)] {
            if let (Some(a), Some(b)) = (colour_at(dr * one, dc * one), colour_at(dr * two, dc * two)) {
                if a == b && a != own && !wanted.contains(&a) {
                    wanted.push(a);
                }
            }
        }
    }
    wanted
}

fn in_drawn_order(u: &mut Unstructured<'_>, a: Pos, b: Pos) -> Result<Swap> {
    Ok(if u.arbitrary()? { Swap::new(a, b) } else { Swap::new(b, a) })
}
