//! `m3diff triage`: a night of fuzzing simulated with a planted engine, and
//! the command line on artifact folders and campaign logs.

mod bugs;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;

use bugs::SquareSpecialPoint;
use m3_model::texas::{OperationRecord, Texas};
use m3diff::check::planted::{Corruption, Planted};
use m3diff::runs::campaign::{self, Budget, GameTarget, Reporter, Settings, Target};
use m3diff::runs::fuzzing::input_from_instance;
use m3diff::runs::regression::Placed;
use m3diff::runs::triage::{triage, Case, Input};
use m3diff::{Game, Size, Tally};

/// Two bugs at once, so that a night finds two kinds of failure: TX7 a
/// point too many when a 3x3 special fires, and TX10 every hand a point short.
struct TwoBugs;
impl Corruption<Texas> for TwoBugs {
    const BUG: &'static str = "TX7 a point too many for a 3x3 special; TX10 hands a point short";
    fn corrupt(record: &mut OperationRecord) {
        SquareSpecialPoint::corrupt(record);
        record.hand_points = record.hand_points.map(|points| points - 1);
    }
}

type Night = Planted<Texas, TwoBugs>;

/// The kind of failure of `instance` under the planted engine, if it fails.
fn failure_kind(instance: &m3_model::texas::Instance) -> Option<String> {
    m3diff::check_game_with::<Texas, Night>(instance, &mut Tally::default()).err().map(|f| f.kind.to_string())
}

/// Writes a crash artifact of the texas_diff target for every seeded game
/// that fails under the planted engine, up to `per_kind` of each kind, and
/// one artifact that passes. Returns the kinds written.
fn simulate_night(folder: &Path, per_kind: usize) -> Vec<String> {
    std::fs::create_dir_all(folder).unwrap();
    let mut kinds: Vec<(String, usize)> = Vec::new();
    let mut passing = false;
    for seed in 0..5000 {
        let Ok(instance) =
            m3diff::process::seed::with_seed(seed, |u| Texas::generate(u, Size::Small, &Default::default()))
        else {
            continue;
        };
        let input = input_from_instance::<Texas>(&instance);
        match failure_kind(&instance) {
            None if !passing => {
                passing = true;
                std::fs::write(folder.join(format!("crash-passes-{seed}")), input).unwrap();
            }
            None => {}
            Some(kind) => {
                let index = kinds.iter().position(|(k, _)| *k == kind).unwrap_or_else(|| {
                    kinds.push((kind, 0));
                    kinds.len() - 1
                });
                if kinds[index].1 < per_kind {
                    kinds[index].1 += 1;
                    std::fs::write(folder.join(format!("crash-{seed}")), input).unwrap();
                }
            }
        }
        if passing && kinds.len() == 2 && kinds.iter().all(|(_, n)| *n == per_kind) {
            break;
        }
    }
    kinds.into_iter().map(|(kind, _)| kind).collect()
}

#[test]
fn a_night_of_two_bugs_is_triaged_into_two_regressions() {
    let night = tempfile::tempdir().unwrap();
    let folder = night.path().join("artifacts/texas_diff");
    let kinds = simulate_night(&folder, 3);
    assert_eq!(kinds.len(), 2, "the planted engine fails two ways: {kinds:?}");
    let mut artifacts: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
    artifacts.sort();
    assert_eq!(artifacts.len(), 7);
    let cases: Vec<Case> = artifacts
        .iter()
        .map(|path| Case { origin: path.display().to_string(), input: Input::Diff(std::fs::read(path).unwrap()) })
        .collect();

    let corpus = night.path().join("corpus");
    let result = triage::<Texas, Night>(&cases, &corpus).unwrap();

    assert_eq!(result.groups.len(), 2, "{:#?}", result.groups);
    for group in &result.groups {
        assert_eq!(group.origins.len(), 3, "{group:#?}");
        assert!(kinds.contains(&group.kind), "{group:#?}");
        let regression = group.regression.as_ref().expect("each group of games keeps one");
        let kept = m3_model::texas::parse(&std::fs::read_to_string(regression).unwrap()).unwrap();
        assert_eq!(failure_kind(&kept).as_ref(), Some(&group.kind), "the regression fails as its group does");
    }
    let regressions = std::fs::read_dir(corpus.join("texas/regressions")).unwrap().count();
    assert_eq!(regressions, 6, "two cases, each with its report and its page");
    assert_eq!(result.fixed.len(), 1);
    assert!(result.fixed[0].contains("crash-passes-"), "{:?}", result.fixed);
    assert!(artifacts.iter().all(|path| path.exists()), "triage never deletes an artifact");

    // One kind of failure, one regression, whichever path meets it again:
    // triage of the same night, and a campaign against the same bugs.
    let again = triage::<Texas, Night>(&cases, &corpus).unwrap();
    assert!(again.groups.iter().all(|g| matches!(g.placed, Some(Placed::Dropped(_)))), "{:#?}", again.groups);
    let settings = Settings {
        budget: Budget::Cases(300),
        seed: 1,
        jobs: 1,
        size: Size::Small,
        corpus: corpus.clone(),
        skip: Vec::new(),
    };
    let target = GameTarget::<Texas, Night>::new(Size::Small);
    campaign::run(&[&target as &dyn Target], &settings, &Quiet, &AtomicBool::new(false));
    assert!(target.failures() > 0);
    let after = std::fs::read_dir(corpus.join("texas/regressions")).unwrap().count();
    assert_eq!(after, 6, "the kinds kept already are kept by the same files: {:?}", target.kinds());
}

struct Quiet;
impl Reporter for Quiet {
    fn line(&self, _: &str) {}
    fn progress(&self, _: std::time::Duration, _: u64, _: u64) {}
}

fn m3diff(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_m3diff")).args(args).current_dir(dir).output().unwrap()
}

#[test]
fn the_command_lists_fixed_artifacts_and_writes_json() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("fuzz/artifacts/square_diff");
    std::fs::create_dir_all(&folder).unwrap();
    let sample = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/square/example0.in")).unwrap();
    let mut input = vec![m3diff::runs::fuzzing::TEXT_MARKER];
    input.extend(sample);
    std::fs::write(folder.join("crash-0"), input).unwrap();
    std::fs::write(folder.join("timeout-1"), b"").unwrap();

    let output = m3diff(&["triage", "--json", "night.json"], dir.path());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "the timeout is still to look at:\n{stdout}");
    assert!(stdout.contains("2 cases triaged: 1 failing in 1 group, 1 fixed"), "{stdout}");
    assert!(stdout.contains("square: a libFuzzer timeout (not replayed)"), "{stdout}");
    assert!(stdout.contains("crash-0"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("night.json")).unwrap()).unwrap();
    assert_eq!(json["cases"], 2);
    assert_eq!(json["fixed"].as_array().unwrap().len(), 1);
    assert_eq!(json["groups"][0]["kind"], "a libFuzzer timeout (not replayed)");
}

#[test]
fn a_folder_not_named_after_a_target_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("nightly")).unwrap();
    let output = m3diff(&["triage", "nightly"], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("named <game>_diff or <game>_parse"), "{stderr}");
}

#[test]
fn a_campaign_log_is_replayed_from_its_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let log = "texas: divergence in `hand_points` found by m3diff gen texas --seed 12 --size small (case of m3diff fuzz --seed 3)\n";
    std::fs::write(dir.path().join("night.log"), log).unwrap();
    let output = m3diff(&["triage", "night.log"], dir.path());
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The real engine agrees with the reference on that game: it is fixed.
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("1 case triaged: 0 failing in 0 groups, 1 fixed"), "{stdout}");
}

#[test]
fn a_clone_without_artifacts_has_nothing_to_triage() {
    let dir = tempfile::tempdir().unwrap();
    let output = m3diff(&["triage"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("0 cases triaged"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no fuzz/artifacts here"));
}

/// The issue's own: a log whose "found by" lines are malformed was said to
/// hold none ("found neither"). The first such line is named instead.
#[test]
fn a_malformed_found_by_line_is_named_by_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let log = "m3diff fuzz: games texas\ntexas: divergence in `hand_points` found by m3diff gen texas --seed oops --size small\n";
    std::fs::write(dir.path().join("night.log"), log).unwrap();
    let output = m3diff(&["triage", "night.log"], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("night.log: line 2: a malformed \"found by\" line (no seed)"), "{stderr}");
    assert!(!stderr.contains("found neither"), "{stderr}");
}

/// As `fuzz` does: a `--json` that cannot be written stops triage before it
/// replays anything, and writes no regression.
#[test]
fn a_json_path_that_cannot_be_written_stops_triage_before_it_replays() {
    let dir = tempfile::tempdir().unwrap();
    let log = "texas: divergence in `hand_points` found by m3diff gen texas --seed 12 --size small\n";
    std::fs::write(dir.path().join("night.log"), log).unwrap();
    let output = m3diff(&["triage", "night.log", "--json", "/nonexistent-m3diff/y.json"], dir.path());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--json /nonexistent-m3diff/y.json: cannot write"), "{stderr}");
    assert!(output.stdout.is_empty(), "nothing was triaged: {}", String::from_utf8_lossy(&output.stdout));
}
