//! SquareRemover games drawn from an `Unstructured`: uniform boards (squares
//! allowed: the opening adjust takes them), long games and short ones, moves
//! mostly made by a simple greedy player on the board as it then stands,
//! mixed with random moves, equal-colour swaps and now and then one invalid
//! move of each kind, one of its fields at an edge (`edges`: -1, one past
//! the board, an integer width's edge or wrap). Now and then the side, the
//! colours, the seed or the number of moves is drawn at an edge of what the
//! format accepts. Within the statement (`--within-statement`) every game is
//! the statement's, by construction: 10,000 moves, a side of 8 to 16, 4 to
//! 6 colours, the edges those bounds' own; at the largest size a share of
//! them is played by a strong player (`lookahead`), whose games score past
//! what a greedy one ever reaches.

use std::ops::RangeInclusive;

use arbitrary::{Result, Unstructured};
use m3_model::square::{Board, Instance, Move, SquareRemover, CONTEST_MOVES, DOWN, LEFT, RIGHT, UP};
use m3_model::square::{MAX_COLOURS, MAX_SIDE, MIN_COLOURS, MIN_SIDE, MODULUS};
use m3_model::Stepper;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::alike::Alike;
use super::knobs::{Knobs, Player, COLOURS_ON_THE_LARGEST, MOVES_ON_THE_LARGEST, STATEMENT_COLOURS, STATEMENT_SIDES};
use super::lookahead::Lookahead;
use super::playing::{Game, Promise};
use super::rules::move_tiles;
use crate::game::knobs::EdgeKnob;
use crate::game::{Benchmark, Count, EdgeGame, Generator, MaxTest, PercentOr, Size, Statement};
use crate::kit::edges::{draw_within, edge_values, wrapped_values, Edge};

/// `--within-statement` alone: the statement's tests, 10,000 moves on 8 to
/// 16 tiles a side in 4 to 6 colours, drawn so by `generate` at every size.
impl From<Statement> for Knobs {
    fn from(statement: Statement) -> Knobs {
        Knobs { statement, ..Knobs::default() }
    }
}

/// Percentage of the games within the statement at the largest size drawn
/// for the strong player, which plays those of them on the boards where it
/// reaches what only it reaches ([`reaches_strong_counters`]). A game of
/// its costs about 150 of the greedy one's (2.1 G instructions against
/// 13.5 M on 16x16), and a contest program's run of a max game five
/// milliseconds: at 1%, one game in about 540 is strong, a 10-second max
/// campaign against a native program meets about three, each reaching
/// both counters (measured: 21% to 23% of its time in the generator,
/// about a third of that in the strong games). At 20% of every board, as
/// it was, the generator took 88% of such a campaign.
const STRONG_PERCENT_AT_MAX: u8 = 1;

/// The boards where a strong game scores past 12,000 squares (SR2,
/// `StrongScore`) and so takes past 32,768 buffer tiles (SR1,
/// `BufferPastAShort`): 4 colours, a side of 12 or more (about 12,500
/// squares on 12x12, 13,000 on 16x16). On a side of 10 or 11 it scores
/// 11,800 to 12,400, and in 5 colours about 7,400, in 6 about 4,700: short
/// of both, at the same cost.
fn reaches_strong_counters(side: usize, colours: u8) -> bool {
    colours == *STATEMENT_COLOURS.start() && side >= 12
}

/// Moves a player draws, looking for an equal-colour swap, before it
/// settles for a random one.
const LOOKS: usize = 24;
/// Percentage of moves that look for an equal-colour swap.
const EQUAL_PERCENT: u32 = 5;
/// Games, of those, with every size at an extreme at once: rare, since a
/// 10,000-move game on the largest board costs a thousand others.
const EXTREMES_ONE_IN: u32 = 1000;
/// Move counts at an edge, of which one in this many is next to the
/// statement's 10,000: such a game costs as much as thirty of the mix, and
/// a night of millions still meets thousands.
const NEAR_CONTEST_ONE_IN: u32 = 32;

impl Generator<SquareRemover> for Knobs {
    /// Renders a game. Its players follow the board on tiles of their own
    /// (`playing`), not with `S`: a step of the engine hands out a copy of
    /// the board, which costs a 10,000-move game more than choosing its
    /// moves.
    fn generate<S: Stepper<SquareRemover>>(&self, size: Size, u: &mut Unstructured<'_>) -> Result<Instance> {
        let within = self.statement.within_statement;
        let (side, colours, moves) = if within {
            let side = self.side.map_or_else(|| statement_side(u, size), |side| Ok(side.get()))?;
            let colours = self.colours.map_or_else(|| u.int_in_range(STATEMENT_COLOURS), Ok)?;
            let (sides, colour_bounds) = (STATEMENT_SIDES, STATEMENT_COLOURS);
            let side = side.clamp(*sides.start(), *sides.end());
            (side, colours.clamp(*colour_bounds.start(), *colour_bounds.end()), CONTEST_MOVES)
        } else {
            let side = Count::or_draw(self.side, u, |u| side(u, size))?;
            let colours = match self.colours {
                Some(colours) => colours.clamp(MIN_COLOURS, MAX_COLOURS),
                None => colour_count(u, size)?,
            };
            (side, colours, Count::or_draw(self.moves, u, |u| move_count(u, size))?)
        };
        let seed = match self.start_seed {
            Some(seed) => seed.clamp(1, MODULUS - 1),
            None => u.int_in_range(1..=MODULUS - 1)?,
        };
        let sizes = Sizes { side, colours, seed, moves };
        let edge = self.edges.happens(u, size)?;
        let Sizes { side, colours, seed, moves } = match (edge, within) {
            (false, _) => sizes,
            (true, false) => self.at_an_edge(u, size, sizes)?,
            (true, true) => self.at_a_statement_edge(u, sizes)?,
        };
        let mut tiles = Vec::with_capacity(side * side);
        for _ in 0..side * side {
            tiles.push(u.int_in_range(0..=colours - 1)?);
        }
        if u.is_empty() {
            // The stream ran dry in the board: the game is drawn again from
            // a longer one (`seed::with_seed`), so playing its moves here
            // would be a whole game's time for nothing.
            return Err(arbitrary::Error::NotEnoughData);
        }
        let greedy = u32::from(self.greedy_percent.percent().get());
        let invalid_at = if moves > 0 && self.invalid_percent.percent().happens(u)? {
            Some(u.int_in_range(0..=moves - 1)?)
        } else {
            None
        };
        let strong = match self.player {
            Some(player) => player == Player::Strong,
            // The draw first, whatever the board: the games not strong
            // read the same bytes either way.
            None => {
                within
                    && size == Size::Max
                    && PercentOr::<STRONG_PERCENT_AT_MAX>::default().percent().happens(u)?
                    && reaches_strong_counters(side, colours)
            }
        };
        // A strong game plays to its end: an invalid move would end it
        // (SR4) before the scores only it reaches.
        let invalid_at = invalid_at.filter(|_| !strong);
        let mut instance = Instance { colours, seed, board: Board::from_cells(side, side, tiles), moves: Vec::new() };
        // Long games need more choices than a fuzzer's input holds: once it
        // runs dry the moves come from a generator seeded by it.
        let rng = ChaCha8Rng::seed_from_u64(u.arbitrary()?);
        let mut player = Greedy::new(u, rng, greedy, &instance);
        // The strong player follows the game on its own; once a move is
        // invalid, the rest are skipped (SR4) and the greedy one goes on.
        let mut strong = strong.then(|| Lookahead::start(&instance));
        for index in 0..moves {
            let m = if invalid_at == Some(index) {
                strong = None;
                player.invalid(side)?
            } else if let Some(strong) = &mut strong {
                strong.next_move()
            } else {
                player.choose()?
            };
            instance.moves.push(m);
            player.follow(m);
        }
        Ok(instance)
    }

    /// The bench table: a 16x16, 4-colour contest-length game whose moves score
    /// often (a greedy player throughout), a smaller one, and the format's
    /// largest board, where the reference's whole-board scans cost most.
    fn benchmarks() -> Vec<Benchmark<SquareRemover>> {
        let shape = |side, colours, moves| Knobs {
            side: Some(Count::new(side)),
            colours: Some(colours),
            start_seed: None,
            moves: Some(Count::new(moves)),
            greedy_percent: PercentOr::new(100),
            invalid_percent: PercentOr::new(0),
            player: None,
            edges: EdgeKnob::NONE,
            statement: Statement::default(),
        };
        vec![
            Benchmark { name: "8x8-m1000", seed: 1, shape: shape(8, 4, 1000) },
            Benchmark { name: "16x16-m10000", seed: 2, shape: shape(16, 4, CONTEST_MOVES) },
            Benchmark { name: "64x64-m10000", seed: 3, shape: shape(MAX_SIDE, 4, CONTEST_MOVES) },
        ]
    }

    fn max_tests() -> Vec<MaxTest<SquareRemover>> {
        super::max_tests::max_tests()
    }

    fn edge_games() -> Vec<EdgeGame<SquareRemover>> {
        super::knobs::edge_games()
    }
}

/// The numbers of a game the format reads before its moves.
#[derive(Debug, Clone, Copy)]
struct Sizes {
    side: usize,
    colours: u8,
    seed: u64,
    moves: usize,
}

impl Knobs {
    /// `sizes` with one of them, of those the shape leaves to draw, at an
    /// edge of what the format accepts; or, one game in
    /// [`EXTREMES_ONE_IN`], every one at an extreme, but in a small game. A
    /// board of the largest side keeps its games short otherwise.
    fn at_an_edge(&self, u: &mut Unstructured<'_>, size: Size, mut sizes: Sizes) -> Result<Sizes> {
        // The edges of a field valid in `low..=high`, of those in `drawn`.
        let edge = |u: &mut Unstructured<'_>, low: usize, high: usize, drawn: RangeInclusive<usize>| {
            let drawn = *drawn.start() as i64..=*drawn.end() as i64;
            draw_within(u, low as i64..=high as i64, drawn).map(|value| value as usize)
        };
        let extreme = |u: &mut Unstructured<'_>, values: &[usize]| u.choose(values).copied();
        // A fuzzer picks the one in a thousand as readily as any other
        // draw, and a small game of 64x64 with 10,000 moves costs as much as
        // ten thousand small ones.
        if size != Size::Small && u.int_in_range(1..=EXTREMES_ONE_IN)? == 1 {
            let Sizes { side, colours, moves, .. } = &mut sizes;
            if self.side.is_none() {
                *side = extreme(u, &[MIN_SIDE, MAX_SIDE])?;
            }
            if self.colours.is_none() {
                *colours = extreme(u, &[MIN_COLOURS.into(), MAX_COLOURS.into()])? as u8;
            }
            if self.moves.is_none() {
                *moves = extreme(u, &[0, 1, CONTEST_MOVES])?;
            }
            return Ok(sizes);
        }
        let fields = [self.side.is_none(), self.colours.is_none(), self.start_seed.is_none(), self.moves.is_none()];
        let open: Vec<usize> = (0..fields.len()).filter(|&field| fields[field]).collect();
        match open.get(u.choose_index(open.len().max(1))?) {
            Some(0) => {
                sizes.side = edge(u, MIN_SIDE, MAX_SIDE, MIN_SIDE..=MAX_SIDE)?;
                if sizes.side > MAX_SIDE / 2 {
                    if self.moves.is_none() {
                        sizes.moves = sizes.moves.min(MOVES_ON_THE_LARGEST);
                    }
                    if self.colours.is_none() {
                        sizes.colours = sizes.colours.max(COLOURS_ON_THE_LARGEST);
                    }
                }
            }
            Some(1) => {
                sizes.colours =
                    edge(u, MIN_COLOURS.into(), MAX_COLOURS.into(), MIN_COLOURS.into()..=MAX_COLOURS.into())? as u8
            }
            Some(2) => sizes.seed = edge(u, 1, MODULUS as usize - 1, 1..=MODULUS as usize - 1)? as u64,
            // The widths past 10,001 moves (32,768, 65,536) would cost a
            // night more than they find: the engines take the moves as a
            // list, whose length no integer narrower than usize holds.
            Some(3) if u.int_in_range(1..=NEAR_CONTEST_ONE_IN)? == 1 => {
                sizes.moves = edge(u, 0, CONTEST_MOVES, CONTEST_MOVES - 1..=CONTEST_MOVES + 1)?;
            }
            Some(3) => sizes.moves = edge(u, 0, CONTEST_MOVES, 0..=CONTEST_MOVES - 2)?,
            _ => {}
        }
        Ok(sizes)
    }
}

impl Knobs {
    /// `sizes` with one of them, of those the shape leaves to draw, at an
    /// edge of the statement's bounds: a side of 8 or 16, 4 or 6 colours,
    /// a seed at an edge of its range. Its moves stay 10,000.
    fn at_a_statement_edge(&self, u: &mut Unstructured<'_>, mut sizes: Sizes) -> Result<Sizes> {
        let fields = [self.side.is_none(), self.colours.is_none(), self.start_seed.is_none()];
        let open: Vec<usize> = (0..fields.len()).filter(|&field| fields[field]).collect();
        match open.get(u.choose_index(open.len().max(1))?) {
            Some(0) => sizes.side = *u.choose(&[*STATEMENT_SIDES.start(), *STATEMENT_SIDES.end()])?,
            Some(1) => sizes.colours = *u.choose(&[*STATEMENT_COLOURS.start(), *STATEMENT_COLOURS.end()])?,
            Some(2) => {
                let seeds = 1..=MODULUS as i64 - 1;
                sizes.seed = draw_within(u, seeds.clone(), seeds)? as u64;
            }
            _ => {}
        }
        Ok(sizes)
    }
}

/// A side within the statement: its smaller boards at the smallest size,
/// any of its sides otherwise.
fn statement_side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    size.draw(u, &[(1, 8..=10)], &[(1, STATEMENT_SIDES)], &[(1, STATEMENT_SIDES)])
}

fn side(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    size.draw(u, &[(1, MIN_SIDE..=6)], &[(3, MIN_SIDE..=8), (1, MIN_SIDE..=16)], &[(1, 8..=16)])
}

fn colour_count(u: &mut Unstructured<'_>, size: Size) -> Result<u8> {
    size.draw(u, &[(1, MIN_COLOURS..=4)], &[(1, MIN_COLOURS..=6)], &[(1, 4..=6)])
}

fn move_count(u: &mut Unstructured<'_>, size: Size) -> Result<usize> {
    let contest = CONTEST_MOVES..=CONTEST_MOVES;
    size.draw(u, &[(1, 0..=20)], &[(80, 0..=40), (17, 1..=1000), (3, contest.clone())], &[(1, contest)])
}

/// Chooses moves: from the fuzzer's input while it lasts, then from `rng`.
struct Greedy<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    rng: ChaCha8Rng,
    greedy: u32,
    /// The game as it stands: moves are chosen on its board.
    game: Game,
    /// Whether a move was invalid, which ends the game (SR4).
    ended: bool,
    /// The board's tiles alike, kept from move to move, and the rows of
    /// tiles the moves set since it was last told.
    alike: Alike,
    unseen_rows: u64,
}

/// The input bytes the player leaves unread. A seeded case whose generator
/// reads every byte is generated again on a longer stream
/// (`seed::with_seed`); for the moves, which go on from `rng` once the input
/// runs dry, that would only cost the time of the game again.
const UNREAD: usize = 8;

impl<'a, 'b> Greedy<'a, 'b> {
    fn new(u: &'a mut Unstructured<'b>, rng: ChaCha8Rng, greedy: u32, instance: &Instance) -> Self {
        let game = Game::start(instance, Promise::Unkept);
        Greedy { u, rng, greedy, game, ended: false, alike: Alike::default(), unseen_rows: 0 }
    }

    /// Plays `m`, whoever chose it, on the board moves are chosen on.
    fn follow(&mut self, m: Move) {
        match move_tiles(self.game.side, m) {
            Ok(((ra, ca), (rb, cb))) if !self.ended => {
                let side = self.game.side;
                let mark = self.game.mark();
                self.game.play(ra * side + ca, rb * side + cb);
                let game = &self.game;
                self.unseen_rows |= game.changed_since(mark).fold(0, |rows, tile| rows | 1 << game.place(tile).0);
                self.game.commit();
            }
            _ => self.ended = true,
        }
    }

    /// A number below `n`.
    fn below(&mut self, n: usize) -> Result<usize> {
        if self.u.len() <= UNREAD {
            Ok(self.rng.random_range(0..n))
        } else {
            self.u.choose_index(n)
        }
    }

    /// A valid move: a greedy one, an equal-colour swap or a random one.
    fn choose(&mut self) -> Result<Move> {
        let roll = self.below(100)? as u32;
        let side = self.game.side;
        if roll < self.greedy {
            let start = (self.below(side - 1)?, self.below(side - 1)?);
            let (tiles, changed) = (self.game.cells(), std::mem::take(&mut self.unseen_rows));
            self.alike.describe_rows(side, tiles, changed);
            if let Some(m) = square_making_move(side, tiles, &self.alike, start) {
                return Ok(m);
            }
        } else if roll < self.greedy + EQUAL_PERCENT {
            for _ in 0..LOOKS {
                let m = self.valid_move(side)?;
                if swaps_equal_colours(side, self.game.cells(), m) {
                    return Ok(m);
                }
            }
        }
        self.valid_move(side)
    }

    fn valid_move(&mut self, side: usize) -> Result<Move> {
        loop {
            let m = Move::new(self.below(side)? as i32, self.below(side)? as i32, self.below(4)? as i32);
            if move_tiles(side, m).is_ok() {
                return Ok(m);
            }
        }
    }

    /// A move invalid for a drawn reason (SR4), with one field at an edge
    /// (`edges`): the row or the column at -1, one past the board, an
    /// integer width's edge or a value a narrower integer reads as on the
    /// board; the direction at -1 or 4, a width's edge or a wrap of a valid
    /// one; or a tile at the board's edge moving off it. Each of the eight
    /// first is drawn as often, so that a few hundred games reach them all.
    /// A tile one off the board moves back toward it half the time: the
    /// one direction in which a bound checked too loosely swaps it in.
    fn invalid(&mut self, side: usize) -> Result<Move> {
        let last = side as i32 - 1;
        let (row, col, dir) = (self.below(side)? as i32, self.below(side)? as i32, self.below(4)? as i32);
        let in_the_row = self.below(2)? == 0;
        let toward_the_board = self.below(2)? == 0;
        let toward = |inward: i32| if toward_the_board { inward } else { dir };
        let tile_at = |value: i32| if in_the_row { Move::new(value, col, dir) } else { Move::new(row, value, dir) };
        Ok(match self.below(10)? {
            0 if in_the_row => Move::new(-1, col, toward(DOWN)),
            0 => Move::new(row, -1, toward(RIGHT)),
            1 => Move::new(last + 1, col, toward(UP)),
            2 => Move::new(row, last + 1, toward(LEFT)),
            kind @ (3 | 4) => tile_at(self.off(0, last, kind == 4)?),
            5 => Move::new(row, col, if in_the_row { -1 } else { LEFT + 1 }),
            kind @ (6 | 7) => Move::new(row, col, self.off(UP, LEFT, kind == 7)?),
            _ => match self.below(4)? {
                0 => Move::new(0, col, UP),
                1 => Move::new(row, last, RIGHT),
                2 => Move::new(last, col, DOWN),
                _ => Move::new(row, 0, LEFT),
            },
        })
    }

    /// A value of a move's field, valid in `low..=high`, that is not: an
    /// integer width's edge, or, when `wrapped`, a valid value wrapped past
    /// a narrower integer.
    fn off(&mut self, low: i32, high: i32, wrapped: bool) -> Result<i32> {
        let (low, high) = (i64::from(low), i64::from(high));
        let holds = |v: i64| i32::try_from(v).is_ok();
        let values: Vec<i64> = if wrapped {
            wrapped_values(low, high, holds)
        } else {
            edge_values(low, high, holds).into_iter().filter(|&(edge, _)| edge == Edge::Width).map(|(_, v)| v).collect()
        };
        Ok(values[self.below(values.len())?] as i32)
    }
}

/// A move that makes a one-colour square (SR2), looked for 2x2 window by
/// window from window `from` on, each row from `from`'s column on and
/// around; `None` when no move makes one. Between moves the board holds no
/// square (SR3 removes them all), so a move makes one only by swapping the
/// odd tile of a window whose other three share a colour with a neighbour
/// of that colour outside the window: looking at windows finds every such
/// move, where drawing moves to try costs draws and misses most. `alike`
/// keeps the windows that have such a move (`Alike`) from board to board:
/// it describes `tiles`, a board of `side`.
fn square_making_move(side: usize, tiles: &[u8], alike: &Alike, from: (usize, usize)) -> Option<Move> {
    // Which of the odd tile's two outside neighbours is looked at first
    // follows the draw, so that no direction is favoured.
    let across_first = (from.0 + from.1).is_multiple_of(2);
    let (row, col) = alike.first_square_making(from)?;
    odd_tile_move(side, tiles, row, col, across_first)
}

/// The move that makes the window with top-left tile (`row`, `col`) one
/// colour, if it has an odd tile with a neighbour of the others' colour.
fn odd_tile_move(side: usize, cells: &[u8], row: usize, col: usize, across_first: bool) -> Option<Move> {
    let top = row * side + col;
    let [a, b, c, d] = [cells[top], cells[top + 1], cells[top + side], cells[top + side + 1]];
    let (r, c, colour) = match (a == b, c == d) {
        (true, false) if c == a => (row + 1, col + 1, a),
        (true, false) if d == a => (row + 1, col, a),
        (false, true) if a == c => (row, col + 1, c),
        (false, true) if b == c => (row, col, c),
        _ => return None,
    };
    // The neighbours outside the window: up from the top row, down from the
    // bottom one, left from the left column, right from the right one.
    let vertical =
        if r == row { r.checked_sub(1).map(|n| (n, c, UP)) } else { (r + 1 < side).then_some((r + 1, c, DOWN)) };
    let across =
        if c == col { c.checked_sub(1).map(|n| (r, n, LEFT)) } else { (c + 1 < side).then_some((r, c + 1, RIGHT)) };
    let [first, second] = if across_first { [across, vertical] } else { [vertical, across] };
    [first, second]
        .into_iter()
        .flatten()
        .find(|&(nr, nc, _)| cells[nr * side + nc] == colour)
        .map(|(_, _, dir)| Move::new(r as i32, c as i32, dir))
}

fn swaps_equal_colours(side: usize, tiles: &[u8], m: Move) -> bool {
    move_tiles(side, m).is_ok_and(|(a, b)| tiles[a.0 * side + a.1] == tiles[b.0 * side + b.1])
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::square::rules::fixtures::{board_between_moves, first_square_of_all};
    use crate::games::square::rules::swapped;

    /// Every valid move on `board` that leaves a one-colour square (SR2).
    fn square_making_moves(board: &Board) -> Vec<Move> {
        let side = board.rows() as i32;
        (0..side)
            .flat_map(|row| (0..side).flat_map(move |col| (0..4).map(move |dir| Move::new(row, col, dir))))
            .filter(|&m| {
                move_tiles(board.rows(), m).is_ok_and(|tiles| first_square_of_all(&swapped(board, tiles)).is_some())
            })
            .collect()
    }

    #[test]
    fn the_square_making_move_found_window_by_window_is_one_and_missed_only_when_there_is_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut found, mut none) = (0, 0);
        for _ in 0..2000 {
            let colours = rng.random_range(2..=4);
            let Some(board) = board_between_moves(&mut rng, colours) else { continue };
            let side = board.rows();
            let all = square_making_moves(&board);
            let start = (rng.random_range(0..side - 1), rng.random_range(0..side - 1));
            let mut alike = Alike::default();
            alike.describe_rows(side, board.cells(), crate::kit::bit_set::first(side));
            match square_making_move(side, board.cells(), &alike, start) {
                Some(m) => {
                    assert!(all.contains(&m), "{m:?} makes no square on\n{board:?}");
                    found += 1;
                }
                None => {
                    assert!(all.is_empty(), "missed {:?} on\n{board:?}", all[0]);
                    none += 1;
                }
            }
        }
        assert!(found > 200 && none > 200, "{found} boards with a square-making move, {none} without: too few to see");
    }

    /// The draws that take the one game in a thousand with every size at
    /// an extreme, and then the largest side and the most moves: a fuzzer
    /// picks them as readily as any others.
    const EVERY_EXTREME: [u8; 8] = [0, 0, 1, 1, 2, 2, 2, 2];

    #[test]
    fn a_small_game_never_has_every_size_at_an_extreme_at_once() {
        let sizes = Sizes { side: 4, colours: 4, seed: 1, moves: 3 };
        let at = |size| {
            let sizes = Knobs::default().at_an_edge(&mut Unstructured::new(&EVERY_EXTREME), size, sizes).unwrap();
            (sizes.side, sizes.moves)
        };
        assert_eq!(at(Size::Mixed), (MAX_SIDE, CONTEST_MOVES), "the draws are those of every extreme");
        let (side, moves) = at(Size::Small);
        assert!(side <= *STATEMENT_SIDES.end() || moves <= MOVES_ON_THE_LARGEST, "{side}x{side}, {moves} moves");
    }
}
