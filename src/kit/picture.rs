//! Boards of every game as pictures for the failure page: a grid of cells,
//! each a colour number (0 for none: an empty cell, a bomb) and a sign (a
//! special, a level, a bomb) drawn over it. Each game says what a cell
//! shows, as it does for the text grid ([`super::render`]); the page draws
//! every game alike from the numbers.

/// One cell as the page draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    /// 1-based colour, 0 for a cell with none.
    pub colour: u16,
    /// The ASCII sign drawn over the colour, if any.
    pub sign: Option<u8>,
}

impl Drawn {
    pub const EMPTY: Drawn = Drawn { colour: 0, sign: None };

    pub fn new(colour: u16, sign: Option<char>) -> Drawn {
        Drawn { colour, sign: sign.filter(|sign| sign.is_ascii_graphic()).map(|sign| sign as u8) }
    }

    /// The cell as one number, which the page's script reads back:
    /// the colour times 256, plus the sign's byte.
    pub fn code(self) -> u32 {
        u32::from(self.colour) << 8 | u32::from(self.sign.unwrap_or(0))
    }
}

/// A board as the page draws it, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub rows: usize,
    pub cols: usize,
    /// The cells' codes ([`Drawn::code`]), row by row.
    pub cells: Vec<u32>,
}

impl Picture {
    /// The `rows` x `cols` picture whose cells `cell(row, col)` draws.
    pub fn new(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> Drawn) -> Picture {
        let cells = (0..rows).flat_map(|row| (0..cols).map(move |col| (row, col))).map(|(r, c)| cell(r, c).code());
        Picture { rows, cols, cells: cells.collect() }
    }

    /// The cells of `self` that differ from `earlier`'s, as (index, code)
    /// pairs; every cell when the two are not of one size.
    pub fn changes_from(&self, earlier: &Picture) -> Vec<(usize, u32)> {
        let same_size = (self.rows, self.cols) == (earlier.rows, earlier.cols);
        let changed =
            |(index, code): (usize, &u32)| (!same_size || earlier.cells[index] != *code).then_some((index, *code));
        self.cells.iter().enumerate().filter_map(changed).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_its_colour_and_sign_in_one_number_and_changes_are_the_cells_that_differ() {
        assert_eq!(Drawn::new(3, Some('+')).code(), 3 * 256 + u32::from(b'+'));
        assert_eq!(Drawn::new(2, Some(' ')).code(), 2 * 256, "a blank sign is none");
        let board = |changed: u16| {
            Picture::new(2, 2, |row, col| Drawn::new(if (row, col) == (1, 0) { changed } else { 1 }, None))
        };
        assert_eq!(board(5).changes_from(&board(1)), [(2, 5 * 256)]);
        assert!(board(1).changes_from(&board(1)).is_empty());
    }
}
