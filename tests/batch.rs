//! `--batch N` and `--per-operation`: a program that reads many cases a run
//! and prints a line after each operation, right and wrong on purpose. The
//! program is m3diff's own `solve`, one case at a time, behind a shell
//! script that reads the batch form, with a fault planted where a test
//! needs one.

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::{Path, PathBuf};

use m3_model::door::MagicDoor;
use m3_model::texas::Texas;
use suites::against::{cases_in, check_against, fuzz_against, script};
use suites::{m3diff, text};

/// A Magic Door program in the batch form: the first line T, then T cases
/// of `m n`, m rows and a swap line. Each case goes to `$M solve door`
/// through `filter` (a shell command reading the answer); `case_check`
/// runs on the case's first line, read into `$m` and `$n`, before it is
/// solved. Each run has a file of its own: runs go on side by side.
fn door_batch(dir: &Path, filter: &str, case_check: &str) -> PathBuf {
    script(
        dir,
        "door-batch",
        &format!(
            "case=$(mktemp)\ntrap 'rm -f \"$case\"' EXIT\nread t\ni=0\nwhile [ $i -lt $t ]; do\n  read m n\n  \
             {case_check}\n  {{ echo \"$m $n\"; j=0; while [ $j -lt $m ]; do read row; echo \"$row\"; j=$((j+1)); \
             done; read swap; echo \"$swap\"; }} > \"$case\"\n  \"$M\" solve door \"$case\" | {filter}\n  \
             i=$((i+1))\ndone"
        ),
    )
}

fn fuzz_batch(program: &Path, dir: &Path, cases: u64, extra: &[&str]) -> (Option<i32>, String) {
    let mut options = vec!["--batch", "16", "--size", "small"];
    options.extend(extra);
    fuzz_against::<MagicDoor>(program, dir, cases, &options)
}

#[test]
fn a_batch_program_that_is_right_answers_every_case_in_runs_of_up_to_n() {
    let dir = tempfile::tempdir().unwrap();
    let program = door_batch(dir.path(), "cat", ":");
    let (code, printed) = fuzz_batch(&program, dir.path(), 40, &[]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("the program answered all 40 cases as the reference does"), "{printed}");
    assert!(printed.contains("--batch 16"), "the replay runs batches again: {printed}");
}

#[test]
fn a_wrong_answer_inside_a_batch_is_found_rerun_alone_and_kept_as_one_case_in_the_statements_format() {
    let dir = tempfile::tempdir().unwrap();
    // Wrong on every grid of 4 rows.
    let program = door_batch(dir.path(), "awk -v m=$m '{ print (m == 4 ? $0 + 1 : $0) }'", ":");
    let (code, printed) = fuzz_batch(&program, dir.path(), 120, &[]);
    assert_eq!(code, Some(1), "{printed}");
    let kept = cases_in(&dir.path().join("found/door"));
    assert_eq!(kept.len(), 1, "one kind, one case: {kept:?}\n{printed}");
    let case = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(kept[0].to_str().unwrap().contains("wrong-answer"), "{kept:?}");
    assert!(case.starts_with("4 "), "one case with its 4 rows, no batch count line first:\n{case}");
    let replay = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(replay.contains("--batch 16"), "the kept case replays as a batch of one:\n{replay}");
}

#[test]
fn a_crash_inside_a_batch_costs_that_batch_only_and_the_case_that_crashes_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let program = door_batch(dir.path(), "cat", "[ \"$m\" = 5 ] && exit 3");
    let (code, printed) = fuzz_batch(&program, dir.path(), 120, &[]);
    assert_eq!(code, Some(1), "{printed}");
    let kept = cases_in(&dir.path().join("found/door"));
    assert_eq!(kept.len(), 1, "{kept:?}\n{printed}");
    assert!(kept[0].to_str().unwrap().contains("runtime-error"), "{kept:?}");
    assert!(std::fs::read_to_string(&kept[0]).unwrap().starts_with("5 "), "the grid of 5 rows");
    assert!(printed.contains(": 120 cases reached the program"), "every case was still judged: {printed}");
}

#[test]
fn cases_that_fail_only_together_are_said_so_and_their_batch_kept_whole() {
    let dir = tempfile::tempdir().unwrap();
    // The third answer of each run is wrong, whichever case it is: state
    // kept from case to case, as an uncleared array keeps it.
    let program = script(
        dir.path(),
        "third-wrong",
        &format!("{} | awk 'NR == 3 {{ $0 = $0 + 1 }} 1'", door_batch(dir.path(), "cat", ":").display()),
    );
    let (code, printed) = fuzz_batch(&program, dir.path(), 32, &[]);
    assert_eq!(code, Some(1), "{printed}");
    assert!(printed.contains("failed together in one run, though each passes alone"), "{printed}");
    let kind = printed.lines().find(|line| line.contains("failed only together in a batch (")).expect(&printed);
    assert!(kind.ends_with(" run)") || kind.ends_with(" runs)"), "counted in runs, not cases: {kind}");
    let batches = cases_in(&dir.path().join("found/door/together"));
    assert_eq!(batches.len(), 1, "the smallest batch kept: {batches:?}");
    let batch = std::fs::read_to_string(&batches[0]).unwrap();
    assert!(batch.lines().next().is_some_and(|count| count.parse::<usize>().is_ok_and(|n| n >= 3)), "{batch}");
}

#[test]
fn check_with_batch_gives_the_one_instance_as_a_batch_of_one() {
    let dir = tempfile::tempdir().unwrap();
    let program = door_batch(dir.path(), "cat", ":");
    let (code, printed) = check_against(&program, &["--batch", "8"]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.starts_with("agree: the program answers 7, as the reference does"), "{printed}");
}

#[test]
fn solve_per_operation_prints_a_running_total_after_each_operation_then_the_answer() {
    // TX7-TX10: the points so far; the answer adds the endgame's (TX11).
    let file = "corpus/texas/sample1.in";
    let out = m3diff(&["solve", "texas", file, "--per-operation"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<i64> = text(&out.stdout).lines().map(|line| line.parse().unwrap()).collect();
    let instance = m3_model::texas::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(lines.len(), instance.swaps.len() + 1, "a line an operation, then the answer");
    assert!(lines.windows(2).take(lines.len() - 2).all(|pair| pair[0] <= pair[1]), "a running total: {lines:?}");
    let answer = m3diff(&["solve", "texas", file], "");
    assert_eq!(lines.last().unwrap().to_string(), text(&answer.stdout).trim());
}

#[test]
fn a_wrong_running_total_names_the_operation_and_shows_the_references_trace_of_it() {
    let dir = tempfile::tempdir().unwrap();
    // Right answers, and a running total one off after the 5th operation.
    let program =
        script(dir.path(), "fifth-off", "\"$M\" solve texas - --per-operation | awk 'NR == 5 { $0 = $0 + 1 } 1'");
    let (code, printed) = fuzz_against::<Texas>(&program, dir.path(), 20, &["--per-operation", "--size", "small"]);
    assert_eq!(code, Some(1), "{printed}");
    let kept = cases_in(&dir.path().join("found/texas"));
    assert_eq!(kept.len(), 1, "{kept:?}\n{printed}");
    assert!(kept[0].to_str().unwrap().contains("wrong-operation"), "{kept:?}");
    let report = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(report.contains("at operation 5 of"), "{report}");
    assert!(report.contains("the reference's trace of operation 5:"), "{report}");
}

#[test]
fn tx7_a_json_record_with_one_wrong_field_names_the_operation_the_round_and_the_field_with_both_boards() {
    let dir = tempfile::tempdir().unwrap();
    // The reference's own records, but the elimination points (TX7) of
    // the first second round met one too many.
    let plant = [
        "import json, sys",
        "done = False",
        "for line in sys.stdin:",
        "    line = line.rstrip('\\n')",
        "    if not done and line.startswith('{'):",
        "        record = json.loads(line)",
        "        if len(record['rounds']) >= 2:",
        "            record['rounds'][1]['elimination_points'] += 1",
        "            line = json.dumps(record)",
        "            done = True",
        "    print(line)",
    ]
    .join("\n");
    std::fs::write(dir.path().join("plant.py"), plant).unwrap();
    let body = "\"$M\" solve texas - --per-operation json | python3 \"$(dirname \"$0\")/plant.py\"";
    let program = script(dir.path(), "second-round-off", body);
    let (code, printed) = fuzz_against::<Texas>(&program, dir.path(), 30, &["--per-operation", "--size", "small"]);
    assert_eq!(code, Some(1), "{printed}");
    let kept = cases_in(&dir.path().join("found/texas"));
    assert_eq!(kept.len(), 1, "{kept:?}\n{printed}");
    let report = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(report.contains(", round 2, field `elimination_points`:"), "{report}");
    assert!(report.contains("program removed  |  reference removed"), "both boards side by side:\n{report}");
}
