//! The first moves' values, kept from move to move: every swap of two
//! neighbouring tiles of different colours, with what it leads to at once.
//! A move changes a few tiles, and a swap that removes no square reads only
//! the windows its two tiles are in: only the swaps next to a changed tile
//! are worked out again, and every one that removes a square, whose value
//! reads the buffer (SR1) and the windows its refills reach.

use std::ops::Range;

use super::super::playing::{Game, SQUARE};
use super::swaps::{swap_tiles, DOWN_SWAP, RIGHT_SWAP};
use crate::kit::bit_set;

/// The most a swap that removes no square changes the promise by: six
/// windows, each by at most a three-alike's worth.
const MOST_CHANGE: i32 = 48;
/// Promise changes go in steps of 2 (a window's promise is 0, 2 or 8).
const BUCKETS: usize = MOST_CHANGE as usize + 1;

/// What a swap is on the board as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Off the board, or of two tiles of one colour: it changes nothing.
    Nothing,
    /// It removes no square; its value is the change in promise.
    Plain,
    /// It removes squares; its value counts them too (`Game::value`).
    Scoring,
}

/// A swap that removes squares, and the tiles its move set: where it
/// reads the board beyond its own windows.
#[derive(Debug, Clone)]
pub struct Scoring {
    pub swap: usize,
    pub value: i32,
    tiles: Range<usize>,
}

/// The swaps of the board as it stands, by swap (`swaps`).
#[derive(Debug, Clone)]
pub struct Firsts {
    kinds: Vec<Kind>,
    /// Against the board's promise (`Game::value`).
    values: Vec<i32>,
    /// The plain swaps by value, highest first (`bucket`): a set of swaps
    /// each, whose order is the tiles'.
    plain: Vec<Vec<u64>>,
    plain_counts: [usize; BUCKETS],
    /// The scoring swaps, highest value first, then in the tiles' order.
    scoring: Vec<Scoring>,
    /// The tiles each scoring swap's move set (`Scoring::tiles`).
    scoring_tiles: Vec<usize>,
    /// Swaps seen in this update, when their number is `seen_now`.
    seen: Vec<u32>,
    seen_now: u32,
}

/// The bucket of a plain swap's value.
fn bucket(change: i32) -> usize {
    ((MOST_CHANGE - change) / 2) as usize
}

impl Firsts {
    /// Every swap of `game`'s board, worked out.
    pub fn start(game: &mut Game) -> Firsts {
        let swaps = 2 * game.side * game.side;
        let mut firsts = Firsts {
            kinds: vec![Kind::Nothing; swaps],
            values: vec![0; swaps],
            plain: vec![vec![0; swaps.div_ceil(64)]; BUCKETS],
            plain_counts: [0; BUCKETS],
            scoring: Vec::new(),
            scoring_tiles: Vec::new(),
            seen: vec![0; swaps],
            seen_now: 0,
        };
        for swap in 0..swaps {
            firsts.work_out(game, swap);
        }
        firsts.work_out_scoring(game);
        firsts
    }

    /// Works out again what a move that set `changed` may have changed.
    /// A plain swap's value reads the windows of its two tiles, so tiles
    /// within one of either.
    pub fn update(&mut self, game: &mut Game, changed: &[usize]) {
        self.seen_now += 1;
        let side = game.side;
        for &tile in changed {
            let (row, col) = (tile / side, tile % side);
            let rows = |above: usize| row.saturating_sub(above)..=(row + 1).min(side - 1);
            let cols = |left: usize| col.saturating_sub(left)..=(col + 1).min(side - 1);
            // Right swaps start up to two left of the tile, down ones up to two above.
            for (dir, rows, cols) in [(RIGHT_SWAP, rows(1), cols(2)), (DOWN_SWAP, rows(2), cols(1))] {
                for row in rows {
                    for col in cols.clone() {
                        let swap = 2 * (row * side + col) + dir;
                        if self.seen[swap] != self.seen_now {
                            self.seen[swap] = self.seen_now;
                            self.work_out(game, swap);
                        }
                    }
                }
            }
        }
        self.work_out_scoring(game);
    }

    /// The `width` best first moves, best first: by value, then in the
    /// tiles' order.
    pub fn leading(&self, width: usize, leading: &mut Vec<usize>) {
        leading.clear();
        leading.extend(self.scoring.iter().map(|scoring| scoring.swap).take(width));
        for (bucket, swaps) in self.plain.iter().enumerate() {
            if leading.len() == width {
                return;
            }
            if self.plain_counts[bucket] > 0 {
                let room = width - leading.len();
                leading.extend(words_ones(swaps).take(room));
            }
        }
    }

    /// The best value of a plain swap neither of whose tiles is `near`, if
    /// above 0.
    pub fn best_plain_beyond(&self, game: &Game, near: impl Fn(usize) -> bool) -> i32 {
        for bucket in 0..bucket(0) {
            if self.plain_counts[bucket] > 0 {
                let far = |&swap: &usize| {
                    let (a, b) = swap_tiles(game.side, swap);
                    !near(a) && !near(b)
                };
                if words_ones(&self.plain[bucket]).any(|swap| far(&swap)) {
                    return MOST_CHANGE - 2 * bucket as i32;
                }
            }
        }
        0
    }

    pub fn scoring(&self) -> &[Scoring] {
        &self.scoring
    }

    /// The tiles `scoring`'s move set: the swap's and its refills'.
    pub fn tiles_set(&self, scoring: &Scoring) -> &[usize] {
        &self.scoring_tiles[scoring.tiles.clone()]
    }

    pub fn is_scoring(&self, swap: usize) -> bool {
        self.kinds[swap] == Kind::Scoring
    }

    pub fn value(&self, swap: usize) -> i32 {
        self.values[swap]
    }

    /// Works out a swap's kind, and a plain one's value; a scoring one's is
    /// worked out with the others (`work_out_scoring`).
    fn work_out(&mut self, game: &mut Game, swap: usize) {
        let side = game.side;
        let tile = swap / 2;
        let on_board = if swap % 2 == RIGHT_SWAP { tile % side + 1 < side } else { tile / side + 1 < side };
        let (kind, value) = match on_board.then(|| swap_tiles(side, swap)) {
            Some((a, b)) if game.cells()[a] != game.cells()[b] => match game.plain_change(a, b) {
                Some(change) => (Kind::Plain, change),
                None => (Kind::Scoring, 0),
            },
            _ => (Kind::Nothing, 0),
        };
        let (word, bit) = (swap / 64, 1 << (swap % 64));
        if self.kinds[swap] == Kind::Plain {
            let bucket = bucket(self.values[swap]);
            self.plain[bucket][word] &= !bit;
            self.plain_counts[bucket] -= 1;
        }
        if kind == Kind::Plain {
            let bucket = bucket(value);
            self.plain[bucket][word] |= bit;
            self.plain_counts[bucket] += 1;
        }
        if kind == Kind::Scoring && self.kinds[swap] != Kind::Scoring {
            self.scoring.push(Scoring { swap, value: 0, tiles: 0..0 });
        }
        (self.kinds[swap], self.values[swap]) = (kind, value);
    }

    /// Plays each scoring swap, whose value the last move may have changed
    /// however far from it, and orders them.
    fn work_out_scoring(&mut self, game: &mut Game) {
        let kinds = &self.kinds;
        self.scoring.retain(|scoring| kinds[scoring.swap] == Kind::Scoring);
        self.scoring_tiles.clear();
        for scoring in &mut self.scoring {
            let (a, b) = swap_tiles(game.side, scoring.swap);
            let (mark, promise) = (game.mark(), game.promise);
            let squares = game.play(a, b) as i32;
            scoring.value = squares * SQUARE + game.promise - promise;
            let start = self.scoring_tiles.len();
            self.scoring_tiles.extend(game.changed_since(mark));
            scoring.tiles = start..self.scoring_tiles.len();
            game.undo(mark);
            self.values[scoring.swap] = scoring.value;
        }
        self.scoring.sort_unstable_by_key(|scoring| (std::cmp::Reverse(scoring.value), scoring.swap));
    }
}

/// The positions of the ones of `words`, a set of up to 64 a word, lowest
/// first.
fn words_ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(index, &word)| bit_set::ones(word).map(move |bit| index * 64 + bit))
}
