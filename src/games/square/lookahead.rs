//! A strong SquareRemover player: before each move it plays every swap on a
//! copy of the game, buffer included (SR1), and takes the one that removes
//! the most squares (SR2), the board's promise after it breaking ties: how
//! many of its windows hold three tiles of one colour, one swap from a
//! square. A greedy player that takes the first square it sees empties the
//! board of such windows and then scores one move in three; this one keeps
//! them, and scores more than one square a move on the statement's largest
//! board. Its own simulation, from the rules in `rules`, not the engine's:
//! each move tries hundreds of swaps.

use m3_model::square::{Instance, Move, DOWN, RIGHT};

use super::rules::Buffer;

/// The player: the game as it sees it, and a copy to try swaps on.
#[derive(Debug, Clone)]
pub struct Lookahead {
    game: Game,
    scratch: Game,
}

impl Lookahead {
    /// The player of `instance`'s game, after its opening adjust (SR3).
    pub fn start(instance: &Instance) -> Lookahead {
        let game = Game::start(instance);
        Lookahead { scratch: game.clone(), game }
    }

    /// The player's next move, made on its own copy of the game. On a
    /// board of one colour, where every swap is alike, the first swap.
    pub fn next_move(&mut self) -> Move {
        let m = self.game.choose(&mut self.scratch).unwrap_or(Move::new(0, 0, RIGHT));
        let a = m.row as usize * self.game.side + m.col as usize;
        let b = if m.dir == RIGHT { a + 1 } else { a + self.game.side };
        self.game.play(a, b);
        m
    }

    /// The board as the player sees it, and the squares removed so far.
    #[cfg(test)]
    fn standing(&self) -> (m3_model::square::Board, u64) {
        (m3_model::square::Board::from_cells(self.game.side, self.game.side, self.game.cells.clone()), self.game.score)
    }
}

/// A game as the player sees it: the board, the buffer, and the board's
/// promise, kept as the tiles change.
#[derive(Debug, Clone)]
struct Game {
    side: usize,
    cells: Vec<u8>,
    buffer: Buffer,
    promise: i32,
    /// Windows (by their top-left tile's index) that may have become one
    /// colour since they were last looked at.
    touched: Vec<usize>,
    /// The tiles the last move played changed.
    changed: Vec<usize>,
    /// Squares removed so far.
    score: u64,
    /// The last move played, when it removed no square: the one move not
    /// to make next, which would undo it. Without it, on a board where no
    /// square is two moves away (often in 6 colours), the player swaps the
    /// same two tiles back and forth for the rest of the game.
    last_plain: Option<(usize, usize)>,
}

/// A swap of tiles `a` and `b` tried on a board: its value, and whether it
/// removes squares.
struct Tried {
    a: usize,
    b: usize,
    value: i32,
    scores: bool,
}

/// What a removed square is worth against the promise of a window: more
/// than any board's promise can change by in one move.
const SQUARE: i32 = 1 << 16;
/// A window's promise, by the most tiles of one colour it holds.
const THREE_ALIKE: i32 = 8;
const TWO_PAIRS: i32 = 2;
/// The first moves, best by what they lead to at once, whose best second
/// move is looked for: on 16x16 in 4 colours, 8 score about 11,800 squares
/// a game, 16 about 12,700, 24 about 13,100, 32 about 13,400, each at
/// about the time its width says.
const WIDTH: usize = 24;

impl Game {
    /// The game of `instance` after its opening adjust (SR3).
    fn start(instance: &Instance) -> Game {
        let side = instance.board.rows();
        let mut game = Game {
            side,
            score: 0,
            last_plain: None,
            cells: instance.board.cells().to_vec(),
            buffer: Buffer::new(instance.seed, instance.colours),
            promise: 0,
            touched: Vec::new(),
            changed: Vec::new(),
        };
        game.promise = game.windows().map(|window| game.window_promise(window)).sum();
        game.touched = game.windows().collect();
        game.adjust();
        game
    }

    /// Squares removed by the move that swaps tiles `a` and `b` (indices),
    /// the move made.
    fn play(&mut self, a: usize, b: usize) -> u32 {
        self.changed.clear();
        let (colour_a, colour_b) = (self.cells[a], self.cells[b]);
        self.set(a, colour_b);
        self.set(b, colour_a);
        self.touch_around(a);
        self.touch_around(b);
        let squares = self.adjust();
        self.last_plain = (squares == 0).then_some((a, b));
        squares
    }

    /// The best move on the board as it stands: the swap that removes the
    /// most squares in two moves, then leaves the most promise. `None` on a
    /// board whose tiles are all one colour, where no swap changes anything.
    fn choose(&mut self, scratch: &mut Game) -> Option<Move> {
        let mut first = Vec::new();
        self.values(scratch, &mut first);
        let order = |tried: &Tried| (std::cmp::Reverse(tried.value), tried.a, tried.b);
        if first.len() > WIDTH {
            first.select_nth_unstable_by_key(WIDTH, order);
        }
        let width = first.len().min(WIDTH);
        first[..width].sort_unstable_by_key(order);
        let mut then = self.clone();
        let mut best: Option<(i32, usize, usize)> = None;
        let side = self.side;
        let mut near = vec![0u32; side * side];
        let mut near_tiles = Vec::new();
        for (generation, m1) in first.iter().take(WIDTH).enumerate() {
            if self.last_plain == Some((m1.a, m1.b)) {
                continue;
            }
            let generation = generation as u32 + 1;
            then.clone_from(self);
            let squares = then.play(m1.a, m1.b) as i32;
            near_tiles.clear();
            for &tile in &then.changed {
                let (row, col) = (tile / side, tile % side);
                for r in row.saturating_sub(1)..=(row + 1).min(side - 1) {
                    for c in col.saturating_sub(1)..=(col + 1).min(side - 1) {
                        if near[r * side + c] != generation {
                            near[r * side + c] = generation;
                            near_tiles.push(r * side + c);
                        }
                    }
                }
            }
            let is_near = |tile: usize| near[tile] == generation;
            // The second move: a swap of equal colours changes nothing; one
            // away from the tiles the first changed changes the promise as
            // it did before, unless it scores (the buffer may have moved);
            // the others are tried anew.
            let mut next = then.promise;
            let mut far_change = 0;
            for m2 in first.iter().filter(|m2| !is_near(m2.a) && !is_near(m2.b)) {
                if m2.scores {
                    next = next.max(then.value_of(scratch, m2.a, m2.b).0);
                } else {
                    far_change = far_change.max(m2.value - self.promise);
                }
            }
            next = next.max(then.promise + far_change);
            for &tile in &near_tiles {
                let (row, col) = (tile / side, tile % side);
                let right = (col + 1 < side).then_some(tile + 1);
                let down = (row + 1 < side).then_some(tile + side);
                let left = (col > 0 && !is_near(tile - 1)).then(|| tile - 1);
                let up = (row > 0 && !is_near(tile - side)).then(|| tile - side);
                for (a, b) in
                    [right.map(|b| (tile, b)), down.map(|b| (tile, b)), left.map(|a| (a, tile)), up.map(|a| (a, tile))]
                        .into_iter()
                        .flatten()
                {
                    next = next.max(then.value_of(scratch, a, b).0);
                }
            }
            let value = squares * SQUARE + next;
            if best.is_none_or(|(most, _, _)| value > most) {
                best = Some((value, m1.a, m1.b));
            }
        }
        let (_, a, b) = best?;
        let dir = if b == a + 1 { RIGHT } else { DOWN };
        Some(Move::new((a / side) as i32, (a % side) as i32, dir))
    }

    /// The value of swapping tiles `a` and `b`: the squares it removes and
    /// the promise it leaves; and whether it removes any. A swap that makes
    /// no square is tried in place and undone; one that does is played on
    /// `scratch`.
    fn value_of(&mut self, scratch: &mut Game, a: usize, b: usize) -> (i32, bool) {
        if self.cells[a] == self.cells[b] {
            return (self.promise, false);
        }
        match self.swap_without_square(a, b) {
            Some(change) => (self.promise + change, false),
            None => {
                scratch.clone_from(self);
                (scratch.play(a, b) as i32 * SQUARE + scratch.promise, true)
            }
        }
    }

    /// Every swap of two tiles of different colours with its value.
    fn values(&mut self, scratch: &mut Game, values: &mut Vec<Tried>) {
        let side = self.side;
        for a in 0..side * side {
            let right = (a % side + 1 < side).then_some(a + 1);
            let down = (a + side < side * side).then_some(a + side);
            for b in [right, down].into_iter().flatten() {
                if self.cells[a] != self.cells[b] {
                    let (value, scores) = self.value_of(scratch, a, b);
                    values.push(Tried { a, b, value, scores });
                }
            }
        }
    }

    /// The change in promise that swapping tiles `a` and `b` makes, or
    /// `None` when the swap makes a square; the board is left as it was.
    fn swap_without_square(&mut self, a: usize, b: usize) -> Option<i32> {
        // `b` is right of or below `a`: the windows either is in make one
        // box of top-left tiles.
        let side = self.side;
        let (row, col) = (a / side, a % side);
        let rows = row.saturating_sub(1)..=(b / side).min(side - 2);
        let cols = col.saturating_sub(1)..=(b % side).min(side - 2);
        let windows = rows.flat_map(|r| cols.clone().map(move |c| r * side + c));
        let before: i32 = windows.clone().map(|window| self.window_promise(window)).sum();
        self.cells.swap(a, b);
        let square = windows.clone().any(|window| self.one_colour(window));
        let after: i32 = windows.map(|window| self.window_promise(window)).sum();
        self.cells.swap(a, b);
        (!square).then_some(after - before)
    }

    /// The top-left tiles of every window.
    fn windows(&self) -> impl Iterator<Item = usize> + '_ {
        let side = self.side;
        (0..side - 1).flat_map(move |row| (0..side - 1).map(move |col| row * side + col))
    }

    fn window_tiles(&self, window: usize) -> [u8; 4] {
        let side = self.side;
        [self.cells[window], self.cells[window + 1], self.cells[window + side], self.cells[window + side + 1]]
    }

    fn window_promise(&self, window: usize) -> i32 {
        let [a, b, c, d] = self.window_tiles(window);
        let pairs = u8::from(a == b) + u8::from(a == c) + u8::from(a == d);
        let pairs = pairs + u8::from(b == c) + u8::from(b == d) + u8::from(c == d);
        // Equal pairs among four tiles: 3 for three alike, 2 for two pairs
        // (6 for four alike, a square the adjust removes at once).
        match pairs {
            3 => THREE_ALIKE,
            2 => TWO_PAIRS,
            _ => 0,
        }
    }

    /// The windows a tile is in, by their top-left tiles.
    fn windows_of(&self, tile: usize, mut each: impl FnMut(usize)) {
        let side = self.side;
        let (row, col) = (tile / side, tile % side);
        for r in row.saturating_sub(1)..=row.min(side - 2) {
            for c in col.saturating_sub(1)..=col.min(side - 2) {
                each(r * side + c);
            }
        }
    }

    /// Sets a tile, keeping the promise.
    fn set(&mut self, tile: usize, colour: u8) {
        let mut before = 0;
        self.windows_of(tile, |window| before += self.window_promise(window));
        self.cells[tile] = colour;
        self.changed.push(tile);
        let mut after = 0;
        self.windows_of(tile, |window| after += self.window_promise(window));
        self.promise += after - before;
    }

    /// Marks the windows a tile is in as touched.
    fn touch_around(&mut self, tile: usize) {
        let mut touched = std::mem::take(&mut self.touched);
        self.windows_of(tile, |window| touched.push(window));
        self.touched = touched;
    }

    fn one_colour(&self, window: usize) -> bool {
        let [a, b, c, d] = self.window_tiles(window);
        a == b && a == c && a == d
    }

    /// SR2: while a window is one colour, the topmost, then leftmost, is
    /// removed and refilled from the buffer. Only touched windows can be:
    /// the board held none before. The squares removed.
    fn adjust(&mut self) -> u32 {
        let mut squares = 0;
        loop {
            let mut touched = std::mem::take(&mut self.touched);
            touched.retain(|&window| self.one_colour(window));
            // Tile indices order windows as SR2 does: by row, then column.
            let Some(&first) = touched.iter().min() else {
                self.touched = touched;
                self.touched.clear();
                return squares;
            };
            self.touched = touched;
            squares += 1;
            self.score += 1;
            let side = self.side;
            for tile in [first, first + 1, first + side, first + side + 1] {
                let colour = self.buffer.take();
                self.set(tile, colour);
                self.touch_around(tile);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use m3_model::square::Turn;
    use m3_model::Stepper;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use m3_model::square::Board;

    /// SR1 to SR4 as the player plays them: its own game, after each of its
    /// moves, is the reference's, board and score.
    #[test]
    fn sr2_the_players_own_game_is_the_references_move_by_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(40);
        let mut squares = 0;
        for _ in 0..40 {
            let side = rng.random_range(2..=10);
            let colours = rng.random_range(2..=5);
            let cells = (0..side * side).map(|_| rng.random_range(0..colours)).collect();
            let board = Board::from_cells(side, side, cells);
            let instance = Instance { colours, seed: rng.random_range(1..1 << 31), board, moves: Vec::new() };
            let mut player = Lookahead::start(&instance);
            let mut reference = m3_reference::square::Reference::start(&instance);
            let mut score = reference.step(&Turn::Opening).squares.len() as u64;
            for number in 1..=200 {
                let m = player.next_move();
                let record = reference.step(&Turn::Move(m));
                score += record.squares.len() as u64;
                assert_eq!(player.standing(), (record.board.clone(), score), "move {number} {m:?} of\n{instance}");
            }
            squares += score;
        }
        assert!(squares > 2000, "{squares} squares in 40 games of 200 moves: too few to see SR2 at work");
    }
}
