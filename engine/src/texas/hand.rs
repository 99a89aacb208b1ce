//! TX10: the hand scored after every 5th valid operation from the main
//! colours of the last 5 valid operations.

use m3_model::texas::HAND_SIZE;

/// The main colours of the valid operations since the last hand.
pub(super) struct HandCycle {
    /// One slot per valid operation of the cycle; reused, so that a cycle
    /// allocates nothing once every slot has held its colours.
    slots: [Vec<u8>; HAND_SIZE],
    /// Valid operations so far in the game.
    valid: usize,
}

impl HandCycle {
    pub fn new() -> HandCycle {
        HandCycle { slots: std::array::from_fn(|_| Vec::with_capacity(2)), valid: 0 }
    }

    /// The slot of the valid operation now resolving, emptied for its main
    /// colours.
    pub fn current(&mut self) -> &mut Vec<u8> {
        let slot = &mut self.slots[self.valid % HAND_SIZE];
        slot.clear();
        slot
    }

    /// Counts the valid operation whose main colours `current` received; on
    /// every 5th, its hand's points.
    pub fn close(&mut self) -> Option<i64> {
        self.valid += 1;
        self.valid.is_multiple_of(HAND_SIZE).then(|| best_hand(&self.slots))
    }

    /// The main colours of the last counted valid operation.
    pub fn last(&self) -> &[u8] {
        match self.valid {
            0 => &[],
            valid => &self.slots[(valid - 1) % HAND_SIZE],
        }
    }
}

/// The best hand over every way of taking one main colour from each of the
/// five operations (2^5 ways when each has two).
pub(super) fn best_hand(slots: &[Vec<u8>; HAND_SIZE]) -> i64 {
    fn pick(slots: &[Vec<u8>; HAND_SIZE], depth: usize, cards: &mut [u8; HAND_SIZE]) -> i64 {
        if depth == HAND_SIZE {
            return hand_points(*cards);
        }
        let mut best = 0;
        for &colour in &slots[depth] {
            cards[depth] = colour;
            best = best.max(pick(slots, depth + 1, cards));
        }
        best
    }
    pick(slots, 0, &mut [0; HAND_SIZE])
}

/// The hand table of TX10 for five colours.
pub(super) fn hand_points(mut cards: [u8; HAND_SIZE]) -> i64 {
    cards.sort_unstable_by(|a, b| b.cmp(a));
    // (count, colour) per distinct colour, most cards first, then the larger
    // colour first: groups[0] is the three, four or larger pair.
    let mut groups = [(0u8, 0u8); HAND_SIZE];
    let mut distinct = 0;
    for (i, &colour) in cards.iter().enumerate() {
        if i > 0 && cards[i - 1] == colour {
            groups[distinct - 1].0 += 1;
        } else {
            groups[distinct] = (1, colour);
            distinct += 1;
        }
    }
    groups[..distinct].sort_unstable_by(|a, b| b.cmp(a));
    let count = |i: usize| groups[i].0;
    let colour = |i: usize| i64::from(groups[i].1);
    match (count(0), count(1)) {
        (5, _) => 1000 + 10 * colour(0),
        (4, _) => 750 + 5 * colour(0),
        (3, 2) => 500 + 3 * colour(0) + colour(1),
        (3, _) => 300 + 3 * colour(0),
        (2, 2) => 200 + 2 * colour(0) + colour(1),
        (2, _) => 100 + 2 * colour(0),
        // High card: the cards are sorted largest first.
        _ => 50 + i64::from(cards[0]),
    }
}
