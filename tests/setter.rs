//! `m3diff tests` and `m3diff coverage`, a problem setter's commands, on
//! every game of the registry: the set is the same for the same seed, its
//! size lies within what the issue promises, `validate` accepts every file,
//! each answer is what `solve` prints, and `coverage` of the set reaches
//! every counter a campaign within the statement can reach.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use m3diff::games::{self, Visitor};
use m3diff::Game;

fn m3diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_m3diff")).args(args).output().expect("m3diff runs")
}

fn text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// Every file of `dir`, by name, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[derive(Clone)]
struct SetterChecks;

impl Visitor for SetterChecks {
    type Output = ();

    fn visit<G: Game>(self) {
        let root = tempfile::tempdir().unwrap();
        let (first, second) = (root.path().join("first"), root.path().join("second"));
        // The two writes side by side: `tests` runs on one core.
        let writing = [&first, &second].map(|dir| {
            Command::new(env!("CARGO_BIN_EXE_m3diff"))
                .args(["tests", G::NAME, "--out", dir.to_str().unwrap(), "--seed", "7"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("m3diff runs")
        });
        for child in writing {
            let written = child.wait_with_output().expect("m3diff runs");
            assert!(written.status.success(), "{}: {}", G::NAME, text(&written));
        }
        let set = files(&first);
        assert_eq!(set, files(&second), "{}: the same seed wrote another set", G::NAME);

        let inputs: Vec<String> = set
            .iter()
            .filter(|(name, _)| name.ends_with(".in"))
            .map(|(name, _)| first.join(name).display().to_string())
            .collect();
        assert_eq!(inputs.len(), 60, "{}: every place of the default count is used", G::NAME);
        let readme =
            String::from_utf8_lossy(&set.iter().find(|(name, _)| name == "README.md").expect("a list").1).into_owned();
        for (what, shown) in [
            ("an event at the last row", " at the last row"),
            ("a game at the largest size", " --size max --within-statement` |"),
        ] {
            assert!(readme.contains(shown), "{}: no distinct test shows {what}:\n{readme}", G::NAME);
        }

        // A drawn test's row gives the command that draws it again.
        let row = readme.lines().find(|line| line.contains("`m3diff gen ")).expect("a drawn test");
        let test = row.trim_start_matches("| ").split(' ').next().unwrap();
        let command = row.split('`').nth(1).unwrap();
        let words: Vec<&str> = command.split(' ').skip(1).collect();
        let drawn = String::from_utf8(m3diff(&words).stdout).unwrap();
        // A game whose operations the set writes apart draws them after
        // the instance, as one text.
        let file = |extension: &str| set.iter().find(|(name, _)| *name == format!("{test}.{extension}"));
        let input = [file("in").unwrap(), file("commands").unwrap_or(&(String::new(), Vec::new()))]
            .map(|(_, bytes)| bytes.as_slice())
            .concat();
        assert_eq!(drawn.as_bytes(), &input[..], "{}: `{command}` does not draw test {test}", G::NAME);

        let mut validate = vec!["validate", G::NAME];
        validate.extend(inputs.iter().map(String::as_str));
        let validated = m3diff(&validate);
        assert!(validated.status.success(), "{}: {}", G::NAME, text(&validated));

        for input in &inputs {
            let stem = input.strip_suffix(".in").unwrap();
            let test = Path::new(stem).file_name().unwrap().to_string_lossy().into_owned();
            assert!(readme.contains(&format!("| {test} | ")), "{}: test {test} not listed in\n{readme}", G::NAME);
            let commands = format!("{stem}.commands");
            let mut solve = vec!["solve", G::NAME, input.as_str(), "--reference"];
            if Path::new(&commands).exists() {
                solve.extend(["--commands", commands.as_str()]);
            }
            let answer = std::fs::read_to_string(format!("{stem}.ans")).unwrap();
            assert_eq!(String::from_utf8_lossy(&m3diff(&solve).stdout), answer, "{}: {input}", G::NAME);
        }

        let coverage = m3diff(&["coverage", G::NAME, first.to_str().unwrap()]);
        let table = text(&coverage);
        assert!(coverage.status.success(), "{}: {table}", G::NAME);
        assert!(
            table.trim_end().ends_with("counter reached"),
            "{}: a counter within the statement is left out:\n{table}",
            G::NAME
        );
        // The list's table is coverage's, but for its first line, the files counted.
        let (_, counted) = table.split_once('\n').unwrap();
        assert!(readme.contains(counted.trim_end()), "{}: the list's table is not coverage's:\n{counted}", G::NAME);
    }
}

#[test]
fn every_game_s_set_is_the_same_for_a_seed_inside_the_statement_answered_and_reaches_every_counter() {
    games::visit_all(&SetterChecks);
}

/// As a setter expects: `--out a/b` in a new place makes `a` too.
#[test]
fn tests_makes_the_parent_folders_of_its_out_folder() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("contest/texas");
    let written = m3diff(&["tests", "door", "--out", set.to_str().unwrap(), "--seed", "1", "--count", "3"]);
    assert!(written.status.success(), "{}", text(&written));
    assert!(set.join("README.md").is_file());
}

#[test]
fn tests_writes_into_no_folder_that_holds_a_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mine.in"), "1 1 1 0\n1\n0\n").unwrap();
    let written = m3diff(&["tests", "door", "--out", dir.path().to_str().unwrap(), "--seed", "1"]);
    assert_eq!(written.status.code(), Some(2));
    assert!(text(&written).contains("is not empty"), "{}", text(&written));
    assert_eq!(files(dir.path()).len(), 1, "the folder was written into");
}

#[test]
fn coverage_of_a_folder_without_instances_is_an_error_not_an_empty_table() {
    let dir = tempfile::tempdir().unwrap();
    let counted = m3diff(&["coverage", "texas", dir.path().to_str().unwrap()]);
    assert_eq!(counted.status.code(), Some(2));
    assert!(text(&counted).contains("holds no *.in file"), "{}", text(&counted));
}

/// Files beyond the statement in a folder are named, as `validate` names
/// them, and the counters only they reach are said reached, not out of
/// every test's reach.
#[test]
fn coverage_names_the_files_beyond_the_statement_and_what_they_reach() {
    let counted = m3diff(&["coverage", "door", "corpus/door/md1-further-swaps.in", "corpus/door/sample1.in"]);
    let table = text(&counted);
    assert!(counted.status.success(), "{table}");
    assert!(table.contains("\nbeyond the statement: corpus/door/md1-further-swaps.in: 3 swaps"), "{table}");
    assert!(!table.contains("sample1.in:"), "{table}");
    assert!(table.contains("\nreached by games beyond the statement (2): MD1 further swap made"), "{table}");
    assert!(table.contains("which no test of the contest reaches (1): MD1 further swap refused: one"), "{table}");
}

#[test]
fn coverage_names_the_counters_the_official_samples_never_reach() {
    let counted = m3diff(&["coverage", "door", "corpus/door/sample1.in", "corpus/door/sample2.in"]);
    let table = text(&counted);
    assert!(counted.status.success(), "{table}");
    assert!(table.starts_with("door: 2 files\n2 games, 2 operations\n"), "{table}");
    assert!(table.contains("never reached ("), "two samples reach every Magic Door counter:\n{table}");
}

#[test]
fn the_readme_gives_the_figures_tests_draws_by() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("## Writing a contest's tests").expect("the setter's section")..];
    for (figure, what) in [
        (m3diff::runs::setter::FEWEST_DRAWN, "games drawn at least"),
        (m3diff::runs::setter::MOST_DRAWN, "games drawn at most"),
        (u64::from(m3diff::runs::setter::MOST_TESTS), "tests at most"),
    ] {
        let figure = m3diff::process::prose::thousands(figure);
        assert!(section.contains(&figure), "the README does not give {figure}, the {what}");
    }
}

/// `coverage --fuzz-inputs` of what `corpus export` seeds a night with
/// reaches the counter of every one of the generator's edge games: a night
/// meets every edge in its first seconds (fuzz/README.md, "What a night
/// reaches").
#[test]
fn the_exported_seeds_of_a_night_reach_every_edge_game_by_coverage_of_fuzz_inputs() {
    let out = tempfile::tempdir().unwrap();
    let exported = m3diff(&["corpus", "export", out.path().to_str().unwrap()]);
    assert!(exported.status.success(), "{}", text(&exported));

    #[derive(Clone)]
    struct EdgesReached<'a>(&'a Path);
    impl Visitor for EdgesReached<'_> {
        type Output = ();
        fn visit<G: Game>(self) {
            let seeds = self.0.join(format!("{}_diff", G::NAME));
            let counted = m3diff(&["coverage", G::NAME, "--fuzz-inputs", seeds.to_str().unwrap()]);
            let table = text(&counted);
            assert!(counted.status.success(), "{}: {table}", G::NAME);
            let never = table.lines().find(|line| line.starts_with("never reached")).unwrap_or_default();
            for edge in <G::Knobs as m3diff::Generator<G>>::edge_games() {
                let counter = m3diff::RuleCounter::named(edge.counter);
                assert!(table.contains(counter.split_once(' ').unwrap().1), "{}: {counter}", G::NAME);
                assert!(!never.contains(&counter), "{}: {}: never reached {counter}\n{table}", G::NAME, edge.name);
            }
        }
    }
    games::visit_all(&EdgesReached(out.path()));
}
