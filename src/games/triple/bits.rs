//! Sets of a map's cells, one bit a cell, for the generator's player: the
//! cells beside every cell of a set are the set moved by a row or a column,
//! which a few shifts find for 64 cells at a time.
//!
//! A set lays the map out row after row, each row followed by one bit that
//! is no cell and so in no set: a row's last cell and the next row's first
//! are then not beside each other. Words that hold no cell pad the map on
//! both sides, as many as a move by a row reaches into, so that a move
//! needs no test at the map's first and last rows.

use std::ops::Range;

use m3_model::triple::Pos;

use crate::kit::bit_set;

const BITS: usize = u64::BITS as usize;

/// Where a map's cells are in its sets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Layout {
    rows: usize,
    cols: usize,
    /// Bits from a row to the next: its cells and the one that is none.
    width: usize,
    /// Words that hold the map's rows.
    words: usize,
    /// Words of padding before the map, and after it.
    margin: usize,
}

impl Layout {
    pub fn new(rows: usize, cols: usize) -> Layout {
        let width = cols + 1;
        Layout { rows, cols, width, words: (rows * width).div_ceil(BITS), margin: width / BITS + 1 }
    }

    pub fn rows(self) -> usize {
        self.rows
    }

    pub fn cols(self) -> usize {
        self.cols
    }

    /// The words a set of this map takes.
    pub fn len(self) -> usize {
        self.words + 2 * self.margin
    }

    /// The words that hold the map's cells.
    pub fn map(self) -> Range<usize> {
        self.margin..self.margin + self.words
    }

    /// The bit of the cell at index `at` in row-major order.
    #[cfg(test)]
    pub fn bit(self, at: usize) -> usize {
        self.bit_of(at / self.cols, at % self.cols)
    }

    /// The bit of the cell in row `row` and column `col`.
    pub fn bit_of(self, row: usize, col: usize) -> usize {
        self.margin * BITS + row * self.width + col
    }

    /// The cell of bit `bit`, and its index in row-major order.
    pub fn cell(self, bit: usize) -> (Pos, usize) {
        let from_map = bit - self.margin * BITS;
        let (row, col) = (from_map / self.width, from_map % self.width);
        (Pos::new(row, col), row * self.cols + col)
    }

    /// The words of the map that hold the cells at most `rows` rows
    /// before or after the cell of bit `bit`: those up to `rows` steps up,
    /// down, left or right of it among them.
    pub fn words_around(self, bit: usize, rows: usize) -> Range<usize> {
        let (map, reach) = (self.map(), rows * self.width);
        (bit.saturating_sub(reach) / BITS).max(map.start)..((bit + reach) / BITS + 1).min(map.end)
    }

    /// Words `words` of the cells beside a cell of `set`: those whose cell
    /// above, below, left or right is in it, each in a word of its own.
    /// Each move runs over the words as slices, its indices tested once:
    /// a word at a time, each move tested its two words' indices, and a
    /// look cost a sixth more.
    #[inline(always)]
    pub fn beside(self, set: &[u64], words: Range<usize>) -> impl Iterator<Item = [u64; 4]> + '_ {
        let (up, down) = (after(set, words.clone(), self.width), before(set, words.clone(), self.width));
        let (left, right) = (after(set, words.clone(), 1), before(set, words, 1));
        up.zip(down).zip(left).zip(right).map(|(((up, down), left), right)| [up, down, left, right])
    }
}

/// Words `words` of `set` moved `by` bits on: of the cells whose cell `by`
/// bits before them is in `set`.
#[inline(always)]
fn after(set: &[u64], words: Range<usize>, by: usize) -> impl Iterator<Item = u64> + '_ {
    let (back, bits) = (by / BITS, by % BITS);
    let (this, before) =
        (&set[words.start - back..words.end - back], &set[words.start - back - 1..words.end - back - 1]);
    // `>> 1 >> (63 - bits)` rather than `>> (64 - bits)`, which would
    // overflow when the move is whole words.
    this.iter().zip(before).map(move |(&this, &before)| (this << bits) | (before >> 1 >> (BITS - 1 - bits)))
}

/// Words `words` of `set` moved `by` bits back: of the cells whose cell
/// `by` bits after them is in `set`.
#[inline(always)]
fn before(set: &[u64], words: Range<usize>, by: usize) -> impl Iterator<Item = u64> + '_ {
    let (on, bits) = (by / BITS, by % BITS);
    let (this, after) = (&set[words.start + on..words.end + on], &set[words.start + on + 1..words.end + on + 1]);
    this.iter().zip(after).map(move |(&this, &after)| (this >> bits) | (after << 1 << (BITS - 1 - bits)))
}

impl Layout {
    /// How many cells `set` holds.
    #[cfg(test)]
    pub fn count(self, set: &[u64]) -> usize {
        bit_set::count(&set[self.map()])
    }

    /// The bit of the cell `index` of `set`, counted from 0 in row-major
    /// order.
    pub fn nth(self, set: &[u64], index: usize) -> Option<usize> {
        bit_set::nth(&set[self.map()], index).map(|bit| self.margin * BITS + bit)
    }

    /// The bits of `set`'s cells in row-major order.
    #[cfg(test)]
    pub fn each(self, set: &[u64]) -> impl Iterator<Item = usize> + '_ {
        bit_set::each(&set[self.map()]).map(move |bit| self.margin * BITS + bit)
    }

    /// The bit of the last cell in row-major order of the set whose words
    /// `word` gives.
    pub fn last_of(self, word: impl Fn(usize) -> u64) -> Option<usize> {
        let at = self.map().rev().find(|&at| word(at) != 0)?;
        Some(at * BITS + (BITS - 1 - word(at).leading_zeros() as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::super::levels::any;
    use super::*;
    use crate::kit::bit_set::{insert, remove};

    /// The cells beside a set's cells, on maps whose rows span words and
    /// whose moves by a row are whole words: none crosses to another row.
    #[test]
    fn a_cell_has_its_four_neighbours_on_the_map_and_no_other() {
        for (rows, cols) in [(1, 1), (3, 5), (4, 63), (3, 64), (5, 100), (100, 100)] {
            let layout = Layout::new(rows, cols);
            let mut on_map = vec![0; layout.len()];
            (0..rows * cols).for_each(|at| insert(&mut on_map, layout.bit(at)));
            for at in [0, cols - 1, rows * cols / 2, rows * cols - cols, rows * cols - 1] {
                let mut set = vec![0; layout.len()];
                insert(&mut set, layout.bit(at));
                let mut found = vec![0; layout.len()];
                let words = found[layout.map()].iter_mut().zip(layout.beside(&set, layout.map()));
                words.zip(&on_map[layout.map()]).for_each(|((found, next_to), on_map)| *found = any(next_to) & on_map);
                let cells: Vec<usize> = layout.each(&found).map(|bit| layout.cell(bit).1).collect();
                let (row, col) = (at / cols, at % cols);
                let mut expected = Vec::new();
                expected.extend((row > 0).then(|| at - cols));
                expected.extend((col > 0).then(|| at - 1));
                expected.extend((col + 1 < cols).then(|| at + 1));
                expected.extend((row + 1 < rows).then(|| at + cols));
                assert_eq!(cells, expected, "{rows}x{cols} at {at}");
                assert_eq!(layout.cell(layout.bit(at)), (Pos::new(row, col), at));
            }
        }
    }

    #[test]
    fn nth_counts_in_row_major_order() {
        let layout = Layout::new(9, 9);
        let mut set = vec![0; layout.len()];
        let cells = [3, 40, 41, 80];
        for at in cells {
            insert(&mut set, layout.bit(at));
        }
        assert_eq!(layout.count(&set), cells.len());
        for (index, at) in cells.into_iter().enumerate() {
            assert_eq!(layout.nth(&set, index).map(|bit| layout.cell(bit).1), Some(at));
        }
        assert_eq!(layout.nth(&set, cells.len()), None);
        remove(&mut set, layout.bit(40));
        assert_eq!(layout.each(&set).map(|bit| layout.cell(bit).1).collect::<Vec<_>>(), [3, 41, 80]);
    }
}
