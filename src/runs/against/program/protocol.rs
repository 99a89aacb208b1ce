//! How a program reads its cases and prints what it found: the statement's
//! one instance and one answer, or many cases a run (`--batch N`), and a
//! line after every operation (`--per-operation`).
//!
//! The batch form is the multi-test form contest programs know: a first
//! line N, then N cases, each in the statement's format
//! ([`Rulebook::batch_case`](crate::game::Rulebook::batch_case)); the
//! program prints, for each case in turn, its lines: under
//! `--per-operation` one after each operation
//! ([`Rulebook::running_total`](crate::game::Rulebook::running_total), or
//! a JSON record), then its answer. Blank lines are passed over.
//!
//! A player (`--player`) is the contest's program for a game whose
//! operations are its output (Triple Town): it reads the statement's input,
//! the instance without its operations, and prints operations of its own,
//! which are judged as the problem package's output validator judges them
//! ([`crate::check::judge`]) against the instance's own, the judge's. A
//! player reads one case a run and prints no line per operation.

use std::num::NonZeroUsize;

use super::capture::MAX_OUTPUT;
use super::limits::Limits;
use crate::game::Game;

/// The most a run may print, whatever its cases: past it a batch is split
/// as for any other failure, down to one case, which has its own share.
/// It bounds what a run holds in memory.
const MOST_OUTPUT: usize = 256 << 20;
/// What a case may print for each of its operations under
/// `--per-operation`, beyond its answer's [`MAX_OUTPUT`]: room for a JSON
/// record with a board of the statement's largest and a few rounds.
const OUTPUT_PER_OPERATION: usize = 64 << 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Protocol {
    /// `--batch N`: the batch form, at most N cases a run; `None`: the
    /// statement's one instance, with no first line.
    pub batch: Option<NonZeroUsize>,
    /// `--per-operation`: a line after each operation, before the answer.
    pub per_operation: bool,
    /// `--player`: the program reads the statement's input and prints its
    /// own operations, rather than reading them and printing the answer.
    pub player: bool,
}

impl Protocol {
    /// The options that say this again, in a command that replays.
    pub fn options(&self) -> String {
        let batch = self.batch.map(|cases| format!("--batch {cases}"));
        let per_operation = self.per_operation.then(|| "--per-operation".to_string());
        let player = self.player.then(|| "--player".to_string());
        batch.into_iter().chain(per_operation).chain(player).collect::<Vec<_>>().join(" ")
    }

    /// How a judge runs a submission of `G`: as a player where the
    /// contest's output is the operations, else in the statement's form.
    pub fn submission<G: Game>() -> Protocol {
        Protocol { player: G::parse_apart("", "").is_some(), ..Protocol::default() }
    }

    /// Why `G`'s programs cannot be read and printed for as this says; a
    /// line for the command line.
    pub fn refused<G: Game>(&self) -> Option<String> {
        if !self.player {
            return None;
        }
        if !Self::submission::<G>().player {
            return Some(format!(
                "--player: a {} program reads the {}s and prints the answer; only a game whose {}s are the \
                 contest's output has players (Triple Town)",
                G::TITLE,
                G::OPERATION,
                G::OPERATION
            ));
        }
        match (self.batch, self.per_operation) {
            (Some(_), _) => {
                Some("--player with --batch: a player reads one game a run, as the contest gives it".into())
            }
            (_, true) => {
                Some("--player with --per-operation: a player prints its own operations, not a line after each".into())
            }
            _ => None,
        }
    }

    /// How many cases a run takes at most.
    pub fn cases_a_run(&self) -> usize {
        self.batch.map_or(1, NonZeroUsize::get)
    }

    /// What the program reads for `cases`: in the batch form, even for one.
    pub fn input<G: Game>(&self, cases: &[G::Instance]) -> String {
        if self.player {
            return cases.iter().map(crate::check::judge::players_input::<G>).collect();
        }
        match self.batch {
            None => cases.iter().map(ToString::to_string).collect(),
            Some(_) => {
                let mut input = format!("{}\n", cases.len());
                for case in cases {
                    input.push_str(&G::batch_case(case));
                }
                input
            }
        }
    }

    /// The limits of a run of `cases`, and the most it may print.
    pub fn run_limits<G: Game>(&self, limits: Limits, cases: &[G::Instance]) -> (Limits, usize) {
        let operations: usize = match self.per_operation {
            true => cases.iter().map(|case| G::operations(case).len()).sum(),
            false => 0,
        };
        // A player prints a file of the game's operations, which may be as
        // long as any file of the game the reader takes.
        let answer = if self.player { G::MOST_BYTES } else { MAX_OUTPUT };
        let output = answer.saturating_mul(cases.len()) + OUTPUT_PER_OPERATION.saturating_mul(operations);
        (limits.for_cases(cases.len()), output.min(MOST_OUTPUT))
    }
}

/// The lines a program printed, blank ones passed over, taken case by
/// case.
pub struct Lines<'a> {
    /// What is not taken yet.
    left: &'a str,
}

impl<'a> Lines<'a> {
    pub fn new(printed: &'a str) -> Self {
        Lines { left: printed }
    }

    /// The next line that is not blank, trimmed.
    pub fn next_line(&mut self) -> Option<&'a str> {
        while !self.left.is_empty() {
            let (line, rest) = self.left.split_once('\n').unwrap_or((self.left, ""));
            self.left = rest;
            if !line.trim().is_empty() {
                return Some(line.trim());
            }
        }
        None
    }

    /// Everything left, as printed, for the last case's answer: a program
    /// that prints more than it should is then read as printing no answer.
    pub fn rest(&mut self) -> &'a str {
        std::mem::take(&mut self.left)
    }
}

#[cfg(test)]
mod tests {
    use m3_model::door::MagicDoor;
    use m3_model::triple::TripleTown;

    use super::*;

    fn parsed<G: Game>(path: &str) -> G::Instance {
        let text = std::fs::read_to_string(format!("{}/corpus/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        G::parse(&text).unwrap()
    }

    #[test]
    fn a_batch_is_its_count_then_each_case_in_the_statements_format() {
        let door = parsed::<MagicDoor>("door/sample1.in");
        let batch = Protocol { batch: NonZeroUsize::new(2), per_operation: false, player: false };
        let input = batch.input::<MagicDoor>(&[door.clone(), door.clone()]);
        assert_eq!(input, format!("2\n{door}{door}"));
        assert_eq!(Protocol::default().input::<MagicDoor>(std::slice::from_ref(&door)), door.to_string());
        assert_eq!(batch.options(), "--batch 2");
        assert_eq!(Protocol { per_operation: true, ..batch }.options(), "--batch 2 --per-operation");
    }

    #[test]
    fn a_triple_town_case_says_how_many_lines_it_has_since_its_commands_run_to_the_end() {
        let town = parsed::<TripleTown>("triple/sample.in");
        let text = town.to_string();
        let batch = Protocol { batch: NonZeroUsize::new(5), per_operation: false, player: false };
        let input = batch.input::<TripleTown>(&[town]);
        assert_eq!(input, format!("1\n{}\n{text}", text.lines().count()));
    }

    /// A player reads what the package's `.in` holds: the statement's
    /// input, without the case's commands, the judge's.
    #[test]
    fn a_player_reads_the_statements_input_without_the_commands() {
        let town = parsed::<TripleTown>("triple/sample.in");
        let player = Protocol { player: true, ..Protocol::submission::<TripleTown>() };
        assert_eq!(Protocol::submission::<TripleTown>(), player, "a Triple Town submission is a player");
        assert_eq!(Protocol::submission::<MagicDoor>(), Protocol::default());
        let input = player.input::<TripleTown>(std::slice::from_ref(&town));
        assert_eq!(input, "0\n2 3\n1 1\n..1\n221\n2\n1 3\n");
        assert_eq!(player.options(), "--player");
        assert_eq!(player.refused::<TripleTown>(), None);
        let door = player.refused::<MagicDoor>().unwrap();
        assert!(door.contains("only a game whose swaps are the contest's output"), "{door}");
        let batch = Protocol { batch: NonZeroUsize::new(2), ..player }.refused::<TripleTown>().unwrap();
        assert!(batch.starts_with("--player with --batch"), "{batch}");
        let (_, output) = player.run_limits::<TripleTown>(Limits::of::<TripleTown>(None, None, None), &[town]);
        assert!(output > MAX_OUTPUT, "a player's commands may run past an answer's 1 MiB");
    }

    #[test]
    fn blank_lines_are_passed_over_and_the_last_case_takes_what_is_left() {
        let mut lines = Lines::new("1\n\n  2 \n3\n4\n");
        assert_eq!((lines.next_line(), lines.next_line()), (Some("1"), Some("2")));
        assert_eq!(lines.rest(), "3\n4\n", "as printed");
        assert_eq!(lines.next_line(), None);
    }
}
