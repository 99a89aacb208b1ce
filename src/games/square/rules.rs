//! SR1, SR2 and SR4 as the harness needs them to check records and steer
//! the generator: the buffer, one-colour squares, where a move leads. The
//! implementations carry the rules out their own way.

use m3_model::square::{Board, Invalid, Move, Square, DOWN, LEFT, MODULUS, MULTIPLIER, RIGHT, UP};

/// SR1: the buffer's number A[i] and the tile index i it stands behind.
#[derive(Debug, Clone)]
pub struct Buffer {
    colours: u64,
    /// 2^64 / colours, rounded up: `a % colours` by two multiplications
    /// (Lemire's fastmod) for every A[i] past the seed, all below 2^31,
    /// where a division took an eighth of a greedy game's adjusts.
    reciprocal: u64,
    a: u64,
    pub taken: u64,
}

impl Buffer {
    pub fn new(seed: u64, colours: u8) -> Buffer {
        let colours = u64::from(colours);
        let reciprocal = u64::MAX.checked_div(colours).map_or(0, |quotient| quotient.wrapping_add(1));
        Buffer { colours, reciprocal, a: seed, taken: 0 }
    }

    /// The next tile's colour.
    pub fn take(&mut self) -> u8 {
        let colour = if self.a <= u64::from(u32::MAX) && self.colours != 0 {
            ((u128::from(self.reciprocal.wrapping_mul(self.a)) * u128::from(self.colours)) >> 64) as u8
        } else {
            (self.a % self.colours) as u8
        };
        self.a = self.a % MODULUS * MULTIPLIER % MODULUS;
        self.taken += 1;
        colour
    }
}

/// SR2: whether the 2x2 window with top-left tile `tile` is one colour.
#[inline]
pub fn one_colour(board: &Board, (row, col): Tile) -> bool {
    let side = board.cols();
    let top_left = row * side + col;
    let window = &board.cells()[top_left..=top_left + side + 1];
    let tiles = u32::from_le_bytes([window[0], window[1], window[side], window[side + 1]]);
    // The four tiles as one number, against four of the first: a branch on
    // one comparison, seldom guessed wrong, where a branch on each pair
    // (often equal on random tiles) would be.
    tiles == u32::from(window[0]) * 0x0101_0101
}

/// The four tiles of a square in SR2's refill order: top-left, top-right,
/// bottom-left, bottom-right.
pub fn tiles(square: Square) -> [Tile; 4] {
    let (r, c) = (square.row, square.col);
    [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
}

/// A tile as (row, column), 0-based.
pub type Tile = (usize, usize);

/// SR4: the tile and neighbour a move swaps, or the first reason, in the
/// order of `Invalid`, that it is invalid.
pub fn move_tiles(side: usize, m: Move) -> Result<(Tile, Tile), Invalid> {
    let inside = |i: i64| usize::try_from(i).ok().filter(|&i| i < side);
    let (row, col) = (i64::from(m.row), i64::from(m.col));
    let (Some(r), Some(c)) = (inside(row), inside(col)) else { return Err(Invalid::TileOffBoard) };
    let (dr, dc) = match m.dir {
        UP => (-1, 0),
        RIGHT => (0, 1),
        DOWN => (1, 0),
        LEFT => (0, -1),
        _ => return Err(Invalid::UnknownDirection),
    };
    match (inside(row + dr), inside(col + dc)) {
        (Some(nr), Some(nc)) => Ok(((r, c), (nr, nc))),
        _ => Err(Invalid::NeighbourOffBoard),
    }
}

/// The board with two tiles swapped.
pub fn swapped(board: &Board, tiles: (Tile, Tile)) -> Board {
    let mut after = board.clone();
    swap(&mut after, tiles);
    after
}

/// Swaps two tiles of the board.
#[inline]
pub fn swap(board: &mut Board, (a, b): (Tile, Tile)) {
    let tile = board.get(a.0, a.1);
    board.set(a.0, a.1, board.get(b.0, b.1));
    board.set(b.0, b.1, tile);
}

#[cfg(test)]
pub mod fixtures {
    use m3_model::square::{Board, Square, MIN_SIDE};
    use rand::Rng;
    use rand_chacha::ChaCha8Rng;

    use super::one_colour;

    /// SR2's choice by the rule book: the topmost, then leftmost, of all
    /// the board's one-colour squares.
    pub fn first_square_of_all(board: &Board) -> Option<Square> {
        let windows = board.rows() - 1;
        let mut all = (0..windows).flat_map(|row| (0..windows).map(move |col| (row, col)));
        all.find(|&window| one_colour(board, window)).map(|(row, col)| Square::new(row, col))
    }

    /// A small board of random tiles of `colours` colours as it may stand
    /// between moves, or `None` when the draw holds a square (SR3 leaves
    /// none).
    pub fn board_between_moves(rng: &mut ChaCha8Rng, colours: u8) -> Option<Board> {
        let side = rng.random_range(MIN_SIDE..=7);
        let board = Board::from_cells(side, side, (0..side * side).map(|_| rng.random_range(0..colours)).collect());
        first_square_of_all(&board).is_none().then_some(board)
    }
}

#[cfg(test)]
mod tests {
    use m3_model::square::Board;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{one_colour, Buffer};
    use m3_model::square::{MODULUS, MULTIPLIER};

    #[test]
    fn sr2_a_window_is_one_colour_when_its_four_tiles_are() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut squares = 0;
        for _ in 0..2000 {
            let side = rng.random_range(2..=9);
            // Any byte is a colour here: an engine under test may hand out any.
            let colours: Vec<u8> = (0..rng.random_range(1..=3)).map(|_| rng.random()).collect();
            let cells = (0..side * side).map(|_| colours[rng.random_range(0..colours.len())]).collect();
            let board = Board::from_cells(side, side, cells);
            for (row, col) in (0..side - 1).flat_map(|row| (0..side - 1).map(move |col| (row, col))) {
                let tile = |(r, c): (usize, usize)| board.get(row + r, col + c);
                let first = tile((0, 0));
                let four = [(0, 1), (1, 0), (1, 1)].into_iter().all(|other| tile(other) == first);
                assert_eq!(one_colour(&board, (row, col)), four, "({row},{col}) on\n{board:?}");
                squares += usize::from(four);
            }
        }
        assert!(squares > 1000, "{squares} one-colour windows: too few to see");
    }

    /// SR1 as the statement writes it, `A[i] % colors` by division, against
    /// the buffer's multiplications, for every colour count a byte holds
    /// and seeds at the edges of each width the buffer reads them in.
    #[test]
    fn sr1_the_buffers_colours_are_the_remainders_of_its_numbers() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let edges = [0, 1, MODULUS - 1, MODULUS, u64::from(u32::MAX), u64::from(u32::MAX) + 1, u64::MAX];
        for colours in 1..=u8::MAX {
            for seed in edges.into_iter().chain((0..20).map(|_| rng.random_range(0..1 << 33))) {
                let mut buffer = Buffer::new(seed, colours);
                let mut a = seed;
                for _ in 0..30 {
                    assert_eq!(buffer.take(), (a % u64::from(colours)) as u8, "A = {a}, {colours} colours");
                    a = a % MODULUS * MULTIPLIER % MODULUS;
                }
            }
        }
    }
}
