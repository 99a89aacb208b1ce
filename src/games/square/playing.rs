//! The generator's players' own game, SR1 to SR3 on flat tiles: the
//! promise of each window is kept as its tiles change, when asked (what the
//! strong player ranks boards by), and every change is logged, so that a
//! move is tried and taken back in place, with no copy of the board, and a
//! player knows which rows a move changed.

use m3_model::square::Instance;

use super::rules::Buffer;
use super::windows::{byte_sum, nonzero_bytes, padding, Windows};
use crate::kit::bit_set;

/// What a removed square is worth against the promise of a window: more
/// than any board's promise can change by in one move.
pub const SQUARE: i32 = 1 << 16;

/// Whether a game keeps the promise of its windows: only the strong player
/// ranks boards by it, and keeping it costs a greedy player's game, which
/// never reads it, a third of its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Promise {
    Kept,
    Unkept,
}

/// A game as the player sees it.
#[derive(Debug, Clone)]
pub struct Game {
    pub side: usize,
    /// The tiles, row by row, and `windows::padding` bytes after them.
    cells: Vec<u8>,
    kept: Promise,
    /// By window (its top-left tile): its promise, and `windows::padding`
    /// bytes after; empty when unkept.
    window_promise: Vec<u8>,
    /// The board's promise: its windows' summed; 0 when unkept.
    pub promise: i32,
    /// SR1's colours in the order the refills take them, drawn as far as
    /// a game has reached: a try taken back takes them again.
    buffer: Buffer,
    colours: Vec<u8>,
    /// The buffer's tiles taken so far.
    taken: usize,
    /// Squares removed so far.
    pub score: u64,
    /// Each tile set since the last `commit`, with its colour before.
    log: Vec<(usize, u8)>,
    /// Each window whose promise changed since the last `commit`, with its
    /// promise before: `undo` puts them back, where working them out again
    /// from the tiles would cost as much as the move did.
    promise_log: Vec<(usize, u8)>,
    /// Boxes of windows that may have become one colour in the move being
    /// played: those around the tiles it set.
    touched: Vec<Windows>,
    /// By tile: its row and column, looked up where dividing by the side
    /// took a greedy game a tenth of its time.
    places: Vec<(u16, u16)>,
}

/// A point of the game to take it back to (`Game::undo`).
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    log: usize,
    promise_log: usize,
    promise: i32,
    taken: usize,
    score: u64,
}

/// Buffer colours drawn at a time, once a game reaches past those drawn.
const BUFFER_CHUNK: usize = 4096;

impl Game {
    /// The game of `instance` after its opening adjust (SR3), its promise
    /// `kept` or not.
    pub fn start(instance: &Instance, kept: Promise) -> Game {
        let side = instance.board.rows();
        let mut game = Game {
            side,
            cells: padded(instance.board.cells().to_vec(), side),
            kept,
            window_promise: if kept == Promise::Kept { padded(vec![0; side * side], side) } else { Vec::new() },
            promise: 0,
            buffer: Buffer::new(instance.seed, instance.colours),
            colours: Vec::new(),
            taken: 0,
            score: 0,
            log: Vec::new(),
            promise_log: Vec::new(),
            touched: Vec::new(),
            places: (0..side * side).map(|tile| ((tile / side) as u16, (tile % side) as u16)).collect(),
        };
        // Every window, in boxes of three rows of three: its promise, and
        // whether the opening adjust removes it.
        for top in (0..side.saturating_sub(1)).step_by(3) {
            for left in (0..side.saturating_sub(1)).step_by(3) {
                let (rows, count) = ((side - 1 - top).min(3), (side - 1 - left).min(3));
                let windows = Windows { side, top, rows, left, count };
                game.keep_promise_of(windows);
                game.touched.push(windows);
            }
        }
        game.adjust();
        game.commit();
        game
    }

    /// The board's tiles, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.side * self.side]
    }

    /// The row and column of `tile`.
    #[inline]
    pub fn place(&self, tile: usize) -> (usize, usize) {
        let (row, col) = self.places[tile];
        (usize::from(row), usize::from(col))
    }

    /// The moves played so far are kept: `undo` goes back no further.
    pub fn commit(&mut self) {
        self.log.clear();
        self.promise_log.clear();
    }

    pub fn mark(&self) -> Mark {
        let (log, promise_log) = (self.log.len(), self.promise_log.len());
        Mark { log, promise_log, promise: self.promise, taken: self.taken, score: self.score }
    }

    /// Takes the game back to `mark`, the last change first.
    pub fn undo(&mut self, mark: Mark) {
        for &(tile, colour) in self.log[mark.log..].iter().rev() {
            self.cells[tile] = colour;
        }
        for &(window, promise) in self.promise_log[mark.promise_log..].iter().rev() {
            self.window_promise[window] = promise;
        }
        self.log.truncate(mark.log);
        self.promise_log.truncate(mark.promise_log);
        (self.promise, self.taken, self.score) = (mark.promise, mark.taken, mark.score);
    }

    /// The tiles set since `mark`, a tile once for each time it was set.
    pub fn changed_since(&self, mark: Mark) -> impl Iterator<Item = usize> + '_ {
        self.log[mark.log..].iter().map(|&(tile, _)| tile)
    }

    /// Squares removed by the move that swaps tiles `a` and `b`, the move
    /// made.
    pub fn play(&mut self, a: usize, b: usize) -> u32 {
        self.play_plain(a, b);
        self.touched.clear();
        self.touched.push(self.windows_around(a.min(b), a.max(b)));
        self.adjust()
    }

    /// Swaps tiles `a` and `b`, a swap that makes no square
    /// (`plain_change`): the move made, with no adjust to look for one.
    pub fn play_plain(&mut self, a: usize, b: usize) {
        let (colour_a, colour_b) = (self.cells[a], self.cells[b]);
        self.set(a, colour_b);
        self.set(b, colour_a);
        self.keep_promise(a.min(b), a.max(b));
    }

    /// What swapping tiles `a` and `b` leads to at once, against the
    /// promise now: the squares it removes and the promise it leaves; and
    /// whether it removes any. `None` when the two are of one colour and
    /// the swap changes nothing. Of a game whose promise is kept.
    pub fn value(&mut self, a: usize, b: usize) -> Option<(i32, bool)> {
        if self.cells[a] == self.cells[b] {
            return None;
        }
        Some(match self.plain_change(a, b) {
            Some(change) => (change, false),
            None => {
                let (mark, promise) = (self.mark(), self.promise);
                let squares = self.play(a, b) as i32;
                let value = squares * SQUARE + self.promise - promise;
                self.undo(mark);
                (value, true)
            }
        })
    }

    /// The change in promise that swapping tiles `a` and `b`, `b` right of
    /// or below `a`, makes; `None` when the swap makes a square. The board
    /// is left as it was. Only the windows either tile is in change: they
    /// make one box of top-left tiles. Of a game whose promise is kept.
    pub fn plain_change(&mut self, a: usize, b: usize) -> Option<i32> {
        let windows = self.windows_around(a, b);
        self.cells.swap(a, b);
        let (promise, square) = windows.promise(&self.cells);
        self.cells.swap(a, b);
        (!square).then(|| byte_sum(promise) - byte_sum(windows.kept(&self.window_promise)))
    }

    /// SR2: while a window is one colour, the topmost, then leftmost, is
    /// removed and refilled from the buffer. Only the windows of touched
    /// boxes can be: the board held none before. The squares removed.
    fn adjust(&mut self) -> u32 {
        let mut squares = 0;
        loop {
            // Tile indices order windows as SR2 does: by row, then column,
            // and so do a box's bytes.
            let mut first = usize::MAX;
            let mut kept = 0;
            for index in 0..self.touched.len() {
                let windows = self.touched[index];
                let one_colour = windows.one_colour(&self.cells);
                if one_colour != 0 {
                    self.touched[kept] = windows;
                    kept += 1;
                    first = first.min(windows.at(one_colour.trailing_zeros() as usize / 8));
                }
            }
            self.touched.truncate(kept);
            if first == usize::MAX {
                return squares;
            }
            squares += 1;
            self.score += 1;
            let side = self.side;
            for tile in [first, first + 1, first + side, first + side + 1] {
                let colour = self.take();
                self.set(tile, colour);
            }
            self.keep_promise(first, first + side + 1);
            self.touched.push(self.windows_around(first, first + side + 1));
        }
    }

    /// SR1: the buffer's next colour.
    fn take(&mut self) -> u8 {
        if self.taken == self.colours.len() {
            let buffer = &mut self.buffer;
            self.colours.extend(std::iter::repeat_with(|| buffer.take()).take(BUFFER_CHUNK));
        }
        self.taken += 1;
        self.colours[self.taken - 1]
    }

    /// Sets a tile, logged; its windows' promise is left to
    /// `keep_promise`.
    fn set(&mut self, tile: usize, colour: u8) {
        self.log.push((tile, self.cells[tile]));
        self.cells[tile] = colour;
    }

    /// Works out again, if the promise is kept, that of the windows with a
    /// tile in the box from tile `first` to tile `last`, right of or below
    /// it, the tiles just set: each window once, where a tile at a time
    /// would work most out two or four times.
    #[inline]
    fn keep_promise(&mut self, first: usize, last: usize) {
        if self.kept == Promise::Kept {
            self.keep_promise_of(self.windows_around(first, last));
        }
    }

    /// Works out again, if the promise is kept, that of `windows`.
    fn keep_promise_of(&mut self, windows: Windows) {
        if self.kept == Promise::Unkept {
            return;
        }
        let (promise, _) = windows.promise(&self.cells);
        let before = windows.kept(&self.window_promise);
        let changed = nonzero_bytes(promise ^ before);
        if changed == 0 {
            return;
        }
        self.promise += byte_sum(promise) - byte_sum(before);
        let (promise, before) = (promise.to_le_bytes(), before.to_le_bytes());
        for byte in bit_set::ones(u64::from(changed)) {
            let window = windows.at(byte);
            self.promise_log.push((window, before[byte]));
            self.window_promise[window] = promise[byte];
        }
    }

    /// The windows with a tile in the box from tile `first` to tile `last`,
    /// right of or below it.
    fn windows_around(&self, first: usize, last: usize) -> Windows {
        let side = self.side;
        let (row, col) = self.place(first);
        // `last` is right of `first`, below it, or both.
        let (below, right) = (last - first >= side, last - first != side);
        let (top, left) = (row.saturating_sub(1), col.saturating_sub(1));
        let (bottom, far) = ((row + usize::from(below)).min(side - 2), (col + usize::from(right)).min(side - 2));
        Windows { side, top, rows: bottom + 1 - top, left, count: far + 1 - left }
    }
}

/// `bytes`, a board of `side`'s by tile, followed by the bytes a grid of
/// windows reads past the board's last (`windows::padding`).
fn padded(mut bytes: Vec<u8>, side: usize) -> Vec<u8> {
    bytes.resize(side * side + padding(side), 0);
    bytes
}

#[cfg(test)]
mod tests {
    use m3_model::square::{Board, Move, Turn};
    use m3_model::Stepper;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::square::rules::move_tiles;
    use crate::games::square::windows::promise_by_pairs;

    /// SR1 to SR3 on moves of every direction, the promise kept or not:
    /// the game after each move is the reference's, board and score, and a
    /// kept promise is its windows' summed.
    #[test]
    fn sr2_the_game_is_the_references_move_by_move_in_every_direction() {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let mut squares = 0;
        for number in 0..60 {
            let side = rng.random_range(2..=9);
            let colours = rng.random_range(2..=4);
            let cells = (0..side * side).map(|_| rng.random_range(0..colours)).collect();
            let board = Board::from_cells(side, side, cells);
            let instance = Instance { colours, seed: rng.random_range(1..1 << 31), board, moves: Vec::new() };
            let kept = if number % 2 == 0 { Promise::Kept } else { Promise::Unkept };
            let mut game = Game::start(&instance, kept);
            let mut reference = m3_reference::square::Reference::start(&instance);
            let mut score = reference.step(&Turn::Opening).squares.len() as u64;
            for _ in 0..200 {
                let tiles = 0..side as i32;
                let m = Move::new(rng.random_range(tiles.clone()), rng.random_range(tiles), rng.random_range(0..4));
                let Ok(((ra, ca), (rb, cb))) = move_tiles(side, m) else { continue };
                game.play(ra * side + ca, rb * side + cb);
                game.commit();
                let record = reference.step(&Turn::Move(m));
                score += record.squares.len() as u64;
                assert_eq!((game.cells(), game.score), (record.board.cells(), score), "{m:?} of\n{instance}");
                if kept == Promise::Kept {
                    let windows = (0..side - 1).flat_map(|row| (0..side - 1).map(move |col| row * side + col));
                    let promise: i32 = windows.map(|window| promise_by_pairs(game.cells(), side, window).0).sum();
                    assert_eq!(game.promise, promise, "{m:?} of\n{instance}");
                }
            }
            squares += score;
        }
        assert!(squares > 500, "{squares} squares in 60 games of 200 moves: too few to see SR2 at work");
    }
}
