//! Smaller Triple Town instances derived from a failing one (the shrinker
//! cuts the commands itself): a shorter sequence, a row or a column less,
//! fewer stars and bombs, fewer tiles on the map. Commands are laid out
//! again on the lines where the instance prints them, so that a candidate
//! reads back as itself (the shrinker passes over one that does not).

use std::rc::Rc;

use m3_model::triple::{Action, At, Instance, Map, EMPTY, MIN_SIDE};

use crate::check::shrink::{fewer, without_line, Line};

/// Candidates, the biggest cuts first, made one at a time as the shrinker
/// asks: each holds all the commands, and the cuts of a sequence of 100,000
/// tiles alone number 200,000.
pub fn candidates(instance: &Instance) -> impl Iterator<Item = Instance> {
    let case = Rc::new(instance.clone());
    let (rows, cols) = (case.map.rows(), case.map.cols());
    let (stars, bombs) = (case.stars, case.bombs);
    let shorter = {
        let case = Rc::clone(&case);
        fewer(case.sequence.clone()).map(move |sequence| with(&case, case.map.clone(), stars, bombs, sequence))
    };
    let fewer_rows = (0..rows).filter(move |_| rows > MIN_SIDE).map(Line::Row);
    let fewer_cols = (0..cols).filter(move |_| cols > MIN_SIDE).map(Line::Column);
    let fewer_lines = {
        let case = Rc::clone(&case);
        fewer_rows.chain(fewer_cols).map(move |line| {
            let actions = case.actions().map(|action| moved(action, line)).collect();
            let map = without(&case.map, line);
            Instance::new(case.test, map, stars, bombs, case.sequence.clone(), actions)
        })
    };
    let fewer_tools = {
        let case = Rc::clone(&case);
        [(0, bombs), (stars, 0), (stars / 2, bombs), (stars, bombs / 2)]
            .into_iter()
            .map(move |(stars, bombs)| with(&case, case.map.clone(), stars, bombs, case.sequence.clone()))
    };
    let emptied = {
        let case = Rc::clone(&case);
        std::iter::once_with(move || with(&case, Map::filled(rows, cols, EMPTY), stars, bombs, case.sequence.clone()))
    };
    let tiles: Vec<usize> = (0..rows * cols).filter(|&index| case.map.cells()[index] != EMPTY).collect();
    let fewer_tiles = fewer(tiles).map(move |chunk| {
        let mut cells = vec![EMPTY; rows * cols];
        for index in chunk {
            cells[index] = case.map.cells()[index];
        }
        with(&case, Map::from_cells(rows, cols, cells), stars, bombs, case.sequence.clone())
    });
    shorter.chain(fewer_lines).chain(fewer_tools).chain(emptied).chain(fewer_tiles)
}

/// `case` with its commands on `map`, with `stars`, `bombs` and `sequence`.
fn with(case: &Instance, map: Map, stars: u32, bombs: u32, sequence: Vec<u8>) -> Instance {
    Instance::new(case.test, map, stars, bombs, sequence, case.actions().cloned().collect())
}

fn without(map: &Map, line: Line) -> Map {
    let cells = without_line(map.cells(), map.cols(), line);
    match line {
        Line::Row(_) => Map::from_cells(map.rows() - 1, map.cols(), cells),
        Line::Column(_) => Map::from_cells(map.rows(), map.cols() - 1, cells),
    }
}

/// The command with its cell following the map when `line` goes: cells
/// beyond the line move in by one, so a command keeps naming the same tile;
/// one on the line names its neighbour.
fn moved(action: &Action, line: Line) -> Action {
    let shift = |at: i64, removed: usize| if at > removed as i64 + 1 { at - 1 } else { at };
    let cell = |at: &At| match line {
        Line::Row(row) => At::new(shift(at.row, row), at.col),
        Line::Column(col) => At::new(at.row, shift(at.col, col)),
    };
    match action {
        Action::Put(at) => Action::Put(cell(at)),
        Action::Star(at) => Action::Star(cell(at)),
        Action::Bomber(at) => Action::Bomber(cell(at)),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use m3_model::triple::{self, TripleTown};

    #[test]
    fn commands_follow_their_tiles_when_a_line_goes() {
        let instance = triple::parse("0\n3 3\n0 0\n1..\n.2.\n..3\n1\n1\nBOMBER 3 3\nBOMBER 1 1\n").unwrap();
        let without_row = moved(&instance.commands[0].action, Line::Row(1));
        assert_eq!(without_row, Action::Bomber(At::new(2, 3)));
        assert_eq!(moved(&instance.commands[1].action, Line::Column(1)), Action::Bomber(At::new(1, 1)));
    }

    #[test]
    fn every_candidate_reads_back_as_itself_with_its_commands_renumbered() {
        let instance = triple::parse("0\n2 3\n1 1\n..1\n221\n2\n1 3\n\nPUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n").unwrap();
        let candidates: Vec<Instance> = candidates(&instance).collect();
        assert!(candidates.len() > 10, "{}", candidates.len());
        assert!(candidates.iter().all(crate::check::shrink::round_trips::<TripleTown>));
        // The shrinker's cut of the first two commands.
        let half = <TripleTown as crate::Rulebook>::with_operations(&instance, instance.commands[2..].to_vec());
        assert!(crate::check::shrink::round_trips::<TripleTown>(&half));
        assert_eq!(half.commands.iter().map(|c| c.line).collect::<Vec<_>>(), [8, 9]);
    }
}
