//! Boards drawn as text grids, and the `--trace` account of a game.

use std::fmt::Write;

use m3_model::texas::{Board, Cell, Instance, OperationRecord, Outcome, Round, Special};

/// How a cell is drawn: colour number, then a sign for its special.
fn special_sign(special: Special) -> char {
    match special {
        Special::None => ' ',
        Special::Row => '-',
        Special::Column => '|',
        Special::RowAndColumn => '+',
        Special::Square3 => 'o',
        Special::Square5 => 'O',
        Special::Colour => '@',
    }
}

pub const LEGEND: &str = "specials: - row, | column, + row and column, o 3x3, O 5x5, @ colour; [ ] marked by a run, ( ) removed by a special; . empty";

/// The lines of a board grid. Cells in `marked` are drawn `[c ]`, other cells
/// in `removed` `(c )`.
pub fn grid(board: &Board, marked: &[Cell], removed: &[Cell]) -> Vec<String> {
    let width = board.cells().iter().flatten().map(|p| p.colour.to_string().len()).max().unwrap_or(1);
    (0..board.rows())
        .map(|row| {
            let mut line = String::new();
            for col in 0..board.cols() {
                let cell = Cell::new(row, col);
                let body = match board.get(cell) {
                    Some(piece) => format!("{:>width$}{}", piece.colour, special_sign(piece.special)),
                    None => format!("{:>width$} ", "."),
                };
                let (open, close) = if marked.contains(&cell) {
                    ('[', ']')
                } else if removed.contains(&cell) {
                    ('(', ')')
                } else {
                    (' ', ' ')
                };
                let _ = write!(line, "{open}{body}{close}");
            }
            line.trim_end().to_string()
        })
        .collect()
}

/// Two grids next to each other under their titles.
pub fn side_by_side(left_title: &str, left: &[String], right_title: &str, right: &[String]) -> String {
    let width = left.iter().map(|l| l.chars().count()).chain([left_title.len()]).max().unwrap_or(0);
    let mut text = format!("    {left_title:<width$}  |  {right_title}\n");
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map_or("", String::as_str);
        let r = right.get(i).map_or("", String::as_str);
        let _ = writeln!(text, "    {l:<width$}  |  {r}");
    }
    text
}

fn indented(lines: &[String]) -> String {
    lines.iter().map(|line| format!("    {line}\n")).collect()
}

/// The board before a round with what it removes, next to the board after its
/// gravity.
pub fn round_boards(before: &Board, round: &Round) -> String {
    let removed: Vec<Cell> = round.removed.iter().map(|r| r.cell).collect();
    side_by_side("removed", &grid(before, &round.marked, &removed), "after gravity", &grid(&round.board, &[], &[]))
}

/// The readable account of a whole game.
pub fn trace(instance: &Instance, records: &[OperationRecord], outcome: &Outcome) -> String {
    let board = &instance.board;
    let mut text = format!(
        "Texas Match-3: {}x{} board, {} colours, {} operations\n{LEGEND}\nstart\n{}",
        board.rows(),
        board.cols(),
        instance.colours,
        instance.swaps.len(),
        indented(&grid(board, &[], &[]))
    );
    let mut current = board.clone();
    let mut total = 0;
    for (index, record) in records.iter().enumerate() {
        let _ = write!(text, "operation {}: swap {} {}: ", index + 1, record.swap.first, record.swap.second);
        if let Err(reason) = record.validity {
            let _ = writeln!(text, "invalid ({reason:?})");
            continue;
        }
        let _ = writeln!(text, "valid, main colours {:?}", record.main_colours);
        let mut before = super::swapped(&current, &record.swap).unwrap_or_else(|| current.clone());
        for (number, round) in record.rounds.iter().enumerate() {
            let specials = round.removed.iter().filter(|r| r.piece.special != Special::None).count();
            let _ = writeln!(
                text,
                "  round {}: {} marked, {} removed, {} specials triggered, elimination {}, combo {}",
                number + 1,
                round.marked.len(),
                round.removed.len(),
                specials,
                round.elimination_points,
                round.combo_points
            );
            text.push_str(&round_boards(&before, round));
            before = round.board.clone();
        }
        total += record.points();
        let hand = record.hand_points.map_or("-".to_string(), |h| h.to_string());
        let _ = writeln!(
            text,
            "  chain {}, hand {hand}, operation points {}, running {total}",
            record.chain_points,
            record.points()
        );
        current = record.board.clone();
    }
    let parts = outcome.parts;
    let _ = writeln!(
        text,
        "outcome: elimination {}, chain {}, combo {}, hand {}, endgame {}, total {}",
        parts.elimination, parts.chain, parts.combo, parts.hand, parts.endgame, outcome.total
    );
    text
}
