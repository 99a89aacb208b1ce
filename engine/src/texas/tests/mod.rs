//! Tests named after the rule they pin; the values were worked out by hand
//! from docs/RULES.md, the samples' from the statement.

mod rules;
mod samples;

use m3_model::texas::{At, Board, Piece, Special, Swap};

/// A board from rows of words: `.` an empty cell, `c` a plain piece of colour
/// c, `c:s` a piece of colour c with special code s.
fn board(rows: &[&str]) -> Board {
    let lines: Vec<Vec<&str>> = rows.iter().map(|row| row.split_whitespace().collect()).collect();
    let cols = lines[0].len();
    let cells = lines
        .iter()
        .flat_map(|line| {
            assert_eq!(line.len(), cols, "ragged board");
            line.iter().map(|word| {
                if *word == "." {
                    return None;
                }
                let (colour, special) = word.split_once(':').unwrap_or((word, "0"));
                Some(Piece {
                    colour: colour.parse().unwrap(),
                    special: Special::from_code(special.parse().unwrap()).unwrap(),
                })
            })
        })
        .collect();
    Board::from_cells(lines.len(), cols, cells)
}

/// A swap between two 1-based positions, as the problem format writes it.
fn swap(r1: u32, c1: u32, r2: u32, c2: u32) -> Swap {
    Swap::new(At::new(r1, c1), At::new(r2, c2))
}
