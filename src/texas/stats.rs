//! What the generated Texas games were like: a generator whose games rarely
//! chain, rarely trigger specials or never clear a board tests little.

use std::fmt;

use m3_model::texas::{Invalid, OperationRecord, Outcome, Special, Texas};

use crate::game::Stats;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TexasStats {
    pub games: u64,
    pub operations: u64,
    pub valid: u64,
    /// Invalid operations by reason, in the order of `Invalid`.
    pub invalid: [u64; 5],
    pub rounds: u64,
    /// Valid operations with two rounds or more.
    pub chains: u64,
    pub longest_chain: u64,
    pub specials_triggered: u64,
    pub hands: u64,
    pub boards_cleared: u64,
}

impl Stats<Texas> for TexasStats {
    fn record(&mut self, record: &OperationRecord) {
        self.operations += 1;
        match record.validity {
            Ok(()) => self.valid += 1,
            Err(reason) => self.invalid[reason_index(reason)] += 1,
        }
        let rounds = record.rounds.len() as u64;
        self.rounds += rounds;
        self.chains += u64::from(rounds >= 2);
        self.longest_chain = self.longest_chain.max(rounds);
        let removed = record.rounds.iter().flat_map(|round| &round.removed);
        self.specials_triggered += removed.filter(|r| r.piece.special != Special::None).count() as u64;
        self.hands += u64::from(record.hand_points.is_some());
    }

    fn outcome(&mut self, outcome: &Outcome) {
        self.games += 1;
        self.boards_cleared += u64::from(outcome.parts.endgame >= m3_model::texas::CLEARED_BONUS);
    }

    fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.operations += other.operations;
        self.valid += other.valid;
        for (mine, theirs) in self.invalid.iter_mut().zip(other.invalid) {
            *mine += theirs;
        }
        self.rounds += other.rounds;
        self.chains += other.chains;
        self.longest_chain = self.longest_chain.max(other.longest_chain);
        self.specials_triggered += other.specials_triggered;
        self.hands += other.hands;
        self.boards_cleared += other.boards_cleared;
    }
}

fn reason_index(reason: Invalid) -> usize {
    match reason {
        Invalid::OffBoard => 0,
        Invalid::SameCell => 1,
        Invalid::NotAdjacent => 2,
        Invalid::EmptyCell => 3,
        Invalid::NoRun => 4,
    }
}

impl fmt::Display for TexasStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ratio = |part: u64, whole: u64| if whole == 0 { 0.0 } else { part as f64 / whole as f64 };
        let [off_board, same_cell, not_adjacent, empty_cell, no_run] = self.invalid;
        writeln!(f, "{} games, {} operations", self.games, self.operations)?;
        writeln!(
            f,
            "valid share {:.1}%; invalid: off board {off_board}, same cell {same_cell}, not adjacent {not_adjacent}, empty cell {empty_cell}, no run {no_run}",
            100.0 * ratio(self.valid, self.operations)
        )?;
        writeln!(
            f,
            "rounds per valid operation {:.2}; chains (2+ rounds) {:.1}% of valid operations, longest {}",
            ratio(self.rounds, self.valid),
            100.0 * ratio(self.chains, self.valid),
            self.longest_chain
        )?;
        writeln!(
            f,
            "specials triggered {} ({:.2} per valid operation); hands scored {}",
            self.specials_triggered,
            ratio(self.specials_triggered, self.valid),
            self.hands
        )?;
        write!(
            f,
            "boards cleared {} ({:.1}% of games)",
            self.boards_cleared,
            100.0 * ratio(self.boards_cleared, self.games)
        )
    }
}
