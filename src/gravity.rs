//! Gravity order (TX6, MD5), checked one way for every game whose pieces
//! fall: after a fall each column holds the pieces that survived, in their
//! order, at its bottom, with no piece above an empty cell.

/// Where one piece landed in its column: its row before the fall and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    pub col: usize,
    pub from: usize,
    pub to: usize,
}

/// Checks the fall of a `rows` x `cols` grid. `survivor(row, col)` is the
/// piece that stood there before the fall and was not removed,
/// `after(row, col)` the piece there after it, and `same` whether a piece
/// landed as itself (a game whose pieces change as they fall, as bombs arm,
/// says which changes it allows). Gives every survivor's landing, column by
/// column, bottom up, or what is wrong.
pub fn check_fall<T>(
    rows: usize,
    cols: usize,
    survivor: impl Fn(usize, usize) -> Option<T>,
    after: impl Fn(usize, usize) -> Option<T>,
    same: impl Fn(&T, &T) -> bool,
) -> Result<Vec<Landing>, String> {
    let mut landings = Vec::new();
    // One pair of lists for every column, not one allocated per column.
    let (mut fallen, mut survivors) = (Vec::<(usize, T)>::new(), Vec::<(usize, T)>::new());
    for col in 0..cols {
        fallen.clear();
        fallen.extend((0..rows).rev().filter_map(|row| after(row, col).map(|p| (row, p))));
        // Bottom up, the pieces fill rows without a gap.
        if let Some(index) = fallen.iter().enumerate().position(|(i, &(row, _))| row != rows - 1 - i) {
            let gap = rows - 1 - index;
            return Err(format!("a piece floats above the empty cell ({},{})", gap + 1, col + 1));
        }
        survivors.clear();
        survivors.extend((0..rows).rev().filter_map(|row| survivor(row, col).map(|p| (row, p))));
        let kept = survivors.len() == fallen.len() && survivors.iter().zip(&fallen).all(|((_, s), (_, f))| same(s, f));
        if !kept {
            return Err(format!("column {} does not keep its pieces' order", col + 1));
        }
        landings.extend(survivors.iter().zip(&fallen).map(|(&(from, _), &(to, _))| Landing { col, from, to }));
    }
    Ok(landings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid from rows of text, `.` empty.
    fn grid(rows: &[&str]) -> Vec<Vec<Option<char>>> {
        rows.iter().map(|row| row.chars().map(|c| (c != '.').then_some(c)).collect()).collect()
    }

    fn check(before: &[&str], after: &[&str]) -> Result<Vec<Landing>, String> {
        let (before, after) = (grid(before), grid(after));
        check_fall(before.len(), before[0].len(), |r, c| before[r][c], |r, c| after[r][c], |a, b| a == b)
    }

    #[test]
    fn survivors_land_at_the_bottom_in_order() {
        let landings = check(&["a", ".", "b", "."], &[".", ".", "a", "b"]).unwrap();
        assert_eq!(landings, [Landing { col: 0, from: 2, to: 3 }, Landing { col: 0, from: 0, to: 2 }]);
    }

    #[test]
    fn a_piece_above_an_empty_cell_floats() {
        let error = check(&["a", "b", "."], &["a", ".", "b"]).unwrap_err();
        assert_eq!(error, "a piece floats above the empty cell (2,1)");
    }

    #[test]
    fn pieces_that_change_places_break_the_order() {
        let error = check(&["a.", "b."], &["b.", "a."]).unwrap_err();
        assert_eq!(error, "column 1 does not keep its pieces' order");
        assert!(check(&["a"], &["."]).is_err(), "a piece lost");
    }
}
