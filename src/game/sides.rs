//! The sides of a grid as knobs, `--rows` and `--cols` of every game
//! played on a rectangular grid: each given or drawn, one put at an edge
//! now and then, or put at the statement's most.

use arbitrary::Unstructured;

use super::knobs::Count;

/// The rows and the columns of a generated grid, each in `MIN..=MAX`: the
/// knobs `--rows` and `--cols` of every game played on a rectangular grid.
/// One left out is drawn for each game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct Sides<const MIN: usize, const MAX: usize> {
    /// Rows of the grid.
    #[arg(long)]
    pub rows: Option<Count<MIN, MAX>>,
    /// Columns of the grid.
    #[arg(long)]
    pub cols: Option<Count<MIN, MAX>>,
}

impl<const MIN: usize, const MAX: usize> Sides<MIN, MAX> {
    /// Both sides given.
    pub fn new(rows: usize, cols: usize) -> Self {
        Sides { rows: Some(Count::new(rows)), cols: Some(Count::new(cols)) }
    }

    /// The rows and the columns of one game: each as given, or else drawn
    /// with `draw`, rows first, and kept within the bounds.
    pub fn draw(
        &self,
        u: &mut Unstructured<'_>,
        draw: impl Fn(&mut Unstructured<'_>) -> arbitrary::Result<usize>,
    ) -> arbitrary::Result<(usize, usize)> {
        let rows = Count::or_draw(self.rows, u, &draw)?;
        let cols = Count::or_draw(self.cols, u, &draw)?;
        Ok((rows, cols))
    }

    /// `sides` with one side, of those not given, at an edge of `MIN..=MAX`
    /// (`crate::kit::edges`). Past half of `MAX`, the other side, unless given,
    /// becomes at most [`NARROW`], or one time in [`EXTREMES_ONE_IN`] `MIN`
    /// or `MAX`: a game on the largest grid costs a hundred of the mix.
    pub fn one_at_an_edge(
        &self,
        u: &mut Unstructured<'_>,
        (rows, cols): (usize, usize),
    ) -> arbitrary::Result<(usize, usize)> {
        let given = [self.rows.is_some(), self.cols.is_some()];
        let open: Vec<usize> = (0..2).filter(|&side| !given[side]).collect();
        let Ok(&first) = u.choose(&open) else { return Ok((rows, cols)) };
        let mut sides = [rows, cols];
        let bounds = MIN as i64..=MAX as i64;
        sides[first] = crate::kit::edges::draw_within(u, bounds.clone(), bounds)? as usize;
        let other = 1 - first;
        if !given[other] && sides[first] > MAX / 2 {
            sides[other] = if u.int_in_range(1..=EXTREMES_ONE_IN)? == 1 {
                *u.choose(&[MIN, MAX])?
            } else {
                sides[other].min(NARROW)
            };
        }
        Ok((sides[0], sides[1]))
    }
}

/// The sides a game puts at their most: one alone, the other below it, or
/// both, where a contest program keeps its grid in an array sized one short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtMost {
    Rows,
    Cols,
    Both,
}

impl AtMost {
    /// Which sides of a `rows` by `cols` grid are at `most`, if any: what a
    /// game's counters name.
    pub fn of(rows: usize, cols: usize, most: usize) -> Option<AtMost> {
        match (rows == most, cols == most) {
            (true, false) => Some(AtMost::Rows),
            (false, true) => Some(AtMost::Cols),
            (true, true) => Some(AtMost::Both),
            (false, false) => None,
        }
    }
}

impl<const MIN: usize, const MAX: usize> Sides<MIN, MAX> {
    /// [`Sides::at_most`] with the other side drawn anywhere below `MAX`.
    pub fn at_most_or_fewer(
        &self,
        u: &mut Unstructured<'_>,
        sides: (usize, usize),
        at: AtMost,
    ) -> arbitrary::Result<(usize, usize)> {
        self.at_most(u, sides, at, |u, _| u.int_in_range(MIN..=MAX - 1))
    }

    /// `(rows, cols)` with the sides `at` names at `MAX` and the other, when
    /// one is left, below it as `fewer` draws it from the side drawn before;
    /// a side given stays as given.
    pub fn at_most(
        &self,
        u: &mut Unstructured<'_>,
        (rows, cols): (usize, usize),
        at: AtMost,
        mut fewer: impl FnMut(&mut Unstructured<'_>, usize) -> arbitrary::Result<usize>,
    ) -> arbitrary::Result<(usize, usize)> {
        let given = [self.rows.is_some(), self.cols.is_some()];
        let most = [at != AtMost::Cols, at != AtMost::Rows];
        let mut sides = [rows, cols];
        for side in 0..2 {
            if !given[side] {
                sides[side] = if most[side] { MAX } else { fewer(u, sides[side])?.clamp(MIN, MAX - 1) };
            }
        }
        Ok((sides[0], sides[1]))
    }
}

/// How seldom a generator that puts a side at an edge draws the largest
/// grid, or the narrowest beside the longest side.
pub const EXTREMES_ONE_IN: u32 = 100;
/// The most the other side of a grid with a side at its largest edge
/// mostly is.
pub const NARROW: usize = 4;
