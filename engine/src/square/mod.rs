//! SquareRemover (TopCoder TCO'14 Marathon Round 1), rules SR1-SR4 of
//! docs/RULES.md.
//!
//! `Engine` keeps the board as one flat `u8` plane with a frame (`tiles`),
//! and the squares that may be one colour as a bit set (`pending`) kept up
//! to date from the tiles that change: a swap can only make a square
//! holding one of its two tiles (six candidates), and a refill only a square
//! overlapping the refilled one (nine). Every one-colour square on the board
//! is in the set; the adjust of SR2 takes its smallest member, drops it if
//! it is no longer one colour, and otherwise removes and refills it. As
//! the set is ordered by plane index, that member is the topmost, then
//! leftmost, one-colour square on the whole board, also when a refill makes
//! one above or to the left of the last. The buffer (SR1) folds its modulus
//! instead of dividing. The quiet path (`solve`) records nothing and
//! allocates nothing after the start.

mod buffer;
mod pending;
mod tiles;

#[cfg(test)]
mod tests;

use m3_model::square::{Instance, Invalid, Move, Outcome, SquareRemover, Status, Turn, TurnRecord};
use m3_model::Stepper;

use buffer::Buffer;
use pending::Pending;
use tiles::Tiles;

/// A game in progress.
///
/// Outside the parser's bounds a game may loop forever: when the buffer
/// hands out one colour only (colours below 2, or a seed that is a multiple
/// of 2^31 - 1, seed 0 included), a square refilled from it is a square
/// again and the adjust never ends. See `Buffer::new`.
pub struct Engine {
    tiles: Tiles,
    /// Every one-colour square, and maybe some that no longer are.
    pending: Pending,
    buffer: Buffer,
    /// Squares removed so far (SR2).
    score: u64,
    /// Move turns so far, up to the first invalid one.
    moves: usize,
    first_invalid: Option<usize>,
}

impl Engine {
    fn new(instance: &Instance) -> Engine {
        let tiles = Tiles::from_board(&instance.board);
        let mut pending = Pending::new(tiles.cells.len());
        // Reading: the board is taken as given, squares and all (the
        // contest's random boards may hold some); they wait for the first
        // adjust, be it the opening's or, if a move comes first, the move's.
        for corner in tiles.square_corners() {
            if tiles.is_square(corner) {
                pending.insert(corner);
            }
        }
        Engine {
            tiles,
            pending,
            buffer: Buffer::new(instance.seed, instance.colours),
            score: 0,
            moves: 0,
            first_invalid: None,
        }
    }

    /// SR4 then SR3: the move's swap and the adjust after it; `removed`
    /// hears of every square taken. An invalid move changes nothing and ends
    /// the game.
    #[inline]
    fn play(&mut self, m: Move, removed: &mut impl FnMut(usize)) -> Result<(), Invalid> {
        let index = self.moves;
        self.moves += 1;
        let (tile, neighbour) = self.tiles.locate(m).inspect_err(|_| self.first_invalid = Some(index))?;
        // Swapping two equal colours changes nothing, and the squares found
        // then are one colour already, so in `pending` already: no branch.
        self.tiles.cells.swap(tile, neighbour);
        // The instruction gate's dry run (benches/README.md): a deliberate
        // extra pass over the board on every move, which the gate must catch.
        #[cfg(m3diff_slowdown)]
        std::hint::black_box(self.tiles.cells.iter().map(|&c| u32::from(c)).sum::<u32>());
        self.after_swap(tile, neighbour);
        self.adjust(removed);
        Ok(())
    }

    /// Puts into `pending` every one-colour square holding tile `a` or its
    /// neighbour `b`: the four holding the upper (or left) one, `low`, and
    /// the two others holding `high`. Those two are the square at `high` and
    /// the one at `high - 1` for a vertical pair (`high - low` = stride) or
    /// at `high - stride` for a horizontal one (`high - low` = 1); both are
    /// `high + (high - low) - stride - 1`, which spares a branch.
    #[inline]
    fn after_swap(&mut self, a: usize, b: usize) {
        let s = self.tiles.stride;
        let (low, high) = (a.min(b), a.max(b));
        self.insert_squares([low - s - 1, low - s, low - 1, low, high + (high - low) - s - 1, high]);
    }

    /// Puts into `pending` the one-colour squares among `corners`.
    #[inline]
    fn insert_squares<const N: usize>(&mut self, corners: [usize; N]) {
        let mut found = self.tiles.squares_among(corners);
        while found != 0 {
            self.pending.insert(corners[found.trailing_zeros() as usize]);
            found &= found - 1;
        }
    }

    /// SR2: while a one-colour square remains, take the topmost, then
    /// leftmost, and refill it from the buffer.
    #[inline]
    fn adjust(&mut self, removed: &mut impl FnMut(usize)) {
        let s = self.tiles.stride;
        while let Some(corner) = self.pending.first() {
            self.pending.remove(corner);
            if !self.tiles.is_square(corner) {
                continue;
            }
            self.score += 1;
            removed(corner);
            // Top-left, top-right, bottom-left, bottom-right.
            for tile in [corner, corner + 1, corner + s, corner + s + 1] {
                self.tiles.cells[tile] = self.buffer.take();
            }
            // A one-colour square lies on the board, so `corner` is a tile
            // with the frame on every side: its neighbours' squares exist.
            self.insert_squares([
                corner - s - 1,
                corner - s,
                corner - s + 1,
                corner - 1,
                corner,
                corner + 1,
                corner + s - 1,
                corner + s,
                corner + s + 1,
            ]);
        }
    }

    fn outcome(&self) -> Outcome {
        Outcome { score: self.score, first_invalid: self.first_invalid }
    }

    fn record(&self, turn: Turn, status: Status, squares: Vec<m3_model::square::Square>) -> TurnRecord {
        TurnRecord { turn, status, squares, buffer: self.buffer.taken(), board: self.tiles.to_board() }
    }
}

impl Stepper<SquareRemover> for Engine {
    /// The board as given, nothing taken from the buffer, no adjust yet.
    fn start(instance: &Instance) -> Engine {
        Engine::new(instance)
    }

    /// `Opening` adjusts (SR3); a move is checked, swapped and adjusted
    /// (SR4). After an invalid move every turn is skipped.
    fn step(&mut self, turn: &Turn) -> TurnRecord {
        if self.first_invalid.is_some() {
            return self.record(*turn, Status::Skipped, Vec::new());
        }
        let mut corners = Vec::new();
        let status = match turn {
            Turn::Opening => {
                self.adjust(&mut |corner| corners.push(corner));
                Status::Played
            }
            Turn::Move(m) => match self.play(*m, &mut |corner| corners.push(corner)) {
                Ok(()) => Status::Played,
                Err(reason) => Status::Invalid(reason),
            },
        };
        let squares = corners.into_iter().map(|corner| self.tiles.square(corner)).collect();
        self.record(*turn, status, squares)
    }

    fn finish(self) -> Outcome {
        self.outcome()
    }
}

/// The result of `instance` (`Outcome::result`: the score, or -1 when a move
/// is invalid) on the quiet path: the opening adjust, then every move up to
/// the first invalid one, recording nothing.
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Engine::new(instance);
    let mut quiet = |_| {};
    game.adjust(&mut quiet);
    for &m in &instance.moves {
        if game.play(m, &mut quiet).is_err() {
            break;
        }
    }
    game.outcome().result()
}
