//! A strong SquareRemover player: before each move it plays every swap on a
//! copy of the game, buffer included (SR1), and takes the one that removes
//! the most squares (SR2), the board's promise after it breaking ties: how
//! many of its windows hold three tiles of one colour, one swap from a
//! square. A greedy player that takes the first square it sees empties the
//! board of such windows and then scores one move in three; this one keeps
//! them, and scores more than one square a move on the statement's largest
//! board. Its own simulation (`playing`), not the engine's: each move tries
//! hundreds of swaps.
//!
//! Precisely: of the [`WIDTH`] first moves of the highest value, what it
//! leads to at once (`Game::value`), ties to the first in the tiles'
//! order, the player takes the first whose squares removed, counted at
//! [`SQUARE`] each, and the value of the best second move after it are
//! the most; a second move's value is at least the promise after the
//! first. A game's moves are a pure function of its instance.
//!
//! That is thousands of swaps a move, so it is worked out as little as a
//! move needs: the first moves' values are kept from move to move
//! (`firsts`), and so are the second moves near a plain first move
//! (`replies`); a second move far from the first (`near`) is worth what it
//! was as a first move, unless the buffer moved or its refills reach near.

mod firsts;
mod near;
mod replies;
mod swaps;

use m3_model::square::{Instance, Move};

use super::playing::{Game, Promise, SQUARE};
use firsts::Firsts;
use near::Near;
use replies::Replies;
use swaps::{swap_move, swap_tiles};

/// The first moves, best by what they lead to at once, whose best second
/// move is looked for: on 16x16 in 4 colours, 8 score about 11,800 squares
/// a game, 16 about 12,700, 24 about 13,100, 32 about 13,400, each at
/// about the time its width says.
const WIDTH: usize = 24;

/// The player: the game as it sees it, and what it keeps from move to move.
#[derive(Debug, Clone)]
pub struct Lookahead {
    game: Game,
    firsts: Firsts,
    replies: Replies,
    /// The last move played, when it removed no square: the one move not
    /// to make next, which would undo it. Without it, on a board where no
    /// square is two moves away (often in 6 colours), the player swaps the
    /// same two tiles back and forth for the rest of the game.
    last_plain: Option<usize>,
    near: Near,
    /// The first moves looked at, and the tiles the last move set.
    leading: Vec<usize>,
    changed: Vec<usize>,
}

impl Lookahead {
    /// The player of `instance`'s game, after its opening adjust (SR3).
    pub fn start(instance: &Instance) -> Lookahead {
        let mut game = Game::start(instance, Promise::Kept);
        let firsts = Firsts::start(&mut game);
        let replies = Replies::new(game.side);
        Lookahead {
            game,
            firsts,
            replies,
            last_plain: None,
            near: Near::default(),
            leading: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// The player's next move, made on its own copy of the game. On a
    /// board of one colour, where every swap is alike, the first swap.
    pub fn next_move(&mut self) -> Move {
        let swap = self.choose().unwrap_or(0);
        let (a, b) = swap_tiles(self.game.side, swap);
        let mark = self.game.mark();
        let squares = self.game.play(a, b);
        self.changed.clear();
        self.changed.extend(self.game.changed_since(mark));
        self.game.commit();
        self.last_plain = (squares == 0).then_some(swap);
        self.firsts.update(&mut self.game, &self.changed);
        self.replies.forget_around(&self.changed);
        swap_move(self.game.side, swap)
    }

    /// The best move on the board as it stands (see the module's doc).
    /// `None` on a board whose tiles are all one colour, where no swap
    /// changes anything.
    fn choose(&mut self) -> Option<usize> {
        let mut leading = std::mem::take(&mut self.leading);
        self.firsts.leading(WIDTH, &mut leading);
        let mut best: Option<(i32, usize)> = None;
        let last_plain = self.last_plain;
        for &first in leading.iter().filter(|&&first| Some(first) != last_plain) {
            let value = if self.firsts.is_scoring(first) { self.scoring_value(first) } else { self.plain_value(first) };
            if best.is_none_or(|(most, _)| value > most) {
                best = Some((value, first));
            }
        }
        self.leading = leading;
        best.map(|(_, first)| first)
    }

    /// The value of a first move that removes squares with the best second
    /// move after it, against the promise now. The buffer has moved: every
    /// second move that removes squares is played anew.
    fn scoring_value(&mut self, first: usize) -> i32 {
        let Lookahead { game, firsts, near, .. } = self;
        let side = game.side;
        let (a, b) = swap_tiles(side, first);
        let (mark, promise) = (game.mark(), game.promise);
        let squares = game.play(a, b) as i32;
        near.around(side, game.changed_since(mark));
        let mut second = 0;
        for index in 0..near.len() {
            for reply in near.swaps(side, index).into_iter().flatten() {
                second = second.max(reply_value(game, reply));
            }
        }
        second = second.max(firsts.best_plain_beyond(game, |tile| near.has(tile)));
        for scoring in firsts.scoring() {
            let (a, b) = swap_tiles(side, scoring.swap);
            if !near.has(a) && !near.has(b) {
                second = second.max(reply_value(game, scoring.swap));
            }
        }
        let value = squares * SQUARE + game.promise - promise + second;
        game.undo(mark);
        value
    }

    /// The value of a first move that removes no square with the best
    /// second move after it, against the promise now. The buffer stays
    /// where it is: a scoring second move far from the first, its refills
    /// too, is worth what it is as a first move.
    fn plain_value(&mut self, first: usize) -> i32 {
        let Lookahead { game, firsts, replies, near, .. } = self;
        let side = game.side;
        let (a, b) = swap_tiles(side, first);
        near.around(side, [a, b]);
        let (best_plain, scoring_near) = replies.of(game, near, first);
        let mut second = best_plain.max(firsts.best_plain_beyond(game, |tile| near.has(tile)));
        // The scoring second moves to play after this one: those near it,
        // and those far whose refills reach near it.
        let mut to_play = scoring_near.iter().copied().peekable();
        let mut reaching = Vec::new();
        for scoring in firsts.scoring() {
            let (a, b) = swap_tiles(side, scoring.swap);
            if near.has(a) || near.has(b) {
                continue;
            }
            if firsts.tiles_set(scoring).iter().any(|&tile| near.has(tile)) {
                reaching.push(scoring.swap);
            } else {
                second = second.max(scoring.value);
            }
        }
        if to_play.peek().is_some() || !reaching.is_empty() {
            let mark = game.mark();
            game.play_plain(a, b);
            for reply in to_play.chain(reaching) {
                second = second.max(reply_value(game, reply));
            }
            game.undo(mark);
        }
        firsts.value(first) + second
    }

    /// The board as the player sees it, and the squares removed so far.
    #[cfg(test)]
    fn standing(&self) -> (m3_model::square::Board, u64) {
        let game = &self.game;
        (m3_model::square::Board::from_cells(game.side, game.side, game.cells().to_vec()), game.score)
    }
}

/// A second move's value against the promise after the first: 0 for a
/// swap of one colour, which changes nothing.
fn reply_value(game: &mut Game, reply: usize) -> i32 {
    let (a, b) = swap_tiles(game.side, reply);
    game.value(a, b).map_or(0, |(value, _)| value)
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

    /// The module's doc word for word, on copies of the game: of the
    /// `WIDTH` first moves of the highest value, the first of the highest
    /// value with the best second move after it.
    fn chosen_by_the_doc(game: &Game, last_plain: Option<usize>) -> Option<usize> {
        let side = game.side;
        let swaps = (0..2 * side * side).filter(|&swap| {
            let tile = swap / 2;
            if swap % 2 == swaps::RIGHT_SWAP {
                tile % side + 1 < side
            } else {
                tile / side + 1 < side
            }
        });
        let value = |game: &Game, swap| {
            let (a, b) = swap_tiles(side, swap);
            game.clone().value(a, b).map(|(value, _)| value)
        };
        let mut firsts: Vec<(i32, usize)> = swaps.clone().filter_map(|swap| Some((value(game, swap)?, swap))).collect();
        firsts.sort_by_key(|&(value, swap)| (std::cmp::Reverse(value), swap));
        let mut best: Option<(i32, usize)> = None;
        for &(_, first) in firsts.iter().take(WIDTH).filter(|&&(_, first)| Some(first) != last_plain) {
            let mut then = game.clone();
            let (a, b) = swap_tiles(side, first);
            let squares = then.play(a, b) as i32;
            let second = swaps.clone().filter_map(|swap| value(&then, swap)).max().unwrap_or(0).max(0);
            let value = squares * SQUARE + then.promise - game.promise + second;
            if best.is_none_or(|(most, _)| value > most) {
                best = Some((value, first));
            }
        }
        best.map(|(_, first)| first)
    }

    /// SR2 two moves deep: the first moves' values and the second moves
    /// kept from move to move choose as working everything out anew would.
    #[test]
    fn sr2_the_kept_values_choose_the_move_the_whole_board_chooses() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let (mut scoring, mut moves) = (0, 0);
        for _ in 0..20 {
            let side = rng.random_range(2..=12);
            let colours = rng.random_range(2..=6);
            let cells = (0..side * side).map(|_| rng.random_range(0..colours)).collect();
            let board = Board::from_cells(side, side, cells);
            let instance = Instance { colours, seed: rng.random_range(1..1 << 31), board, moves: Vec::new() };
            let mut player = Lookahead::start(&instance);
            for number in 1..=150 {
                let expected = chosen_by_the_doc(&player.game, player.last_plain);
                assert_eq!(player.choose(), expected, "move {number} of\n{instance}");
                scoring += usize::from(expected.is_some_and(|first| player.firsts.is_scoring(first)));
                player.next_move();
                moves += 1;
            }
        }
        assert!(scoring > moves / 4, "{scoring} scoring moves of {moves}: too few to see the buffer move");
    }
}
