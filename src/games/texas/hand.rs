//! TX10 recomputed from the recorded main colours, for the checker and the
//! coverage counters: the best hand over every choice of one main colour per
//! operation.

use m3_model::texas::HAND_SIZE;

/// The hands of TX10, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hand {
    HighCard,
    OnePair,
    TwoPairs,
    ThreeOfAKind,
    FullHouse,
    FourOfAKind,
    FiveOfAKind,
}

/// The hand that scores most, and its points, over every selection of one
/// colour from each of the five operations' main colours; `None` unless
/// there are exactly five operations, each with a main colour.
pub fn best_hand(main_colours: &[Vec<u8>]) -> Option<(Hand, i64)> {
    best_cards(main_colours).map(hand)
}

/// The selection [`best_hand`] scores: one colour from each operation's
/// main colours, in the operations' order.
pub fn best_cards(main_colours: &[Vec<u8>]) -> Option<[u8; HAND_SIZE]> {
    if main_colours.len() != HAND_SIZE || main_colours.iter().any(Vec::is_empty) {
        return None;
    }
    let mut best: Option<([u8; HAND_SIZE], i64)> = None;
    let choices: usize = main_colours.iter().map(Vec::len).product();
    for mut choice in 0..choices {
        let mut cards = [0u8; HAND_SIZE];
        for (card, colours) in cards.iter_mut().zip(main_colours) {
            *card = colours[choice % colours.len()];
            choice /= colours.len();
        }
        let (_, points) = hand(cards);
        if best.is_none_or(|(_, most)| points > most) {
            best = Some((cards, points));
        }
    }
    best.map(|(cards, _)| cards)
}

/// One hand of five colours and its points.
fn hand(cards: [u8; HAND_SIZE]) -> (Hand, i64) {
    // (count, colour) of each distinct colour, most frequent then highest first.
    let mut groups: Vec<(usize, i64)> = Vec::new();
    for card in cards {
        match groups.iter_mut().find(|(_, colour)| *colour == i64::from(card)) {
            Some(group) => group.0 += 1,
            None => groups.push((1, i64::from(card))),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let c = |i: usize| groups[i].1;
    match counts[..] {
        [5] => (Hand::FiveOfAKind, 1000 + 10 * c(0)),
        [4, 1] => (Hand::FourOfAKind, 750 + 5 * c(0)),
        [3, 2] => (Hand::FullHouse, 500 + 3 * c(0) + c(1)),
        [3, 1, 1] => (Hand::ThreeOfAKind, 300 + 3 * c(0)),
        [2, 2, 1] => (Hand::TwoPairs, 200 + 2 * c(0) + c(1)),
        [2, 1, 1, 1] => (Hand::OnePair, 100 + 2 * c(0)),
        _ => (Hand::HighCard, 50 + c(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_each(colours: [u8; 5]) -> Vec<Vec<u8>> {
        colours.iter().map(|&c| vec![c]).collect()
    }

    #[test]
    fn tx10_each_hand_scores_as_the_rule_says() {
        assert_eq!(best_hand(&one_each([1, 2, 3, 4, 9])), Some((Hand::HighCard, 59)));
        assert_eq!(best_hand(&one_each([4, 4, 1, 2, 3])), Some((Hand::OnePair, 108)));
        assert_eq!(best_hand(&one_each([2, 2, 5, 5, 1])), Some((Hand::TwoPairs, 212)));
        assert_eq!(best_hand(&one_each([3, 3, 3, 1, 2])), Some((Hand::ThreeOfAKind, 309)));
        assert_eq!(best_hand(&one_each([3, 3, 3, 7, 7])), Some((Hand::FullHouse, 516)));
        assert_eq!(best_hand(&one_each([6, 6, 6, 6, 1])), Some((Hand::FourOfAKind, 780)));
        assert_eq!(best_hand(&one_each([2, 2, 2, 2, 2])), Some((Hand::FiveOfAKind, 1020)));
    }

    #[test]
    fn tx10_the_choice_of_main_colours_is_the_best_joint_one() {
        // Taking 1 from each two-colour operation makes a full house of 1s
        // and 2s (500 + 3 + 2); taking 9 twice makes two pairs at most.
        let colours = vec![vec![1, 9], vec![1, 9], vec![1], vec![2], vec![2]];
        assert_eq!(best_hand(&colours), Some((Hand::FullHouse, 505)));
    }

    #[test]
    fn tx10_no_hand_without_five_operations() {
        assert_eq!(best_hand(&one_each([1, 1, 1, 1, 1])[..4]), None);
    }
}
