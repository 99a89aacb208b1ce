//! The committed baseline: a comment naming the compiler, then one line
//! `game/name instructions` per case.

use std::fmt::Write as _;
use std::path::Path;

use crate::bench::Counts;
use crate::Error;

pub struct Baseline {
    pub compiler: String,
    pub counts: Counts,
}

const COMPILER: &str = "# counted with ";

pub fn read(path: &Path) -> Result<Baseline, Error> {
    let fail = |message: String| Error::Baseline { path: path.display().to_string(), message };
    let text =
        std::fs::read_to_string(path).map_err(|e| fail(format!("{e} (make it with `cargo perf-gate --update`)")))?;
    let mut baseline = Baseline { compiler: String::new(), counts: Vec::new() };
    for (number, line) in text.lines().enumerate() {
        if let Some(compiler) = line.strip_prefix(COMPILER) {
            baseline.compiler = compiler.to_string();
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let count = line.split_once(' ').and_then(|(id, count)| Some((id.to_string(), count.trim().parse().ok()?)));
        let Some(count) = count else {
            return Err(fail(format!("line {}: expected `game/name instructions`, found {line:?}", number + 1)));
        };
        baseline.counts.push(count);
    }
    Ok(baseline)
}

pub fn write(path: &Path, compiler: &str, counts: &Counts) -> Result<(), Error> {
    let mut text = String::from(
        "# Instructions of each case of benches/instructions.rs, as\n\
         # callgrind counts them. `cargo perf-gate` fails when one grows by more\n\
         # than 3%; `cargo perf-gate --update` rewrites this file.\n",
    );
    let _ = writeln!(text, "{COMPILER}{compiler}");
    for (id, instructions) in counts {
        let _ = writeln!(text, "{id} {instructions}");
    }
    Ok(std::fs::write(path, text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes() {
        let dir = std::env::temp_dir().join(format!("perf-gate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("baseline");
        let counts = vec![("texas/8x8".to_string(), 35_980), ("square/16x16".to_string(), 3_611_172)];
        write(&path, "rustc 1.95.0", &counts).unwrap();
        let baseline = read(&path).unwrap();
        assert_eq!((baseline.compiler.as_str(), baseline.counts), ("rustc 1.95.0", counts));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
