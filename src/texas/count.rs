//! What the generated Texas games exercised, rule by rule.

use m3_model::texas::{OperationRecord, Outcome, Special, Texas, ALL_VALID_BONUS, CLEARED_BONUS};

use super::hand::best_hand;
use super::Standing;
use crate::coverage::Tally;
use crate::game::Counting;

crate::counters! {
    /// Texas Match-3's rule-coverage counters.
    pub enum TexasCounter {
        Valid = ("TX2", "valid swap"),
        OffBoard = ("TX2", "invalid: off the board"),
        SameCell = ("TX2", "invalid: same cell"),
        NotAdjacent = ("TX2", "invalid: not adjacent"),
        EmptyCell = ("TX2", "invalid: empty cell"),
        NoRun = ("TX2", "invalid: no run"),
        OneRound = ("TX3", "operation of 1 round"),
        TwoRounds = ("TX3", "operation of 2 rounds"),
        ThreeOrFourRounds = ("TX3", "operation of 3-4 rounds"),
        FiveRoundsOrMore = ("TX3", "operation of 5+ rounds"),
        RowSpecial = ("TX5", "row special fired"),
        ColumnSpecial = ("TX5", "column special fired"),
        RowAndColumnSpecial = ("TX5", "row-and-column special fired"),
        Square3Special = ("TX5", "3x3 special fired"),
        Square5Special = ("TX5", "5x5 special fired"),
        ColourSpecial = ("TX5", "colour special fired"),
        SpecialBySpecial = ("TX5", "special fired by another special"),
        Combo = ("TX9", "round with a combo (component of 4+)"),
        HighCard = ("TX10", "hand: high card"),
        OnePair = ("TX10", "hand: one pair"),
        TwoPairs = ("TX10", "hand: two pairs"),
        ThreeOfAKind = ("TX10", "hand: three of a kind"),
        FullHouse = ("TX10", "hand: full house"),
        FourOfAKind = ("TX10", "hand: four of a kind"),
        FiveOfAKind = ("TX10", "hand: five of a kind"),
        AllValid = ("TX11", "game with every operation valid"),
        BoardCleared = ("TX11", "game that cleared the board"),
    }
}

impl TexasCounter {
    /// The special kinds fired, in the order of their codes.
    pub const SPECIALS: [TexasCounter; 6] = [
        TexasCounter::RowSpecial,
        TexasCounter::ColumnSpecial,
        TexasCounter::RowAndColumnSpecial,
        TexasCounter::Square3Special,
        TexasCounter::Square5Special,
        TexasCounter::ColourSpecial,
    ];
    /// The reasons an operation is invalid, in the order of `Invalid`.
    pub const INVALID: [TexasCounter; 5] = [
        TexasCounter::OffBoard,
        TexasCounter::SameCell,
        TexasCounter::NotAdjacent,
        TexasCounter::EmptyCell,
        TexasCounter::NoRun,
    ];
    /// The hands, weakest first.
    pub const HANDS: [TexasCounter; 7] = [
        TexasCounter::HighCard,
        TexasCounter::OnePair,
        TexasCounter::TwoPairs,
        TexasCounter::ThreeOfAKind,
        TexasCounter::FullHouse,
        TexasCounter::FourOfAKind,
        TexasCounter::FiveOfAKind,
    ];
}

impl Counting<Texas> for TexasCounter {
    fn record(tally: &mut Tally<TexasCounter>, before: &Standing, record: &OperationRecord) {
        let reason = match record.validity {
            Ok(()) => TexasCounter::Valid,
            Err(reason) => TexasCounter::INVALID[reason as usize],
        };
        tally.add(reason, 1);
        if record.rounds.is_empty() {
            return;
        }
        let rounds = match record.rounds.len() {
            1 => TexasCounter::OneRound,
            2 => TexasCounter::TwoRounds,
            3..=4 => TexasCounter::ThreeOrFourRounds,
            _ => TexasCounter::FiveRoundsOrMore,
        };
        tally.add(rounds, 1);
        for round in &record.rounds {
            for removal in &round.removed {
                if removal.piece.special == Special::None {
                    continue;
                }
                tally.add(TexasCounter::SPECIALS[usize::from(removal.piece.special.code()) - 1], 1);
                if !round.marked.contains(&removal.cell) {
                    tally.add(TexasCounter::SpecialBySpecial, 1);
                }
            }
            tally.add(TexasCounter::Combo, u64::from(round.combo_points > 0));
        }
        if record.hand_points.is_some() {
            let mut hand = before.hand.clone();
            hand.push(record.main_colours.clone());
            if let Some((kind, _)) = best_hand(&hand) {
                tally.add(TexasCounter::HANDS[kind as usize], 1);
            }
        }
    }

    fn outcome(tally: &mut Tally<TexasCounter>, last: &Standing, outcome: &Outcome) {
        // TX11's bonuses, told apart by what the board and the bonus say.
        let cleared = last.board.is_empty();
        tally.add(TexasCounter::BoardCleared, u64::from(cleared));
        let rest = outcome.parts.endgame - if cleared { CLEARED_BONUS } else { 0 };
        tally.add(TexasCounter::AllValid, u64::from(rest == ALL_VALID_BONUS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texas::hand::Hand;
    use m3_model::texas::Invalid;

    #[test]
    fn hands_and_reasons_line_up_with_their_enums() {
        assert_eq!(TexasCounter::HANDS[Hand::FullHouse as usize], TexasCounter::FullHouse);
        assert_eq!(TexasCounter::INVALID[Invalid::EmptyCell as usize], TexasCounter::EmptyCell);
        assert_eq!(TexasCounter::SPECIALS[usize::from(Special::Square5.code()) - 1], TexasCounter::Square5Special);
    }
}
