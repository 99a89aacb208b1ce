//! Where on the board a game's events happen, and the board's shape: what
//! a rule counter does not name but a wrong solution's bug often hangs on.
//! An index off by one shows at the first or last row or column; a loop
//! over rows and columns mixed up shows on a board wider than tall, or of
//! one row. A judge's test set looks for each rule's event at each edge and
//! on each shape ([`crate::runs::setter`]).

/// The edges of the board an operation's events touched, as a set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardEdges(u8);

/// The board's four edges, in the order of [`BoardEdges::iter`].
pub const EDGE_NAMES: [&str; 4] = ["the first row", "the last row", "the first column", "the last column"];

impl BoardEdges {
    /// The edges that `cells` (row, column), 0-based, on a board of `rows`
    /// by `cols`, touch.
    pub fn of(rows: usize, cols: usize, cells: impl IntoIterator<Item = (usize, usize)>) -> BoardEdges {
        let mut edges = 0u8;
        for (row, col) in cells {
            edges |= u8::from(row == 0)
                | u8::from(row + 1 == rows) << 1
                | u8::from(col == 0) << 2
                | u8::from(col + 1 == cols) << 3;
        }
        BoardEdges(edges)
    }

    /// The edges touched, each by its index in [`EDGE_NAMES`].
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..EDGE_NAMES.len()).filter(move |edge| self.0 >> edge & 1 == 1)
    }
}

/// A board's shape, as far as a solution's loops can tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Square,
    /// Fewer rows than columns, more than one row.
    Wide,
    /// More rows than columns, more than one column.
    Tall,
    /// One row (a single cell too).
    OneRow,
    OneColumn,
}

impl Shape {
    pub const ALL: [Shape; 5] = [Shape::Square, Shape::Wide, Shape::Tall, Shape::OneRow, Shape::OneColumn];

    pub fn of(rows: usize, cols: usize) -> Shape {
        match (rows, cols) {
            (1, _) => Shape::OneRow,
            (_, 1) => Shape::OneColumn,
            _ if rows < cols => Shape::Wide,
            _ if rows > cols => Shape::Tall,
            _ => Shape::Square,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::Square => "a square board",
            Shape::Wide => "a board wider than tall",
            Shape::Tall => "a board taller than wide",
            Shape::OneRow => "a board of one row",
            Shape::OneColumn => "a board of one column",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_touches_two_edges_and_an_inner_cell_none() {
        let named = |edges: BoardEdges| edges.iter().map(|edge| EDGE_NAMES[edge]).collect::<Vec<_>>();
        assert_eq!(named(BoardEdges::of(4, 5, [(3, 0)])), ["the last row", "the first column"]);
        assert_eq!(named(BoardEdges::of(4, 5, [(1, 1), (2, 3)])), Vec::<&str>::new());
        assert_eq!(named(BoardEdges::of(1, 5, [(0, 4)])), ["the first row", "the last row", "the last column"]);
    }

    #[test]
    fn a_board_s_shape_is_told_by_its_rows_and_columns() {
        let shapes = [(3, 3), (2, 5), (5, 2), (1, 7), (7, 1), (1, 1)].map(|(rows, cols)| Shape::of(rows, cols));
        assert_eq!(shapes, [Shape::Square, Shape::Wide, Shape::Tall, Shape::OneRow, Shape::OneColumn, Shape::OneRow]);
    }
}
