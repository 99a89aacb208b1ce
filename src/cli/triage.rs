//! `m3diff triage [PATH ...]`: cargo-fuzz artifact folders and campaign logs
//! in, one regression per kind of failure out, and a table.

use crate::process::streams::say;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::exit::EXIT_FAILURE_FOUND;
use super::io::write_stdout;
use crate::game::Game;
use crate::games::{self, Visitor};
use crate::process::input::{self, Bound, Unread};
use crate::process::prose::counted;
use crate::runs::regression::{next_steps, Placed};
use crate::runs::triage::{logged_cases, not_replayed, triage, Case, Input, Triage};

#[derive(Debug, Clone, Args)]
pub struct TriageArgs {
    /// Artifact folders of cargo fuzz (named after their target, e.g.
    /// fuzz/artifacts/texas_diff), single artifacts, or logs of `m3diff
    /// fuzz`. Default: every folder under fuzz/artifacts.
    paths: Vec<PathBuf>,
    /// The corpus root that holds <game>/regressions/.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Also write the result as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

pub fn run(args: &TriageArgs) -> Result<ExitCode, String> {
    // Tried before the first replay, as `fuzz` does: a path that cannot be
    // written is known before the work, not after it.
    let json = args.json.as_deref().map(super::fuzz::SummaryFile::create).transpose()?;
    let paths = if args.paths.is_empty() { default_paths()? } else { args.paths.clone() };
    let mut cases: BTreeMap<&'static str, Vec<Case>> = BTreeMap::new();
    for path in &paths {
        collect(path, &mut cases)?;
    }
    let mut results = Vec::new();
    for (game, cases) in &cases {
        let result = games::visit(game, Replay { cases, corpus: &args.corpus }).expect("a game of the registry")?;
        results.push(result);
    }
    let total: usize = cases.values().map(Vec::len).sum();
    write_stdout(&table(total, &results))?;
    if let Some(json) = json {
        json.write(&to_json(total, &results))?;
    }
    let failing = results.iter().any(|r| !r.groups.is_empty());
    Ok(if failing { ExitCode::from(EXIT_FAILURE_FOUND) } else { ExitCode::SUCCESS })
}

fn default_paths() -> Result<Vec<PathBuf>, String> {
    let root = Path::new("fuzz/artifacts");
    if !root.exists() {
        // No night has left anything here (or this is not the clone's root).
        say!(
            "no {} here: nothing to triage (name artifact folders or campaign logs to triage them)",
            input::path_name(root)
        );
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(root).map_err(|e| format!("{}: cannot read: {e}", input::path_name(root)))?;
    let mut dirs: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    Ok(dirs)
}

/// The game and kind of target a cargo-fuzz folder is named after.
fn target(folder: &Path) -> Option<(&'static str, bool)> {
    let name = folder.file_name()?.to_str()?;
    let (game, kind) = name.rsplit_once('_')?;
    let game = games::NAMES.iter().copied().find(|known| *known == game)?;
    match kind {
        "diff" => Some((game, true)),
        "parse" => Some((game, false)),
        _ => None,
    }
}

/// What an artifact too large for any file of its game is, in the table.
const TOO_LARGE: &str = "an input too large to read";

fn collect(path: &Path, cases: &mut BTreeMap<&'static str, Vec<Case>>) -> Result<(), String> {
    let artifact = |file: &Path, (game, diff): (&'static str, bool)| -> Result<(&'static str, Case), String> {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let bound = Bound::of_game(game).expect("a game of the registry");
        let input = match not_replayed(name) {
            Some(what) => Input::NotReplayed(what),
            None => match input::check(file, bound) {
                Ok(()) => Input::Artifact { path: file.to_path_buf(), diff },
                // One line for each, and the others are replayed.
                Err(Unread::TooLarge(line)) => {
                    say!("{line}");
                    Input::NotReplayed(TOO_LARGE)
                }
                Err(unread) => return Err(unread.into()),
            },
        };
        Ok((game, Case { origin: input::path_name(file), input }))
    };
    if path.is_dir() {
        let Some(target) = target(path) else {
            return Err(format!(
                "{}: expected a cargo-fuzz artifact folder named <game>_diff or <game>_parse (games: {})",
                input::path_name(path),
                games::NAMES.join(", ")
            ));
        };
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: cannot read: {e}", input::path_name(path)))?;
        let mut files: Vec<PathBuf> =
            entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
        files.retain(|file| !file.file_name().and_then(|n| n.to_str()).unwrap_or(".").starts_with('.'));
        files.sort();
        for file in files {
            let (game, case) = artifact(&file, target)?;
            cases.entry(game).or_default().push(case);
        }
        return Ok(());
    }
    if let Some(target) = path.parent().and_then(target) {
        let (game, case) = artifact(path, target)?;
        cases.entry(game).or_default().push(case);
        return Ok(());
    }
    let log = String::from_utf8_lossy(&input::read(path, Bound::log())?).into_owned();
    let logged = logged_cases(&log).map_err(|error| format!("{}: {error}", input::path_name(path)))?;
    if logged.is_empty() {
        return Err(format!(
            "{}: expected a cargo-fuzz artifact (in a <game>_diff or <game>_parse folder) or a log of m3diff fuzz \
             with \"found by m3diff gen\" lines, found neither",
            input::path_name(path)
        ));
    }
    for (game, case) in logged {
        cases.entry(game).or_default().push(case);
    }
    Ok(())
}

struct Replay<'a> {
    cases: &'a [Case],
    corpus: &'a Path,
}

impl Visitor for Replay<'_> {
    type Output = Result<Triage, String>;

    fn visit<G: Game>(self) -> Self::Output {
        triage::<G, G::Engine>(self.cases, self.corpus)
            .map_err(|e| format!("{}: cannot write a regression: {e}", input::path_name(self.corpus)))
    }
}

fn table(total: usize, results: &[Triage]) -> String {
    let groups: Vec<_> = results.iter().flat_map(|r| &r.groups).collect();
    let fixed: Vec<&String> = results.iter().flat_map(|r| &r.fixed).collect();
    let mut text = format!(
        "{} triaged: {} failing in {}, {} fixed\n",
        counted(total as u64, "case"),
        total - fixed.len(),
        counted(groups.len() as u64, "group"),
        fixed.len()
    );
    if !groups.is_empty() {
        text.push_str(&format!("\n{:<60} {:>5}  {:<40} regression\n", "kind", "cases", "shrunk to"));
        for group in &groups {
            text.push_str(&format!(
                "{:<60} {:>5}  {:<40} {}\n",
                format!("{}: {}", group.game, group.kind),
                group.origins.len(),
                match (&group.shrunk, &group.placed) {
                    (_, Some(Placed::Dropped(_))) => "(this kind is kept already)",
                    (Some(size), _) => size.as_str(),
                    (None, _) => "-",
                },
                group.regression.as_ref().map_or("- (no game to keep)".to_string(), |p| input::path_name(p))
            ));
        }
    }
    for group in &groups {
        if let (Some(Placed::New | Placed::Replaced(_)), Some(path)) = (&group.placed, &group.regression) {
            text.push_str(&format!("\n{}: {}\n", input::path_name(path), next_steps(group.game, path)));
        }
    }
    if !fixed.is_empty() {
        text.push_str("\nfixed (they pass now; nothing was deleted):\n");
        fixed.iter().for_each(|origin| text.push_str(&format!("  {origin}\n")));
    }
    text
}

fn to_json(total: usize, results: &[Triage]) -> serde_json::Value {
    let groups: Vec<serde_json::Value> = results
        .iter()
        .flat_map(|r| &r.groups)
        .map(|group| {
            serde_json::json!({
                "game": group.game,
                "kind": group.kind,
                "cases": group.origins,
                "shrunk": group.shrunk,
                "regression": group.regression,
            })
        })
        .collect();
    let fixed: Vec<&String> = results.iter().flat_map(|r| &r.fixed).collect();
    serde_json::json!({ "cases": total, "groups": groups, "fixed": fixed })
}
