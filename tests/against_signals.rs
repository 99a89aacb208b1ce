//! A campaign stopped by a signal (SIGTERM, SIGINT) ends at once, kills the
//! program under test with all it started, and still prints its summary,
//! writes its `--json` and exits 130; a shrink stopped so keeps what it has
//! come to.

#![cfg(target_os = "linux")]

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use suites::against::script;

/// Generous: the machine that runs the tests may be loaded.
const A_FEW_SECONDS: Duration = Duration::from_secs(15);

fn spawn_m3diff(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(args)
        .env_remove(m3diff::process::seed::SEED_VARIABLE)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the m3diff binary runs")
}

fn signal(child: &Child, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: kill(2) takes plain integers; pid is our own child.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// What a stream brings until it closes, read on a thread of its own so
/// that neither stream blocks the program.
fn drain(stream: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut text = String::new();
        let _ = BufReader::new(stream).read_to_string(&mut text);
        text
    })
}

/// The exit status within `limit`, or `None` (and the child killed).
fn exits_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Waits until a hanging run has written its pids under `dir`, or panics
/// after a minute.
fn a_run_hangs(dir: &Path) {
    let written = || {
        std::fs::read_dir(dir).unwrap().any(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("script-") && std::fs::read_to_string(&path).is_ok_and(|pid| pid.ends_with('\n'))
        })
    };
    let started = Instant::now();
    while !written() {
        assert!(started.elapsed() < Duration::from_secs(60), "no run hung in a minute");
        thread::sleep(Duration::from_millis(20));
    }
}

/// Whether a process (not a zombie: dead, not yet reaped by whoever
/// adopted it) still runs `sleep DURATION` after a few seconds.
fn still_sleeping(duration: &str) -> bool {
    let wanted = format!("sleep\0{duration}\0");
    let sleeping = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            let path = entry.path();
            std::fs::read(path.join("cmdline")).is_ok_and(|cmdline| cmdline.ends_with(wanted.as_bytes()))
                && std::fs::read_to_string(path.join("stat"))
                    .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
        })
    };
    let started = Instant::now();
    while sleeping() && started.elapsed() < Duration::from_secs(5) {
        thread::sleep(Duration::from_millis(20));
    }
    sleeping()
}

/// The `sleep` durations of a hanging run's processes, which no other
/// process runs: seconds with a fraction of this test's own. They are found
/// by it, not by a PID the script prints, since in a namespace a PID the
/// script sees names another process outside it.
fn marks(pids: &Path) -> [String; 2] {
    // The test's own folder, which no other test has, hashed to digits.
    let own = m3diff::process::hash::fnv1a(pids.display().to_string().as_bytes()) % 1_000_000_000_000;
    [format!("1000.{own}1"), format!("1000.{own}2")]
}

/// A Magic Door solution that hangs on grids of 6 rows or more, leaving a
/// child outside its process group (setsid) that holds its output; each
/// hanging run writes a file under `pids` to say it hangs.
fn hanging_door(dir: &Path, pids: &Path) -> std::path::PathBuf {
    let [child, script_sleep] = marks(pids);
    let body = format!(
        "input=$(cat)\n\
         if [ \"${{input%% *}}\" -ge 6 ]; then\n\
         \x20 setsid sleep {child} &\n\
         \x20 echo $$ > '{pids}/script-$$'; exec sleep {script_sleep}\n\
         fi\n\
         printf '%s\\n' \"$input\" | exec \"$M\" solve door",
        pids = pids.display()
    );
    script(dir, "hangs", &body)
}

/// Every process of a hanging run is gone.
fn none_left(pids: &Path) {
    for duration in marks(pids) {
        assert!(!still_sleeping(&duration), "a hanging run's sleep {duration} outlived the campaign");
    }
}

#[test]
fn sigterm_ends_a_campaign_against_a_program_with_its_summary_its_json_and_no_process_left() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    std::fs::create_dir(&pids).unwrap();
    let program = hanging_door(dir.path(), &pids);
    let json = dir.path().join("summary.json");
    let keep = dir.path().join("found");
    let (program, json_arg, keep) = (program.display().to_string(), json.display().to_string(), keep.display());
    let keep = keep.to_string();
    // A timeout far away: no case may fail before the signal.
    let mut child = spawn_m3diff(&[
        "fuzz",
        "--game",
        "door",
        "--time",
        "60s",
        "--jobs",
        "2",
        "--against",
        &program,
        "--timeout",
        "60s",
        "--json",
        &json_arg,
        "--keep",
        &keep,
    ]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    a_run_hangs(&pids);
    let signalled = Instant::now();
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let printed = format!("{stdout}{stderr}");
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    eprintln!("ended {:?} after SIGTERM", signalled.elapsed());
    assert_eq!(status.code(), Some(130), "{printed}");
    assert!(stderr.contains("m3diff: stopping after the cases under way"), "{printed}");
    assert!(stdout.contains("replay: m3diff fuzz --game door"), "the summary: {printed}");
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["failures"], 0, "{summary}");
    none_left(&pids);
}

#[test]
fn sigterm_ends_a_campaign_of_the_engine_with_its_summary_and_its_json() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let corpus = dir.path().join("corpus");
    let (json_arg, corpus) = (json.display().to_string(), corpus.display().to_string());
    let mut child = spawn_m3diff(&[
        "fuzz", "--game", "door", "--time", "60s", "--jobs", "1", "--json", &json_arg, "--corpus", &corpus,
    ]);
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    // The first line comes after the handler is in place.
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("m3diff fuzz: games door"), "{first}");
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(stderr));
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    // A signal right after the first line once found the campaign not yet
    // honouring a stop, and it quit with nothing printed.
    assert!(printed.contains("m3diff: stopping after the cases under way"), "{printed}");
    assert!(printed.contains("replay: m3diff fuzz --game door"), "the summary: {printed}");
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(summary["failures"], 0, "{summary}");
}

#[test]
fn a_second_ctrl_c_quits_at_once_and_leaves_no_process_of_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    std::fs::create_dir(&pids).unwrap();
    let program = hanging_door(dir.path(), &pids).display().to_string();
    let keep = dir.path().join("found").display().to_string();
    let mut child = spawn_m3diff(&[
        "fuzz",
        "--game",
        "door",
        "--time",
        "60s",
        "--jobs",
        "2",
        "--against",
        &program,
        "--timeout",
        "60s",
        "--keep",
        &keep,
    ]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    a_run_hangs(&pids);
    signal(&child, libc::SIGINT);
    signal(&child, libc::SIGINT);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after two SIGINTs\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    none_left(&pids);
}

#[test]
fn sigterm_during_a_shrink_against_a_program_keeps_what_it_came_to() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    // Vibranium (-1) read as a bomb (0), slowly: the shrink is under way
    // when the signal comes.
    let body = format!("echo run >> '{}'; sleep 0.2; sed 's/-1/0/g' | exec \"$M\" solve door", runs.display());
    let program = script(dir.path(), "slow-no-vibranium", &body).display().to_string();
    let keep = dir.path().join("found");
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/door/md4-beam-stopped-by-vibranium.in");
    let (case, keep_arg) = (case.display().to_string(), keep.display().to_string());
    let mut child = spawn_m3diff(&["shrink", "door", &case, "--against", &program, "--keep", &keep_arg]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    let started = Instant::now();
    // The first run is the check; the shrink's runs follow it.
    while std::fs::read_to_string(&runs).map_or(0, |text| text.lines().count()) < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "the shrink did not start in a minute");
        thread::sleep(Duration::from_millis(20));
    }
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{stdout}{stderr}"));
    assert_eq!(status.code(), Some(1), "a failure was found: {stdout}{stderr}");
    assert!(stdout.contains("(cut short: stopped)"), "{stdout}{stderr}");
    let kept = stdout.lines().find_map(|line| line.strip_prefix("kept ")).expect("a kept line");
    assert!(std::fs::read_to_string(kept).is_ok_and(|text| !text.is_empty()), "{kept}");
}

#[test]
fn sigterm_ends_a_check_against_a_program_at_once_with_no_process_left() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    std::fs::create_dir(&pids).unwrap();
    let program = hanging_door(dir.path(), &pids).display().to_string();
    // Six rows: the program hangs on it.
    let case = dir.path().join("six-rows.in");
    std::fs::write(&case, "6 3\n1 2 3\n2 3 1\n3 1 2\n1 2 3\n2 3 1\n3 1 2\n1 1 1 2\n").unwrap();
    let case = case.display().to_string();
    let mut child = spawn_m3diff(&["check", "door", &case, "--against", &program, "--timeout", "60s"]);
    let (stdout, stderr) = (drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap()));
    a_run_hangs(&pids);
    signal(&child, libc::SIGTERM);
    let status = exits_within(&mut child, A_FEW_SECONDS);
    let printed = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    let status = status.unwrap_or_else(|| panic!("still running {A_FEW_SECONDS:?} after SIGTERM\n{printed}"));
    assert_eq!(status.code(), Some(130), "{printed}");
    none_left(&pids);
}
