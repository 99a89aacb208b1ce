//! `m3diff fuzz`, `shrink` and `corpus` as a user runs them.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// m3diff as installed, with the binary under test as `m3diff` on the
/// PATH: its replay lines begin `m3diff`, and a shell runs them as pasted.
fn m3diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", installed())
        .env_remove("M3DIFF_SEED")
        .output()
        .expect("the m3diff binary runs")
}

/// The PATH of this test with a folder in front whose `m3diff` is the
/// binary under test.
fn installed() -> &'static OsString {
    static PATH: OnceLock<(tempfile::TempDir, OsString)> = OnceLock::new();
    let (_, path) = PATH.get_or_init(|| {
        let bin = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_m3diff"), bin.path().join("m3diff")).unwrap();
        let others = std::env::var_os("PATH").unwrap_or_default();
        let path =
            std::env::join_paths(std::iter::once(bin.path().to_path_buf()).chain(std::env::split_paths(&others)));
        (bin, path.unwrap())
    });
    path
}

/// A campaign of three door cases started in `folder` with `path` as its
/// PATH, and the replay line it printed.
fn replay_line_of(folder: &Path, path: &OsString) -> (Output, String) {
    let corpus = tempfile::tempdir().unwrap();
    let corpus = corpus.path().to_str().unwrap();
    let first = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "door", "--cases", "3", "--seed", "4", "--jobs", "1", "--corpus", corpus])
        .current_dir(folder)
        .env("PATH", path)
        .env_remove("M3DIFF_SEED")
        .output()
        .unwrap();
    assert!(first.status.success(), "{}", text(&first.stderr));
    let replay = text(&first.stdout).lines().last().and_then(|line| line.strip_prefix("replay: ")).map(String::from);
    (first, replay.expect("a replay line"))
}

/// Issue 57: replay lines said `m3diff`, which after the README's `cargo
/// run` is no command at all. They name m3diff as it was started.
#[test]
fn a_replay_line_runs_as_pasted_however_m3diff_was_started() {
    let paste = |folder: &Path, path: &OsString, line: &str| {
        let again = Command::new("sh").args(["-c", line]).current_dir(folder).env("PATH", path).output().unwrap();
        assert!(again.status.success(), "{line}: {}", text(&again.stderr));
        again
    };
    let elsewhere = tempfile::tempdir().unwrap();
    // Installed: the name on the PATH.
    let (first, replay) = replay_line_of(elsewhere.path(), installed());
    assert!(replay.starts_with("m3diff fuzz --game door "), "{replay}");
    assert_eq!(untimed(&paste(elsewhere.path(), installed(), &replay)), untimed(&first));
    // A build started from outside its checkout, not on the PATH: its path.
    let bare = std::env::var_os("PATH").unwrap_or_default();
    let (first, replay) = replay_line_of(elsewhere.path(), &bare);
    let executable = Path::new(env!("CARGO_BIN_EXE_m3diff")).canonicalize().unwrap();
    assert!(replay.starts_with(&format!("{} fuzz ", executable.display())), "{replay}");
    assert_eq!(untimed(&paste(elsewhere.path(), &bare, &replay)), untimed(&first));
    // Started in its checkout, as `cargo run` starts it: the alias that
    // builds it, as the next steps of a kept case say.
    let (_, replay) = replay_line_of(Path::new(env!("CARGO_MANIFEST_DIR")), &bare);
    assert!(replay.starts_with("cargo m3diff fuzz --game door "), "{replay}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A summary without its `time:` lines, which no seed replays: the rest
/// is what a replayed campaign must print again.
fn untimed(output: &Output) -> String {
    text(&output.stdout).lines().filter(|line| !line.starts_with("time: ")).map(|line| format!("{line}\n")).collect()
}

#[test]
fn a_campaign_with_a_seed_and_a_case_budget_is_replayed_exactly() {
    let corpus = tempfile::tempdir().unwrap();
    let dir = corpus.path().to_str().unwrap();
    let run = |jobs: &str| {
        m3diff(&[
            "fuzz", "--game", "texas", "--cases", "300", "--seed", "11", "--size", "small", "--jobs", jobs, "--corpus",
            dir,
        ])
    };
    let (one, two) = (run("1"), run("2"));
    assert!(one.status.success(), "{}{}", text(&one.stdout), text(&one.stderr));
    let stdout = text(&one.stdout);
    assert!(stdout.contains("texas: 300 cases, 0 failures"), "{stdout}");
    assert!(stdout.contains("TX2   valid swap"), "the rule-coverage table is printed: {stdout}");
    assert!(stdout.contains("never reached") || stdout.contains("every counter reached"), "{stdout}");
    assert_eq!(untimed(&one), untimed(&two), "the same seed gave other games with another number of jobs");
    assert!(text(&one.stderr).contains("seed 11"), "the seed is printed: {}", text(&one.stderr));
    assert!(!corpus.path().join("texas").exists(), "nothing failed, nothing is written");
}

#[test]
fn a_campaign_writes_its_summary_as_json_for_ci() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let output = m3diff(&[
        "fuzz",
        "--game",
        "square",
        "--cases",
        "40",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!((summary["seed"].as_u64(), summary["cases"].as_u64()), (Some(5), Some(40)));
    assert!(summary["duration_seconds"].as_f64().is_some());
    let square = &summary["games"][0];
    assert_eq!(square["game"], "square");
    assert_eq!(square["failures_by_kind"].as_array().map(Vec::len), Some(0));
    let sr2 = square["coverage"].as_array().unwrap().iter().find(|c| c["rule"] == "SR2").expect("SR2 counted");
    assert!(sr2["count"].as_u64().unwrap() > 0, "{sr2}");
    // Where the time went: every part was timed, and the shares add up.
    let time = &square["time"];
    let parts = ["engine", "reference", "checker", "generator"];
    for part in parts {
        assert!(time[part]["seconds"].as_f64().unwrap() > 0.0, "{part} not timed: {time}");
    }
    let shares: f64 = parts.iter().map(|part| time[part]["percent"].as_f64().unwrap()).sum();
    assert!((shares - 100.0).abs() < 1e-6, "{time}");
    // The engine's campaign draws its cases on its jobs: it waits for all
    // of each part.
    for part in parts {
        assert_eq!(time[part]["waited_seconds"], time[part]["seconds"], "{part}: {time}");
    }
    let stdout = text(&output.stdout);
    let line = stdout.lines().find(|line| line.starts_with("time: engine ")).expect("a time line");
    assert!(line.contains("% of ") && line.ends_with(" s"), "{line}");
}

/// Issue 53: a campaign against a program draws the cases next to be
/// dealt while the program runs, and says what it waited for of the
/// generator's time.
#[test]
fn a_campaign_against_a_program_draws_ahead_and_says_what_it_waited_on_the_generator() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let program = format!("{} solve triple -", env!("CARGO_BIN_EXE_m3diff"));
    let keep = dir.path().join("found");
    let output = m3diff(&[
        "fuzz",
        "--game",
        "triple",
        "--size",
        "max",
        "--cases",
        "30",
        "--seed",
        "5",
        "--jobs",
        "1",
        "--against",
        &program,
        "--keep",
        keep.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let line = stdout.lines().find(|line| line.starts_with("time: program ")).expect("a time line");
    assert!(line.contains("; waited on the generator "), "{line}");
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let generator = &summary["games"][0]["time"]["generator"];
    let (seconds, waited) = (generator["seconds"].as_f64().unwrap(), generator["waited_seconds"].as_f64().unwrap());
    assert!(
        seconds > 0.0 && waited < seconds,
        "the cases after the first are drawn while the program runs: {generator}"
    );
    assert_eq!(summary["games"][0]["cases"], 30, "every case dealt is run, none drawn ahead past them");
}

#[test]
fn a_duration_that_is_none_says_what_one_looks_like() {
    let output = m3diff(&["fuzz", "--time", "abc"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("expected a duration such as 90s, 10m, 8h"), "{}", text(&output.stderr));
}

#[test]
fn fuzz_seed_comes_from_the_environment() {
    let output = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args([
            "fuzz",
            "--cases",
            "5",
            "--size",
            "small",
            "--corpus",
            tempfile::tempdir().unwrap().path().to_str().unwrap(),
        ])
        .env("M3DIFF_SEED", "424242")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(text(&output.stderr).contains("seed 424242"), "{}", text(&output.stderr));
}

#[test]
fn fuzz_rejects_bad_arguments_with_exit_two() {
    for args in [
        &["fuzz", "--time", "5 parsecs"][..],
        &["fuzz", "--time", "1s", "--cases", "3"],
        &["fuzz", "--game", "chess"],
        &["fuzz", "--jobs", "0"],
        &["fuzz", "--size", "huge"],
        &["fuzz", "--cases", "0"],
        &["fuzz", "--time", "0s"],
    ] {
        let output = m3diff(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output.stderr));
    }
}

#[test]
fn a_json_path_that_cannot_be_written_stops_the_campaign_before_its_first_case() {
    let output = m3diff(&["fuzz", "--time", "8h", "--json", "/nonexistent-dir/summary.json"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--json /nonexistent-dir/summary.json: cannot write"), "{stderr}");
    assert!(output.stdout.is_empty(), "no case ran");
}

#[test]
fn a_summary_into_a_closed_pipe_is_lost_and_the_exit_says_it() {
    let corpus = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "door", "--cases", "20", "--seed", "1", "--corpus", corpus.path().to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // As `| head -0` does: the reader is gone before the summary is written.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("error: standard output: "), "{}", text(&output.stderr));
}

#[test]
fn shrink_of_a_file_that_agrees_says_so_and_writes_nothing() {
    let corpus = tempfile::tempdir().unwrap();
    let output = m3diff(&["shrink", "texas", "corpus/texas/sample1.in", "--corpus", corpus.path().to_str().unwrap()]);
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("agree: ") && stdout.contains("nothing to shrink, nothing written"), "{stdout}");
    assert!(std::fs::read_dir(corpus.path()).unwrap().next().is_none());
}

#[test]
fn export_writes_every_corpus_file_as_a_fuzz_input_that_reads_back() {
    let out = tempfile::tempdir().unwrap();
    let output = m3diff(&["corpus", "export", out.path().to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let corpus = m3diff::runs::corpus::instance_files(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/texas"
    )))
    .unwrap();
    let mut expected: Vec<_> =
        corpus.iter().map(|f| m3_model::texas::parse(&std::fs::read_to_string(f).unwrap()).unwrap()).collect();
    // Beside them, one seed for each of the generator's edge games, which
    // `coverage --fuzz-inputs` counts (tests/setter.rs).
    let (edges, instances): (Vec<_>, Vec<_>) = std::fs::read_dir(out.path().join("texas_diff"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .partition(|path| path.file_name().unwrap().to_string_lossy().starts_with("edge-"));
    assert_eq!(
        edges.len(),
        <m3diff::games::texas::Knobs as m3diff::Generator<m3_model::texas::Texas>>::edge_games().len()
    );
    let mut exported: Vec<_> = instances
        .iter()
        .map(|path| {
            let data = std::fs::read(path).unwrap();
            m3diff::runs::fuzzing::instance_from_input::<m3_model::texas::Texas>(&data)
                .expect("an exported input reads back")
        })
        .collect();
    let key = |i: &m3_model::texas::Instance| i.to_string();
    expected.sort_by_key(key);
    exported.sort_by_key(key);
    assert_eq!(exported, expected);
    assert_eq!(std::fs::read_dir(out.path().join("texas_parse")).unwrap().count(), corpus.len());

    // An exported input imported back agrees, so nothing is kept.
    let first = &instances[0];
    let kept = tempfile::tempdir().unwrap();
    let output =
        m3diff(&["corpus", "import", "texas", first.to_str().unwrap(), "--corpus", kept.path().to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("nothing to shrink"), "{}", text(&output.stdout));
}

#[test]
fn import_reads_a_text_instance_as_text() {
    let kept = tempfile::tempdir().unwrap();
    let corpus = kept.path().to_str().unwrap();
    let output = m3diff(&["corpus", "import", "texas", "corpus/texas/sample1.in", "--corpus", corpus]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("read as an instance in the problem format (8x8 board"),
        "{}",
        text(&output.stderr)
    );
    assert!(text(&output.stdout).starts_with("agree: "), "{}", text(&output.stdout));

    let broken = kept.path().join("broken.in");
    std::fs::write(&broken, "2 2 1 1\n1 1\n1 x\n").unwrap();
    let output = m3diff(&["corpus", "import", "texas", broken.to_str().unwrap(), "--corpus", corpus]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line, naming where the text stops being an instance: {stderr}");
    assert!(stderr.contains("line 3"), "{stderr}");
}

/// fuzz/README.md: after a first byte 0xFF, a `_diff` input is an instance,
/// and import says it read one, not generator bytes.
#[test]
fn import_reads_an_input_after_the_text_marker_as_an_instance() {
    let kept = tempfile::tempdir().unwrap();
    let corpus = kept.path().to_str().unwrap();
    let marked = kept.path().join("crash-marked");
    let mut input = vec![0xFF];
    input.extend(std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/texas/sample1.in")).unwrap());
    std::fs::write(&marked, input).unwrap();
    let output = m3diff(&["corpus", "import", "texas", marked.to_str().unwrap(), "--corpus", corpus]);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("read as an instance in the problem format, after the fuzz input's 0xFF marker"),
        "{stderr}"
    );
    assert!(!stderr.contains("generator bytes"), "{stderr}");

    std::fs::write(&marked, b"\xFF2 2 1 1\n1 1\n1 x\n").unwrap();
    let output = m3diff(&["corpus", "import", "texas", marked.to_str().unwrap(), "--corpus", corpus]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("after the fuzz input's 0xFF marker, no instance: line 3"), "{stderr}");
}

#[test]
fn import_of_a_missing_artifact_is_one_line_and_exit_two() {
    let output = m3diff(&["corpus", "import", "texas", "no/such/crash-123"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stderr).lines().count(), 1);
}

#[test]
fn ctrl_c_stops_a_campaign_after_the_cases_under_way_prints_the_summary_and_exits_130() {
    let corpus = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--time", "10m", "--size", "small", "--corpus", corpus.path().to_str().unwrap()])
        .env("PATH", installed())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let started = std::time::Instant::now();
    let signalled = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(signalled.success());
    let output = child.wait_with_output().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "the campaign did not stop on Ctrl-C");
    assert_eq!(output.status.code(), Some(130), "interrupted, nothing found: {}", text(&output.stderr));
    assert!(text(&output.stderr).contains("stopping after the cases under way"));
    assert!(text(&output.stdout).contains("interrupted: nothing found in the "), "{}", text(&output.stdout));
    // The replay line runs as many cases of each game as ran before the
    // signal.
    let stdout = text(&output.stdout);
    let replay = stdout.lines().last().and_then(|line| line.strip_prefix("replay: m3diff ")).expect("a replay line");
    let args: Vec<&str> = replay.split(' ').chain(["--corpus", corpus.path().to_str().unwrap()]).collect();
    let again = m3diff(&args);
    let per_game = |summary: &str| -> Vec<String> {
        summary
            .lines()
            .filter(|line| line.contains(" cases, ") && !line.starts_with("time"))
            .map(String::from)
            .collect()
    };
    assert_eq!(per_game(&text(&again.stdout)), per_game(&stdout), "{replay}");
    assert_eq!(per_game(&stdout).len(), m3diff::games::NAMES.len(), "{stdout}");
}

#[test]
fn every_game_of_the_registry_has_both_fuzz_targets() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/Cargo.toml")).unwrap();
    for game in m3diff::games::NAMES {
        for kind in ["diff", "parse"] {
            let target = format!("{game}_{kind}");
            assert!(manifest.contains(&format!("name = \"{target}\"")), "fuzz/Cargo.toml lacks {target}");
            let source = format!("{}/fuzz/fuzz_targets/{target}.rs", env!("CARGO_MANIFEST_DIR"));
            assert!(std::path::Path::new(&source).exists(), "{source} is missing");
        }
    }
}

#[test]
fn the_replay_line_of_a_campaign_of_several_games_replays() {
    let corpus = tempfile::tempdir().unwrap();
    let dir = corpus.path().to_str().unwrap();
    let first =
        m3diff(&["fuzz", "--game", "texas,square", "--cases", "20", "--seed", "5", "--jobs", "1", "--corpus", dir]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let stdout = text(&first.stdout);
    assert!(stdout.contains("texas: 20 cases") && stdout.contains("square: 20 cases"), "{stdout}");
    // The summary ends with the campaign's replay line; run it as printed.
    let replay = stdout.lines().last().and_then(|line| line.strip_prefix("replay: m3diff ")).expect("a replay line");
    assert!(replay.contains("--game texas,square"), "{replay}");
    let args: Vec<&str> = replay.split(' ').chain(["--jobs", "1", "--corpus", dir]).collect();
    let again = m3diff(&args);
    assert_eq!(untimed(&again), untimed(&first), "the replay line gave another campaign");
}

#[test]
fn a_campaign_that_ran_no_case_never_reports_success() {
    let corpus = tempfile::tempdir().unwrap();
    let out = m3diff(&["fuzz", "--game", "door", "--time", "1ns", "--corpus", corpus.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stderr).ends_with("error: door: no case ran: nothing was checked\n"), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("no divergence"), "{}", text(&out.stdout));
    // Its replay line runs no case either, and ends the same way.
    let replay =
        text(&out.stdout).lines().last().and_then(|line| line.strip_prefix("replay: m3diff ")).map(String::from);
    let replay = replay.expect("a replay line");
    assert!(replay.ends_with(" --cases 0"), "{replay}");
    let args: Vec<&str> = replay.split(' ').chain(["--corpus", corpus.path().to_str().unwrap()]).collect();
    let again = m3diff(&args);
    let said = |output: &Output| text(&output.stderr).lines().last().map(String::from);
    assert_eq!((again.status.code(), said(&again)), (Some(2), said(&out)));
}

#[test]
fn the_replay_line_of_a_timed_campaign_replays_the_cases_that_ran() {
    let corpus = tempfile::tempdir().unwrap();
    let dir = corpus.path().to_str().unwrap();
    // Four games, which ran as many cases each only if they were dealt in
    // whole rounds of the four.
    let games = "texas,square,door,triple";
    let first = m3diff(&["fuzz", "--game", games, "--time", "1s", "--seed", "5", "--jobs", "2", "--corpus", dir]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let stdout = text(&first.stdout);
    // The time ends a campaign elsewhere each run: the replay gives the count.
    let replay = stdout.lines().last().and_then(|line| line.strip_prefix("replay: m3diff ")).expect("a replay line");
    assert!(replay.contains(" --cases ") && !replay.contains("--time"), "{replay}");
    let args: Vec<&str> = replay.split(' ').chain(["--jobs", "2", "--corpus", dir]).collect();
    let again = m3diff(&args);
    assert_eq!(untimed(&again).replace(replay, ""), untimed(&first).replace(replay, ""), "{replay}");
}

/// `gen` takes its seed as `fuzz` does: `--seed`, else M3DIFF_SEED, else
/// the clock; a seed not given on the command line is said on standard
/// error, and standard output stays the instance it gives again.
#[test]
fn gen_seed_comes_from_the_flag_the_environment_or_the_clock_and_is_said() {
    let given = m3diff(&["gen", "texas", "--seed", "77", "--size", "small"]);
    assert!(given.status.success(), "{}", text(&given.stderr));
    assert!(given.stderr.is_empty(), "a seed given is not said again: {}", text(&given.stderr));

    let from_env = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["gen", "texas", "--size", "small"])
        .env("M3DIFF_SEED", "77")
        .output()
        .unwrap();
    assert!(from_env.status.success(), "{}", text(&from_env.stderr));
    assert_eq!(text(&from_env.stderr), "m3diff gen: seed 77 (from M3DIFF_SEED)\n");
    assert_eq!(from_env.stdout, given.stdout);

    let drawn = m3diff(&["gen", "texas", "--size", "small"]);
    assert!(drawn.status.success(), "{}", text(&drawn.stderr));
    let stderr = text(&drawn.stderr);
    let seed = stderr
        .strip_prefix("m3diff gen: seed ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("the drawn seed is said: {stderr}"));
    assert!(stderr.contains("drawn from the clock"), "{stderr}");
    let again = m3diff(&["gen", "texas", "--size", "small", "--seed", seed]);
    assert_eq!(again.stdout, drawn.stdout, "--seed {seed} gives the drawn instance again");

    for args in [&["gen", "texas"][..], &["fuzz", "--game", "door", "--cases", "1"]] {
        let bad = Command::new(env!("CARGO_BIN_EXE_m3diff")).args(args).env("M3DIFF_SEED", "abc").output().unwrap();
        let stderr = text(&bad.stderr);
        assert_eq!(bad.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("given by --seed or by M3DIFF_SEED"), "the variable is named as a cause: {stderr}");
    }
}

#[test]
fn an_argument_error_is_one_line_with_exit_two() {
    for (args, says) in [
        (&["fuzz", "--game", "nope"][..], "possible values: all, texas, square, door, triple"),
        (&["solve"], "usage: m3diff solve"),
        (&["fuzz", "--cases", "many"], "invalid value 'many'"),
        (&["fuzz", "--no-such-flag"], "unexpected argument '--no-such-flag'"),
    ] {
        let out = m3diff(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(says), "{args:?}: {stderr}");
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    for option in ["--corpus", "--keep"] {
        let mut args = vec!["fuzz", "--game", "door", "--cases", "1", option, file.to_str().unwrap()];
        if option == "--keep" {
            args.extend(["--against", "cat"]);
        }
        let out = m3diff(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{option}: {stderr}");
        assert!(stderr.contains("a file, where a folder is expected"), "{option}: {stderr}");
    }
    let help = m3diff(&["fuzz", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).lines().count() > 10, "--help still prints the whole help");
}

#[test]
fn a_path_with_a_newline_is_named_on_one_line_by_corpus_import() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a\nb.in");
    std::fs::copy("corpus/door/sample1.in", &file).unwrap();
    let corpus = dir.path().join("corpus");
    let out = m3diff(&["corpus", "import", "triple", file.to_str().unwrap(), "--corpus", corpus.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("a\\nb.in"), "the path quoted with its newline escaped: {stderr}");
}
