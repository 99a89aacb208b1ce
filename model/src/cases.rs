//! The rule book's cases, as data. Every `corpus/<game>/NAME.in` is a game
//! in the problem's format: an official sample, or a hand-made case named
//! by the rule it pins (`md4-beam-stopped-by-vibranium.in`). Its expected
//! answer is `NAME.out` (held by the harness's corpus suite), and its
//! expected records and outcome are the reviewed snapshot
//! `corpus/<game>/records/NAME.snap`, which the engine's and the
//! reference's own test suites both hold their implementation to through
//! [`play_every_case`]. One file pins a rule for both implementations, so
//! that neither needs a private notation for boards, and a mutant of the
//! engine is caught by the engine's own tests.
//!
//! A changed snapshot is a changed game: review it with `cargo insta
//! review` and accept it only when the rule book says so.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::{Rules, Stepper};

/// Games with more operations than this keep their outcome only in the
/// snapshot: a reviewer reads a record per operation, not ten thousand.
pub const RECORDED_OPERATIONS: usize = 200;

/// The corpus folder of `game` (`door`, `texas` ...), at the workspace's root.
pub fn folder(game: &str) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("model/ lies in the workspace");
    workspace.join("corpus").join(game)
}

/// One case file, parsed.
pub struct Case<R: Rules> {
    /// The file's name without `.in`, which names its snapshot too.
    pub name: String,
    pub path: PathBuf,
    pub instance: R::Instance,
}

/// Every case of `game`'s corpus, by name; the regressions in the
/// `regressions/` folder below are the harness's, not cases of the book.
///
/// # Panics
/// When the folder cannot be read, holds no case, or a case does not parse:
/// a case the format refuses pins nothing.
pub fn cases<R: Rules>(game: &str) -> Vec<Case<R>> {
    let folder = folder(game);
    let entries = std::fs::read_dir(&folder).unwrap_or_else(|error| panic!("{}: {error}", folder.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable corpus entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{} holds no case", folder.display());
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let instance = R::parse(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let name = path.file_stem().expect("a case file's name").to_string_lossy().into_owned();
            Case { name, path, instance }
        })
        .collect()
}

/// Plays every case of `game` through the implementation `S`, hands each
/// finished game to `also` (an engine checks its quiet path there), and
/// holds its records and outcome to the case's snapshot.
pub fn play_every_case<R: Rules, S: Stepper<R>>(game: &str, mut also: impl FnMut(&R::Instance, &R::Outcome)) {
    let snapshots = folder(game).join("records");
    for case in cases::<R>(game) {
        let mut implementation = S::start(&case.instance);
        let records: Vec<R::Record> =
            R::operations(&case.instance).iter().map(|operation| implementation.step(operation)).collect();
        let outcome = implementation.finish();
        also(&case.instance, &outcome);
        insta::with_settings!({
            snapshot_path => &snapshots,
            prepend_module_to_snapshot => false,
            input_file => &case.path,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(case.name.as_str(), written::<R>(&records, &outcome));
        });
    }
}

/// The snapshot's text: each operation's record, then the outcome, in the
/// model's own `Debug`, whose boards print a row a line.
fn written<R: Rules>(records: &[R::Record], outcome: &R::Outcome) -> String {
    let mut text = String::new();
    if records.len() <= RECORDED_OPERATIONS {
        for (number, record) in records.iter().enumerate() {
            let _ = writeln!(text, "operation {}: {record:#?}", number + 1);
        }
    } else {
        let _ = writeln!(text, "{} operations, past the {RECORDED_OPERATIONS} recorded", records.len());
    }
    let _ = write!(text, "outcome: {outcome:#?}");
    text
}
