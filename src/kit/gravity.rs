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
/// says which changes it allows). Tells `landed` every survivor's landing,
/// with the piece before and after, column by column, bottom up, as the
/// fall is checked (so that a game checks what it asks of a landing in the
/// same walk), and says what is wrong.
pub fn check_fall<T>(
    rows: usize,
    cols: usize,
    survivor: impl Fn(usize, usize) -> Option<T>,
    after: impl Fn(usize, usize) -> Option<T>,
    same: impl Fn(&T, &T) -> bool,
    mut landed: impl FnMut(Landing, &T, &T),
) -> Result<(), String> {
    for col in 0..cols {
        // The survivors, bottom up, land in turn on the rows from the bottom
        // up, and nothing is left above them.
        let mut kept = 0;
        for from in (0..rows).rev() {
            let Some(piece) = survivor(from, col) else { continue };
            let to = rows - 1 - kept;
            match after(to, col) {
                Some(fell) if same(&piece, &fell) => landed(Landing { col, from, to }, &piece, &fell),
                _ => return Err(broken(rows, col, &after)),
            }
            kept += 1;
        }
        if (0..rows - kept).any(|row| after(row, col).is_some()) {
            return Err(broken(rows, col, &after));
        }
    }
    Ok(())
}

/// What is wrong with column `col`, whose fall is broken: a piece above an
/// empty cell, or else the order of its pieces.
fn broken<T>(rows: usize, col: usize, after: &impl Fn(usize, usize) -> Option<T>) -> String {
    let fallen = (0..rows).rev().take_while(|&row| after(row, col).is_some()).count();
    match (rows - fallen).checked_sub(1) {
        Some(gap) if (0..gap).any(|row| after(row, col).is_some()) => {
            format!("a piece floats above the empty cell ({},{})", gap + 1, col + 1)
        }
        _ => format!("column {} does not keep its pieces' order", col + 1),
    }
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
        let mut landings = Vec::new();
        let landed = |landing, _: &char, _: &char| landings.push(landing);
        check_fall(before.len(), before[0].len(), |r, c| before[r][c], |r, c| after[r][c], |a, b| a == b, landed)?;
        Ok(landings)
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
