//! Boards of every game rendered as text grids: one cell a column, marked cells
//! framed, two boards side by side under their titles. Each game says what a
//! cell shows; the layout is the same for all.

use std::fmt::Write;

/// How a cell is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    Plain,
    /// Rendered `[x]`: what the rule found (a run, a square, a group).
    Marked,
    /// Rendered `(x)`: what went with it (reached by a special, a beam).
    Removed,
}

impl Frame {
    /// How a game frames `cell`: `Marked` when it is in `marked`, else
    /// `Removed` when it is in `removed`.
    pub fn of<C: PartialEq>(cell: &C, marked: &[C], removed: &[C]) -> Frame {
        if marked.contains(cell) {
            Frame::Marked
        } else if removed.contains(cell) {
            Frame::Removed
        } else {
            Frame::Plain
        }
    }
}

/// What one cell shows: its text, right-aligned to the widest cell's, then,
/// in games whose cells carry one, a one-character sign (a special, a bomb),
/// then its frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub text: String,
    pub sign: Option<char>,
    pub frame: Frame,
}

impl Rendered {
    pub fn new(text: impl ToString, sign: Option<char>, frame: Frame) -> Rendered {
        Rendered { text: text.to_string(), sign, frame }
    }
}

/// The lines of a `rows` x `cols` grid whose cells `cell(row, col)` renders,
/// all of one width (blank frames and signs included), so that whatever is
/// rendered beside the grid stays in its column from one board to the next.
pub fn grid(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> Rendered) -> Vec<String> {
    let cells: Vec<Vec<Rendered>> = (0..rows).map(|row| (0..cols).map(|col| cell(row, col)).collect()).collect();
    let width = cells.iter().flatten().map(|rendered| rendered.text.chars().count()).max().unwrap_or(1);
    cells
        .iter()
        .map(|row| {
            let mut line = String::new();
            for rendered in row {
                let (open, close) = match rendered.frame {
                    Frame::Plain => (' ', ' '),
                    Frame::Marked => ('[', ']'),
                    Frame::Removed => ('(', ')'),
                };
                let sign = rendered.sign.map_or(String::new(), String::from);
                let _ = write!(line, "{open}{:>width$}{sign}{close}", rendered.text);
            }
            line
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
        let _ = writeln!(text, "    {l:<width$}  |  {}", r.trim_end());
    }
    text
}

/// Each side's board after an operation, next to each other, and before
/// them (where there is one) the board the operation started from under its
/// heading: how every game shows a divergence in a per-operation field.
pub fn before_and_after(before: Option<(&str, &[String])>, engine: &[String], reference: &[String]) -> String {
    let mut text = String::new();
    if let Some((heading, board)) = before {
        let _ = writeln!(text, "    {heading}");
        text.push_str(&indented(board));
    }
    text.push_str(&side_by_side("engine after", engine, "reference after", reference));
    text
}

/// The bar between two grids [`side_by_side`].
const BAR: &str = "  |  ";

/// `text`, boards and words rendered for a difference, with the side
/// called `from` called `to` instead: "engine after" becomes "program
/// after" when the engine's side is an outside program's. Where a longer
/// name pushes a title past the bar, every line of its run of grids side
/// by side is widened alike, so that the bar keeps one column.
pub fn renamed(text: &str, from: &str, to: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut renamed = String::with_capacity(text.len());
    let mut start = 0;
    while start < lines.len() {
        // A run of lines with a bar, or one line without.
        let length = lines[start..].iter().take_while(|line| line.contains(BAR)).count().max(1);
        renamed.push_str(&renamed_beside(&lines[start..start + length], from, to));
        start += length;
    }
    renamed
}

/// [`renamed`] of lines that are all grids side by side, or of one line
/// of words.
fn renamed_beside(lines: &[&str], from: &str, to: &str) -> String {
    let halves: Vec<Option<(&str, &str)>> = lines.iter().map(|line| line.split_once(BAR)).collect();
    // How much the widest renamed left half outgrows its column.
    let width = |text: &str| text.chars().count();
    let grown = halves
        .iter()
        .flatten()
        .map(|(left, _)| width(left.replace(from, to).trim_end()).saturating_sub(width(left)))
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for (line, halves) in lines.iter().zip(halves) {
        match halves {
            Some((left, right)) => {
                let column = width(left) + grown;
                let _ = write!(text, "{:<column$}{BAR}{}", left.replace(from, to).trim_end(), right.replace(from, to));
            }
            None => text.push_str(&line.replace(from, to)),
        }
    }
    text
}

/// Cells as the formats number them, 1-based: `(4,3) (5,1)`.
pub fn cells(cells: &[m3_model::grid::Pos]) -> String {
    cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Lines indented under a heading.
pub fn indented(lines: &[String]) -> String {
    lines.iter().map(|line| format!("    {}\n", line.trim_end())).collect()
}

/// How a trace's first line gives a grid's size: `8x9 board`.
pub fn dimensions(rows: usize, cols: usize, grid: &str) -> String {
    format!("{rows}x{cols} {grid}")
}

/// What follows a trace's first line in every game: the legend, then the
/// starting board under "start".
pub fn legend_and_start(legend: &str, board: &[String]) -> String {
    format!("{legend}\nstart\n{}", indented(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_align_to_the_widest_and_frames_show() {
        let lines = grid(2, 2, |row, col| {
            let frame = if (row, col) == (0, 1) { Frame::Marked } else { Frame::Plain };
            Rendered::new(if row == 1 && col == 1 { 10 } else { row + col }, Some(' '), frame)
        });
        assert_eq!(lines, ["  0  [ 1 ]", "  1   10  "]);
    }

    #[test]
    fn cells_without_a_sign_take_no_column_for_it() {
        let lines = grid(1, 2, |_, col| Rendered::new(col, None, if col == 0 { Frame::Removed } else { Frame::Plain }));
        assert_eq!(lines, ["(0) 1 "]);
    }

    #[test]
    fn the_bar_between_two_grids_keeps_its_column() {
        // The right frame of the last column is blank on one board and rendered
        // on the next: the bar must not move.
        let frame = |marked| move |_, _| Rendered::new(1, None, if marked { Frame::Marked } else { Frame::Plain });
        let bar = |marked| side_by_side("a", &grid(1, 2, frame(marked)), "b", &[]).find('|');
        assert_eq!(bar(false), bar(true));
    }

    #[test]
    fn a_side_renamed_longer_widens_its_grids_and_keeps_the_bar_in_one_column() {
        let grids = side_by_side("engine after", &["1 2".into(), "3 4".into()], "reference after", &["1 2".into()]);
        let text = format!("on the engine's colours\n{grids}");
        let renamed = renamed(&text, "engine", "program");
        assert_eq!(
            renamed,
            "on the program's colours\n    program after  |  reference after\n    1 2            |  1 2\n    3 4            |  \n"
        );
        let bars: Vec<Option<usize>> = renamed.lines().skip(1).map(|line| line.find('|')).collect();
        assert!(bars.iter().all(|bar| *bar == bars[0]), "{renamed}");
    }

    #[test]
    fn a_side_renamed_within_the_column_leaves_the_bar_where_it_was() {
        let wide = vec!["1 2 3 4 5 6 7 8 9".to_string()];
        let text = side_by_side("engine after", &wide, "reference after", &wide);
        let renamed = renamed(&text, "engine", "program");
        assert!(renamed.starts_with("    program after   "), "{renamed}");
        let bar = |text: &str| text.lines().map(|line| line.find('|')).collect::<Vec<_>>();
        assert_eq!(bar(&renamed), bar(&text));
    }

    #[test]
    fn side_by_side_pads_the_left_grid() {
        let text = side_by_side("a", &["1".into(), "22".into()], "b", &["3".into()]);
        assert_eq!(text, "    a   |  b\n    1   |  3\n    22  |  \n");
    }
}
