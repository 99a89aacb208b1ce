//! The catalogue of wrong solutions (`tests/wrong/GAME.mutants`): one-line
//! changes of an accepted solution of the kind contestants make. Blocks of
//! "## name: what is wrong", "- the line as it is", "+ the line as the
//! mutant has it".

use std::path::Path;

/// One wrong solution: its name and what is wrong, and the line it
/// changes, as it is and as the mutant has it.
pub struct Mutant {
    pub name: String,
    line: String,
    mutated: String,
}

impl Mutant {
    /// The name alone, fit for a file: "run-misses-last-column".
    pub fn short_name(&self) -> &str {
        self.name.split(':').next().unwrap()
    }

    /// `source` with the mutant's line changed; panics unless the line is
    /// in it exactly once, indentation and all.
    pub fn applied_to(&self, source: &str) -> String {
        let (line, mutated) = (format!("\n{}\n", self.line), format!("\n{}\n", self.mutated));
        assert_eq!(source.matches(&line).count(), 1, "{}: the line is not in the solution once", self.name);
        source.replacen(&line, &mutated, 1)
    }
}

/// The catalogue of `game`.
pub fn mutants(game: &str) -> Vec<Mutant> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/wrong/{game}.mutants"));
    let catalogue = std::fs::read_to_string(&path).unwrap();
    let mut mutants = Vec::new();
    for block in catalogue.split("\n## ").skip(1) {
        let mut lines = block.lines();
        let name = lines.next().unwrap().to_string();
        let line = lines.next().and_then(|line| line.strip_prefix("- ")).expect(&name).to_string();
        let mutated = lines.next().and_then(|line| line.strip_prefix("+ ")).expect(&name).to_string();
        mutants.push(Mutant { name, line, mutated });
    }
    mutants
}

/// The wrong Triple Town player's file name: `triple_player.cpp` with the
/// row and the column of every command swapped ([`player_swaps_row_and_column`]).
pub const WRONG_PLAYER: &str = "player_swaps_row_and_column.cpp";

/// A player's bug of the kind contestants make: the column printed where
/// the row goes (TT1: `PUT x y`, x the row), refused on a map that is not
/// square (TT7: a cell outside the map, or an occupied one) and playing
/// other cells on one that is.
pub fn player_swaps_row_and_column(source: &str) -> String {
    let line = "    town.out += ' ' + std::to_string(cell / m + 1) + ' ' + std::to_string(cell % m + 1) + '\\n';\n";
    let wrong = "    town.out += ' ' + std::to_string(cell % m + 1) + ' ' + std::to_string(cell / m + 1) + '\\n';\n";
    assert_eq!(source.matches(line).count(), 1, "the line the wrong player changes is in the player once");
    source.replacen(line, wrong, 1)
}
