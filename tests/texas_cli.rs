//! The command line as a user meets it: answers, exit codes, and one clear
//! line for every kind of malformed input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn m3diff(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the m3diff binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn solve_prints_the_official_answers_with_engine_and_reference() {
    for (sample, answer) in [("sample1", "11692"), ("sample2", "684"), ("sample3", "3023")] {
        let file = format!("corpus/texas/{sample}.in");
        for extra in [&[][..], &["--reference"]] {
            let mut args = vec!["solve", "texas", &file];
            args.extend_from_slice(extra);
            let output = m3diff(&args, "");
            assert!(output.status.success(), "{sample} {extra:?}: {}", text(&output.stderr));
            assert_eq!(text(&output.stdout), format!("{answer}\n"), "{sample} {extra:?}");
        }
    }
}

#[test]
fn solve_reads_standard_input() {
    let input = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/texas/sample3.in")).unwrap();
    let output = m3diff(&["solve", "texas"], &input);
    assert_eq!(text(&output.stdout), "3023\n");
}

#[test]
fn trace_draws_every_operation_and_ends_with_the_answer() {
    let output = m3diff(&["solve", "texas", "corpus/texas/sample2.in", "--trace"], "");
    let stdout = text(&output.stdout);
    assert!(output.status.success());
    assert_eq!(stdout.lines().filter(|l| l.starts_with("operation ")).count(), 8, "{stdout}");
    assert!(stdout.contains("round 1:"), "{stdout}");
    assert!(stdout.ends_with("\n684\n"), "{stdout}");
}

#[test]
fn check_agrees_on_a_sample_with_exit_zero() {
    let output = m3diff(&["check", "texas", "corpus/texas/sample1.in"], "");
    assert!(output.status.success(), "{}", text(&output.stdout));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("agree: 5 operations, answer 11692"), "{stdout}");
}

#[test]
fn generated_instances_parse_and_check() {
    for seed in ["1", "2", "3"] {
        let generated = m3diff(&["gen", "texas", "--seed", seed, "--size", "small"], "");
        assert!(generated.status.success(), "{}", text(&generated.stderr));
        let instance = text(&generated.stdout);
        m3_model::texas::parse(&instance).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{instance}"));
        let checked = m3diff(&["check", "texas", "-"], &instance);
        assert!(checked.status.success(), "seed {seed}: {}", text(&checked.stdout));
    }
}

#[test]
fn gen_is_reproducible_and_honours_the_shape() {
    let args = ["gen", "texas", "--seed", "42", "--rows", "7", "--cols", "9", "--colours", "4", "--operations", "12"];
    let first = text(&m3diff(&args, "").stdout);
    assert_eq!(first, text(&m3diff(&args, "").stdout));
    assert!(first.starts_with("7 9 4 12\n"), "{first}");
}

#[test]
fn malformed_input_gives_one_line_with_line_and_column_and_exit_two() {
    let cases = [
        ("", "line 1, column 1: expected the first line"),
        ("2 2 2\n", "line 1, column 6: expected 4 numbers"),
        ("1 3 2 1\n2 2 2\n0 0 0\n1 1 1 2\n", "line 2, column 1: expected a starting board with no run (TX1)"),
        ("1 3 2 1\n1 3 1\n0 0 0\n1 1 1 2\n", "line 2, column 3: expected a colour in 1..=2"),
        ("1 3 2 1\n1 2\n0 0 0\n1 1 1 2\n", "line 2, column 4: expected 3 numbers on colour row 1, found 2"),
        ("1 3 2 1\n1 2 1\n0 7 0\n1 1 1 2\n", "line 3, column 3: expected a special in 0..=6"),
        ("1 3 2 1\n1 2 1\n0 0 0\n1 1 1 2\nextra\n", "line 5, column 1: expected end of input"),
        ("51 3 2 1\n", "line 1, column 1: expected n (rows) in 1..=50"),
        ("1 3 2 1\n1 2 1\n0 0 0\n1 -1 1 2\n", "line 4, column 3: expected a coordinate"),
        ("1 3 x 1\n", "line 1, column 5: expected k (colours)"),
    ];
    for (input, expected) in cases {
        for args in [&["solve", "texas"][..], &["check", "texas", "-"]] {
            let output = m3diff(args, input);
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{input:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
            assert!(stderr.contains(expected), "{input:?}: {stderr}");
            assert!(output.stdout.is_empty());
        }
    }
}

#[test]
fn missing_file_and_bad_arguments_exit_two() {
    let output = m3diff(&["solve", "texas", "no/such/file.in"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no/such/file.in: cannot read"));
    assert_eq!(m3diff(&["solve", "chess"], "").status.code(), Some(2));
    assert_eq!(m3diff(&["gen", "texas", "--seed", "1", "--rows", "51"], "").status.code(), Some(2));
}
