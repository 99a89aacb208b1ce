//! Conservation (TX, MD): every piece is on the board or counted as removed,
//! checked one way for every game whose pieces vanish.

/// Whether the pieces `before` a pass are, kind by kind, those `after` it
/// plus those it `removed`. The caller numbers the kinds from 0, the kinds
/// a board usually holds first: a count per number is a slot of a list, not
/// a search through the kinds for each piece, and the list grows only as
/// far as the largest number met.
pub fn conserved(
    before: impl IntoIterator<Item = usize>,
    removed: impl IntoIterator<Item = usize>,
    after: impl IntoIterator<Item = usize>,
) -> bool {
    let mut balance: Vec<i64> = Vec::new();
    let mut add = |kind: usize, by: i64| {
        if kind >= balance.len() {
            balance.resize(kind + 1, 0);
        }
        balance[kind] += by;
    };
    before.into_iter().for_each(|kind| add(kind, 1));
    removed.into_iter().for_each(|kind| add(kind, -1));
    after.into_iter().for_each(|kind| add(kind, -1));
    balance.iter().all(|&count| count == 0)
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
