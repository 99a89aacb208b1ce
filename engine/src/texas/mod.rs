//! Texas Match-3 (THUPC 2022), rules TX1-TX12 of docs/RULES.md.
//!
//! `Engine` keeps the board as flat planes with a sentinel border and reuses
//! one set of scratch buffers, so that an operation allocates nothing on the
//! quiet path: validity reads only the lines through the two swapped cells,
//! each round searches for runs only where pieces moved, and gravity runs
//! only in the columns that lost a piece, from their lowest emptied row up.
//! A caller that wants to see inside an operation passes an `Observer`; the
//! quiet path passes `Quiet`, which costs nothing once monomorphised.

mod grid;
mod hand;
mod observer;
mod round;
mod scratch;
mod validity;

#[cfg(test)]
mod tests;

use m3_model::texas::{
    Board, Instance, Invalid, OperationRecord, Outcome, ScoreParts, Swap, Texas, ALL_VALID_BONUS, CLEARED_BONUS,
};
use m3_model::Stepper;

use observer::{BoardView, Observer, OperationReport, Quiet, Recorder, RoundPoints, RoundView};

use grid::Grid;
use hand::HandCycle;
use scratch::Scratch;

/// A game in progress.
pub struct Engine {
    grid: Grid,
    scratch: Scratch,
    hand: HandCycle,
    // Reading: TX1 promises a full starting board with no run, but a model
    // `Instance` can hold a board with runs or with pieces above empty cells.
    // Such a board is taken literally: TX2 then asks for a run anywhere on
    // the board after the swap, the first round of the first valid operation
    // searches the whole board, and its gravity runs down every column
    // (TX3, TX6). After that round the board is settled like any other, so
    // this flag only lives until then. That first round may mark more than
    // two colours; TX10 then chooses among all of them.
    unsettled: bool,
    /// No operation so far was invalid (TX11).
    all_valid: bool,
    parts: ScoreParts,
    /// The running total, kept apart from `parts` as points are scored.
    total: i64,
}

impl Engine {
    fn new(instance: &Instance) -> Engine {
        Engine::from_board(&instance.board)
    }

    fn from_board(board: &Board) -> Engine {
        let grid = Grid::from_board(board);
        let scratch = Scratch::new(grid.colour.len(), grid.cols);
        Engine {
            unsettled: !grid.is_settled(),
            grid,
            scratch,
            hand: HandCycle::new(),
            all_valid: true,
            parts: ScoreParts::default(),
            total: 0,
        }
    }

    /// Plays one operation on the quiet path; true when it was valid.
    fn apply(&mut self, swap: Swap) -> bool {
        self.play(swap, &mut Quiet).is_ok()
    }

    /// Plays one operation, telling `observer` about every round and the
    /// operation's end.
    fn play<O: Observer>(&mut self, swap: Swap, observer: &mut O) -> Result<(), Invalid> {
        let (a, b) = match validity::swap_if_valid(&mut self.grid, swap, self.unsettled) {
            Ok(cells) => cells,
            Err(reason) => {
                self.all_valid = false;
                observer.operation(&OperationReport {
                    swap,
                    validity: Err(reason),
                    main_colours: &[],
                    chain_points: 0,
                    hand_points: None,
                    board: BoardView::new(&self.grid),
                });
                return Err(reason);
            }
        };
        let rounds = i64::from(self.resolve(a, b, observer));
        // TX8.
        let chain = 80 * (rounds - 1) * (rounds - 1);
        self.parts.chain += chain;
        self.total += chain;
        let hand = self.hand.close();
        if let Some(points) = hand {
            self.parts.hand += points;
            self.total += points;
        }
        observer.operation(&OperationReport {
            swap,
            validity: Ok(()),
            main_colours: self.hand.last(),
            chain_points: chain,
            hand_points: hand,
            board: BoardView::new(&self.grid),
        });
        Ok(())
    }

    /// TX3: the rounds of a valid operation whose pieces at `a` and `b` were
    /// just swapped. Returns how many there were.
    fn resolve<O: Observer>(&mut self, a: usize, b: usize, observer: &mut O) -> u32 {
        let Engine { grid, scratch: s, hand, unsettled, parts, total, .. } = self;
        s.dirty.clear();
        if *unsettled {
            s.dirty.extend(grid.piece_cells());
        } else {
            s.dirty.extend([a, b]);
        }
        let mut number = 0;
        loop {
            s.next_round();
            round::mark_runs(grid, s);
            if s.marked.is_empty() {
                return number;
            }
            number += 1;
            if number == 1 {
                main_colours(grid, &s.marked, hand.current());
            }
            round::spread_specials(grid, s);
            observer.removing(&RoundView { grid, marked: &s.marked, removed: &s.removed });
            let combo = round::combo_points(grid, s);
            // TX7.
            let elimination = i64::from(number) * round::take_removed(grid, s);
            if *unsettled {
                round::touch_every_column(grid, s);
                *unsettled = false;
            }
            round::fall(grid, s);
            parts.elimination += elimination;
            parts.combo += combo;
            *total += elimination + combo;
            observer.round_settled(RoundPoints { elimination, combo }, BoardView::new(grid));
        }
    }

    /// The board as it stands.
    #[cfg(test)]
    fn board(&self) -> Board {
        self.grid.to_board()
    }

    #[cfg(test)]
    fn total(&self) -> i64 {
        self.total
    }

    /// The game as it would end now, TX11's bonuses included.
    fn outcome(&self) -> Outcome {
        // Reading: with no operation at all, "all q operations were valid"
        // holds vacuously, and the bonus is paid.
        let mut endgame = 0;
        if self.all_valid {
            endgame += ALL_VALID_BONUS;
        }
        if self.grid.pieces == 0 {
            endgame += CLEARED_BONUS;
        }
        Outcome {
            parts: ScoreParts { endgame: self.parts.endgame + endgame, ..self.parts },
            total: self.total + endgame,
        }
    }
}

/// TX10: the distinct colours of the first round's marked pieces, ascending.
fn main_colours(grid: &Grid, marked: &[usize], into: &mut Vec<u8>) {
    let mut seen = [0u64; 4];
    for &cell in marked {
        let colour = usize::from(grid.colour[cell]);
        seen[colour / 64] |= 1 << (colour % 64);
    }
    for (word, &bits) in seen.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            // A marked cell holds a piece, whose colour is below 256.
            into.push((word * 64) as u8 + bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
    }
}

impl Stepper<Texas> for Engine {
    fn start(instance: &Instance) -> Engine {
        Engine::new(instance)
    }

    fn step(&mut self, swap: &Swap) -> OperationRecord {
        let mut recorder = Recorder::default();
        let _validity = self.play(*swap, &mut recorder);
        recorder.into_record().expect("play reports every operation")
    }

    fn finish(self) -> Outcome {
        self.outcome()
    }
}

/// The total score of `instance` on the quiet path.
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Engine::new(instance);
    for &swap in &instance.swaps {
        game.apply(swap);
    }
    game.outcome().total
}
