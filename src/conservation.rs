//! Conservation (TX, MD): every piece is on the board or counted as removed,
//! checked one way for every game whose pieces vanish.

/// Whether the pieces `before` a pass are, kind by kind, those `after` it
/// plus those it `removed`. The caller numbers the kinds below `kinds`: a
/// count per number is a slot of a list, not a search through the kinds
/// for each piece.
///
/// # Panics
/// When a kind's number is `kinds` or more.
pub fn conserved(
    kinds: usize,
    before: impl IntoIterator<Item = usize>,
    removed: impl IntoIterator<Item = usize>,
    after: impl IntoIterator<Item = usize>,
) -> bool {
    let mut balance = vec![0i64; kinds];
    before.into_iter().for_each(|kind| balance[kind] += 1);
    removed.into_iter().for_each(|kind| balance[kind] -= 1);
    after.into_iter().for_each(|kind| balance[kind] -= 1);
    balance.iter().all(|&count| count == 0)
}

#[cfg(test)]
mod tests {
    use super::conserved;

    #[test]
    fn a_piece_is_on_the_board_or_removed_never_both_nor_neither() {
        assert!(conserved(3, [1, 1, 2], [1], [1, 2]));
        assert!(!conserved(3, [1, 1, 2], [1], [1, 1, 2]), "a piece removed and still there");
        assert!(!conserved(3, [1, 1, 2], [], [1, 2]), "a piece gone unrecorded");
        assert!(!conserved(3, [1, 2], [2], [1, 1]), "a piece turned into another kind");
    }
}
