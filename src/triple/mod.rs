//! Triple Town (NOI 2012) in the harness.

mod bits;
mod check;
mod count;
pub(crate) mod diff;
mod draw;
mod extremes;
mod generate;
mod levels;
mod max_tests;
mod region;
mod rules;
pub(crate) mod shrink;
mod survey;

use m3_model::triple::{self, Action, Command, CommandRecord, Instance, Map, Outcome, Status, TripleTown};
use m3_model::ParseError;

use crate::game::Verdict;

pub use check::{Checker, LEFTOVER, MERGES, STAR_LEVEL};
pub use count::Counter;
pub use draw::Trace;
pub use generate::Shape;

/// Triple Town between two commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Town {
    /// Commands read so far.
    pub commands: usize,
    pub map: Map,
    pub score: i64,
    /// Tiles in the build sequence.
    pub sequence: usize,
    /// Tiles of the sequence built so far (TT1).
    pub built: usize,
    /// Stars left (TT3).
    pub stars: u32,
    /// Bombs left (TT4).
    pub bombs: u32,
    /// Whether END was carried out (TT5).
    pub ended: bool,
    /// Whether a command was refused (TT7).
    pub refused: bool,
}

impl crate::Rulebook for TripleTown {
    fn parse_apart(instance: &str, commands: &str) -> Option<Result<Instance, ParseError>> {
        Some(triple::parse_apart(instance, commands))
    }

    fn write_apart(instance: &Instance) -> Option<(String, String)> {
        Some(triple::write_apart(instance))
    }

    fn operations(instance: &Instance) -> Vec<Command> {
        instance.commands.clone()
    }

    /// The commands renumbered to the lines they are printed on.
    fn with_operations(instance: &Instance, commands: Vec<Command>) -> Instance {
        let (map, sequence) = (instance.map.clone(), instance.sequence.clone());
        let actions = commands.into_iter().map(|command| command.action).collect();
        Instance::new(instance.test, map, instance.stars, instance.bombs, sequence, actions)
    }

    fn dimensions(instance: &Instance) -> Vec<(&'static str, usize)> {
        let map = &instance.map;
        vec![
            ("rows", map.rows()),
            ("columns", map.cols()),
            ("tiles on the map", map.cells().iter().filter(|&&cell| cell != triple::EMPTY).count()),
            ("stars", instance.stars as usize),
            ("bombs", instance.bombs as usize),
            ("build sequence", instance.sequence.len()),
            ("commands", instance.commands.len()),
        ]
    }

    /// The score, or a refusal: `invalid: line N` with the line of the
    /// first command refused, as the checker prints it; the reason that
    /// follows is the checker's own words and is not compared.
    fn read_answer(text: &str) -> Option<Verdict> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("invalid: line ") {
            let line: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let after = &rest[line.len()..];
            let reads = !line.is_empty() && (after.is_empty() || after.starts_with(':'));
            return reads.then(|| Verdict::Refused(format!("invalid: line {line}")));
        }
        Verdict::integer(text)
    }

    fn answer(outcome: &Outcome) -> Verdict {
        verdict(outcome.result())
    }

    fn solve(instance: &Instance) -> Verdict {
        verdict(m3_engine::triple::solve(instance))
    }

    const OPERATION: &'static str = "command";
    const STEP: &'static str = "merge";
    type State = Town;

    fn start_state(instance: &Instance) -> Town {
        Town {
            commands: 0,
            map: instance.map.clone(),
            score: 0,
            sequence: instance.sequence.len(),
            built: 0,
            stars: instance.stars,
            bombs: instance.bombs,
            ended: false,
            refused: false,
        }
    }

    fn advance(town: &mut Town, record: &CommandRecord) {
        town.map.clone_from(&record.map);
        town.count(record);
    }
}

impl Town {
    /// Counts `record`'s command: everything it changes but the map, which
    /// the caller takes from the record, as a copy or, when it owns the
    /// record, as it is.
    fn count(&mut self, record: &CommandRecord) {
        self.commands += 1;
        self.score = record.score;
        self.refused |= matches!(record.status, Status::Invalid(_));
        if record.status == Status::Played {
            match record.command.action {
                Action::Put(_) => self.built += 1,
                Action::Star(_) => self.stars -= 1,
                Action::Bomber(_) => self.bombs -= 1,
                Action::End => self.ended = true,
                Action::Unknown(_) => {}
            }
        }
    }
}

fn verdict(result: Result<i64, triple::Rejection>) -> Verdict {
    match result {
        Ok(score) => Verdict::answer(score),
        Err(rejection) => Verdict::Refused(rejection.to_string()),
    }
}
