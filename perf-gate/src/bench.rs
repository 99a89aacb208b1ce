//! Runs the gungraun bench and reads the instruction counts it reports.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use crate::Error;

/// One case's count: its id (`game/name`) and instructions.
pub type Counts = Vec<(String, u64)>;

/// The game whose engine `--cfg m3diff_slowdown` slows (an extra pass over
/// the board per move, in `engine/src/square/mod.rs`): the dry run counts
/// its cases only.
pub const SLOWED_GAME: &str = "square";

/// Runs `cargo bench --bench instructions` in `workspace` and returns the
/// instruction count of every benchmark (with `slowdown`, of the slowed
/// game's only), in the bench's order, saying on stderr how far it got.
pub fn run(workspace: &Path, slowdown: bool) -> Result<Counts, Error> {
    check_runner(workspace)?;
    let ids = m3diff::games::gate_ids();
    let chosen: Vec<usize> =
        (0..ids.len()).filter(|&index| !slowdown || ids[index].starts_with(&format!("{SLOWED_GAME}/"))).collect();
    eprintln!(
        "perf-gate: building the bench{}, then counting {} cases under valgrind, a few seconds to a minute each",
        if slowdown { " with --cfg m3diff_slowdown into target/slowdown" } else { "" },
        chosen.len()
    );
    // One pattern per run of the bench, a case at a time when only some are
    // counted (gungraun takes a single filter).
    let filters: Vec<Option<String>> =
        if slowdown { chosen.iter().map(|index| Some(format!("*::case_{index}"))).collect() } else { vec![None] };
    let mut counts = Vec::new();
    for filter in filters {
        let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        cargo.current_dir(workspace).args(["bench", "--locked", "--bench", "instructions", "--"]);
        cargo.args(filter).arg("--output-format=json");
        if slowdown {
            // Its own target folder, so that the usual build stays as it is.
            cargo.env("RUSTFLAGS", "--cfg m3diff_slowdown").env("CARGO_TARGET_DIR", workspace.join("target/slowdown"));
        }
        let mut child = cargo.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn()?;
        let stdout = child.stdout.take().expect("piped above");
        for line in BufReader::new(stdout).lines() {
            let line = line?;
            if !line.starts_with('{') {
                continue;
            }
            let (index, instructions) = parse_summary(&line)?;
            let id = ids.get(index).ok_or_else(|| Error::Bench(format!("bench number {index} has no id")))?;
            counts.push((id.clone(), instructions));
            eprintln!("perf-gate: {}/{} {id}: {instructions} instructions", counts.len(), chosen.len());
        }
        let status = child.wait()?;
        if !status.success() {
            return Err(Error::Bench(format!("`cargo bench --bench instructions` failed ({status})")));
        }
    }
    if counts.len() != chosen.len() {
        return Err(Error::Bench(format!("the bench reported {} counts for {} cases", counts.len(), chosen.len())));
    }
    Ok(counts)
}

/// Fails, with the command that installs it, unless `gungraun-runner` is
/// the version of the gungraun library that `Cargo.lock` pins: the two must
/// match, and a bench run without it fails only after its whole build.
fn check_runner(workspace: &Path) -> Result<(), Error> {
    let lock = std::fs::read_to_string(workspace.join("Cargo.lock"))?;
    let pinned = locked_version(&lock, "gungraun")
        .ok_or_else(|| Error::Bench("Cargo.lock pins no version of gungraun".to_string()))?;
    let found = Command::new("gungraun-runner")
        .arg("--version")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string());
    let install = format!("cargo install gungraun-runner --version {pinned} --locked");
    match found {
        Some(version) if version == format!("gungraun-runner {pinned}") => Ok(()),
        Some(version) => Err(Error::Bench(format!("{version} is installed, but Cargo.lock pins {pinned}: {install}"))),
        None => Err(Error::Bench(format!("gungraun-runner is not installed (valgrind is needed too): {install}"))),
    }
}

/// The version of package `name` in a Cargo.lock.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    lines.find(|line| *line == format!("name = \"{name}\""))?;
    let version = lines.next()?.strip_prefix("version = \"")?.strip_suffix('"')?;
    Some(version.to_string())
}

/// The bench's number (`case_N`) and its instructions from one line of
/// gungraun's JSON output.
fn parse_summary(line: &str) -> Result<(usize, u64), Error> {
    let bad = |what: &str| Error::Bench(format!("unexpected gungraun output ({what}): {line}"));
    let summary: serde_json::Value = serde_json::from_str(line).map_err(|_| bad("not JSON"))?;
    let index = summary["id"].as_str().and_then(|id| id.strip_prefix("case_")).and_then(|n| n.parse().ok());
    let instructions = summary["profiles"][0]["data"]["total"]["metrics"]["Ir"]["values"]["new"].as_u64();
    Ok((index.ok_or_else(|| bad("no case_N id"))?, instructions.ok_or_else(|| bad("no instruction count"))?))
}

/// `rustc --version`: counts are only comparable from one compiler.
pub fn compiler_version() -> String {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map_or_else(|| "an unknown rustc".to_string(), |version| version.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_number_and_the_instructions() {
        let line = r#"{"id":"case_3","profiles":[{"data":{"total":{"metrics":{"Ir":{"values":{"new":1234}}}}}}]}"#;
        assert_eq!(parse_summary(line).unwrap(), (3, 1234));
    }

    #[test]
    fn names_what_is_missing() {
        let error = parse_summary(r#"{"id":"solve_1"}"#).unwrap_err();
        assert!(error.to_string().contains("no case_N id"), "{error}");
    }

    #[test]
    fn the_pinned_version_comes_from_the_lock_file() {
        let lock = "[[package]]\nname = \"gungraun\"\nversion = \"0.20.0\"\nsource = \"registry\"\n";
        assert_eq!(locked_version(lock, "gungraun").as_deref(), Some("0.20.0"));
        assert_eq!(locked_version(lock, "gungraun-runner"), None);
    }
}
