//! Faults made on purpose where m3diff writes (issue 41): a full disk (a
//! small tmpfs, mounted in a namespace of its own where the machine allows
//! it), a folder removed during the run, and two campaigns on one corpus.
//! After each, no file is left empty, cut or half of a pair, a lost case is
//! printed on standard error, and the exit says something was lost.
//!
//! The engine-against-reference path needs a bug to keep: it runs in this
//! test binary, with the engine of a planted bug (TX10, every hand a point
//! short); the tmpfs and the second process run this binary again on its
//! ignored test `a_planted_campaign`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

use m3_model::texas::{OperationRecord, Texas};
use m3diff::check::planted::{Corruption, Planted};
use m3diff::runs::campaign::{self, Budget, GameTarget, Reporter, Settings, Target};
use m3diff::runs::corpus::instance_files;
use m3diff::{Rules, Size};

/// TX10 with every hand a point short: a bug every campaign meets at once.
struct HandOffByOne;

impl Corruption<Texas> for HandOffByOne {
    const BUG: &'static str = "TX10 every hand a point short";
    fn corrupt(record: &mut OperationRecord) {
        record.hand_points = record.hand_points.map(|points| points - 1);
    }
}

type Wrong = GameTarget<Texas, Planted<Texas, HandOffByOne>>;

/// A fault made when a campaign says a line that holds the mark.
type Fault = (&'static str, Box<dyn Fn() + Sync>);

/// What a campaign says, and a fault to make on a line.
struct Collect {
    lines: Mutex<Vec<String>>,
    on: Option<Fault>,
}

impl Collect {
    fn new() -> Self {
        Collect { lines: Mutex::new(Vec::new()), on: None }
    }
    fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }
}

impl Reporter for Collect {
    fn line(&self, text: &str) {
        if let Some((mark, fault)) = &self.on {
            if text.contains(mark) {
                fault();
            }
        }
        self.lines.lock().unwrap().push(text.to_string());
    }
    fn progress(&self, _: Duration, _: u64, _: u64) {}
}

fn settings(corpus: &Path, seed: u64, cases: u64) -> Settings {
    Settings {
        budget: Budget::Cases(cases),
        seed,
        jobs: 1,
        size: Size::Small,
        corpus: corpus.to_path_buf(),
        skip: Vec::new(),
    }
}

/// Every file below `dir`, with its size.
fn files_below(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push((path.clone(), std::fs::metadata(&path).map_or(0, |meta| meta.len())));
            }
        }
    }
    found.sort();
    found
}

/// No file below `dir` is empty, a temporary one, or a case or report
/// without the other.
fn assert_whole(dir: &Path) {
    let files = files_below(dir);
    for (path, size) in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(*size > 0, "an empty file is left: {}", path.display());
        assert!(!name.ends_with(".partial"), "a temporary file is left: {}", path.display());
        let other = match path.extension().and_then(|e| e.to_str()) {
            Some("in") => path.with_extension("txt"),
            Some("txt") => path.with_extension("in"),
            _ => continue,
        };
        assert!(other.exists(), "{} is left without {}", path.display(), other.display());
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `command` with a tmpfs of `size` at `dir` (made empty), of which
/// all but one page (4 KiB: what a probe takes) is filled, in a mount
/// namespace of its own; after it, lists every file left in `dir` with its
/// size, one per line after a `files:` line, and exits as it did. `None`
/// where no tmpfs can be mounted.
fn on_a_nearly_full_tmpfs(dir: &Path, command: &[&str]) -> Option<Output> {
    let script = r#"dir=$1; shift
mount -t tmpfs -o size=64k tmpfs "$dir" || exit 97
head -c 61440 /dev/zero > "$dir/.filler" || exit 98
"$@"; code=$?
echo files: >&2
rm "$dir/.filler"
find "$dir" -type f -printf '%s %p\n' >&2
exit $code"#;
    let mounted = Command::new("unshare")
        .args(["-rm", "sh", "-c", script, "sh"])
        .arg(dir)
        .args(command)
        .env_remove("M3DIFF_SEED")
        .output()
        .ok()?;
    if matches!(mounted.status.code(), Some(97 | 98)) || (!mounted.status.success() && mounted.stderr.is_empty()) {
        eprintln!(
            "no tmpfs here ({}): the full disk is tested by files.rs's failing writers only",
            text(&mounted.stderr)
        );
        return None;
    }
    Some(mounted)
}

/// The files a tmpfs run listed after it: (size, path).
fn files_listed(stderr: &str) -> Vec<(u64, String)> {
    let after = stderr.rsplit_once("files:\n").map_or("", |(_, files)| files);
    after
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(size, path)| (size.parse().unwrap(), path.to_string()))
        .collect()
}

/// The lines `printed` holds after its line `lost`, up to the first that
/// `ends` (not included): the case a lost line prints for the user to keep.
fn printed_after(printed: &str, lost: &str, ends: impl Fn(&str) -> bool) -> String {
    let (_, after) = printed.split_once(lost).expect("the line is in what was printed");
    after.lines().skip(1).take_while(|line| !ends(line)).map(|line| format!("{line}\n")).collect()
}

fn assert_none_empty_or_partial(files: &[(u64, String)]) {
    for (size, path) in files {
        assert!(*size > 0 && !path.ends_with(".partial"), "left on the full disk: {size} {path}");
        if let Some(stem) = path.strip_suffix(".txt") {
            assert!(files.iter().any(|(_, other)| *other == format!("{stem}.in")), "a report without its case: {path}");
        }
    }
}

/// The campaign the tmpfs and two-process tests run in a process of their
/// own: the planted bug on the corpus `M3DIFF_FAULTS_CORPUS`, seed
/// `M3DIFF_FAULTS_SEED`. It prints what it said and the regression its
/// summary names.
#[test]
#[ignore = "run by the tests below, in a process of its own"]
fn a_planted_campaign() {
    let corpus = PathBuf::from(std::env::var("M3DIFF_FAULTS_CORPUS").expect("run by the tests below"));
    let seed = std::env::var("M3DIFF_FAULTS_SEED").map_or(1, |seed| seed.parse().unwrap());
    let target = Wrong::new(Size::Small);
    let said = Collect::new();
    campaign::run(&[&target as &dyn Target], &settings(&corpus, seed, 60), &said, &AtomicBool::new(false));
    for line in said.lines() {
        println!("said: {line}");
    }
    for found in target.kinds() {
        let path = found.regression.map_or("none".to_string(), |(path, _)| path.display().to_string());
        println!("summary: {path} {}", found.note.unwrap_or_default());
    }
    assert!(target.failures() > 0);
}

fn planted_campaign_in_a_process(corpus: &Path, seed: u64) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args(["--exact", "a_planted_campaign", "--ignored", "--nocapture", "--test-threads", "1"])
        .env("M3DIFF_FAULTS_CORPUS", corpus)
        .env("M3DIFF_FAULTS_SEED", seed.to_string());
    command
}

#[test]
fn a_full_disk_under_the_corpus_leaves_no_file_empty_or_half_and_prints_the_case() {
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let corpus = dir.path().display().to_string();
    let command = [
        "env",
        &format!("M3DIFF_FAULTS_CORPUS={corpus}"),
        exe.to_str().unwrap(),
        "--exact",
        "a_planted_campaign",
        "--ignored",
        "--nocapture",
    ];
    let Some(run) = on_a_nearly_full_tmpfs(dir.path(), &command) else { return };
    let (stdout, stderr) = (text(&run.stdout), text(&run.stderr));
    assert!(run.status.success(), "{stdout}{stderr}");
    let lost = stdout.lines().find(|line| line.contains("cannot keep the regression")).unwrap_or_else(|| {
        panic!("no line says the regression was lost:\n{stdout}");
    });
    assert!(lost.contains(&corpus) && lost.contains("No space left on device"), "{lost}");
    // The case follows, whole, for the user to keep by hand.
    let case = printed_after(&stdout, lost, |line| line.starts_with("said: ") || line.starts_with("summary: "));
    assert!(Texas::parse(&case).is_ok(), "the lost case is not printed whole:\n{case}");
    assert!(stdout.contains("summary: none not kept: "), "the summary says it was not kept:\n{stdout}");
    assert_none_empty_or_partial(&files_listed(&stderr));
}

#[test]
fn a_corpus_removed_during_the_campaign_is_an_error_naming_it_and_not_made_again() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    let removed = corpus.clone();
    let mut said = Collect::new();
    // Said before the case is written: the folder goes between the two.
    said.on = Some(("; shrinking", Box::new(move || drop(std::fs::remove_dir_all(&removed)))));
    let target = Wrong::new(Size::Small);
    campaign::run(&[&target as &dyn Target], &settings(&corpus, 1, 200), &said, &AtomicBool::new(false));
    assert!(target.failures() > 0);
    let lines = said.lines();
    let lost = lines.iter().find(|line| line.contains("cannot keep the regression")).expect("the loss is said");
    let (first, case) = lost.split_once('\n').unwrap();
    assert!(first.contains(&corpus.display().to_string()) && first.contains("gone"), "{first}");
    assert!(Texas::parse(case).is_ok(), "the lost case is printed whole:\n{case}");
    assert!(!corpus.exists(), "a corpus removed during the run was made again");
    let kinds = target.kinds();
    assert!(kinds.iter().all(|found| found.regression.is_none()));
    assert!(kinds[0].note.as_deref().is_some_and(|note| note.starts_with("not kept: ")), "{:?}", kinds[0].note);
}

#[test]
fn two_campaigns_on_one_corpus_at_once_keep_one_regression_and_name_only_it() {
    let corpus = tempfile::tempdir().unwrap();
    let (one, two) = (Wrong::new(Size::Small), Wrong::new(Size::Small));
    let (first, second) = (Collect::new(), Collect::new());
    std::thread::scope(|scope| {
        for (target, seed, said) in [(&one, 1, &first), (&two, 2, &second)] {
            let settings = settings(corpus.path(), seed, 200);
            scope.spawn(move || {
                campaign::run(&[target as &dyn Target], &settings, said, &AtomicBool::new(false));
            });
        }
    });
    let kept = instance_files(&m3diff::runs::regression::directory::<Texas>(corpus.path())).unwrap();
    assert_eq!(kept.len(), 1, "one kind, one regression: {kept:?}\n{:#?}\n{:#?}", first.lines(), second.lines());
    assert_whole(corpus.path());
    for target in [&one, &two] {
        let kinds = target.kinds();
        assert_eq!(kinds.len(), 1);
        let (path, replay) = kinds[0].regression.clone().expect("a regression stands");
        assert_eq!(path, kept[0], "a summary names a file that is gone");
        assert!(replay.contains(&kept[0].display().to_string()));
    }
}

#[test]
fn two_campaign_processes_on_one_corpus_keep_one_regression() {
    let corpus = tempfile::tempdir().unwrap();
    let running: Vec<_> =
        [5, 6].into_iter().map(|seed| planted_campaign_in_a_process(corpus.path(), seed).spawn().unwrap()).collect();
    for mut child in running {
        assert!(child.wait().unwrap().success());
    }
    let kept = instance_files(&m3diff::runs::regression::directory::<Texas>(corpus.path())).unwrap();
    assert_eq!(kept.len(), 1, "one kind, one regression: {kept:?}");
    assert_whole(corpus.path());
}

#[test]
fn a_full_disk_under_json_leaves_no_file_and_exits_non_zero_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let corpus = tempfile::tempdir().unwrap();
    let command = [
        env!("CARGO_BIN_EXE_m3diff"),
        "fuzz",
        "--game",
        "texas",
        "--cases",
        "20",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--corpus",
        corpus.path().to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ];
    let Some(run) = on_a_nearly_full_tmpfs(dir.path(), &command) else { return };
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|line| line.contains("--json")).collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains(&json.display().to_string()) && said[0].contains("No space left on device"), "{stderr}");
    assert!(files_listed(&stderr).is_empty(), "{stderr}");
}

#[test]
fn a_json_folder_removed_during_the_campaign_exits_non_zero_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("reports");
    std::fs::create_dir(&folder).unwrap();
    let json = folder.join("summary.json");
    let corpus = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "texas", "--time", "3s", "--size", "small", "--jobs", "1", "--json"])
        .arg(&json)
        .arg("--corpus")
        .arg(corpus.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    std::fs::remove_dir(&folder).unwrap();
    let run = child.wait_with_output().unwrap();
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|line| line.contains("--json")).collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains(&folder.display().to_string()) && said[0].contains("no such folder"), "{stderr}");
    assert!(!folder.exists(), "the folder was made again");
}

#[test]
fn a_full_disk_under_keep_leaves_no_file_empty_or_half_and_prints_the_case() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().display().to_string();
    let command = [
        env!("CARGO_BIN_EXE_m3diff"),
        "fuzz",
        "--game",
        "door",
        "--against",
        "sh -c 'echo -1'",
        "--cases",
        "1",
        "--seed",
        "1",
        "--size",
        "small",
        "--jobs",
        "1",
        "--keep",
        &keep,
    ];
    let Some(run) = on_a_nearly_full_tmpfs(dir.path(), &command) else { return };
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    let lost =
        stderr.lines().find(|line| line.contains("cannot keep the shrunk case")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(lost.contains(&keep) && lost.contains("No space left on device"), "{lost}");
    let case = printed_after(&stderr, lost, |line| line == "files:");
    assert!(m3_model::door::MagicDoor::parse(&case).is_ok(), "the lost case is not printed whole:\n{case}");
    assert_none_empty_or_partial(&files_listed(&stderr));
}

/// A `--against` campaign on the `--keep` folder `keep`, in a process of its own.
fn against_campaign(keep: &Path, program: &str, seed: u64, budget: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_m3diff"));
    command
        .args(["fuzz", "--game", "door", "--against", program, "--size", "small", "--jobs", "1", "--seed"])
        .arg(seed.to_string())
        .args(budget)
        .arg("--keep")
        .arg(keep)
        .env_remove("M3DIFF_SEED")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    command
}

/// Two `--against` campaigns on one `--keep` folder: their seeds shrink to
/// two cases of one kind (seed 2's alone would be kept beside seed 1's),
/// and the folder keeps the smaller only, whichever campaign placed last.
#[test]
fn two_against_campaigns_on_one_keep_folder_keep_one_case_per_kind_and_name_only_it() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("found");
    let running: Vec<_> = [1, 2]
        .into_iter()
        .map(|seed| against_campaign(&keep, "sh -c 'echo -1'", seed, &["--cases", "30"]).spawn().unwrap())
        .collect();
    let printed: Vec<String> = running
        .into_iter()
        .map(|child| {
            let run = child.wait_with_output().unwrap();
            let printed = format!("{}{}", text(&run.stdout), text(&run.stderr));
            assert_eq!(run.status.code(), Some(1), "{printed}");
            printed
        })
        .collect();
    // The slowest case, under timing/, is kept whether the program failed
    // it or not: it is no kind of failure.
    let timing = keep.join("door/timing");
    let kept: Vec<_> =
        instance_files(&keep.join("door")).unwrap().into_iter().filter(|case| !case.starts_with(&timing)).collect();
    assert_eq!(kept.len(), 1, "one kind, one case: {kept:?}\n{}", printed.join("\n"));
    assert_whole(&keep);
    for printed in &printed {
        let named = printed.lines().find(|line| line.trim_start().starts_with(&keep.display().to_string()));
        assert!(
            named.is_some_and(|line| line.contains(&kept[0].display().to_string())),
            "the summary names another case than the one kept:\n{printed}"
        );
    }
}

#[test]
fn a_keep_folder_removed_during_the_campaign_is_an_error_naming_it_and_not_made_again() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("found");
    // Slow enough that the folder goes while the first case shrinks.
    let child = against_campaign(&keep, "sh -c 'sleep 0.2; echo -1'", 1, &["--time", "4s"]).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    std::fs::remove_dir_all(&keep).unwrap();
    let run = child.wait_with_output().unwrap();
    let (stdout, stderr) = (text(&run.stdout), text(&run.stderr));
    assert_eq!(run.status.code(), Some(1), "{stdout}{stderr}");
    let lost = stderr.lines().find(|line| line.contains("cannot keep")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(lost.contains(&keep.display().to_string()) && lost.contains("gone"), "{lost}");
    assert!(!lost.contains("stays as"), "a case said to stay went with its folder: {lost}");
    assert!(!keep.exists(), "a --keep folder removed during the run was made again");
    assert!(
        stdout.contains("wrong answer") && stdout.contains("0 cases kept"),
        "the summary names a case that is gone:\n{stdout}"
    );
    assert!(!stdout.contains("read its report"), "no report was kept to read:\n{stdout}");
}

/// Nothing was found, so nothing was lost; but a folder that went during
/// the run could have kept nothing, and the exit must not say all is well.
#[test]
fn a_corpus_removed_during_a_campaign_that_finds_nothing_exits_non_zero_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "texas", "--time", "3s", "--size", "small", "--jobs", "1", "--corpus"])
        .arg(&corpus)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    std::fs::remove_dir_all(&corpus).unwrap();
    let run = child.wait_with_output().unwrap();
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|line| line.contains("--corpus")).collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(said[0].contains(&corpus.display().to_string()) && said[0].contains("gone"), "{stderr}");
    assert!(!corpus.exists(), "the folder was made again");
}

/// `shrink --against` whose `--keep` folder goes while it shrinks: the
/// shrunk case cannot be kept, and is printed whole after the one line
/// that says so, which does not claim the unshrunk case stays.
#[test]
fn a_keep_folder_removed_during_shrink_against_prints_the_shrunk_case() {
    let dir = tempfile::tempdir().unwrap();
    let (keep, case) = (dir.path().join("found"), dir.path().join("case.in"));
    // 8x8 of three colours, no three alike in a line: many runs to shrink.
    let rows: String = (0..8)
        .map(|row| (0..8).map(|col| ((row + 2 * col) % 3 + 1).to_string()).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    std::fs::write(&case, format!("8 8\n{rows}1 1 1 2\n")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["shrink", "door"])
        .arg(&case)
        .args(["--against", "sh -c 'sleep 0.3; echo -1'", "--keep"])
        .arg(&keep)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once the unshrunk case is kept, the shrink has some seconds to go.
    let began = std::time::Instant::now();
    while !keep.join("door").is_dir() && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    std::fs::remove_dir_all(&keep).unwrap();
    let run = child.wait_with_output().unwrap();
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let lost = stderr.lines().find(|line| line.starts_with("error: ")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(lost.contains(&keep.display().to_string()) && lost.contains("gone"), "{lost}");
    assert!(lost.contains("the unshrunk case is gone too"), "{lost}");
    let shrunk = printed_after(&stderr, lost, |_| false);
    assert!(m3_model::door::MagicDoor::parse(&shrunk).is_ok(), "the shrunk case is not printed whole:\n{shrunk}");
    assert!(!keep.exists(), "a --keep folder removed during the run was made again");
}
