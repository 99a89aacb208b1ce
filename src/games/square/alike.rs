//! Which neighbouring tiles of a board share a colour, row by row as bits
//! by column: what the generator's player reads to find the 2x2 windows
//! that one move makes one colour (SR2). A row's pairs are compared sixteen
//! tiles at a time, a vector register's bytes, with no branch on the
//! colours, and only the rows a move changed are worked out again.

use m3_model::square::MAX_SIDE;

use crate::kit::bit_set;

// A row of tiles fits in the bits of a `u64`, and so do the rows.
const _: () = assert!(MAX_SIDE <= 64);

/// Tiles compared at once: a vector register's bytes, which the compiler
/// compares in one instruction and gathers in another.
const LANE: usize = 16;

/// The pairs of neighbouring tiles of one colour on the board last
/// described, for each tile row `r` as bits by column `c`:
///
/// - `across[r]`: (r, c) and (r, c + 1);
/// - `down[r]`: (r, c) and (r + 1, c);
/// - `down_right[r]`: (r, c) and (r + 1, c + 1);
/// - `down_left[r]`: (r, c + 1) and (r + 1, c);
///
/// a pair with a tile off the board has no bit, and the last row no pair
/// below it. From them, by row of windows, the windows one move makes one
/// colour. A move changes a few rows of the board: only the pairs and the
/// windows that read a changed row are worked out again.
#[derive(Debug, Clone)]
pub struct Alike {
    side: usize,
    /// The tiles of the board described, row by row, and a row and a lane
    /// of 0s after them, so that the lanes read from any tile of the board
    /// and from the tile below it stay within.
    cells: Vec<u8>,
    /// By tile row `r`, at `r + 1`, its pairs; at 0 those of the row above
    /// the top, none. Of a fixed length that any row read, one either side
    /// of a row of windows, falls within: a row is looked up with no check.
    pairs: Box<[Pairs; MAX_SIDE + 2]>,
    /// By row of windows (of their top-left tile), the square-making ones.
    making: Box<[u64; MAX_SIDE]>,
    /// The rows of windows with a square-making one, as bits.
    rows_making: u64,
}

/// One tile row's pairs (see `Alike`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Pairs {
    across: u64,
    down: u64,
    down_right: u64,
    down_left: u64,
}

impl Default for Alike {
    fn default() -> Self {
        Alike {
            side: 0,
            cells: Vec::new(),
            pairs: Box::new([Pairs::default(); MAX_SIDE + 2]),
            making: Box::new([0; MAX_SIDE]),
            rows_making: 0,
        }
    }
}

impl Alike {
    /// Describes `tiles`, a board of `side` x `side` with `side` up to 64,
    /// in place of the board described last, told the rows of tiles that
    /// are not as they were (as bits): the player that made the moves
    /// knows them.
    pub fn describe_rows(&mut self, side: usize, tiles: &[u8], changed: u64) {
        let changed = if side == self.side {
            self.cells[..tiles.len()].copy_from_slice(tiles);
            changed
        } else {
            self.start(side, tiles);
            bit_set::first(side)
        };
        // An equal-colour swap, or a turn after an invalid move, changes none.
        if changed == 0 {
            return;
        }
        // A row of pairs reads its own row of tiles and the one below.
        let pairs = changed | changed >> 1;
        for row in bit_set::ones(pairs) {
            self.work_out_pairs(row);
        }
        // A row of windows reads its own row of pairs and those either side.
        for row in bit_set::ones((pairs | pairs << 1 | pairs >> 1) & bit_set::first(side - 1)) {
            let making = self.work_out_making(row);
            self.making[row] = making;
            self.rows_making = self.rows_making & !(1 << row) | u64::from(making != 0) << row;
        }
    }

    /// The first square-making window, as (row, column) of its top-left
    /// tile, looked for row by row from `from`'s row on and around (past
    /// the last, the first), each row from `from`'s column on and around.
    pub fn first_square_making(&self, from: (usize, usize)) -> Option<(usize, usize)> {
        let rows = [self.rows_making & !0 << from.0, self.rows_making];
        let row = rows.into_iter().find(|&rows| rows != 0)?.trailing_zeros() as usize;
        let (making, from_col) = (self.making[row], !0 << from.1);
        let cols = [making & from_col, making].into_iter().find(|&cols| cols != 0)?;
        Some((row, cols.trailing_zeros() as usize))
    }

    /// Takes a board's size and tiles, every pair to be worked out.
    fn start(&mut self, side: usize, tiles: &[u8]) {
        self.side = side;
        self.cells.clear();
        self.cells.extend_from_slice(tiles);
        self.cells.resize(tiles.len() + side + LANE, 0);
        self.pairs.fill(Pairs::default());
        self.making.fill(0);
        self.rows_making = 0;
    }

    /// Works out the pairs of tile row `row`, sixteen columns at a time.
    fn work_out_pairs(&mut self, row: usize) {
        // A side no more than the format's largest: then the compiler sees
        // that the four lanes are in the bytes taken for them, and checks
        // those once.
        let (side, cells) = (self.side.min(MAX_SIDE), &self.cells);
        let has_below = row + 1 < side;
        let (mut across, mut down, mut down_right, mut down_left) = (0, 0, 0, 0);
        // Not a range's `step_by`, whose count of steps divides.
        let mut col = 0;
        while col < side {
            let lanes = &cells[row * side + col..][..side + 1 + LANE];
            let (here, right) = (lane_at(lanes, 0), lane_at(lanes, 1));
            across |= alike_bytes(here, right) << col;
            if has_below {
                let (under, under_right) = (lane_at(lanes, side), lane_at(lanes, side + 1));
                down |= alike_bytes(here, under) << col;
                down_right |= alike_bytes(here, under_right) << col;
                down_left |= alike_bytes(right, under) << col;
            }
            col += LANE;
        }
        // Bits past a row's pairs compare other tiles, or the 0s after them.
        let (all, but_last) = (bit_set::first(side), bit_set::first(side - 1));
        self.pairs[row + 1] = Pairs {
            across: across & but_last,
            down: down & all,
            down_right: down_right & but_last,
            down_left: down_left & but_last,
        };
    }

    /// The windows with top-left tile in `row` whose tiles are three of one
    /// colour and one of another, as bits by column. Of a window's four
    /// edges (top, bottom, left, right), three of a colour make two alike
    /// that meet at a corner; four of a colour make all four, two pairs two
    /// that face each other, and fewer make one or none. So the odd windows
    /// are those where exactly one of top and bottom is alike, and exactly
    /// one of left and right.
    fn odd_windows(&self, row: usize) -> u64 {
        let (this, below) = (&self.pairs[row + 1], &self.pairs[row + 2]);
        (this.across ^ below.across) & (this.down ^ this.down >> 1)
    }

    /// The odd windows (`odd_windows`) of `row` whose odd tile has a
    /// neighbour outside the window of the other three's colour. The corner
    /// where the two alike edges meet is opposite the odd tile, and each
    /// neighbour is compared with the tile of the window's colour diagonal
    /// to it: one of the pairs described.
    fn work_out_making(&self, row: usize) -> u64 {
        // The rows of pairs above the window's (none above the top), its
        // own and below.
        let [above, this, below] = [row, row + 1, row + 2].map(|at| self.pairs[at]);
        let (top, bottom) = (this.across, below.across);
        let (left, right) = (this.down, this.down >> 1);
        let (down_right, down_left) = (this.down_right, this.down_left);
        // Odd bottom-right: the tile below it, or right of it.
        let bottom_right = top & left & (below.down_right | down_right >> 1);
        // Odd bottom-left: below it, or left of it.
        let bottom_left = top & right & (below.down_left | down_left << 1);
        // Odd top-right: above it, or right of it.
        let top_right = bottom & left & (above.down_left | down_left >> 1);
        // Odd top-left: above it, or left of it.
        let top_left = bottom & right & (above.down_right | down_right << 1);
        self.odd_windows(row) & (bottom_right | bottom_left | top_right | top_left)
    }
}

/// The lane of `cells` from `index` on.
#[inline]
fn lane_at(cells: &[u8], index: usize) -> &[u8; LANE] {
    cells[index..index + LANE].try_into().expect("a lane of tiles")
}

/// Bit `i` set when byte `i` of `a` and of `b` are equal: one vector
/// comparison, and one gathering of its bytes' top bits.
#[cfg(target_arch = "x86_64")]
#[inline]
fn alike_bytes(a: &[u8; LANE], b: &[u8; LANE]) -> u64 {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8};
    // SAFETY: every x86_64 has SSE2, and each load reads the sixteen bytes
    // of an array, which an unaligned load may start anywhere.
    let alike = unsafe {
        let (a, b) = (_mm_loadu_si128(a.as_ptr().cast::<__m128i>()), _mm_loadu_si128(b.as_ptr().cast::<__m128i>()));
        _mm_movemask_epi8(_mm_cmpeq_epi8(a, b))
    };
    u64::from(alike as u16)
}

/// Bit `i` set when byte `i` of `a` and of `b` are equal.
#[cfg(not(target_arch = "x86_64"))]
fn alike_bytes(a: &[u8; LANE], b: &[u8; LANE]) -> u64 {
    (0..LANE).fold(0, |bits, i| bits | u64::from(a[i] == b[i]) << i)
}

#[cfg(test)]
mod tests {
    use m3_model::square::{Board, Move};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::rules::{move_tiles, one_colour, swap};
    use super::*;

    /// Describes `board`, told the rows where it differs from the board
    /// described last, as the player that made the moves would be.
    fn describe(described: &mut Alike, board: &Board) {
        let side = board.rows();
        let same_side = described.side == side;
        let changed = (0..side)
            .filter(|&row| !same_side || described.cells[row * side..][..side] != *board.row(row))
            .fold(0, |rows, row| rows | 1 << row);
        described.describe_rows(side, board.cells(), changed);
    }

    #[test]
    fn alike_bytes_are_told_whatever_the_bytes_around_them() {
        for byte in 0..=u8::MAX {
            for (at, around) in [(0, 0xff), (3, 0x80), (15, 0x01), (9, 0x7f), (5, 0x00)] {
                let mut bytes = [around; LANE];
                bytes[at] = byte;
                let others = [0x00, 0x7f, 0x80, 0xff, byte].map(|other| [other; LANE]);
                for other in others {
                    let expected: u64 = (0..LANE).map(|i| u64::from(bytes[i] == other[i]) << i).sum();
                    assert_eq!(alike_bytes(&bytes, &other), expected, "{bytes:?} and {other:?}");
                }
            }
        }
    }

    /// SR2 by the rules' own pieces: whether window (`row`, `col`) is not
    /// one colour and a valid move (SR4) of one of its tiles makes it one.
    /// Each move is made on `board` and undone.
    fn makes_a_square(board: &mut Board, row: usize, col: usize) -> bool {
        let side = board.rows();
        let window = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(dr, dc)| (row + dr, col + dc));
        let moves = window.into_iter().flat_map(|(r, c)| (0..4).map(move |dir| Move::new(r as i32, c as i32, dir)));
        !one_colour(board, (row, col))
            && moves.filter_map(|m| move_tiles(side, m).ok()).any(|tiles| {
                swap(board, tiles);
                let made = one_colour(board, (row, col));
                swap(board, tiles);
                made
            })
    }

    /// Whether window (`row`, `col`) holds three tiles of one colour and
    /// one of another: three alike pairs of its six.
    fn odd(board: &Board, row: usize, col: usize) -> bool {
        let t = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(dr, dc)| board.get(row + dr, col + dc));
        let pairs = [t[0] == t[1], t[0] == t[2], t[0] == t[3], t[1] == t[2], t[1] == t[3], t[2] == t[3]];
        pairs.iter().filter(|&&alike| alike).count() == 3
    }

    /// Whether tiles `a` and `b` are on the board and of one colour.
    fn alike(board: &Board, a: (usize, usize), b: (usize, usize)) -> bool {
        let on = |(r, c): (usize, usize)| board.contains(r, c);
        on(a) && on(b) && board.get(a.0, a.1) == board.get(b.0, b.1)
    }

    /// Boards as a game goes: now and then a new one, of a side up to the
    /// format's largest and colours up to any byte (an engine under test may
    /// hand out any), else the last with a few tiles changed, or none.
    fn boards(seed: u64, count: usize) -> impl Iterator<Item = Board> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut board, mut colours) = (Board::filled(2, 2, 0), 2);
        (0..count).map(move |_| {
            if rng.random_ratio(1, 20) {
                let side =
                    if rng.random_ratio(1, 4) { rng.random_range(60..=MAX_SIDE) } else { rng.random_range(2..=17) };
                colours = [2, 3, 6, u8::MAX][rng.random_range(0..4)];
                let cells = (0..side * side).map(|_| rng.random_range(0..colours)).collect();
                board = Board::from_cells(side, side, cells);
            } else {
                let side = board.rows();
                for _ in 0..rng.random_range(0..=5) {
                    board.set(rng.random_range(0..side), rng.random_range(0..side), rng.random_range(0..colours));
                }
            }
            board.clone()
        })
    }

    #[test]
    fn the_pairs_worked_out_a_lane_at_a_time_are_those_of_the_tiles_after_every_change() {
        let mut described = Alike::default();
        for board in boards(3, 3000) {
            describe(&mut described, &board);
            for (row, col) in (0..board.rows()).flat_map(|row| (0..64).map(move |col| (row, col))) {
                let Pairs { across, down, down_right, down_left } = described.pairs[row + 1];
                let bits = [across, down, down_right, down_left].map(|pairs| pairs >> col & 1 == 1);
                let expected = [
                    alike(&board, (row, col), (row, col + 1)),
                    alike(&board, (row, col), (row + 1, col)),
                    alike(&board, (row, col), (row + 1, col + 1)),
                    alike(&board, (row, col + 1), (row + 1, col)),
                ];
                assert_eq!(bits, expected, "across, down, down right, down left at ({row},{col}) on\n{board:?}");
            }
        }
    }

    #[test]
    fn the_windows_worked_out_from_the_pairs_are_those_of_the_tiles_after_every_change() {
        let mut described = Alike::default();
        let mut making = 0;
        for mut board in boards(11, 3000) {
            describe(&mut described, &board);
            for row in 0..board.rows() - 1 {
                let odd_windows = described.odd_windows(row);
                let making_windows = described.making[row];
                assert_eq!(described.rows_making >> row & 1 == 1, making_windows != 0, "row {row} on\n{board:?}");
                for col in 0..64 {
                    let on_board = col < board.rows() - 1;
                    let odd = on_board && odd(&board, row, col);
                    assert_eq!(odd_windows >> col & 1 == 1, odd, "odd ({row},{col}) on\n{board:?}");
                    let expected = on_board && makes_a_square(&mut board, row, col);
                    assert_eq!(making_windows >> col & 1 == 1, expected, "making ({row},{col}) on\n{board:?}");
                    making += usize::from(expected);
                }
            }
        }
        assert!(making > 10_000, "{making} square-making windows: too few to see");
    }

    #[test]
    fn the_first_square_making_window_is_the_first_in_the_order_of_the_search() {
        let mut described = Alike::default();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut found, mut none) = (0, 0);
        for mut board in boards(7, 3000) {
            describe(&mut described, &board);
            let windows = board.rows() - 1;
            let from = (rng.random_range(0..windows), rng.random_range(0..windows));
            // Row by row from `from`'s and around, each from its column and around.
            let order = (from.0..windows)
                .chain(0..from.0)
                .flat_map(|row| (from.1..windows).chain(0..from.1).map(move |col| (row, col)));
            let expected = order.into_iter().find(|&(row, col)| makes_a_square(&mut board, row, col));
            assert_eq!(described.first_square_making(from), expected, "from {from:?} on\n{board:?}");
            found += usize::from(expected.is_some());
            none += usize::from(expected.is_none());
        }
        assert!(found > 500 && none > 100, "{found} boards with a square-making window, {none} without");
    }
}
