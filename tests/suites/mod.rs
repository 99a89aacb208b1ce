//! The test suites every game runs, written once against `Game`. A game's
//! test file instantiates them with `game_suites!` and adds what is its own:
//! its planted bugs (`planted_bug!`), its checker's corrupted records
//! (`corrupted_records!`), its generator's floors. Its malformed inputs are
//! data, `tests/malformed/<game>.txt`.

// Each test binary uses the part it needs.
#![allow(dead_code)]

pub mod against;
pub mod allocations;
pub mod examples;
pub mod wrong;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

use m3diff::check::oracle::play;
use m3diff::check::planted::{Corruption, Planted};
use m3diff::runs::campaign::{self, Budget, GameTarget, Reporter, Settings, Target};
use m3diff::runs::corpus::{expected_answer, instance_files};
use m3diff::runs::regression;
use m3diff::{Checks, Game, Renders, RuleCounter, Size, Tally};

/// The tests every game gets: its corpus through every implementation, a
/// snapshot of every corpus file's trace, the differential property on
/// generated games, the generator's smoke test and the CLI round trip.
/// `answered` is how many corpus files at least carry an expected answer.
macro_rules! game_suites {
    ($game:ty, answered = $answered:expr) => {
        #[test]
        fn every_corpus_file_gives_its_answer_in_every_implementation() {
            suites::corpus_answers::<$game>($answered);
        }

        #[test]
        fn every_regression_is_fixed_diagnosed_and_snapshotted() {
            suites::regressions_are_done::<$game>(module_path!());
        }

        #[test]
        fn trace_of_every_corpus_file() {
            let base = format!("../corpus/{}", <$game as m3diff::Game>::NAME);
            insta::glob!(base, "**/*.in", |path| {
                if let Some(trace) = suites::trace_of_file::<$game>(path) {
                    insta::assert_snapshot!(trace);
                }
            });
        }

        proptest::proptest! {
            // 256 cases unless PROPTEST_CASES says otherwise.
            #[test]
            fn engine_agrees_with_reference(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..4096)) {
                let result = suites::differential::<$game>(&bytes);
                proptest::prop_assert!(result.is_ok(), "{}", result.unwrap_err());
            }
        }

        #[test]
        fn every_edge_game_is_what_the_first_byte_of_a_fuzz_input_selects() {
            suites::every_edge_game_is_selected_by_a_first_byte::<$game>();
        }

        #[test]
        fn every_size_generates_runnable_games() {
            suites::every_size_generates_runnable_games::<$game>();
        }

        #[test]
        fn solve_allocates_at_the_start_only() {
            suites::allocations::solve_allocates_at_the_start_only::<$game>();
        }

        #[test]
        fn seeded_generation_is_reproducible() {
            suites::seeded_generation_is_reproducible::<$game>();
        }

        #[test]
        fn cli_solves_every_answered_corpus_file_with_engine_and_reference() {
            suites::cli_solves_corpus::<$game>();
        }

        #[test]
        fn cli_generated_instances_parse_and_check() {
            suites::cli_generated_instances_check::<$game>();
        }

        #[test]
        fn malformed_input_gives_one_line_with_line_and_column_and_exit_two() {
            suites::malformed_inputs_are_one_line_and_exit_two::<$game>();
        }

        #[test]
        fn cli_trace_ends_with_the_answer() {
            suites::cli_trace_ends_with_the_answer::<$game>();
        }

        #[test]
        fn the_own_solver_as_a_program_answers_as_the_reference_does() {
            suites::against::own_solver_passes::<$game>();
        }

        #[test]
        fn against_gives_a_program_only_what_the_statement_allows() {
            suites::against::only_the_statement_reaches_the_program::<$game>();
        }
    };
}
#[allow(unused_imports)]
pub(crate) use game_suites;

/// A planted bug and its test, written above the bug's `Corruption` so that
/// the two read together: `test_name: Bug => "field", at_most = N` declares
/// the unit struct `Bug` and a test that runs a small campaign against the
/// engine with that corruption, which must find it, name `field`, and shrink
/// it to a case of at most N characters in the problem format,
/// `Game::measure` ([`planted_bug_is_caught_and_shrunk`]).
///
/// With `, cases = C`, for a bug on an edge that a campaign of the default
/// size draws now and then, the campaign is C cases of that size, and the
/// test says which case first found the bug ([`cases_to_find`]).
macro_rules! planted_bug {
    ($test:ident: $bug:ident => $field:literal, at_most = $at_most:literal) => {
        struct $bug;

        #[test]
        fn $test() {
            suites::planted_bug_is_caught_and_shrunk::<_, $bug>($field, $at_most);
        }
    };
    ($test:ident: $bug:ident => $field:literal, at_most = $at_most:literal, cases = $cases:literal) => {
        struct $bug;

        #[test]
        fn $test() {
            suites::planted_bug_is_found_at_the_default_size::<_, $bug>($cases, $field, $at_most);
        }
    };
}
pub(crate) use planted_bug;

/// One test per corrupted record, each `test_name: "corpus file" =>
/// INVARIANT, |instance, records, outcome| { change }`: the reference's
/// records and outcome of the corpus file, after `change`, must break
/// INVARIANT, and the checker must name it first ([`first_violation`]).
macro_rules! corrupted_records {
    ($game:ty; $($(#[$doc:meta])* $test:ident: $file:literal => $invariant:expr,
        |$instance:ident, $records:ident, $outcome:ident| $change:block)+) => {
        $(
            $(#[$doc])*
            #[test]
            #[allow(unused_mut, unused_variables)]
            fn $test() {
                let (mut $instance, mut $records, mut $outcome) = suites::played::<$game>($file);
                $change
                assert_eq!(suites::first_violation::<$game>(&$instance, &$records, &$outcome), Some($invariant));
            }
        )+
    };
}
pub(crate) use corrupted_records;

/// The first seed of the seeded tests: `M3DIFF_SEED` moves them.
pub fn first_seed() -> u64 {
    std::env::var(m3diff::process::seed::SEED_VARIABLE).ok().and_then(|s| s.parse().ok()).unwrap_or(0)
}

pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

pub fn corpus_dir<G: Game>() -> PathBuf {
    corpus_root().join(G::NAME)
}

/// Every regression kept under `corpus/<game>/regressions/` is done: it
/// agrees now (the bug is fixed), its report names the root cause, and its
/// trace snapshot is accepted. For each one that is not, the failure names
/// the first step of README's "Back to green" that it still lacks, with the
/// command that does it. `test_module` is the game's test crate, whose name
/// starts its snapshots' names.
pub fn regressions_are_done<G: Game>(test_module: &str) {
    let dir = regression::directory::<G>(&corpus_root());
    if !dir.exists() {
        return;
    }
    let mut undone = Vec::new();
    for path in instance_files(&dir).expect("the regressions are readable") {
        let shown = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&path).display().to_string();
        let report_path = path.with_extension(regression::REPORT_EXTENSION);
        let report = std::fs::read_to_string(&report_path).unwrap_or_default();
        let instance = match G::parse(&std::fs::read_to_string(&path).unwrap_or_default()) {
            Ok(instance) => instance,
            Err(error) => {
                undone
                    .push(format!("{shown}: does not parse ({error}): a regression is an instance the format accepts"));
                continue;
            }
        };
        if let Err(failure) = m3diff::check_game::<G>(&instance, &mut Tally::default()) {
            let replay = format!("cargo m3diff check {} {shown}", G::NAME);
            undone.push(format!(
                "{shown}: steps 1 and 2, diagnose and fix: it still fails.\n{}",
                failure.report_with_replay(&replay)
            ));
            continue;
        }
        if regression::root_cause(&report).is_none() {
            undone.push(format!(
                "{shown}: step 3, write the root cause: it passes now; in {}, replace the line \"{}...\" by \
                 \"root cause: \" and what was wrong",
                report_path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&report_path).display(),
                regression::UNDIAGNOSED
            ));
            continue;
        }
        let long = G::operations(&instance).len() > SNAPSHOT_OPERATIONS;
        let snapshot = snapshot_of::<G>(test_module, &path);
        if !long && !snapshot.exists() {
            undone.push(format!(
                "{shown}: step 4, accept its trace snapshot {}: `cargo insta accept` (after this test run \
                 wrote it as .snap.new), or `INSTA_UPDATE=always cargo test --test {} -- trace_of_every_corpus_file`",
                snapshot.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&snapshot).display(),
                test_module
            ));
        }
    }
    assert!(
        undone.is_empty(),
        "{} not done (README, \"Back to green\": 1 diagnose, 2 fix, 3 write the root cause, 4 accept the \
         snapshot, 5 commit):\n\n{}",
        if undone.len() == 1 { "a regression is".to_string() } else { format!("{} regressions are", undone.len()) },
        undone.join("\n\n")
    );
}

/// The snapshot `trace_of_every_corpus_file` takes of a corpus file, as
/// insta names it: the test crate, the test, and the file's path under the
/// game's corpus with `/` as `__`.
pub fn snapshot_of<G: Game>(test_module: &str, path: &Path) -> PathBuf {
    let relative = path.strip_prefix(corpus_dir::<G>()).unwrap_or(path).to_string_lossy().replace('/', "__");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{test_module}__trace_of_every_corpus_file@{relative}.snap"))
}

pub fn read<G: Game>(path: &Path) -> G::Instance {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    G::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A corpus file by name, e.g. `sample1`.
pub fn corpus_file<G: Game>(name: &str) -> G::Instance {
    read::<G>(&corpus_dir::<G>().join(format!("{name}.in")))
}

/// Every corpus file through the differential oracle, and its answer by the
/// engine's quiet path, each implementation stepped, and the oracle, against
/// the `.out` beside it. Regressions have a test of their own,
/// [`regressions_are_done`].
pub fn corpus_answers<G: Game>(answered_at_least: usize) {
    let mut failures = Vec::new();
    let mut answered = 0;
    let regressions = regression::directory::<G>(&corpus_root());
    for path in instance_files(&corpus_dir::<G>()).expect("the corpus is readable") {
        if path.starts_with(&regressions) {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let instance = read::<G>(&path);
        let agreed = match m3diff::check_game::<G>(&instance, &mut Tally::default()) {
            Ok(outcome) => G::answer(&outcome).to_string(),
            Err(failure) => {
                failures.push(format!("{name}: {failure}"));
                continue;
            }
        };
        let Some(expected) = expected_answer(&path).unwrap() else { continue };
        answered += 1;
        let answers = [
            ("engine fast path", G::solve(&instance).to_string()),
            ("engine stepped", G::answer(&play::<G, G::Engine>(&instance).1).to_string()),
            ("reference stepped", G::answer(&play::<G, G::Reference>(&instance).1).to_string()),
            ("oracle", agreed),
        ];
        for (how, answer) in answers {
            if answer != expected {
                failures.push(format!("{name}: {how} gives {answer}, expected {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // A corpus that lost its answers would make this test vacuous.
    assert!(answered >= answered_at_least, "only {answered} corpus files have an expected answer");
}

/// Corpus files with more operations than this are left out of the trace
/// snapshots: a reviewer reads a trace diff, not ten thousand turns (their
/// answers are still pinned by their `.out`).
pub const SNAPSHOT_OPERATIONS: usize = 200;

/// The reference's records and outcome of a corpus file, for tests that
/// corrupt them.
pub fn played<G: Game>(name: &str) -> (G::Instance, Vec<G::Record>, G::Outcome) {
    let instance = corpus_file::<G>(name);
    let (records, outcome) = play::<G, G::Reference>(&instance);
    (instance, records, outcome)
}

/// The first invariant the game's checker finds broken in `records` and
/// `outcome`, if any.
pub fn first_violation<G: Game>(
    instance: &G::Instance,
    records: &[G::Record],
    outcome: &G::Outcome,
) -> Option<&'static str> {
    let mut checker = G::Checker::new(instance);
    let mut state = G::start_state(instance);
    for record in records {
        if let Err(violation) = checker.record(&state, record) {
            return Some(violation.invariant);
        }
        G::advance(&mut state, record);
    }
    checker.outcome(&state, outcome).err().map(|v| v.invariant)
}

/// The reference's trace of a corpus file, for its snapshot; `None` for a
/// file too long to review.
pub fn trace_of_file<G: Game>(path: &Path) -> Option<String> {
    let instance = read::<G>(path);
    if G::operations(&instance).len() > SNAPSHOT_OPERATIONS {
        return None;
    }
    let (records, outcome) = play::<G, G::Reference>(&instance);
    Some(m3diff::check::oracle::trace::<G>(&instance, &records, &outcome))
}

/// The game that `bytes` stand for as a fuzz input must pass the oracle:
/// proptest and the fuzz targets read bytes the same way. Generator bytes
/// always make a game; only text after the marker may make none.
pub fn differential<G: Game>(bytes: &[u8]) -> Result<(), String> {
    let Some(instance) = m3diff::runs::fuzzing::instance_from_input::<G>(bytes) else {
        return match bytes.first() {
            Some(&m3diff::runs::fuzzing::TEXT_MARKER) => Ok(()),
            _ => Err("the generator gave up on its bytes".to_string()),
        };
    };
    m3diff::check_game::<G>(&instance, &mut Tally::default())
        .map(|_| ())
        .map_err(|f| format!("{f}\ninstance:\n{instance}"))
}

/// Every edge game of `G`'s generator is what a fuzz input's first byte
/// selects: one of the first inputs that select it reaches the counter that
/// names the edge, and its game passes the oracle.
pub fn every_edge_game_is_selected_by_a_first_byte<G: Game>() {
    use m3diff::runs::fuzzing::{input_for_edge, MOST_EDGE_GAMES};
    let edges = <G::Knobs as m3diff::Generator<G>>::edge_games();
    assert!((1..=MOST_EDGE_GAMES).contains(&edges.len()), "{} edge games", edges.len());
    for (index, edge) in edges.iter().enumerate() {
        let counter = format!("{} {}", edge.counter.rule(), edge.counter.variant());
        let input = input_for_edge::<G>(index)
            .unwrap_or_else(|| panic!("{}: no input that selects it reaches {counter}", edge.name));
        assert_eq!(differential::<G>(&input), Ok(()), "{}", edge.name);
    }
}

/// The rule coverage of `games` seeded games of `size`.
pub fn coverage<G: Game>(size: Size, games: u64) -> Tally<G::Counter> {
    m3diff::runs::fuzzing::seeded_coverage::<G>(first_seed(), games, size).unwrap()
}

pub fn every_size_generates_runnable_games<G: Game>() {
    for (size, games) in [(Size::Small, 50), (Size::Mixed, 50), (Size::Max, 1)] {
        let tally = coverage::<G>(size, games);
        assert_eq!(tally.games, games, "{size:?}: {tally}");
        assert!(tally.operations > 0, "{size:?}: {tally}");
    }
}

/// Every counter of `G` but those in `rare` is reached by `games` seeded
/// games of the default shape: a generator that stops exercising a rule
/// fails here.
pub fn generator_reaches_every_counter<G: Game>(games: u64, rare: &[G::Counter]) -> Tally<G::Counter>
where
    G::Counter: PartialEq + std::fmt::Debug,
{
    let tally = coverage::<G>(Size::Mixed, games);
    let missing: Vec<String> = tally
        .never_reached()
        .into_iter()
        .filter(|counter| !rare.contains(counter))
        .map(|c| format!("{} {}", c.rule(), c.variant()))
        .collect();
    assert!(missing.is_empty(), "from seed {}: never reached {missing:?}\n{tally}", first_seed());
    tally
}

pub fn seeded_generation_is_reproducible<G: Game>() {
    let draw = |seed| {
        m3diff::process::seed::with_seed(seed, |u| G::generate(u, Size::default(), &G::Knobs::default())).unwrap()
    };
    assert_eq!(draw(7), draw(7));
    assert_ne!(draw(7), draw(8));
}

/// Collects what a campaign says.
#[derive(Default)]
pub struct Collect(pub Mutex<Vec<String>>);

impl Reporter for Collect {
    fn line(&self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }

    fn progress(&self, _: Duration, _: u64, _: u64) {}
}

/// A campaign of 500 small cases against the engine with corruption `C`
/// must find it, keep one regression of at most `at_most` characters, name the
/// diverging `field`, and replay: the kept file fails with the planted
/// engine and passes with the real one. Returns the kept instance.
pub fn planted_bug_is_caught_and_shrunk<G: Game, C: Corruption<G>>(field: &str, at_most: usize) -> G::Instance {
    planted_bug_is_caught_and_shrunk_in::<G, C>(Size::Small, 500, field, at_most)
}

/// The seed of the planted bugs' campaigns.
const PLANTED_SEED: u64 = 1;

/// As [`planted_bug_is_caught_and_shrunk`], by a campaign of `cases` cases
/// of the default size: a bug on an edge that only that size draws must be
/// found by as many cases as a short night runs. Prints the case that first
/// finds it.
pub fn planted_bug_is_found_at_the_default_size<G: Game, C: Corruption<G>>(
    cases: u64,
    field: &str,
    at_most: usize,
) -> G::Instance {
    let first = cases_to_find::<G, C>(Size::Mixed, cases);
    println!("{}: first found by case {first:?} of {cases}", C::BUG);
    planted_bug_is_caught_and_shrunk_in::<G, C>(Size::Mixed, cases, field, at_most)
}

/// A campaign of `cases` cases of `size` against `C` finds it, names
/// `field`, and keeps one regression of at most `at_most` characters.
fn planted_bug_is_caught_and_shrunk_in<G: Game, C: Corruption<G>>(
    size: Size,
    cases: u64,
    field: &str,
    at_most: usize,
) -> G::Instance {
    let corpus = tempfile::tempdir().unwrap();
    let settings = Settings {
        budget: Budget::Cases(cases),
        seed: PLANTED_SEED,
        jobs: 1,
        size,
        corpus: corpus.path().to_path_buf(),
        skip: Vec::new(),
    };
    let target = GameTarget::<G, Planted<G, C>>::new(size);
    campaign::run(&[&target as &dyn Target], &settings, &Collect::default(), &AtomicBool::new(false));

    assert!(target.failures() > 0, "{cases} cases did not find the planted bug: {}", C::BUG);
    let kept = instance_files(&corpus.path().join(G::NAME).join("regressions")).unwrap();
    assert_eq!(kept.len(), 1, "one kind of failure, one regression: {kept:?}");
    let instance = read::<G>(&kept[0]);
    let measure = G::measure(&instance);
    println!("{}: kept {measure} characters, {}", C::BUG, G::Trace::dimensions(&instance));
    assert!(
        measure <= at_most,
        "not shrunk enough: {measure} characters, {}\n{instance}",
        G::Trace::dimensions(&instance)
    );
    let report = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(report.contains(&format!("divergence in `{field}`")), "{report}");
    let m3diff = m3diff::process::invocation::m3diff();
    assert!(report.contains(&format!("replay: {m3diff} check {}", G::NAME)), "{report}");
    println!("{}: {report}\n{instance}", C::BUG);
    let failure = m3diff::check_game_with::<G, Planted<G, C>>(&instance, &mut Tally::default()).unwrap_err();
    assert_eq!(failure.kind.to_string(), format!("divergence in `{field}`"));
    assert!(m3diff::check_game::<G>(&instance, &mut Tally::default()).is_ok());
    instance
}

/// The index of the first of the cases of a campaign of `size` (seeded as
/// the planted bugs' campaigns are) that finds corruption `C`, among the
/// first `limit`: what a planted bug's test reports of its edge's reach.
pub fn cases_to_find<G: Game, C: Corruption<G>>(size: Size, limit: u64) -> Option<u64> {
    (0..limit).find(|&index| {
        let seed = campaign::case_seed(PLANTED_SEED, G::NAME, index);
        let instance = m3diff::process::seed::with_seed(seed, |u| G::generate(u, size, &G::Knobs::default()));
        instance.is_ok_and(|instance| {
            m3diff::check_game_with::<G, Planted<G, C>>(&instance, &mut Tally::default()).is_err()
        })
    })
}

/// Runs the m3diff binary in the crate's directory with `stdin` as input.
pub fn m3diff(args: &[&str], stdin: &str) -> Output {
    m3diff_with_env(args, stdin, &[])
}

/// [`m3diff`] with `env` added to its environment.
pub fn m3diff_with_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove(m3diff::process::seed::SEED_VARIABLE)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the m3diff binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `m3diff` with `args`, started and left running: no standard input, its
/// output piped (read it with [`drain`]).
pub fn spawn_m3diff(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .env_remove(m3diff::process::seed::SEED_VARIABLE)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the m3diff binary runs")
}

/// What a stream brings until it closes, read on a thread of its own so
/// that neither stream blocks the program.
pub fn drain(stream: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::BufReader::new(stream).read_to_string(&mut text);
        text
    })
}

/// The answered corpus files, as paths relative to the crate.
fn answered_files<G: Game>() -> Vec<(String, String)> {
    instance_files(&corpus_dir::<G>())
        .unwrap()
        .into_iter()
        .filter_map(|path| {
            let answer = expected_answer(&path).unwrap()?;
            let relative = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().to_string_lossy().into_owned();
            Some((relative.trim_start_matches('/').to_string(), answer))
        })
        .collect()
}

pub fn cli_solves_corpus<G: Game>() {
    let files = answered_files::<G>();
    assert!(!files.is_empty(), "no answered corpus file");
    for (file, answer) in files {
        // A verdict that refuses the player's operations exits 1.
        let instance = read::<G>(&Path::new(env!("CARGO_MANIFEST_DIR")).join(&file));
        let code = if G::solve(&instance).is_refused() { 1 } else { 0 };
        // A file beyond the statement is answered only when asked for.
        let beyond = G::beyond_statement(&instance).is_some();
        if beyond {
            let refused = m3diff(&["solve", G::NAME, &file], "");
            assert_eq!(refused.status.code(), Some(2), "{file}: {}", text(&refused.stdout));
            let stderr = text(&refused.stderr);
            assert!(stderr.lines().count() == 1 && stderr.contains("beyond the statement"), "{file}: {stderr}");
            assert!(refused.stdout.is_empty(), "{file}: an answer nobody asked for");
        }
        for extra in [&[][..], &["--reference"]] {
            let mut args = vec!["solve", G::NAME, &file];
            args.extend_from_slice(extra);
            if beyond {
                args.push("--extended");
            }
            let output = m3diff(&args, "");
            assert_eq!(output.status.code(), Some(code), "{file} {extra:?}: {}", text(&output.stderr));
            assert_eq!(text(&output.stdout), format!("{answer}\n"), "{file} {extra:?}");
        }
        let input = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&file)).unwrap();
        let output = m3diff(if beyond { &["solve", G::NAME, "--extended"][..] } else { &["solve", G::NAME] }, &input);
        assert_eq!(text(&output.stdout), format!("{answer}\n"), "{file} through standard input");
        let checked = m3diff(&["check", G::NAME, &file], "");
        assert!(checked.status.success(), "{file}: {}", text(&checked.stdout));
        let stdout = text(&checked.stdout);
        assert!(stdout.starts_with("agree: ") && stdout.contains(&format!("answer {answer},")), "{stdout}");
    }
}

pub fn cli_generated_instances_check<G: Game>() {
    for seed in ["1", "2", "3"] {
        let generated = m3diff(&["gen", G::NAME, "--seed", seed, "--size", "small"], "");
        assert!(generated.status.success(), "{}", text(&generated.stderr));
        let instance = text(&generated.stdout);
        G::parse(&instance).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{instance}"));
        let again = m3diff(&["gen", G::NAME, "--seed", seed, "--size", "small"], "");
        assert_eq!(instance, text(&again.stdout), "the same seed gave another instance");
        let checked = m3diff(&["check", G::NAME, "-"], &instance);
        assert!(checked.status.success(), "seed {seed}: {}", text(&checked.stdout));
    }
}

pub fn cli_trace_ends_with_the_answer<G: Game>() {
    let (file, answer) = answered_files::<G>().into_iter().next().expect("an answered corpus file");
    let output = m3diff(&["solve", G::NAME, &file, "--trace"], "");
    let stdout = text(&output.stdout);
    assert!(output.status.code().is_some_and(|code| code < 2), "{}", text(&output.stderr));
    assert!(stdout.lines().count() > 3, "{stdout}");
    assert!(stdout.ends_with(&format!("\n{answer}\n")), "{stdout}");
}

/// The game's malformed inputs, `tests/malformed/<game>.txt`: a header of
/// comments, then cases, each a `>>> expected` line and the input's lines up
/// to the next case. Each input through `solve` and `check` gives exit 2 and
/// one line of error that contains `expected`.
pub fn malformed_inputs_are_one_line_and_exit_two<G: Game>() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed").join(format!("{}.txt", G::NAME));
    let table = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let mut cases: Vec<(&str, String)> = Vec::new();
    for line in table.lines() {
        match (line.strip_prefix(">>> "), cases.last_mut()) {
            (Some(expected), _) => cases.push((expected, String::new())),
            (None, Some((_, input))) => {
                input.push_str(line);
                input.push('\n');
            }
            (None, None) => assert!(line.starts_with('#'), "{}: a line before the first case: {line}", path.display()),
        }
    }
    // A table that lost its cases would make this test vacuous.
    assert!(cases.len() >= 5, "{}: only {} cases", path.display(), cases.len());
    for (expected, input) in &cases {
        for args in [&["solve", G::NAME][..], &["check", G::NAME, "-"]] {
            let output = m3diff(args, input);
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{input:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
            assert!(stderr.contains(expected), "{input:?}: {stderr}");
            assert!(output.stdout.is_empty());
        }
    }
}
