//! The map as one flat row-major `u8` plane framed by a one-cell border, so
//! that a region's fill (TT2) looks at a cell's four neighbours with no
//! bounds test: the border never equals a level a fill looks for.

use m3_model::triple::{At, Map, Pos, EMPTY};

/// The frame around the map. A fill only ever looks for levels 1..=8 and a
/// star only counts neighbours of those levels, so the border needs only to
/// differ from them; a map byte of 255, which is no level at all, is kept
/// as it is and can never be mistaken for the frame where it matters.
pub(super) const BORDER: u8 = u8::MAX;

pub(super) struct Plane {
    pub rows: usize,
    pub cols: usize,
    /// Plane width: the row plus the border on both sides. Plane row `r`
    /// holds map row `r - 1`; rows 0 and `rows + 1` are border.
    pub stride: usize,
    /// Row-major cells, border included. Plane order is the map's row-major
    /// order, so sorting plane indices sorts cells row-major.
    pub cells: Vec<u8>,
}

impl Plane {
    pub fn from_map(map: &Map) -> Plane {
        let (rows, cols) = (map.rows(), map.cols());
        let stride = cols + 2;
        let mut plane = Plane { rows, cols, stride, cells: vec![BORDER; (rows + 2) * stride] };
        for (row, line) in map.cells().chunks(cols.max(1)).enumerate() {
            let start = plane.index(row, 0);
            plane.cells[start..start + cols].copy_from_slice(line);
        }
        plane
    }

    pub fn to_map(&self) -> Map {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            let start = self.index(row, 0);
            cells.extend_from_slice(&self.cells[start..start + self.cols]);
        }
        Map::from_cells(self.rows, self.cols, cells)
    }

    /// The plane index of map cell (row, col), 0-based.
    #[inline]
    pub fn index(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.stride + col + 1
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.stride - 1, index % self.stride - 1)
    }

    /// The plane index of the cell a command names, 1-based; `None` when it
    /// lies off the map. Any `i64` is taken, `i64::MIN` and 0 included, with
    /// no overflow.
    #[inline]
    pub fn locate(&self, at: At) -> Option<usize> {
        // Read as unsigned, 0 and every negative number wrap past the map.
        let row = (at.row as u64).wrapping_sub(1);
        let col = (at.col as u64).wrapping_sub(1);
        (row < self.rows as u64 && col < self.cols as u64).then(|| self.index(row as usize, col as usize))
    }

    #[inline]
    pub fn is_empty(&self, index: usize) -> bool {
        self.cells[index] == EMPTY
    }

    /// The four neighbours of an interior cell, which all lie on the plane.
    #[inline]
    pub fn neighbours(&self, index: usize) -> [usize; 4] {
        [index - self.stride, index - 1, index + 1, index + self.stride]
    }
}
