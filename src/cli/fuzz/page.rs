//! `fuzz --html`: the campaign's summary as a page, drawn from the same data
//! as `--json` ([`crate::check::page::document`] holds the page's frame),
//! with a link to each kept case's page.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;

/// The page of `summary` (the `--json` data), to be written at `page`:
/// each kind of failure whose kept case has a page links to it, by a path
/// relative to `page`'s folder, so that the pages move together.
pub(super) fn campaign_page(summary: &Value, page: &Path) -> String {
    let mut summary = summary.clone();
    let folder = page.parent().unwrap_or(Path::new(""));
    let games = summary.get_mut("games").and_then(Value::as_array_mut).into_iter().flatten();
    for kind in games.flat_map(|game| game.get_mut("failures_by_kind").and_then(Value::as_array_mut)).flatten() {
        let case = kind.get("regression").and_then(Value::as_str).map(PathBuf::from);
        let case_page = case.map(|case| case.with_extension(crate::runs::corpus::PAGE_EXTENSION));
        if let Some(link) = case_page.filter(|path| path.exists()).and_then(|path| relative(folder, &path)) {
            kind["page"] = Value::String(link);
        }
    }
    crate::check::page::document("m3diff campaign", &summary, SCRIPT)
}

/// `m3diff tests`' page of its set, beside its README.md: the campaign
/// page, drawn from data of the same shape: `game`'s tests for the cases,
/// `about` them in a line, the `coverage` of the set (`coverage_json`),
/// and `command`, which writes the set again. Nothing in it depends on
/// the clock: a seed writes the same set, page and all.
pub(crate) fn set_page(game: &str, tests: u64, about: &str, coverage: Vec<Value>, command: &str) -> String {
    let summary = serde_json::json!({
        "title": format!("m3diff tests {game}: {tests} tests"),
        "note": about,
        "cases": tests,
        "failures": 0,
        "games": [{
            "game": game,
            "cases": tests,
            "failures": 0,
            "failures_by_kind": [],
            "time": {},
            "coverage": coverage,
        }],
        "replay": command,
    });
    crate::check::page::document(&format!("m3diff tests {game}"), &summary, SCRIPT)
}

/// `to` as a path from the folder `from`, both as they are on disk.
fn relative(from: &Path, to: &Path) -> Option<String> {
    let absolute = |path: &Path| std::path::absolute(path).ok();
    let (from, to) = (absolute(from)?, absolute(to)?);
    let (from, to): (Vec<Component>, Vec<Component>) = (from.components().collect(), to.components().collect());
    let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let up = std::iter::repeat_n("..".to_string(), from.len() - shared);
    let down = to[shared..].iter().map(|part| part.as_os_str().to_string_lossy().into_owned());
    Some(up.chain(down).collect::<Vec<_>>().join("/"))
}

/// The campaign page's script.
const SCRIPT: &str = include_str!("campaign.js");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_page_is_linked_from_the_campaign_page_folder() {
        assert_eq!(relative(Path::new("/a/b"), Path::new("/a/c/d.html")).as_deref(), Some("../c/d.html"));
        assert_eq!(relative(Path::new("/a"), Path::new("/a/d.html")).as_deref(), Some("d.html"));
    }
}
