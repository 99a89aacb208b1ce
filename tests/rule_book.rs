//! The rule book (docs/RULES.md) and the code name the same rules: every rule
//! ID the code, the tests, the benches, the fuzz targets, the corpus or a
//! README names is defined in the book, and every ID the book defines is
//! named somewhere outside it (a counter, a corpus case, a comment). An ID
//! is `TX`, `SR`, `MD` or `TT` and a number, standing as a word of its own;
//! the book defines one with a heading `### ID Title`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const BOOK: &str = "docs/RULES.md";
/// This test, whose IDs are examples of the scan's, not rules it names.
const THIS_TEST: &str = "tests/rule_book.rs";
/// The games' ID prefixes; a new game adds its own here and in the book.
const GAMES: [&str; 4] = ["TX", "SR", "MD", "TT"];

/// Folders whose text files may name rules, from the repository's root.
const SCANNED: [&str; 9] =
    ["src", "engine/src", "reference/src", "model/src", "tests", "benches", "fuzz/fuzz_targets", "corpus", "examples"];
/// Files outside those folders that may name rules.
const SCANNED_FILES: [&str; 2] = ["README.md", "fuzz/README.md"];
/// The text files read; snapshots (`.snap`) are output the code wrote, so
/// an ID in one is in the code too.
const TEXT: [&str; 5] = ["rs", "md", "txt", "toml", "cpp"];
/// Where a corpus case's name names its rule (`md4-beam-stopped-by-vibranium`).
const NAMED_BY_FILE: &str = "corpus";

/// A place in the repository: `path:line`, or `path` for a file name.
type Place = String;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rule IDs in `text`, as `\b(TX|SR|MD|TT)[0-9]+\b` finds them.
fn rule_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut ids = Vec::new();
    let mut at = 0;
    while at + 2 < bytes.len() {
        let starts_word = at == 0 || !is_word(bytes[at - 1]);
        let game = &bytes[at..at + 2];
        if starts_word && GAMES.iter().any(|g| g.as_bytes() == game) {
            let digits = bytes[at + 2..].iter().take_while(|b| b.is_ascii_digit()).count();
            let end = at + 2 + digits;
            if digits > 0 && (end == bytes.len() || !is_word(bytes[end])) {
                ids.push(text[at..end].to_string());
                at = end;
                continue;
            }
        }
        at += 1;
    }
    ids
}

/// Every file under `dir`, in a stable order.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// Every rule ID named outside the book, with the places that name it.
fn named_outside_the_book() -> BTreeMap<String, Vec<Place>> {
    let root = root();
    let mut named: BTreeMap<String, Vec<Place>> = BTreeMap::new();
    let mut files: Vec<PathBuf> = SCANNED.iter().flat_map(|dir| files_under(&root.join(dir))).collect();
    files.extend(SCANNED_FILES.iter().map(|file| root.join(file)));
    for path in files {
        let place = relative(&path);
        if place == BOOK || place == THIS_TEST {
            continue;
        }
        if place.starts_with(NAMED_BY_FILE) {
            let name = path.file_name().map(|n| n.to_string_lossy().to_uppercase()).unwrap_or_default();
            for id in rule_ids(&name) {
                named.entry(id).or_default().push(place.clone());
            }
        }
        let is_text = path.extension().is_some_and(|ext| TEXT.iter().any(|t| ext == *t));
        let Some(text) = is_text.then(|| fs::read_to_string(&path).ok()).flatten() else { continue };
        for (number, line) in text.lines().enumerate() {
            for id in rule_ids(line) {
                named.entry(id).or_default().push(format!("{place}:{}", number + 1));
            }
        }
    }
    named
}

/// Every rule ID the book defines, with the line of its heading.
fn defined_in_the_book() -> BTreeMap<String, Vec<Place>> {
    let text = fs::read_to_string(root().join(BOOK)).expect("docs/RULES.md is the rule book");
    let mut defined: BTreeMap<String, Vec<Place>> = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let Some(heading) = line.strip_prefix("### ") else { continue };
        let first_word = heading.split(' ').next().unwrap_or_default();
        if let [id] = rule_ids(first_word).as_slice() {
            if id == first_word {
                defined.entry(id.clone()).or_default().push(format!("{BOOK}:{}", number + 1));
            }
        }
    }
    defined
}

#[test]
fn rule_ids_are_whole_words() {
    let found = rule_ids("TX1, MD12; (SR4) XTX3 TX4a TX_5 TT TT7_x tt2 SR2");
    assert_eq!(found, ["TX1", "MD12", "SR4", "SR2"]);
}

#[test]
fn every_rule_id_named_in_the_code_is_defined_in_the_book() {
    let defined = defined_in_the_book();
    let named = named_outside_the_book();
    assert!(!named.is_empty(), "no rule ID found outside the book: the scan reads nothing");
    let undefined: Vec<String> = named
        .iter()
        .filter(|(id, _)| !defined.contains_key(*id))
        .map(|(id, places)| {
            format!("{id} is not defined in {BOOK} (a `### {id} Title` heading), but is named at {}", places.join(", "))
        })
        .collect();
    assert!(undefined.is_empty(), "{}", undefined.join("\n"));
}

#[test]
fn every_rule_id_the_book_defines_is_used_and_defined_once() {
    let defined = defined_in_the_book();
    let named = named_outside_the_book();
    assert!(!defined.is_empty(), "{BOOK} defines no rule (`### ID Title` headings)");
    let mut problems = Vec::new();
    for (id, headings) in &defined {
        if headings.len() > 1 {
            problems.push(format!("{id} is defined more than once: {}", headings.join(", ")));
        }
        if !named.contains_key(id) {
            problems.push(format!(
                "{id} is defined at {} but unused: no counter, corpus case or comment outside the book names it",
                headings[0]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
