//! Conservation (TX, MD): every piece is on the board or counted as removed,
//! checked one way for every game whose pieces vanish.

/// Whether the pieces `before` a pass are, kind by kind, those `after` it
/// plus those it `removed`.
pub fn conserved<K: Eq>(
    before: impl IntoIterator<Item = K>,
    removed: impl IntoIterator<Item = K>,
    after: impl IntoIterator<Item = K>,
) -> bool {
    // A board holds few kinds, so a list looked through beats a map's
    // search and its nodes.
    let mut balance: Vec<(K, i64)> = Vec::new();
    let mut add = |kind: K, by: i64| match balance.iter_mut().find(|(known, _)| *known == kind) {
        Some((_, count)) => *count += by,
        None => balance.push((kind, by)),
    };
    before.into_iter().for_each(|kind| add(kind, 1));
    removed.into_iter().chain(after).for_each(|kind| add(kind, -1));
    balance.iter().all(|&(_, count)| count == 0)
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
