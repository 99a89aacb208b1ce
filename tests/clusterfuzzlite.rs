//! ClusterFuzzLite's and OSS-Fuzz's build of the fuzz targets
//! (`.clusterfuzzlite/build.sh`, `fuzz/oss-fuzz-build.sh`), checked without
//! Docker: the script runs here with `OUT` and `WORK` in a temporary folder,
//! and what it leaves in `OUT` is what ClusterFuzz would be given.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Output};

use m3diff::games::{self, Visitor};
use m3diff::runs::corpus::instance_files;
use m3diff::runs::fuzzing::{input_for_edge, input_from_instance};
use m3diff::{Game, Generator};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `[[bin]]` names of fuzz/Cargo.toml, in its order.
fn fuzz_targets() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    let mut targets = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name").and_then(|rest| rest.trim_start().strip_prefix('=')) {
            if in_bin {
                targets.push(value.trim().trim_matches('"').to_string());
            }
        }
    }
    assert!(!targets.is_empty(), "found no [[bin]] in fuzz/Cargo.toml");
    targets
}

/// The words of the `targets=( ... )` list of fuzz/oss-fuzz-build.sh.
fn oss_fuzz_targets() -> Vec<String> {
    let script = std::fs::read_to_string(root().join("fuzz/oss-fuzz-build.sh")).unwrap();
    let list = script
        .split_once("\ntargets=(")
        .and_then(|(_, rest)| rest.split_once("\n)"))
        .map(|(list, _)| list)
        .expect("fuzz/oss-fuzz-build.sh has a `targets=(` ... `)` list");
    list.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn oss_fuzz_build_names_every_fuzz_target_and_no_other() {
    let targets = fuzz_targets();
    let listed = oss_fuzz_targets();
    let missing: Vec<&String> = targets.iter().filter(|target| !listed.contains(target)).collect();
    assert!(
        missing.is_empty(),
        "fuzz/oss-fuzz-build.sh does not name {missing:?}: OSS-Fuzz would not fuzz them; add them to its targets list"
    );
    let gone: Vec<&String> = listed.iter().filter(|target| !targets.contains(target)).collect();
    assert!(gone.is_empty(), "fuzz/oss-fuzz-build.sh names {gone:?}, which fuzz/Cargo.toml no longer has");
}

/// Runs a build script from the checkout's root as the base image would,
/// with the sanitizer `none` so that stable builds it.
fn run_build(script: &str, out: &Path, work: &Path, targets: Option<&str>) -> Output {
    let mut command = Command::new("bash");
    command
        .arg(script)
        .current_dir(root())
        .env("OUT", out)
        .env("WORK", work)
        .env("SANITIZER", "none")
        .env("M3DIFF", env!("CARGO_BIN_EXE_m3diff"))
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("M3DIFF_FUZZ_TARGETS");
    if let Some(targets) = targets {
        command.env("M3DIFF_FUZZ_TARGETS", targets);
    }
    command.output().expect("bash runs")
}

fn file_names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect()
}

/// The game a target is named after: `texas_diff` -> `texas`.
fn game_of(target: &str) -> &str {
    target.rsplit_once('_').map_or(target, |(game, _)| game)
}

/// The seeds every target of a game must get: each instance of
/// corpus/<game>/, as the format prints it (which is how every corpus file
/// is written), as text for `_parse` and as a fuzz input for `_diff`, and
/// for `_diff` an input of each of the generator's edge games.
#[derive(Clone)]
struct ExpectedSeeds;

impl Visitor for ExpectedSeeds {
    type Output = BTreeMap<String, BTreeSet<Vec<u8>>>;

    fn visit<G: Game>(self) -> Self::Output {
        let mut diff = BTreeSet::new();
        let mut parse = BTreeSet::new();
        for file in instance_files(&root().join("corpus").join(G::NAME)).unwrap() {
            let text = std::fs::read_to_string(&file).unwrap();
            let instance = G::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            diff.insert(input_from_instance::<G>(&instance));
            parse.insert(instance.to_string().into_bytes());
        }
        for index in 0..<G::Knobs as Generator<G>>::edge_games().len() {
            diff.insert(input_for_edge::<G>(index).expect("every edge game has its input"));
        }
        BTreeMap::from([(format!("{}_diff", G::NAME), diff), (format!("{}_parse", G::NAME), parse)])
    }
}

fn unzip(zip: &Path, into: &Path) -> BTreeSet<Vec<u8>> {
    std::fs::create_dir_all(into).unwrap();
    let output = Command::new("unzip").arg("-q").arg(zip).arg("-d").arg(into).output().expect("unzip runs");
    assert!(output.status.success(), "unzip {}: {}", zip.display(), text(&output.stderr));
    std::fs::read_dir(into)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            assert!(path.is_file(), "{} holds a folder, {}", zip.display(), path.display());
            std::fs::read(path).unwrap()
        })
        .collect()
}

/// The `key = value` lines of a `[libfuzzer]` options file, as libFuzzer
/// flags (`-key=value`).
fn libfuzzer_flags(options: &Path) -> Vec<String> {
    let content = std::fs::read_to_string(options).unwrap();
    let mut lines = content.lines();
    assert_eq!(lines.next(), Some("[libfuzzer]"), "{} starts with its section", options.display());
    let flags: BTreeMap<&str, &str> = lines
        .map(|line| {
            let (key, value) = line.split_once('=').unwrap_or_else(|| panic!("{}: {line:?}", options.display()));
            let value = value.trim();
            assert!(value.parse::<u64>().is_ok_and(|n| n > 0), "{}: {line:?} is no positive number", options.display());
            (key.trim(), value)
        })
        .collect();
    for key in ["max_len", "timeout"] {
        assert!(flags.contains_key(key), "{} sets no {key}", options.display());
    }
    flags.iter().map(|(key, value)| format!("-{key}={value}")).collect()
}

#[test]
#[ignore = "builds the fuzz targets (cargo-fuzz) and fuzzes each for seconds; .ci/run runs it as its fuzz build"]
fn clusterfuzzlite_build_puts_each_target_in_out_with_its_seeds_options_and_dictionary() {
    let scratch = tempfile::tempdir().unwrap();
    let (out, work) = (scratch.path().join("out"), scratch.path().join("work"));
    let built = run_build(".clusterfuzzlite/build.sh", &out, &work, None);
    assert!(built.status.success(), "build.sh failed:\n{}{}", text(&built.stdout), text(&built.stderr));

    let targets = fuzz_targets();
    let dictionary = |target: &str| root().join("fuzz/dict").join(format!("{}.dict", game_of(target)));
    let mut expected = BTreeSet::new();
    for target in &targets {
        expected.extend([target.clone(), format!("{target}_seed_corpus.zip"), format!("{target}.options")]);
        if dictionary(target).exists() {
            expected.insert(format!("{target}.dict"));
        }
    }
    assert_eq!(file_names(&out), expected, "what build.sh left in OUT");

    let mut seeds = BTreeMap::new();
    for game in games::NAMES {
        seeds.extend(games::visit(game, ExpectedSeeds).unwrap());
    }
    let mut runs = Vec::new();
    for target in &targets {
        let unpacked = scratch.path().join("seeds").join(target);
        let zipped = unzip(&out.join(format!("{target}_seed_corpus.zip")), &unpacked);
        let wanted = seeds.get(target).unwrap_or_else(|| panic!("{target} names no game of the registry"));
        assert!(zipped == *wanted, "{target}_seed_corpus.zip does not unpack to corpus/{}/", game_of(target));

        let mut flags = libfuzzer_flags(&out.join(format!("{target}.options")));
        if dictionary(target).exists() {
            let copied = out.join(format!("{target}.dict"));
            assert_eq!(std::fs::read(&copied).unwrap(), std::fs::read(dictionary(target)).unwrap());
            flags.push(format!("-dict={}", copied.display()));
        }
        // A few seconds each, side by side: the seeds and then mutations of
        // them must run without a crash, a timeout or a flag libFuzzer
        // does not know.
        let artifacts = scratch.path().join("artifacts").join(target);
        std::fs::create_dir_all(&artifacts).unwrap();
        let child = Command::new(out.join(target))
            .args(["-max_total_time=3", "-seed=1", "-print_final_stats=1"])
            .arg(format!("-artifact_prefix={}/", artifacts.display()))
            .args(&flags)
            .arg(&unpacked)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{target} does not run: {e}"));
        runs.push((target, zipped.len(), child));
    }
    for (target, seeds, child) in runs {
        let output = child.wait_with_output().unwrap();
        let log = text(&output.stderr);
        assert!(output.status.success(), "{target} failed on its seeds:\n{log}");
        assert!(!log.contains("unrecognized flag"), "{target}: libFuzzer does not know an option:\n{log}");
        if dictionary(target).exists() {
            assert!(log.contains("Dictionary: "), "{target} did not load its dictionary:\n{log}");
        }
        let executed = log
            .lines()
            .find_map(|line| line.strip_prefix("stat::number_of_executed_units:"))
            .and_then(|n| n.trim().parse::<usize>().ok())
            .unwrap_or_else(|| panic!("{target} printed no final stats:\n{log}"));
        assert!(executed > seeds, "{target} ran {executed} inputs, not even its {seeds} seeds and more:\n{log}");
    }

    // OSS-Fuzz's entry point gives the same files; a target it names that
    // fuzz/Cargo.toml lacks fails the build.
    let oss_out = scratch.path().join("oss-fuzz-out");
    let oss = run_build("fuzz/oss-fuzz-build.sh", &oss_out, &work, None);
    assert!(oss.status.success(), "fuzz/oss-fuzz-build.sh failed:\n{}{}", text(&oss.stdout), text(&oss.stderr));
    assert_eq!(file_names(&oss_out), expected, "what fuzz/oss-fuzz-build.sh left in OUT");
    let unknown =
        run_build(".clusterfuzzlite/build.sh", &scratch.path().join("none"), &work, Some("texas_diff chess_diff"));
    assert!(!unknown.status.success(), "build.sh built an unknown target:\n{}", text(&unknown.stderr));
    assert!(text(&unknown.stderr).contains("chess_diff is not a target"), "{}", text(&unknown.stderr));
}

/// fuzz/README.md's "What a night reaches" names every edge game of every
/// game, as the generator names it.
#[test]
fn the_night_section_names_every_edge_game() {
    let readme = std::fs::read_to_string(root().join("fuzz/README.md")).unwrap();
    #[derive(Clone)]
    struct Named<'a>(&'a str);
    impl Visitor for Named<'_> {
        type Output = ();
        fn visit<G: Game>(self) {
            let row = format!("| {} | ", G::NAME);
            let line = self.0.lines().find(|line| line.starts_with(&row)).unwrap_or_else(|| panic!("no row {row}"));
            let names: Vec<&str> = <G::Knobs as Generator<G>>::edge_games().iter().map(|edge| edge.name).collect();
            let listed = format!("{row}{} |", names.join("; "));
            assert_eq!(line, listed, "fuzz/README.md's row of the {} edge games, in order", G::NAME);
        }
    }
    games::visit_all(&Named(&readme));
}

/// Every cargo build here goes through `fuzz/uninstrumented-reference`
/// (.cargo/config.toml): in a cargo fuzz build it leaves the reference out
/// of libFuzzer's coverage, whose counters in its whole-board scans were
/// most of a `_diff` target's time, and it hands every other build to the
/// compiler as it is.
#[test]
fn a_fuzz_build_leaves_the_reference_and_only_it_out_of_coverage() {
    let config = std::fs::read_to_string(root().join(".cargo/config.toml")).unwrap();
    assert!(config.contains("rustc-wrapper = \"fuzz/uninstrumented-reference\""), "{config}");
    // `echo` for the compiler: what it prints is what rustc would be given.
    let compiled = |args: &[&str]| {
        let output =
            Command::new(root().join("fuzz/uninstrumented-reference")).arg("echo").args(args).output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout).trim_end().to_string()
    };
    let fuzz_build = ["-Cpasses=sancov-module", "-Cllvm-args=-sanitizer-coverage-level=4", "--cfg", "fuzzing"];
    let reference = compiled(&[&["--crate-name", "m3_reference"][..], &fuzz_build].concat());
    assert_eq!(reference, "--crate-name m3_reference -Cllvm-args=-sanitizer-coverage-level=4 --cfg fuzzing");
    for other in ["m3_engine", "m3diff", "m3_model", "texas_diff"] {
        let args = [&["--crate-name", other][..], &fuzz_build].concat();
        assert_eq!(compiled(&args), args.join(" "), "{other} is instrumented as cargo fuzz asks");
    }
    let test_build = ["--crate-name", "m3_reference", "--edition=2021", "-C", "opt-level=3"];
    assert_eq!(compiled(&test_build), test_build.join(" "), "a build without the sancov pass is left alone");
}
