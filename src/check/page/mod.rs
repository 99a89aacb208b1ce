//! The failure page: one self-contained HTML file that draws a game's boards
//! on both sides (the engine, or a program, and the reference), operation
//! by operation and step by step, with the first difference outlined. The
//! text report explains a failure; the page shows it, for the boards where
//! 2,500 numbers no longer read (a 50x50 board of 100 colours, a 100x100
//! map). Written once against the game contract: each game only says how
//! a board is drawn ([`crate::game::Renders::pictures`]).
//!
//! The file loads nothing: its style, its script (`page.js`) and its data
//! (one JSON object) are inline, and its Content-Security-Policy makes the
//! browser refuse any outside load. The script writes what it shows into
//! the attributes of `<main>` (`data-op`, `data-round`, `data-differing`,
//! `data-hash`, `data-drawn-ms` ...), which the browser tests read.

mod sides;

use m3_model::Stepper;
use serde_json::{json, Value};

use crate::check::oracle::{Failure, FailureKind};
use crate::game::{Game, Renders};

pub use sides::MOST_CELLS_DRAWN;

/// What the page opens on and says of the failure.
pub struct Shown<'a> {
    /// The failure to show, if the game failed.
    pub failure: Option<&'a Failure>,
    /// The command that replays the case, shown for copying.
    pub replay: &'a str,
    /// A line above the boards: how the case was found, the program's answer.
    pub note: &'a str,
}

/// The page of `instance` played by engine `E`, called `engine`, beside
/// the reference.
pub fn both_sides<G: Game, E: Stepper<G>>(instance: &G::Instance, engine: &str, shown: &Shown<'_>) -> String {
    page::<G, E>(instance, Some(engine), shown)
}

/// The page of `instance` played by the reference alone: a program checked
/// `--against` gives no boards, only its answer, which `shown.note` says.
pub fn reference_alone<G: Game>(instance: &G::Instance, shown: &Shown<'_>) -> String {
    page::<G, G::Reference>(instance, None, shown)
}

fn page<G: Game, E: Stepper<G>>(instance: &G::Instance, engine: Option<&str>, shown: &Shown<'_>) -> String {
    let start = G::Trace::start_picture(instance);
    let (sides, held) = sides::play::<G, E>(instance, engine);
    let operations = G::operations(instance).len();
    let first = shown.failure.map(|failure| {
        json!({
            "operation": failure.operation,
            "step": failure.step,
            "kind": failure.kind.to_string(),
            "field": match &failure.kind { FailureKind::Divergence { field } => Some(*field), _ => None },
            "rules": rule_ids(&failure.report),
            "summary": summary(&failure.report),
        })
    });
    let data = json!({
        "game": G::NAME,
        "title": G::TITLE,
        "operation": G::OPERATION,
        "step": G::STEP,
        "size": G::Trace::dimensions(instance),
        "rows": start.rows,
        "cols": start.cols,
        "start": start.cells,
        "operations": operations,
        "held": held,
        "first": first,
        "replay": shown.replay,
        "note": shown.note,
        "colours": sides.iter().map(|side| side.colours).max().unwrap_or(0),
        "sides": sides.iter().map(|side| json!({
            "name": side.name,
            "changes": side.changes,
            "stopped": side.stopped,
            "answer": side.answer,
        })).collect::<Vec<Value>>(),
    });
    document(&format!("{} {}", G::TITLE, if first.is_some() { "failure" } else { "trace" }), &data, SCRIPT)
}

/// The rule IDs a report names (`TX10`, `MD1`, `TT7`): the rule book's
/// words for what the difference is about.
fn rule_ids(report: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for word in report.split(|c: char| !c.is_ascii_alphanumeric()) {
        let letters = word.bytes().take_while(u8::is_ascii_uppercase).count();
        let digits = &word[letters..];
        let is_rule = letters == 2 && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if is_rule && !found.iter().any(|seen| seen == word) {
            found.push(word.to_string());
        }
    }
    found
}

/// The report's lines that are words, not boards, up to the first board:
/// its place, field and the two values.
fn summary(report: &str) -> String {
    const MOST_LINES: usize = 8;
    const MOST_CHARS: usize = 200;
    let words = report.lines().take_while(|line| !line.starts_with("    ")).take(MOST_LINES);
    let cut = |line: &str| match line.char_indices().nth(MOST_CHARS) {
        Some((at, _)) => format!("{} ...", &line[..at]),
        None => line.to_string(),
    };
    words.map(cut).collect::<Vec<_>>().join("\n")
}

/// A page of m3diff's: the style, the data (read by the script as
/// `document.getElementById('data')`) and `script` inline, under a policy
/// that lets the browser load nothing else. The failure page is one, a
/// campaign's summary another.
pub fn document(title: &str, data: &Value, script: &str) -> String {
    // `</` written `<\/`, as JSON allows, so that no text in the data can
    // close the script element it is in.
    let data = data.to_string().replace("</", "<\\/");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; \
         style-src 'unsafe-inline'; img-src data:\">\n<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n\
         <body>\n<main id=\"page\"></main>\n<script type=\"application/json\" id=\"data\">{data}</script>\n\
         <script>\n{script}</script>\n</body>\n</html>\n",
        title = escape(title),
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

const STYLE: &str = include_str!("page.css");
/// The failure page's script.
const SCRIPT: &str = include_str!("page.js");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_ids_a_report_names_are_listed_once_each() {
        assert_eq!(rule_ids("TX10: the hand; see TX10 and MD1, not T1 or TXT2 or X"), ["TX10", "MD1"]);
    }

    #[test]
    fn the_data_cannot_close_its_script_element() {
        let page = document("a", &json!({ "note": "</script><script>alert(1)</script>" }), "");
        assert_eq!(page.matches("</script>").count(), 2, "{page}");
    }
}
