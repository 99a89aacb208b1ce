//! What the generated Texas games exercised, rule by rule.

use m3_model::texas::{OperationRecord, Outcome, Special, Texas, ALL_VALID_BONUS, CLEARED_BONUS};

use super::hand::best_hand;
use super::Standing;
use crate::coverage::Tally;
use crate::game::Counting;

crate::counters! {
    /// Texas Match-3's rule-coverage counters, under their rules.
    pub enum Counter {
        "TX2" => {
            Valid: "valid swap",
            OffBoard: "invalid: off the board",
            SameCell: "invalid: same cell",
            NotAdjacent: "invalid: not adjacent",
            EmptyCell: "invalid: empty cell",
            NoRun: "invalid: no run",
        }
        "TX3" => {
            OneRound: "operation of 1 round",
            TwoRounds: "operation of 2 rounds",
            ThreeOrFourRounds: "operation of 3-4 rounds",
            FiveRoundsOrMore: "operation of 5+ rounds",
        }
        "TX5" => {
            RowSpecial: "row special fired",
            ColumnSpecial: "column special fired",
            RowAndColumnSpecial: "row-and-column special fired",
            Square3Special: "3x3 special fired",
            Square5Special: "5x5 special fired",
            ColourSpecial: "colour special fired",
            SpecialBySpecial: "special fired by another special",
        }
        "TX9" => {
            Combo: "round with a combo (component of 4+)",
        }
        "TX10" => {
            HighCard: "hand: high card",
            OnePair: "hand: one pair",
            TwoPairs: "hand: two pairs",
            ThreeOfAKind: "hand: three of a kind",
            FullHouse: "hand: full house",
            FourOfAKind: "hand: four of a kind",
            FiveOfAKind: "hand: five of a kind",
        }
        "TX11" => {
            AllValid: "game with every operation valid",
            BoardCleared: "game that cleared the board",
        }
    }
}

impl Counter {
    /// The special kinds fired, in the order of their codes.
    pub const SPECIALS: [Counter; 6] = [
        Counter::RowSpecial,
        Counter::ColumnSpecial,
        Counter::RowAndColumnSpecial,
        Counter::Square3Special,
        Counter::Square5Special,
        Counter::ColourSpecial,
    ];
    /// The reasons an operation is invalid, in the order of `Invalid`.
    pub const INVALID: [Counter; 5] =
        [Counter::OffBoard, Counter::SameCell, Counter::NotAdjacent, Counter::EmptyCell, Counter::NoRun];
    /// The hands, weakest first.
    pub const HANDS: [Counter; 7] = [
        Counter::HighCard,
        Counter::OnePair,
        Counter::TwoPairs,
        Counter::ThreeOfAKind,
        Counter::FullHouse,
        Counter::FourOfAKind,
        Counter::FiveOfAKind,
    ];
}

impl Counting<Texas> for Counter {
    fn record(tally: &mut Tally<Counter>, before: &Standing, record: &OperationRecord) {
        let reason = match record.validity {
            Ok(()) => Counter::Valid,
            Err(reason) => Counter::INVALID[reason as usize],
        };
        tally.add(reason, 1);
        if record.rounds.is_empty() {
            return;
        }
        let rounds = match record.rounds.len() {
            1 => Counter::OneRound,
            2 => Counter::TwoRounds,
            3..=4 => Counter::ThreeOrFourRounds,
            _ => Counter::FiveRoundsOrMore,
        };
        tally.add(rounds, 1);
        for round in &record.rounds {
            for removal in &round.removed {
                if removal.piece.special == Special::None {
                    continue;
                }
                tally.add(Counter::SPECIALS[usize::from(removal.piece.special.code()) - 1], 1);
                if !round.marked.contains(&removal.cell) {
                    tally.add(Counter::SpecialBySpecial, 1);
                }
            }
            tally.add(Counter::Combo, u64::from(round.combo_points > 0));
        }
        if record.hand_points.is_some() {
            let mut hand = before.hand.clone();
            hand.push(record.main_colours.clone());
            if let Some((kind, _)) = best_hand(&hand) {
                tally.add(Counter::HANDS[kind as usize], 1);
            }
        }
    }

    fn outcome(tally: &mut Tally<Counter>, last: &Standing, outcome: &Outcome) {
        // TX11's bonuses, told apart by what the board and the bonus say.
        let cleared = last.board.is_empty();
        tally.add(Counter::BoardCleared, u64::from(cleared));
        let rest = outcome.parts.endgame - if cleared { CLEARED_BONUS } else { 0 };
        tally.add(Counter::AllValid, u64::from(rest == ALL_VALID_BONUS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texas::hand::Hand;
    use m3_model::texas::Invalid;

    #[test]
    fn hands_and_reasons_line_up_with_their_enums() {
        assert_eq!(Counter::HANDS[Hand::FullHouse as usize], Counter::FullHouse);
        assert_eq!(Counter::INVALID[Invalid::EmptyCell as usize], Counter::EmptyCell);
        assert_eq!(Counter::SPECIALS[usize::from(Special::Square5.code()) - 1], Counter::Square5Special);
    }
}
