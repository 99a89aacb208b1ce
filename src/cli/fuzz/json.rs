//! `--json`: the campaign's summary as data, for CI and dashboards, and
//! `--html`: the same data as a page for people. Each file is tried before
//! the first case and written whole after the last; `m3diff triage` writes
//! its own summary through the same file.

use crate::process::streams::say;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::process::files::write_whole;
use crate::process::spent::Part;
use crate::runs::campaign::{Settings, Target};

/// Writes the summary to the `--json` file and the `--html` page, those
/// asked for; false, with the error said, when one cannot be.
pub(super) fn write_json(
    files: [Option<SummaryFile>; 2],
    targets: &[&dyn Target],
    settings: &Settings,
    duration: Duration,
    replay: &str,
) -> bool {
    let [json, html] = files;
    if json.is_none() && html.is_none() {
        return true;
    }
    let summary = summary_json(targets, settings, duration, replay);
    let written = [
        json.map(|json| json.write(&summary)),
        html.map(|html| {
            let page = super::page::campaign_page(&summary, &html.path);
            html.write_text(page)
        }),
    ];
    let mut all = true;
    for error in written.into_iter().flatten().filter_map(Result::err) {
        say!("error: {error}");
        all = false;
    }
    all
}

/// The `--json` file (or `--html` page), tried before the campaign so that
/// a path that cannot be written is known before the night, not after it,
/// and written whole at its end: until then there is no file, never an
/// empty one.
pub struct SummaryFile {
    path: PathBuf,
    option: &'static str,
}

impl SummaryFile {
    /// The `--json` file.
    pub fn create(path: &Path) -> Result<SummaryFile, String> {
        SummaryFile::create_for("--json", path)
    }

    /// The file that `option` names.
    pub fn create_for(option: &'static str, path: &Path) -> Result<SummaryFile, String> {
        let cannot = |e: std::io::Error| format!("{option} {}: cannot write: {e}", path.display());
        if path.is_dir() {
            return Err(cannot(std::io::Error::new(std::io::ErrorKind::IsADirectory, "a folder")));
        }
        let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
        crate::process::files::try_writing(folder).map_err(cannot)?;
        // An earlier run's summary must not pass for this one's, should this
        // one end before it writes its own.
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(cannot(e)),
            _ => {}
        }
        Ok(SummaryFile { path: path.to_path_buf(), option })
    }

    pub fn write(self, value: &serde_json::Value) -> Result<(), String> {
        self.write_text(serde_json::to_string_pretty(value).expect("JSON values print") + "\n")
    }

    pub fn write_text(self, text: String) -> Result<(), String> {
        // The error names the path (or the folder, should it be gone).
        write_whole(&self.path, text).map_err(|e| format!("{}: cannot write the summary: {e}", self.option))
    }
}

/// The campaign for CI and dashboards: what `m3diff fuzz` printed, as data.
fn summary_json(targets: &[&dyn Target], settings: &Settings, duration: Duration, replay: &str) -> serde_json::Value {
    let games: Vec<serde_json::Value> = targets
        .iter()
        .map(|target| {
            let kinds: Vec<serde_json::Value> = target
                .kinds()
                .into_iter()
                .map(|found| {
                    let (regression, replay) = found.regression.unzip();
                    serde_json::json!({
                        "kind": found.kind,
                        "cases": found.cases,
                        "counted_as": found.counted_as,
                        "regression": regression,
                        "replay": replay,
                        "note": found.note,
                    })
                })
                .collect();
            let (apart, why) = target.apart();
            let coverage = coverage_json(target.coverage(), &apart, why);
            let spent = target.spent();
            let time: serde_json::Map<String, serde_json::Value> = Part::ALL
                .iter()
                .map(|&part| {
                    let seconds = spent.of(part).as_secs_f64();
                    let name = spent.name_of(part).to_string();
                    // What the jobs waited for: all of `seconds` but the
                    // cases their drawers drew while the program ran.
                    let waited = spent.waited(part).as_secs_f64();
                    let json = serde_json::json!({ "seconds": seconds, "percent": spent.percent(part), "waited_seconds": waited });
                    (name, json)
                })
                .collect();
            serde_json::json!({
                "game": target.name(),
                "cases": target.cases(),
                // Under --against: games generated, of which `cases` reached the program.
                "drawn": target.drawn().unwrap_or_else(|| target.cases()),
                "failures": target.failures(),
                "failures_by_kind": kinds,
                "time": time,
                "coverage": coverage,
                // Under --against: the most one run of the program used.
                "program": target.program_use().map(|most| serde_json::json!({
                    "most_cpu_seconds": most.cpu.as_secs_f64(),
                    "most_wall_seconds": most.wall.as_secs_f64(),
                    "peak_memory_bytes": most.peak,
                    "slowest": most.slowest,
                })),
            })
        })
        .collect();
    serde_json::json!({
        "seed": settings.seed,
        "size": settings.size.name(),
        "jobs": settings.jobs,
        "duration_seconds": duration.as_secs_f64(),
        "cases": targets.iter().map(|t| t.cases()).sum::<u64>(),
        "failures": targets.iter().map(|t| t.failures()).sum::<u64>(),
        "games": games,
        "replay": replay,
    })
}

/// Each counter as data, one with a rule and variant in `apart`, which no
/// case can reach, with `why`.
pub(crate) fn coverage_json(
    counts: Vec<(&'static str, &'static str, u64)>,
    apart: &[(&'static str, &'static str)],
    why: &str,
) -> Vec<serde_json::Value> {
    counts
        .into_iter()
        .map(|(rule, variant, count)| match apart.contains(&(rule, variant)) {
            true => serde_json::json!({ "rule": rule, "variant": variant, "count": count, "apart": why }),
            false => serde_json::json!({ "rule": rule, "variant": variant, "count": count }),
        })
        .collect()
}
