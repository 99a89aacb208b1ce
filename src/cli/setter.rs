//! A problem setter's commands: `tests` writes a judge's test set, and
//! `coverage` prints the rule-coverage table of any set of instances, the
//! official tests' or one's own, as a campaign prints it.

use crate::process::streams::say;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::exit::EXIT_FAILURE_FOUND;
use super::io::{read_instance, read_instance_apart, write_stdout};
use super::package::Package;
use crate::game::coverage::{named_list, RuleCounter, Tally};
use crate::game::{Counts, Game};
use crate::process::files;
use crate::process::input::path_name;
use crate::process::prose::{counted, duration, thousands};
use crate::runs::against::reference_answer;
use crate::runs::setter::{Test, TestSet};
use crate::runs::submissions::Submission;

/// Where a game whose player's operations come apart keeps them, beside
/// `NN.in`: the player's output file, as the contest's checker reads it.
const OPERATIONS_EXTENSION: &str = "commands";

/// What the coverage table says of the counters no game within the
/// statement reaches.
const BEYOND: &str = "beyond the statement, which no test of the contest reaches";

/// `m3diff tests GAME --out DIR`: chooses the set and writes it whole into
/// `dir`, new or empty: into a folder beside it first, renamed to `dir` once
/// every file is written, so that a set is there whole or not at all.
/// With `package`, `dir` is an ICPC problem package holding the set
/// ([`super::package`]). With `submissions`, the set is checked by them and
/// may grow by a hack for each wrong one it passes ([`super::solutions`]):
/// the exit says whether each does as its folder says, the set written
/// either way.
pub fn tests<G: Game>(
    dir: &Path,
    seed: u64,
    most: usize,
    package: Option<&Package>,
    submissions: &Submissions,
) -> Result<ExitCode, String> {
    let name = path_name(dir);
    // Checked before the set is chosen, which may take a while.
    let (parent, target) = new_or_empty_folder(dir)?;
    files::try_writing(&parent)
        .map_err(|error| format!("--out {name}: cannot write the set in {}: {error}", path_name(&parent)))?;
    let folder_name = target.file_name().map_or_else(|| "tests".into(), |n| n.to_string_lossy().into_owned());
    let contents = package.map(|package| super::package::gather::<G>(package, &target)).transpose()?;
    let Submissions { accepted, wrong, hunt_time, compile_time } = submissions;
    let programs = super::solutions::build::<G>(accepted, wrong, *hunt_time, *compile_time, &parent, &folder_name)?;
    let started = Instant::now();
    let mut set = crate::runs::setter::choose::<G>(seed, most)?;
    let made_in = started.elapsed();
    let judged = match programs.is_empty() {
        true => None,
        false => {
            // A signal ends the runs under way and stops the command here.
            let honoured = crate::process::interrupt::honour();
            let judged = super::solutions::judge::<G>(&mut set, &programs, seed, &parent);
            drop(honoured);
            match judged {
                _ if crate::process::interrupt::requested() => return Ok(stopped(&name)),
                judged => Some(judged?),
            }
        }
    };
    let extra = judged.as_ref().map_or("", |judged| judged.readme.as_str());
    let time_limit = judged.as_ref().and_then(|judged| judged.time_limit.as_ref());
    // A partial folder a killed run left beside `dir` went with try_writing.
    let partial = files::partial_beside(&target);
    // A signal while the files are written stops here, not at once, so that
    // the partial folder goes too.
    let honoured = crate::process::interrupt::honour();
    let written = match &contents {
        None => write_set::<G>(&partial, &set, seed, most, extra),
        Some(contents) => super::package::write::<G>(&partial, seed, contents, time_limit, |secret| {
            let (bytes, readme) = write_tests::<G>(secret, &set, seed, most, super::package::test_files::<G>)?;
            Ok((bytes, format!("{readme}{extra}")))
        }),
    };
    let written = written.and_then(|bytes| {
        files::write_whole(&partial.join(SET_PAGE), set_page::<G>(&set, seed, most))?;
        std::fs::rename(&partial, &target).map_err(|error| files::named(&target, error))?;
        Ok(bytes)
    });
    drop(honoured);
    let bytes = match written {
        Ok(bytes) => bytes,
        Err(error) => {
            let _ = std::fs::remove_dir_all(&partial);
            if crate::process::interrupt::requested() {
                return Ok(stopped(&name));
            }
            return Err(error.to_string());
        }
    };
    let summary = format!(
        "{}: {} in {name} ({} bytes), chosen among {} games drawn within the statement, in {}\n{}{}\n",
        G::NAME,
        counted(set.tests.len() as u64, "test"),
        thousands(bytes),
        thousands(set.drawn),
        duration(made_in),
        judged.as_ref().map_or("", |judged| judged.summary.as_str()),
        coverage_table::<G>(&set.tally, &set.left_out),
    );
    let code = write_stdout(&summary)?;
    let faults = judged.map(|judged| judged.faults).unwrap_or_default();
    for fault in &faults {
        say!("m3diff tests: {fault}");
    }
    Ok(match faults.is_empty() {
        true => code,
        false => ExitCode::from(EXIT_FAILURE_FOUND),
    })
}

/// The submissions `tests` checks the set with.
pub struct Submissions {
    pub accepted: Vec<Submission>,
    pub wrong: Vec<Submission>,
    /// How long a hunt for a case a wrong one fails lasts at most.
    pub hunt_time: std::time::Duration,
    /// How long the build of one may take at most.
    pub compile_time: std::time::Duration,
}

/// What a command a signal stopped says and exits with.
/// The set's page, beside its README.md.
const SET_PAGE: &str = "set.html";

/// The set as a page (the campaign page's): its tests and their coverage
/// as bars, those beyond the statement apart, and the command that writes
/// it again, as its README.md gives it.
fn set_page<G: Game>(set: &TestSet<G>, seed: u64, most: usize) -> String {
    let beyond = <G::Counter as Counts<G>>::beyond_statement().iter();
    let apart: Vec<_> = beyond.map(|counter| (counter.rule(), counter.variant())).collect();
    let coverage = super::fuzz::coverage_json(set.tally.counts(), &apart, BEYOND);
    let command = format!("m3diff tests {} --out DIR --seed {seed} --count {most}", G::NAME);
    let about = format!("seed {seed}, chosen among {} games drawn within the statement", thousands(set.drawn));
    super::fuzz::set_page(G::NAME, set.tests.len() as u64, &about, coverage, &command)
}

fn stopped(name: &str) -> ExitCode {
    say!("m3diff tests: stopped by a signal; nothing written to {name}");
    ExitCode::from(crate::process::interrupt::EXIT_INTERRUPTED)
}

/// Where the set goes: `dir`'s parent folder, which must be there, and
/// `dir` itself with links and `.` resolved, which must be new or an empty
/// folder.
fn new_or_empty_folder(dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    let name = path_name(dir);
    let target = match std::fs::canonicalize(dir) {
        Ok(target) => target,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            // A setter's `--out tests/texas` in a new place makes its folders.
            std::fs::create_dir_all(parent)
                .map_err(|error| format!("{name}: its parent folder {}: {error}", path_name(parent)))?;
            let parent = std::fs::canonicalize(parent)
                .map_err(|error| format!("{name}: its parent folder {}: {error}", path_name(parent)))?;
            let Some(file_name) = dir.file_name() else { return Err(format!("{name}: not a folder's name")) };
            parent.join(file_name)
        }
        Err(error) => return Err(format!("{name}: {error}")),
    };
    if target.exists() {
        let mut entries = std::fs::read_dir(&target).map_err(|error| match target.is_dir() {
            true => format!("{name}: {error}"),
            false => format!("{name}: a file, where a folder is expected"),
        })?;
        if entries.next().is_some() {
            return Err(format!(
                "{name} is not empty: tests writes its set into a new or empty folder, and no other file"
            ));
        }
    }
    let parent = target
        .parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("{name}: the root is no folder to write a set into"))?;
    Ok((parent, target))
}

/// Writes every test of `set` into the new folder `dir`, then its list
/// with `extra` after it; the bytes of the tests written.
fn write_set<G: Game>(dir: &Path, set: &TestSet<G>, seed: u64, most: usize, extra: &str) -> std::io::Result<u64> {
    std::fs::create_dir(dir).map_err(|error| files::named(dir, error))?;
    let (bytes, readme) = write_tests::<G>(dir, set, seed, most, texts::<G>)?;
    files::write_whole(&dir.join("README.md"), format!("{readme}{extra}"))?;
    Ok(bytes)
}

/// Writes every test of `set` into the folder `dir`, its files as `texts`
/// gives them (extension and text); the bytes written and the set's
/// README, which lists them.
fn write_tests<G: Game>(
    dir: &Path,
    set: &TestSet<G>,
    seed: u64,
    most: usize,
    texts: impl Fn(&Test<G>) -> Vec<(&'static str, String)>,
) -> std::io::Result<(u64, String)> {
    let width = super::solutions::stem_width(set.tests.len());
    let mut list = String::new();
    let mut bytes = 0;
    for (number, test) in (1..).zip(&set.tests) {
        let stem = format!("{number:0width$}");
        let mut test_bytes = 0;
        for (extension, text) in texts(test) {
            if crate::process::interrupt::requested() {
                return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopped by a signal"));
            }
            test_bytes += text.len() as u64;
            files::write_whole(&dir.join(format!("{stem}.{extension}")), text)?;
        }
        bytes += test_bytes;
        let first = match test.first_reached.is_empty() {
            true => "none".to_string(),
            false => named_list(&test.first_reached),
        };
        let shown = first_shown(&test.first_shown);
        let why = test.why.said(G::NAME);
        let _ = writeln!(list, "| {stem} | {} | {why} | {first} | {shown} |", thousands(test_bytes));
    }
    Ok((bytes, readme::<G>(set, seed, most, bytes, &list)))
}

/// The files of one test: the instance, its operations apart when the game
/// reads them apart, and the answer.
fn texts<G: Game>(test: &Test<G>) -> Vec<(&'static str, String)> {
    let mut texts = match G::write_apart(&test.instance) {
        Some((input, operations)) => vec![("in", input), (OPERATIONS_EXTENSION, operations)],
        None => vec![("in", test.instance.to_string())],
    };
    texts.push(("ans", format!("{}\n", test.answer)));
    texts
}

fn readme<G: Game>(set: &TestSet<G>, seed: u64, most: usize, bytes: u64, list: &str) -> String {
    let apart = match G::write_apart(&set.tests[0].instance) {
        Some(_) => format!(
            " `NN.in` is the statement's input and `NN.{OPERATIONS_EXTENSION}` the player's {}s, as the contest's \
             checker reads its input and output files; `NN.ans` is the checker's verdict.",
            G::OPERATION
        ),
        None => " `NN.in` is the input in the statement's format and `NN.ans` the answer.".to_string(),
    };
    format!(
        "# Tests for {title}\n\n\
         Written by `m3diff tests {game} --out DIR --seed {seed} --count {most}`: {tests}, {bytes} bytes, every \
         file inside the statement (`m3diff validate {game} DIR/*.in`).{apart} Every answer is the reference's.\n\n\
         The coverage tests come first, smallest first: for each rule counter, the smallest of the {drawn} games drawn \
         within the statement that reaches it, and no more of them than reach every counter those games reach. \
         The distinct tests follow, in every place left but the max tests': a bug often hangs on a counter plus what \
         it does not name, so each is the game that shows the most no test before it shows of each counter's event \
         at the first and last rows and columns and on each shape of board (square, wider than tall, taller than \
         wide, one row, one column). A third of them at most are readable games of those drawn, and only while one \
         shows something new; the rest are games at the statement's largest, where contest programs break most, \
         taken by what they show and then as drawn. The max tests come last: what a judge writes at the statement's \
         bounds.\n\n\
         | test | bytes | why | counters it is the first to reach | what else it is the first to show |\n\
         |---|---|---|---|---|\n{list}\n\
         ## Rule coverage of the set\n\n```\n{table}\n```\n",
        title = G::TITLE,
        game = G::NAME,
        tests = counted(set.tests.len() as u64, "test"),
        bytes = thousands(bytes),
        drawn = thousands(set.drawn),
        table = coverage_table::<G>(&set.tally, &set.left_out),
    )
}

/// What a test is the first to show beyond its counters, the first few
/// named: a large game shows dozens.
fn first_shown(shown: &[String]) -> String {
    const NAMED: usize = 4;
    match shown.len() {
        0 => "nothing".to_string(),
        count if count <= NAMED => shown.join("; "),
        count => format!("{}; and {} more", shown[..NAMED].join("; "), count - NAMED),
    }
}

/// The table a campaign within the statement prints, then the counters
/// `left_out` of a set whose count could not hold them all.
fn coverage_table<G: Game>(tally: &Tally<G::Counter>, left_out: &[G::Counter]) -> String {
    let mut table = tally.apart_from(<G::Counter as Counts<G>>::beyond_statement(), BEYOND).to_string();
    if !left_out.is_empty() {
        let _ = write!(
            table,
            "\nleft out for --count ({}), reached by games drawn: {}",
            left_out.len(),
            named_list(left_out)
        );
    }
    table
}

/// `m3diff coverage GAME PATH...`: the rule-coverage table of every
/// instance in `paths` (a folder stands for its `*.in` files), played by
/// the reference as a campaign `--against` a program counts it.
pub fn coverage<G: Game>(paths: &[PathBuf]) -> Result<ExitCode, String> {
    let files = instance_files(paths)?;
    if files.is_empty() {
        return Err(format!("no instance to count: {} holds no *.in file", paths_named(paths)));
    }
    let mut tally = Tally::default();
    // A game reads its operations apart when it parses two texts at all.
    let reads_apart = G::parse_apart("", "").is_some();
    let mut beyond = String::new();
    for file in &files {
        let operations = file.with_extension(OPERATIONS_EXTENSION);
        let instance = match reads_apart && operations.is_file() {
            true => read_instance_apart::<G>(Some(file), Some(&operations))?,
            false => read_instance::<G>(Some(file))?,
        };
        if let Some(what) = G::beyond_statement(&instance) {
            let _ = writeln!(beyond, "beyond the statement: {}: {}", path_name(file), what.what);
        }
        reference_answer::<G>(&instance, &mut tally).map_err(|error| format!("{}: {error}", path_name(file)))?;
    }
    let table = tally.apart_from(<G::Counter as Counts<G>>::beyond_statement(), BEYOND);
    write_stdout(&format!("{}: {}\n{beyond}{table}\n", G::NAME, counted(files.len() as u64, "file")))
}

/// `m3diff coverage GAME --fuzz-inputs PATH...`: the rule-coverage table of
/// the games the fuzz inputs in `paths` stand for (a folder stands for
/// every file in it), read as the game's `_diff` target reads them: what a
/// night's corpus reaches. An input the target skips (text that is no
/// instance) is counted apart.
pub fn fuzz_input_coverage<G: Game>(paths: &[PathBuf]) -> Result<ExitCode, String> {
    let files = listed_files(paths, |_| true)?;
    let mut tally = Tally::default();
    let mut skipped = 0u64;
    for file in &files {
        let data = crate::process::input::read(file, crate::process::input::Bound::of::<G>())?;
        let Some(instance) = crate::runs::fuzzing::instance_from_input::<G>(&data) else {
            skipped += 1;
            continue;
        };
        reference_answer::<G>(&instance, &mut tally).map_err(|error| format!("{}: {error}", path_name(file)))?;
    }
    if tally.games == 0 {
        return Err(format!("no game to count: {} holds no input that stands for one", paths_named(paths)));
    }
    let table = tally.apart_from(<G::Counter as Counts<G>>::beyond_statement(), BEYOND);
    let inputs = counted(files.len() as u64, "fuzz input");
    write_stdout(&format!("{}: {inputs}, {skipped} of them no game\n{table}\n", G::NAME))
}

/// The files `paths` name: each file as it is, and each folder's `*.in`
/// files in the order of their names (none whose name starts with a dot,
/// a file being written).
fn instance_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    listed_files(paths, |name| name.ends_with(".in"))
}

/// The files `paths` name: each file as it is, and each folder's files
/// whose name `wanted` takes, in the order of their names (none whose name
/// starts with a dot, a file being written).
fn listed_files(paths: &[PathBuf], wanted: impl Fn(&str) -> bool) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path_name(path)))?;
        let mut inside = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|error| format!("{}: {error}", path_name(path)))?.path();
            let name = entry.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            if wanted(&name) && !name.starts_with('.') && entry.is_file() {
                inside.push(entry);
            }
        }
        inside.sort();
        files.extend(inside);
    }
    // A file named twice (a folder and a file in it) is counted once.
    let mut seen = std::collections::HashSet::new();
    files.retain(|file| seen.insert(std::fs::canonicalize(file).unwrap_or_else(|_| file.clone())));
    Ok(files)
}

fn paths_named(paths: &[PathBuf]) -> String {
    paths.iter().map(|path| path_name(path)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_stands_for_its_in_files_in_name_order_and_a_file_for_itself() {
        let dir = std::env::temp_dir().join(format!("m3diff-instance-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["02.in", "01.in", "01.ans", ".03.in.partial", ".04.in"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let lone = dir.join("01.ans");
        let files = instance_files(&[dir.clone(), lone.clone(), dir.join("02.in")]).unwrap();
        assert_eq!(files, [dir.join("01.in"), dir.join("02.in"), lone]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
