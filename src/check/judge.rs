//! What a judge accepts of a team, the one place that says it. For a game
//! whose operations are part of the input, the team prints the answer and
//! is accepted when it is the reference's. For a game whose operations are
//! the contest's output (Triple Town), the team prints commands; the
//! statement grades them by thresholds (10 points from a₁₀ up, none for a
//! refused command), so a pass-fail judge takes the full mark's reading:
//! accepted when no command is refused and the score is at least the
//! score of the judge's commands, the answer file. Any better play passes,
//! as it would have earned the full mark.

use std::convert::Infallible;

use crate::check::oracle::{outcome, play_through};
use crate::game::{Game, Verdict};

/// What a judge says of a team's output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    Accepted(String),
    /// A wrong answer, or commands refused or scoring below the judge's.
    Wrong(String),
    /// Output that is not the format's at all (more commands than it reads).
    Presentation(String),
}

/// The judge's answer for `instance` in a problem package: for a game whose
/// operations are output, the same game with every refused operation left
/// out. A refused operation changes nothing, so the rest play as they did,
/// and none is refused: the answer file sets the bar and passes it.
pub fn judges_operations<G: Game>(instance: &G::Instance) -> G::Instance {
    let mut kept = Vec::new();
    let operations = G::operations(instance);
    let played = play_through::<G, G::Reference, Infallible>(instance, |number, _, record| {
        if !G::refused(record) {
            kept.push(operations[number - 1].clone());
        }
        Ok(())
    });
    let Ok(_) = played;
    G::with_operations(instance, kept)
}

/// The test `instance` becomes in a problem package, as its input and
/// answer files, for a game whose operations are output: the statement's
/// input and the judge's operations; `None` for any other game.
pub fn judges_files<G: Game>(instance: &G::Instance) -> Option<(String, String)> {
    G::write_apart(&judges_operations::<G>(instance))
}

/// What a player reads of `instance`, its test's input file: the instance
/// as the statement gives it, without its operations where they come
/// apart.
pub fn players_input<G: Game>(instance: &G::Instance) -> String {
    judges_files::<G>(instance).map_or_else(|| instance.to_string(), |(input, _)| input)
}

/// Judges a player's output `team` on the test `instance` becomes, as the
/// package's output validator judges it ([`judge`]); an error for a game
/// with no players, or whose judge's files are at fault.
pub fn judge_player<G: Game>(instance: &G::Instance, team: &str) -> Result<Judgement, String> {
    let (input, answer) = judges_files::<G>(instance)
        .ok_or_else(|| format!("a {} program prints no {}s: it has no player", G::TITLE, G::OPERATION))?;
    judge::<G>(&input, &answer, team)
}

/// Judges `team`'s output on the test `input`, whose answer file is
/// `answer`; an error when the judge's own files are at fault, which is no
/// verdict on the team.
pub fn judge<G: Game>(input: &str, answer: &str, team: &str) -> Result<Judgement, String> {
    if G::parse_apart("", "").is_none() {
        let expected = G::read_answer(answer).ok_or_else(|| format!("the answer file holds no answer: {answer:?}"))?;
        return Ok(match G::read_answer(team) {
            Some(given) if given == expected => Judgement::Accepted(format!("{given}, the expected answer")),
            Some(given) => Judgement::Wrong(format!("{given}, where {expected} is expected")),
            None => Judgement::Presentation(format!("no answer of {} but {}", G::TITLE, quoted_start(team))),
        });
    }
    let judges = G::parse_apart(input, answer)
        .unwrap_or_else(|| unreachable!("parse_apart reads a game whose operations come apart"))
        .map_err(|error| format!("the input and answer files: {error}"))?;
    let bar = match verdict::<G>(&judges) {
        Verdict::Refused(why) => return Err(format!("the answer file's {}s are refused: {why}", G::OPERATION)),
        Verdict::Answer(score) => score_of(&score)?,
    };
    let teams = match G::parse_apart(input, team).unwrap_or_else(|| unreachable!("read above")) {
        Ok(teams) => teams,
        Err(error) => return Ok(Judgement::Presentation(format!("the output: {error}"))),
    };
    Ok(match verdict::<G>(&teams) {
        Verdict::Refused(why) => Judgement::Wrong(why),
        Verdict::Answer(score) if score_of(&score)? >= bar => {
            Judgement::Accepted(format!("score {score}, at least the judge's {bar}"))
        }
        Verdict::Answer(score) => Judgement::Wrong(format!("score {score}, below the judge's {bar}")),
    })
}

fn verdict<G: Game>(instance: &G::Instance) -> Verdict {
    G::answer(&outcome::<G, G::Reference>(instance))
}

fn score_of(score: &str) -> Result<i128, String> {
    score.parse().map_err(|_| format!("a score that is no integer: {score:?}"))
}

/// The start of a text a judge's message quotes, on one line.
fn quoted_start(text: &str) -> String {
    const MOST: usize = 40;
    let start: String = text.chars().take(MOST).collect();
    let more = if text.chars().count() > MOST { "..." } else { "" };
    format!("{:?}{more}", start)
}
