//! The promise of a few neighbouring windows at once, and which are one
//! colour: the players' game works out the windows a swap or a refill
//! changes, up to three rows of three (SR2's 2x2 windows), millions of
//! times a strong game. Their tiles, four rows of four, fill the sixteen
//! bytes of a vector register, and each window's equal pairs are counted
//! in every byte at once, with no branch on the colours, where a window at
//! a time costs several times as many instructions.

use m3_model::square::MAX_SIDE;

/// Tiles read a row: three windows' and the one right of them. Byte `4 * r
/// + c` of a grid is row `r`, column `c` from the grid's first.
const ROW_BYTES: usize = 4;
/// A byte of 1 in every byte of a grid.
const ONES: u128 = u128::MAX / 0xff;

/// The windows with top-left tile in rows `top..top + rows` and columns
/// `left..left + count` (`rows` and `count` 1 to 3) of a board of `side`:
/// the windows a swap or a refill changes.
#[derive(Debug, Clone, Copy)]
pub struct Windows {
    pub side: usize,
    pub top: usize,
    pub rows: usize,
    pub left: usize,
    pub count: usize,
}

impl Windows {
    /// Each window's promise in its byte of the grid (2 for two pairs, 8
    /// for three alike), 0 in the bytes of no window; and
    /// whether one of the windows is one colour. Of the board `cells`,
    /// followed by its `padding`.
    #[inline]
    pub fn promise(&self, cells: &[u8]) -> (u128, bool) {
        // The rows of tiles past the windows' bottom ones are read too: they
        // are masked out.
        let (promise, one_colour) = promise_and_squares(self.grid(cells));
        let mask = self.mask();
        (promise & mask, one_colour & mask != 0)
    }

    /// Bytes of 0xff where a window is one colour, 0 elsewhere. Of the
    /// board `cells`, followed by its `padding`.
    #[inline]
    pub fn one_colour(&self, cells: &[u8]) -> u128 {
        promise_and_squares(self.grid(cells)).1 & self.mask()
    }

    /// The promise kept of the windows, `by_window` a board's by window
    /// (top-left tile) followed by its `padding`, laid out as `promise`
    /// lays it out.
    #[inline]
    pub fn kept(&self, by_window: &[u8]) -> u128 {
        self.grid(by_window) & self.mask()
    }

    /// The bytes of `bytes`, a board's (its tiles, or its windows'
    /// promise) followed by its `padding`, laid out as the grid's: four
    /// rows from `top` on, four bytes each from `left` on.
    #[inline(always)]
    fn grid(&self, bytes: &[u8]) -> u128 {
        // A side no more than the format's largest, and the grid's bytes
        // taken at once (the padding holds every grid): then the compiler
        // sees that the four rows are in them, and checks the end once.
        let side = self.side.min(MAX_SIDE);
        let at = self.top * side + self.left;
        let grid = &bytes[at..][..3 * side + ROW_BYTES];
        let row = |row: usize| u64::from(four(&grid[row * side..]));
        let (low, high) = (row(0) | row(1) << 32, row(2) | row(3) << 32);
        u128::from(high) << 64 | u128::from(low)
    }

    /// The window of byte `byte` of the grid.
    #[inline]
    pub fn at(&self, byte: usize) -> usize {
        (self.top + byte / ROW_BYTES) * self.side + self.left + byte % ROW_BYTES
    }

    /// Bytes of 0xff where the grid holds a window.
    #[inline]
    fn mask(&self) -> u128 {
        MASKS[self.rows % 4][self.count % 4]
    }
}

/// By rows and count of windows: bytes of 0xff where the grid holds one.
const MASKS: [[u128; 4]; 4] = {
    let mut masks = [[0; 4]; 4];
    let mut rows = 0;
    while rows < 4 {
        let mut count = 0;
        while count < 4 {
            let row = (1u128 << (8 * count)) - 1;
            let mut r = 0;
            while r < rows {
                masks[rows][count] |= row << (32 * r);
                r += 1;
            }
            count += 1;
        }
        rows += 1;
    }
    masks
};

/// The bytes a board's tiles, or its windows' promise, is followed by, 0s,
/// so that a grid read from any window, four rows of four bytes, stays
/// within: from the last window, two rows and two bytes past the board.
pub fn padding(side: usize) -> usize {
    2 * side + 2
}

/// The first four bytes of `bytes`.
#[inline]
fn four(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(*bytes.first_chunk().expect("four bytes of a grid"))
}

/// The sum of a grid's bytes, each at most 15.
#[inline]
pub fn byte_sum(grid: u128) -> i32 {
    let halves = [grid as u64, (grid >> 64) as u64];
    halves.iter().map(|&half| (half.wrapping_mul(ONES as u64) >> 56) as i32).sum()
}

/// Bit `i` set where byte `i` of `grid` is not 0: a byte's top bit is set
/// when its low seven bits are not all 0 (the sum carries into it, and no
/// further) or it was set; a multiplication then gathers each half's eight
/// top bits, the bit of byte `j` landing in bit `56 + j` with no carry.
#[inline]
pub fn nonzero_bytes(grid: u128) -> u16 {
    let low_seven = ONES * 0x7f;
    let top = (((grid & low_seven) + low_seven) | grid) >> 7 & ONES;
    let gather = |half: u64| (half.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
    gather(top as u64) | gather((top >> 64) as u64) << 8
}

/// The promise of each window of a grid of tiles, in its byte, and bytes
/// of 0xff where a window is one colour; the bytes of the last row and
/// the last column hold no window, and whatever is left in them.
#[cfg(target_arch = "x86_64")]
#[inline]
fn promise_and_squares(tiles: u128) -> (u128, u128) {
    // SAFETY: every x86_64 has SSE2, which is all the function uses.
    unsafe { promise_and_squares_sse2(tiles) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn promise_and_squares_sse2(tiles: u128) -> (u128, u128) {
    use std::arch::x86_64::{__m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64};
    use std::arch::x86_64::{_mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_srli_si128};
    let of = |grid: u128| _mm_set_epi64x((grid >> 64) as i64, grid as i64);
    let back = |grid: __m128i| {
        let (low, high) = (_mm_cvtsi128_si64(grid) as u64, _mm_cvtsi128_si64(_mm_srli_si128::<8>(grid)) as u64);
        u128::from(high) << 64 | u128::from(low)
    };
    // A window's tiles: top-left `a`, top-right `b`, bottom-left `c`,
    // bottom-right `d`, each grid the window's own byte of them.
    let a = of(tiles);
    let (b, c, d) = (_mm_srli_si128::<1>(a), _mm_srli_si128::<4>(a), _mm_srli_si128::<5>(a));
    // Equal pairs are -1: each row's across pairs, once for the top of its
    // windows and a row on for the bottom of those above; likewise down.
    let (across, down) = (_mm_cmpeq_epi8(a, b), _mm_cmpeq_epi8(a, c));
    let (cd, bd) = (_mm_srli_si128::<4>(across), _mm_srli_si128::<1>(down));
    let diagonal = _mm_add_epi8(_mm_cmpeq_epi8(a, d), _mm_cmpeq_epi8(b, c));
    let less_pairs = _mm_add_epi8(_mm_add_epi8(across, cd), _mm_add_epi8(_mm_add_epi8(down, bd), diagonal));
    let pairs_are = |pairs: i8| _mm_cmpeq_epi8(less_pairs, _mm_set1_epi8(-pairs));
    let two_pairs = _mm_and_si128(pairs_are(TWO_PAIRS), _mm_set1_epi8(PROMISE_OF_TWO_PAIRS));
    let three = _mm_and_si128(pairs_are(THREE_ALIKE), _mm_set1_epi8(PROMISE_OF_THREE));
    (back(_mm_or_si128(two_pairs, three)), back(pairs_are(FOUR_ALIKE)))
}

/// The same on any other machine, eight bytes at a time.
#[cfg(not(target_arch = "x86_64"))]
fn promise_and_squares(tiles: u128) -> (u128, u128) {
    // A byte of 1 where the bytes of `x` and `y` are equal: its top bit is
    // set when its low seven bits are not all 0 (the sum carries into it,
    // and no further) or it was set.
    let equal = |x: u128, y: u128| {
        let (apart, low_seven) = (x ^ y, ONES * 0x7f);
        !(((apart & low_seven) + low_seven) | apart) >> 7 & ONES
    };
    let (a, b, c, d) = (tiles, tiles >> 8, tiles >> 32, tiles >> 40);
    let (across, down) = (equal(a, b), equal(a, c));
    let pairs = across + (across >> 32) + down + (down >> 8) + equal(a, d) + equal(b, c);
    let pairs_are = |count: i8| equal(pairs, ONES * count as u128);
    let promise =
        pairs_are(TWO_PAIRS) * PROMISE_OF_TWO_PAIRS as u128 + pairs_are(THREE_ALIKE) * PROMISE_OF_THREE as u128;
    (promise, pairs_are(FOUR_ALIKE) * 0xff)
}

/// The equal pairs among a window's four tiles that make its promise: two
/// pairs, three alike; and a window of one colour (all six pairs), a
/// square the adjust removes at once.
const TWO_PAIRS: i8 = 2;
const THREE_ALIKE: i8 = 3;
const FOUR_ALIKE: i8 = 6;
/// A window's promise: how near it is to a square. Three alike is one swap
/// from one; two pairs, two swaps, and worth less.
const PROMISE_OF_TWO_PAIRS: i8 = 2;
const PROMISE_OF_THREE: i8 = 8;

/// A window's promise, the window's own way, pair by pair, and whether
/// it is one colour: what the grid's bytes are tested against.
#[cfg(test)]
pub fn promise_by_pairs(cells: &[u8], side: usize, window: usize) -> (i32, bool) {
    let t = [cells[window], cells[window + 1], cells[window + side], cells[window + side + 1]];
    let pairs = (0..4).flat_map(|i| (i + 1..4).map(move |j| (i, j))).filter(|&(i, j)| t[i] == t[j]).count();
    let promise = match pairs as i8 {
        TWO_PAIRS => PROMISE_OF_TWO_PAIRS,
        THREE_ALIKE => PROMISE_OF_THREE,
        _ => 0,
    };
    (i32::from(promise), pairs as i8 == FOUR_ALIKE)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn the_grids_promise_is_each_windows_as_its_tiles_pair_by_pair_say() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut squares, mut promising) = (0, 0);
        for _ in 0..20_000 {
            let side = rng.random_range(2..=9);
            // Colours up to any byte: a game built in code may hold them.
            let colours = [2, 3, 4, 255][rng.random_range(0..4)];
            let mut cells: Vec<u8> = (0..side * side).map(|_| rng.random_range(0..=colours)).collect();
            cells.resize(side * side + padding(side), 0);
            let top = rng.random_range(0..side - 1);
            let rows = rng.random_range(1..=3.min(side - 1 - top));
            let left = rng.random_range(0..side - 1);
            let count = rng.random_range(1..=3.min(side - 1 - left));
            let windows = Windows { side, top, rows, left, count };
            let (promise, one_colour) = windows.promise(&cells);
            let mut seen = Vec::new();
            let mut square = false;
            for byte in 0..16 {
                let held = byte / ROW_BYTES < rows && byte % ROW_BYTES < count;
                let promise = (promise >> (8 * byte) & 0xff) as i32;
                if !held {
                    assert_eq!(promise, 0, "byte {byte} of {windows:?}");
                    continue;
                }
                let window = windows.at(byte);
                let (expected, alike) = promise_by_pairs(&cells, side, window);
                assert_eq!(promise, expected, "window {window} of {cells:?}, side {side}");
                square |= alike;
                squares += usize::from(alike);
                promising += usize::from(expected > 0);
                seen.push(window);
            }
            assert_eq!(one_colour, square, "{windows:?} of {cells:?}");
            let all: Vec<usize> =
                (top..top + rows).flat_map(|row| (left..left + count).map(move |col| row * side + col)).collect();
            assert_eq!(seen, all, "the windows of {windows:?}");
        }
        assert!(squares > 500 && promising > 10_000, "{squares} squares, {promising} promising windows: too few");
    }

    #[test]
    fn a_grids_nonzero_bytes_are_told_whatever_the_bytes_around_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..1000 {
            // Bytes of 0 often, and of any value, the top bit's among them.
            let bytes: [u8; 16] = std::array::from_fn(|_| if rng.random_ratio(1, 2) { 0 } else { rng.random() });
            let expected = (0..16).filter(|&i| bytes[i] != 0).fold(0, |bits, i| bits | 1 << i);
            assert_eq!(nonzero_bytes(u128::from_le_bytes(bytes)), expected, "{bytes:?}");
        }
    }

    #[test]
    fn a_grids_bytes_sum_whatever_they_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(10);
        for _ in 0..1000 {
            let bytes: [u8; 16] = std::array::from_fn(|_| rng.random_range(0..=15));
            let sum: i32 = bytes.iter().map(|&byte| i32::from(byte)).sum();
            assert_eq!(byte_sum(u128::from_le_bytes(bytes)), sum, "{bytes:?}");
        }
    }
}
