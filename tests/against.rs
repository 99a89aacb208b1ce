//! `--against` with programs that are wrong on purpose, each in one of the
//! four ways (a wrong answer on a rule's edge, a crash on some boards, a
//! hang on some), found, told apart and shrunk with the program in the
//! loop; and the bad uses that end in one line and exit 2. Magic Door
//! stands for every game: the machinery is the same.

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::Path;

use m3_model::door::MagicDoor;
use suites::against::{cases_in, check_against, fuzz_against, script, seconds};
use suites::{m3diff, text};

/// Runs the campaign against `program` and checks that it finds a failure
/// of `kind`, keeps it shrunk to at most `at_most` bytes with a report, and
/// that replaying the kept case fails the same way.
fn found_and_shrunk(dir: &Path, program: &Path, kind: &str, at_most: usize, extra: &[&str]) -> String {
    found_in_cases_and_shrunk(dir, program, 300, kind, at_most, extra)
}

/// [`found_and_shrunk`] by a campaign of `cases` cases.
fn found_in_cases_and_shrunk(
    dir: &Path,
    program: &Path,
    cases: u64,
    kind: &str,
    at_most: usize,
    extra: &[&str],
) -> String {
    let (code, printed) = fuzz_against::<MagicDoor>(program, dir, cases, extra);
    assert_eq!(code, Some(1), "{printed}");
    let slug = kind.replace(' ', "-");
    let kept = cases_in(&dir.join("found/door"));
    assert_eq!(kept.len(), 1, "one case of the one kind: {kept:?}\n{printed}");
    let case = &kept[0];
    assert!(case.file_name().unwrap().to_str().unwrap().starts_with(&slug), "{case:?}");
    let size = std::fs::metadata(case).unwrap().len() as usize;
    assert!(
        size <= at_most,
        "shrunk to {size} bytes, more than {at_most}:\n{}",
        std::fs::read_to_string(case).unwrap()
    );
    let report = std::fs::read_to_string(case.with_extension("txt")).unwrap();
    assert!(report.contains(&format!(": {kind}: the program")), "{report}");
    assert!(report.contains("the reference's account of the case:\nMagic Door"), "{report}");
    let replay = report.lines().find_map(|line| line.strip_prefix("replay: ")).expect("a replay line");
    assert!(replay.contains(" check door "), "{replay}");
    // The replay line as a shell would run it: the program, and the
    // options it ran with, named again.
    let words = shlex::split(replay).expect("a replay line a shell reads");
    assert!(
        words.ends_with(
            &[
                &["--against".to_string(), program.display().to_string()][..],
                &extra.iter().map(|word| word.to_string()).collect::<Vec<_>>()
            ]
            .concat()
        ),
        "{replay}"
    );
    // After the words that start m3diff (`cargo m3diff` in the checkout).
    let check = words.iter().position(|word| word == "check").expect("a check command");
    let words: Vec<&str> = words[check..].iter().map(String::as_str).collect();
    let again = m3diff(&words, "");
    assert_eq!(again.status.code(), Some(1), "{}", text(&again.stderr));
    assert!(text(&again.stdout).starts_with(kind), "{}", text(&again.stdout));
    report
}

#[test]
fn md4_a_program_that_reads_vibranium_as_a_bomb_gives_a_wrong_answer_shrunk_small() {
    let dir = tempfile::tempdir().unwrap();
    // Vibranium (-1) read as a bomb (0): it is armed by a fall and lets a
    // beam through to be cleared by it (MD4, MD5).
    let program = script(dir.path(), "no-vibranium", "sed 's/-1/0/g' | exec \"$M\" solve door");
    let report = found_and_shrunk(dir.path(), &program, "wrong answer", 60, &[]);
    // The kept case, checked again, is not sent to be shrunk once more; and
    // a shrink of it keeps the campaign that found it in its report.
    let found_by = report.lines().find(|line| line.starts_with("found by: ")).unwrap().to_string();
    assert!(found_by.contains("m3diff fuzz"), "{found_by}");
    let case = cases_in(&dir.path().join("found/door")).remove(0);
    let (case, program) = (case.to_str().unwrap(), program.to_str().unwrap());
    let checked = m3diff(&["check", "door", case, "--against", program], "");
    assert!(text(&checked.stdout).contains("\nshrunk already: "), "{}", text(&checked.stdout));
    assert!(!text(&checked.stdout).contains("shrink it"), "{}", text(&checked.stdout));
    let keep = dir.path().join("found");
    let shrunk = m3diff(&["shrink", "door", case, "--against", program, "--keep", keep.to_str().unwrap()], "");
    assert_eq!(shrunk.status.code(), Some(1), "{}", text(&shrunk.stderr));
    let kept = cases_in(&keep.join("door")).remove(0);
    let report = std::fs::read_to_string(kept.with_extension("txt")).unwrap();
    assert!(report.contains(&format!("\n{found_by}\n")), "{report}");
}

#[test]
fn a_program_that_crashes_on_a_bomb_in_the_top_row_is_a_runtime_error_with_its_stderr() {
    // Not on any bomb: most grids hold one, and a program that crashes on
    // each of the first cases is refused as broken.
    let dir = tempfile::tempdir().unwrap();
    let body = "input=$(cat)\n\
                if printf '%s\\n' \"$input\" | sed -n 2p | grep -qE '(^| )0( |$)'; then echo 'bomb: not handled' >&2; kill -SEGV $$; fi\n\
                printf '%s\\n' \"$input\" | exec \"$M\" solve door";
    let program = script(dir.path(), "no-bombs", body);
    let report = found_and_shrunk(dir.path(), &program, "runtime error", 60, &[]);
    assert!(report.contains("killed by signal 11\n    bomb: not handled"), "{report}");
}

#[test]
fn a_program_that_hangs_on_six_rows_or_more_is_a_wall_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let body = "input=$(cat)\n\
                if [ \"${input%% *}\" -ge 6 ]; then exec sleep 30; fi\n\
                printf '%s\\n' \"$input\" | exec \"$M\" solve door";
    let program = script(dir.path(), "slow", body);
    // Every candidate that still hangs costs the whole timeout, and every
    // drawn case that hangs costs it twice (a timeout is run again): 24
    // cases, of which most hang, find it in seconds where 300 took a minute.
    found_in_cases_and_shrunk(dir.path(), &program, 24, "wall timeout", 80, &["--timeout", "200ms"]);
}

#[test]
fn a_program_that_is_not_there_is_one_line_and_exit_two() {
    let out = m3diff(&["fuzz", "--game", "door", "--against", "no-such-program-m3diff --fast", "--cases", "5"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.trim(), "error: --against: no program \"no-such-program-m3diff\" (not a file, nor on PATH)");
}

/// `--timeout`, `--time-limit` and `--memory-limit` are the program's
/// limits, `--time` the campaign's: a limit too small to run anything is
/// refused with the arguments, each in its own words.
#[test]
fn a_limit_too_small_to_run_anything_is_refused_before_any_run_in_one_line() {
    for args in [
        &["fuzz", "--game", "door", "--against", "cat", "--timeout", "0s"][..],
        &["fuzz", "--game", "door", "--against", "cat", "--timeout", "1ns"],
        &["fuzz", "--game", "door", "--against", "cat", "--time-limit", "1ns"],
        &["fuzz", "--game", "door", "--against", "cat", "--memory-limit", "0"],
        &["check", "door", "corpus/door/md1-further-swaps.in", "--against", "cat", "--timeout", "0ms"],
        &["check", "door", "corpus/door/md1-further-swaps.in", "--against", "cat", "--time-limit", "5ms"],
    ] {
        let out = m3diff(args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("lets no program run"), "{args:?}: {stderr}");
        assert!(!stderr.contains("campaign"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    let out = m3diff(&["fuzz", "--game", "door", "--time", "0s"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("a campaign of no time runs no case"), "{}", text(&out.stderr));
}

#[test]
fn a_program_that_crashes_on_everything_stops_the_campaign_early_with_exit_two() {
    let dir = tempfile::tempdir().unwrap();
    let program = script(dir.path(), "broken", "echo 'cannot load libfoo.so' >&2; exit 127");
    let (code, printed) = fuzz_against::<MagicDoor>(&program, dir.path(), 100_000, &[]);
    assert_eq!(code, Some(2), "{printed}");
    assert!(printed.contains("crashed on each of the first 5 cases (exit code 127)"), "{printed}");
}

#[test]
fn against_checks_one_game_at_a_time() {
    let out = m3diff(&["fuzz", "--game", "door,texas", "--against", "cat", "--cases", "5"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr).trim(),
        "error: --against checks one game at a time, and --game names texas, door: give one of them"
    );
}

#[test]
fn a_program_that_runs_past_its_time_once_only_is_judged_by_its_second_run() {
    let dir = tempfile::tempdir().unwrap();
    let ran = dir.path().join("ran");
    let body = format!("if [ ! -e '{0}' ]; then touch '{0}'; exec sleep 30; fi\nexec \"$M\" solve door", ran.display());
    let program = script(dir.path(), "slow-once", &body);
    let (code, printed) = check_against(&program, &["--timeout", "2s"]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.starts_with("agree"), "{printed}");
}

#[test]
fn a_program_that_waits_past_its_time_twice_is_a_wall_timeout_with_both_times() {
    let dir = tempfile::tempdir().unwrap();
    let program = script(dir.path(), "slow", "exec sleep 30");
    let (code, printed) = check_against(&program, &["--timeout", "300ms"]);
    assert_eq!(code, Some(1), "{printed}");
    let killed = printed
        .strip_prefix("wall timeout: the program ended:\n    ran past 300ms of wall time twice, using ")
        .and_then(|rest| rest.split_once(" of CPU: killed at "))
        .map(|(_, times)| times);
    let times: Vec<f64> = killed
        .and_then(|rest| rest.lines().next())
        .map(|times| times.split(" and ").filter_map(seconds).collect())
        .unwrap_or_default();
    assert_eq!(times.len(), 2, "{printed}");
    assert!(times.iter().all(|&time| (0.3..10.0).contains(&time)), "{printed}");
}

/// What `check --against` prints of a program of `body`, which must fail
/// the case.
fn check_failing(body: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let program = script(dir.path(), "program", body);
    let (code, printed) = check_against(&program, &[]);
    assert_eq!(code, Some(1), "{printed:?}");
    printed
}

#[test]
fn a_program_that_prints_without_end_is_unreadable_output_not_a_crash() {
    let printed = check_failing("exec yes 7");
    assert!(printed.starts_with("unreadable output: more than 1 MiB: the program printed:\n    7\n"), "{printed}");
    assert!(printed.contains("(and more, past 1048576 bytes)"), "{printed}");
}

#[test]
fn a_campaign_in_which_no_case_reached_the_program_fails_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let solver = script(dir.path(), "solver", "exec \"$M\" solve door");
    let keep = dir.path().join("found");
    let (solver, keep) = (solver.display().to_string(), keep.display().to_string());
    // A campaign too short for its first case.
    let out = m3diff(&["fuzz", "--game", "door", "--time", "1ns", "--against", &solver, "--keep", &keep], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(
        stderr.ends_with("error: door: no case reached the program (no case was drawn): it was not checked\n"),
        "{stderr}"
    );
    assert!(!text(&out.stdout).contains("answered"), "success is never said of no case");
}

#[test]
fn a_failing_case_is_kept_before_it_is_shrunk_so_that_a_kill_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // Wrong on every case, and slow: shrinking takes many runs of it.
    let program = script(dir.path(), "slow-and-wrong", "cat >/dev/null; sleep 0.2; echo 0");
    let keep = dir.path().join("found");
    let mut campaign = std::process::Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "door", "--cases", "1", "--seed", "7", "--jobs", "1", "--against"])
        .arg(&program)
        .arg("--keep")
        .arg(&keep)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = std::io::BufReader::new(campaign.stderr.take().unwrap());
    let told = std::io::BufRead::lines(stderr)
        .map(Result::unwrap)
        .find(|line| line.contains("kept unshrunk as"))
        .expect("the case is kept before shrinking");
    // No handler runs on SIGKILL: what is on disk now is all that stays.
    campaign.kill().unwrap();
    campaign.wait().unwrap();
    let kept = told.split("kept unshrunk as ").nth(1).unwrap().split("; shrinking").next().unwrap();
    let case = std::fs::read_to_string(kept).expect("the unshrunk case is on disk");
    let report = std::fs::read_to_string(Path::new(kept).with_extension("txt")).expect("with its report");
    assert!(report.contains("shrunk: not yet"), "{report}");
    assert!(m3_model::door::parse(&case).is_ok(), "a whole case:\n{case}");
}

#[test]
fn shrink_against_keeps_one_case_of_a_kind_the_smallest_as_a_campaign_does() {
    let dir = tempfile::tempdir().unwrap();
    let program = script(dir.path(), "wrong", "cat >/dev/null; echo -1");
    let keep = dir.path().join("found");
    // A larger case of the kind, kept by an earlier campaign on the folder.
    let earlier = keep.join("door/wrong-answer-000000000000.in");
    std::fs::create_dir_all(earlier.parent().unwrap()).unwrap();
    std::fs::copy("corpus/door/sample1.in", &earlier).unwrap();
    std::fs::write(earlier.with_extension("txt"), "an earlier campaign's report\n").unwrap();
    let out = m3diff(
        &["shrink", "door", "corpus/door/sample2.in", "--against", program.to_str().unwrap(), "--keep"]
            .into_iter()
            .chain([keep.to_str().unwrap()])
            .collect::<Vec<_>>(),
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(&format!("in place of the larger {}", earlier.display())), "{stdout}");
    let cases = cases_in(&keep.join("door"));
    assert_eq!(cases.len(), 1, "one case of the kind: {cases:?}");
    assert!(!earlier.exists() && !earlier.with_extension("txt").exists(), "the larger case goes, report and all");
}

/// Whether `bytes` hold no control character but the newline, raw.
fn no_raw_control(bytes: &[u8]) -> bool {
    text(bytes).chars().all(|c| c == '\n' || !c.is_control())
}

#[test]
fn a_program_that_prints_escape_sequences_and_a_bell_is_quoted_escaped_on_the_terminal_and_in_its_report() {
    let dir = tempfile::tempdir().unwrap();
    // A clear screen, a bell, a C1 CSI, a backspace, a NUL and a DEL, then
    // an answer on a line of its own ended as on Windows.
    let program =
        script(dir.path(), "noisy", "cat >/dev/null; printf '\\033[2J\\007\\302\\2331m\\010\\000\\177\\n42\\r\\n'");
    let keep = dir.path().join("found");
    let (program, keep) = (program.display().to_string(), keep.display().to_string());
    let out = m3diff(&["shrink", "door", "corpus/door/sample2.in", "--against", &program, "--keep", &keep], "");
    assert_eq!(out.status.code(), Some(1), "{}{}", text(&out.stdout), text(&out.stderr));
    let quoted = "unreadable output: the program printed:\n    \\e[2J\\a\\u{9b}1m\\b\\x00\\x7f\n    42\\r\n";
    assert!(text(&out.stdout).contains(quoted), "{}", text(&out.stdout));
    assert!(no_raw_control(&out.stdout) && no_raw_control(&out.stderr), "{:?}", text(&out.stdout));
    let kept = cases_in(&dir.path().join("found/door"));
    assert_eq!(kept.len(), 1, "{kept:?}");
    let report = std::fs::read(kept[0].with_extension("txt")).unwrap();
    assert!(text(&report).contains(quoted), "{}", text(&report));
    assert!(no_raw_control(&report), "{:?}", text(&report));
}

#[test]
fn a_program_that_writes_escape_sequences_to_its_standard_error_and_crashes_is_quoted_escaped() {
    // A window title set, a colour and a bell, as a prank or a logger's.
    let printed = check_failing("cat >/dev/null; printf '\\033]0;pwned\\007oops\\033[0m\\n' >&2; exit 3");
    assert!(
        printed.starts_with("runtime error: the program ended:\n    exit code 3\n    \\e]0;pwned\\aoops\\e[0m\n"),
        "{printed:?}"
    );
    assert!(no_raw_control(printed.as_bytes()), "{printed:?}");
}

#[test]
fn a_number_too_large_for_64_bits_is_a_wrong_answer_quoted_as_printed() {
    let printed = check_failing("cat >/dev/null; echo 99999999999999999999999");
    assert!(
        printed
            .starts_with("wrong answer: the program printed:\n    99999999999999999999999\nthe reference answers:\n"),
        "{printed}"
    );
}
