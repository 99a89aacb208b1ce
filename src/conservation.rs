//! Conservation (TX, MD): every piece is on the board or counted as removed,
//! checked one way for every game whose pieces vanish.

use std::collections::BTreeMap;

/// Whether the pieces `before` a pass are, kind by kind, those `after` it
/// plus those it `removed`.
pub fn conserved<K: Ord>(
    before: impl IntoIterator<Item = K>,
    removed: impl IntoIterator<Item = K>,
    after: impl IntoIterator<Item = K>,
) -> bool {
    let mut balance: BTreeMap<K, i64> = BTreeMap::new();
    for kind in before {
        *balance.entry(kind).or_default() += 1;
    }
    for kind in removed.into_iter().chain(after) {
        *balance.entry(kind).or_default() -= 1;
    }
    balance.values().all(|&count| count == 0)
}

#[cfg(test)]
mod tests {
    use super::conserved;

    #[test]
    fn a_piece_is_on_the_board_or_removed_never_both_nor_neither() {
        assert!(conserved([1, 1, 2], [1], [1, 2]));
        assert!(!conserved([1, 1, 2], [1], [1, 1, 2]), "a piece removed and still there");
        assert!(!conserved([1, 1, 2], [], [1, 2]), "a piece gone unrecorded");
        assert!(!conserved([1, 2], [2], [1, 1]), "a piece turned into another kind");
    }
}
