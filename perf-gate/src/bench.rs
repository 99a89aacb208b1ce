//! Runs the gungraun bench and reads the instruction counts it reports.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::Error;

/// One engine benchmark's count: its id (`game/name`) and instructions.
pub type Counts = Vec<(String, u64)>;

/// Runs `cargo bench --bench instructions` in `workspace` and returns every
/// benchmark's instruction count, in the bench's order.
pub fn run(workspace: &Path, slowdown: bool) -> Result<Counts, Error> {
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo.current_dir(workspace).args(["bench", "--locked", "--bench", "instructions", "--", "--output-format=json"]);
    if slowdown {
        // Its own target folder, so that the usual build stays as it is.
        cargo.env("RUSTFLAGS", "--cfg m3diff_slowdown").env("CARGO_TARGET_DIR", workspace.join("target/slowdown"));
    }
    let output = cargo.stderr(Stdio::inherit()).output()?;
    if !output.status.success() {
        return Err(Error::Bench(format!("`cargo bench --bench instructions` failed ({})", output.status)));
    }
    let ids = m3diff::games::benchmark_ids();
    let mut counts = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines().filter(|line| line.starts_with('{')) {
        let (index, instructions) = parse_summary(line)?;
        let id = ids.get(index).ok_or_else(|| Error::Bench(format!("bench number {index} has no id")))?;
        counts.push((id.clone(), instructions));
    }
    if counts.len() != ids.len() {
        return Err(Error::Bench(format!("the bench reported {} counts for {} cases", counts.len(), ids.len())));
    }
    Ok(counts)
}

/// The bench's number (`engine_N`) and its instructions from one line of
/// gungraun's JSON output.
fn parse_summary(line: &str) -> Result<(usize, u64), Error> {
    let bad = |what: &str| Error::Bench(format!("unexpected gungraun output ({what}): {line}"));
    let summary: serde_json::Value = serde_json::from_str(line).map_err(|_| bad("not JSON"))?;
    let index = summary["id"].as_str().and_then(|id| id.strip_prefix("engine_")).and_then(|n| n.parse().ok());
    let instructions = summary["profiles"][0]["data"]["total"]["metrics"]["Ir"]["values"]["new"].as_u64();
    Ok((index.ok_or_else(|| bad("no engine_N id"))?, instructions.ok_or_else(|| bad("no instruction count"))?))
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
        let line = r#"{"id":"engine_3","profiles":[{"data":{"total":{"metrics":{"Ir":{"values":{"new":1234}}}}}}]}"#;
        assert_eq!(parse_summary(line).unwrap(), (3, 1234));
    }

    #[test]
    fn names_what_is_missing() {
        let error = parse_summary(r#"{"id":"solve_1"}"#).unwrap_err();
        assert!(error.to_string().contains("no engine_N id"), "{error}");
    }
}
