//! Triple Town (NOI 2012) in the harness.

mod bits;
mod check;
mod count;
pub(crate) mod diff;
mod extremes;
mod generate;
mod knobs;
mod levels;
mod max_tests;
mod meets;
mod region;
mod render;
mod rules;
pub(crate) mod shrink;
mod state;
mod survey;

use std::time::Duration;

use crate::game::StatementLimits;
use m3_model::triple::{self, Command, CommandRecord, Instance, Outcome, Status, TripleTown};
use m3_model::ParseError;

use crate::game::Verdict;

pub use check::{Checker, LEFTOVER, MERGES, STAR_LEVEL};
pub use count::Counter;
pub use knobs::Knobs;
pub use render::Trace;
pub use state::Town;

impl crate::Rulebook for TripleTown {
    /// "Time limit: 4.5s, Memory limit: 512M".
    const STATEMENT_LIMITS: Option<StatementLimits> =
        Some(StatementLimits { time: Duration::from_millis(4500), memory: 512 << 20 });

    fn parse_apart(instance: &str, commands: &str) -> Option<Result<Instance, ParseError>> {
        Some(triple::parse_apart(instance, commands))
    }

    fn write_apart(instance: &Instance) -> Option<(String, String)> {
        Some(triple::write_apart(instance))
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

    /// The score after each command; from the first refused command on
    /// (TT7), the checker's verdict `invalid: line N`, as the answer then
    /// is.
    fn running_total(before: &Town, record: &CommandRecord) -> Option<String> {
        let refused = before.first_refused.or(match record.status {
            Status::Invalid(_) => Some(record.command.line),
            _ => None,
        });
        Some(refused.map_or_else(|| record.score.to_string(), |line| format!("invalid: line {line}")))
    }

    fn refused(record: &CommandRecord) -> bool {
        matches!(record.status, Status::Invalid(_))
    }

    /// The instance's file after a line with its count of lines: the
    /// commands run to the end of the file, so only that count says where a
    /// case ends; each command keeps its line within the case's own file,
    /// which a refusal names.
    fn batch_case(instance: &Instance) -> String {
        let text = instance.to_string();
        format!("{}\n{text}", text.lines().count())
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
            first_refused: None,
        }
    }

    fn advance(town: &mut Town, record: &CommandRecord) {
        town.map.clone_from(&record.map);
        town.count(record);
    }
}

fn verdict(result: Result<i64, triple::Rejection>) -> Verdict {
    match result {
        Ok(score) => Verdict::answer(score),
        Err(rejection) => Verdict::Refused(rejection.to_string()),
    }
}
