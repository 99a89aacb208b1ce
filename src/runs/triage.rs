//! `m3diff triage`: the morning after a night of fuzzing. Every failing case
//! of the night (cargo-fuzz artifacts, failures a campaign logged) is
//! replayed, grouped by what fails (the game and the field, invariant or
//! panic site), and the smallest of each group is shrunk and kept as a
//! regression, like a campaign failure. Cases that pass now are listed as
//! fixed. Nothing given to triage is ever deleted.

use crate::process::streams::say;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use m3_model::Stepper;

use crate::check::oracle::{catch_panic, check_game_with, Failure};
use crate::check::shrink::Limits;
use crate::game::{Game, Size};
use crate::runs::fuzzing::{instance_from_input, parse_round_trip};
use crate::runs::regression::{keep, Placed, Shelf};

/// One failing case of the night, as found.
#[derive(Debug, Clone)]
pub struct Case {
    /// Where it came from: an artifact's path, or a campaign's log line.
    pub origin: String,
    pub input: Input,
}

#[derive(Debug, Clone)]
pub enum Input {
    /// An input of the `<game>_diff` target: generator bytes or an instance.
    Diff(Vec<u8>),
    /// An input of the `<game>_parse` target: text for the parser.
    Parse(Vec<u8>),
    /// An artifact of the `<game>_diff` target (`diff`) or the
    /// `<game>_parse` one, read when it is replayed: a night of large
    /// artifacts is held one at a time, not all at once.
    Artifact { path: PathBuf, diff: bool },
    /// A case of `m3diff fuzz`: its seed and size.
    Seeded { seed: u64, size: Size },
    /// A libFuzzer timeout or out-of-memory artifact (named after it). It is
    /// not replayed in this process, which it could hang or exhaust.
    NotReplayed(&'static str),
}

/// The cases that fail the same way.
#[derive(Debug, Clone)]
pub struct Group {
    pub game: &'static str,
    /// What fails: a field, an invariant, a panic site, a timeout.
    pub kind: String,
    pub origins: Vec<String>,
    /// The size of the shrunk case, when it was kept.
    pub shrunk: Option<String>,
    /// The regression that stands for the group: the one written, or one
    /// of its kind kept before.
    pub regression: Option<PathBuf>,
    /// What became of the regression written.
    pub placed: Option<Placed>,
}

/// What triage made of one game's cases.
#[derive(Debug, Clone, Default)]
pub struct Triage {
    pub groups: Vec<Group>,
    /// Cases that no longer fail.
    pub fixed: Vec<String>,
}

/// Replays `cases` of game `G` with engine `E`, groups them and keeps the
/// smallest of each group of game cases under `corpus`.
pub fn triage<G: Game, E: Stepper<G>>(cases: &[Case], corpus: &Path) -> io::Result<Triage> {
    crate::check::oracle::quiet_panics();
    let mut triage = Triage::default();
    let mut groups: BTreeMap<String, Gathering<G>> = BTreeMap::new();
    for case in cases {
        let Some(Failing { kind, game }) = replay::<G, E>(&case.input) else {
            triage.fixed.push(case.origin.clone());
            continue;
        };
        let gathering = groups.entry(kind).or_insert_with(|| Gathering { origins: Vec::new(), smallest: None });
        gathering.origins.push(case.origin.clone());
        if let Some((instance, failure)) = game {
            let measure = G::measure(&instance);
            if gathering.smallest.as_ref().is_none_or(|(best, ..)| measure < *best) {
                gathering.smallest = Some((measure, instance, failure, case.origin.clone()));
            }
        }
    }
    let shelf = Mutex::new(Shelf::open::<G, E>(corpus)?);
    for (kind, Gathering { origins, smallest }) in groups {
        let mut group = Group { game: G::NAME, kind, origins, shrunk: None, regression: None, placed: None };
        if let Some((_, instance, failure, origin)) = smallest {
            let origin = format!("m3diff triage of {origin}");
            let kept = keep::<G, E>(&shelf, corpus, &instance, failure, &origin, Limits::NONE)?;
            if !matches!(kept.placed, Placed::Dropped(_)) {
                group.shrunk = Some(kept.after);
            }
            group.regression = Some(match &kept.placed {
                Placed::Dropped(standing) => standing.clone(),
                Placed::New | Placed::Replaced(_) => kept.path,
            });
            group.placed = Some(kept.placed);
        }
        triage.groups.push(group);
    }
    Ok(triage)
}

/// One kind of failure as triage gathers it: the cases' origins, and the
/// smallest failing game (its measure, the game, its failure, its origin).
struct Gathering<G: Game> {
    origins: Vec<String>,
    smallest: Option<(usize, G::Instance, Failure, String)>,
}

/// A case that fails still: how, and for a game case the game and failure.
struct Failing<G: Game> {
    kind: String,
    game: Option<(G::Instance, Failure)>,
}

/// How one case fails now; `None` when it passes.
fn replay<G: Game, E: Stepper<G>>(input: &Input) -> Option<Failing<G>> {
    let instance = match input {
        Input::NotReplayed(what) => return Some(Failing { kind: format!("{what} (not replayed)"), game: None }),
        Input::Artifact { path, diff } => {
            let read = match crate::process::input::read(path, crate::process::input::Bound::of::<G>()) {
                Ok(bytes) if *diff => Input::Diff(bytes),
                Ok(bytes) => Input::Parse(bytes),
                // Checked when it was gathered: gone or grown since, it is
                // said on its line and grouped as not replayed.
                Err(unread) => {
                    say!("{unread}");
                    Input::NotReplayed(UNREADABLE)
                }
            };
            return replay::<G, E>(&read);
        }
        Input::Parse(bytes) => {
            let panicked = catch_panic(|| parse_round_trip::<G>(bytes)).err()?;
            let site = panicked.site.unwrap_or_else(|| panicked.message.clone());
            return Some(Failing { kind: format!("the parse target panicked at {site}"), game: None });
        }
        // Bytes that no longer make a game (the generator changed) pass the
        // target as it is now.
        Input::Diff(bytes) => catch_panic(|| instance_from_input::<G>(bytes)).ok()??,
        Input::Seeded { seed, size } => {
            crate::process::seed::with_seed(*seed, |u| G::generate(u, *size, &G::Knobs::default())).ok()?
        }
    };
    let failure = check_game_with::<G, E>(&instance, &mut Default::default()).err()?;
    Some(Failing { kind: failure.kind.to_string(), game: Some((instance, failure)) })
}

/// What an artifact that could not be read when replayed is, in the table.
const UNREADABLE: &str = "an artifact that could not be read";

/// The libFuzzer artifacts that replaying could hang or exhaust, by the
/// prefix of their names.
pub fn not_replayed(file_name: &str) -> Option<&'static str> {
    [
        ("timeout-", "a libFuzzer timeout"),
        ("oom-", "a libFuzzer out-of-memory"),
        ("slow-unit-", "a libFuzzer slow unit"),
    ]
    .into_iter()
    .find(|(prefix, _)| file_name.starts_with(prefix))
    .map(|(_, what)| what)
}

/// The cases a campaign's log names, each with its game: each `GAME: KIND
/// found by m3diff gen GAME --seed S --size Z ...` line. A line that says
/// "found by m3diff gen" but names no game, seed or size is an error that
/// names it (1-based), rather than a case left out unsaid.
pub fn logged_cases(log: &str) -> Result<Vec<(&'static str, Case)>, String> {
    let mut cases = Vec::new();
    for (index, line) in log.lines().enumerate() {
        // After whichever words ran m3diff: `m3diff`, `cargo m3diff`, a path.
        let Some((_, command)) = line.split_once(" found by ").and_then(|(_, found)| found.split_once("m3diff gen "))
        else {
            continue;
        };
        let malformed = |what: &str| {
            format!(
                "line {}: a malformed \"found by\" line ({what}): expected \"GAME: KIND found by m3diff gen GAME \
                 --seed S --size Z\", found {}",
                index + 1,
                m3_model::text::quoted(line.trim())
            )
        };
        let mut words = command.split_whitespace();
        let named = words.next().unwrap_or_default();
        let game =
            crate::games::NAMES.iter().copied().find(|game| *game == named).ok_or_else(|| malformed("no game"))?;
        let (mut seed, mut size) = (None, None);
        // The command ends where "(case of m3diff fuzz --seed ...)" begins.
        while let Some(word) = words.next().filter(|word| !word.starts_with('(')) {
            match word {
                "--seed" => seed = Some(words.next().and_then(|s| s.parse().ok()).ok_or_else(|| malformed("no seed"))?),
                "--size" => {
                    let read = words.next().and_then(|s| clap::ValueEnum::from_str(s, true).ok());
                    size = Some(read.ok_or_else(|| malformed("no size"))?);
                }
                _ => {}
            }
        }
        let (Some(seed), Some(size)) = (seed, size) else {
            return Err(malformed(if seed.is_none() { "no seed" } else { "no size" }));
        };
        cases.push((game, Case { origin: line.trim().to_string(), input: Input::Seeded { seed, size } }));
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logged_failure_names_its_seed_and_size() {
        let log = "texas: divergence in `hand_points` found by m3diff gen texas --seed 12 --size small (case of m3diff fuzz --seed 3)\nsquare: other\n";
        let cases = logged_cases(log).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].0, "texas");
        assert!(matches!(cases[0].1.input, Input::Seeded { seed: 12, size: Size::Small }), "{:?}", cases[0]);
        // However the campaign's m3diff was started.
        for started in ["cargo m3diff", "/home/me/m3diff/target/release/m3diff"] {
            let log =
                format!("door: a panic found by {started} gen door --seed 7 --size max (case of {started} fuzz)\n");
            let cases = logged_cases(&log).unwrap();
            assert_eq!(cases.len(), 1, "{log}");
            assert!(matches!(cases[0].1.input, Input::Seeded { seed: 7, size: Size::Max }), "{:?}", cases[0]);
        }
    }

    #[test]
    fn a_malformed_found_by_line_is_named_by_its_number_and_what_it_lacks() {
        let good = "texas: x found by m3diff gen texas --seed 12 --size small\n";
        for (bad, lacks) in [
            ("texas: x found by m3diff gen chess --seed 12 --size small", "no game"),
            ("texas: x found by m3diff gen texas --seed twelve --size small", "no seed"),
            ("texas: x found by m3diff gen texas --size small", "no seed"),
            ("texas: x found by m3diff gen texas --seed 12 --size huge", "no size"),
            ("texas: x found by m3diff gen texas --seed 12", "no size"),
        ] {
            let error = logged_cases(&format!("{good}{bad}\n")).unwrap_err();
            assert!(error.starts_with(&format!("line 2: a malformed \"found by\" line ({lacks})")), "{error}");
            assert!(error.contains(&format!("{:?}", bad)), "{error}");
        }
        let long = format!("texas: {} found by m3diff gen texas", "y".repeat(100_000));
        let error = logged_cases(&long).unwrap_err();
        assert!(
            error.len() < 300 && error.ends_with(&format!("…\" ({} characters)", long.len())) && !error.contains('\n'),
            "{error}"
        );
    }
}
