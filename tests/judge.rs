//! `--against` runs a program as a judge does: hostile programs, each
//! against what a judge guarantees. Nothing a program starts outlives its
//! run, nor m3diff even killed by SIGKILL (a daemon that closed its output,
//! children that ignore SIGTERM, a fork bomb); CPU time and peak memory
//! are judged, not the wall clock, on an idle machine and a loaded one
//! alike; the group fallback (`M3DIFF_CONTAINMENT=group`) keeps what it
//! promises; a kept report says what the run used. Magic Door stands for
//! every game.

#![cfg(target_os = "linux")]

// Only the `--against` helpers of the suites are used here.
#[allow(unused_macros, unused_imports)]
mod suites;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use m3_model::door::MagicDoor;
use suites::against::{cases_in, check_against, check_against_with_env, fuzz_against, script, seconds, Marker, DOOR};
use suites::{drain, m3diff, spawn_m3diff, text};

/// How long what a run started may take to die once m3diff is done.
const DIES_WITHIN: Duration = Duration::from_secs(2);

/// A campaign under way, killed with SIGKILL when dropped: a test that
/// fails leaves no m3diff running.
struct Campaign(Child);

impl Campaign {
    /// Kills m3diff with SIGKILL, and what it printed.
    fn kill(mut self) -> String {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
        let (stdout, stderr) = (drain(self.0.stdout.take().unwrap()), drain(self.0.stderr.take().unwrap()));
        format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap())
    }
}

impl Drop for Campaign {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether this machine makes PID namespaces for this user, as m3diff asks
/// the kernel for one (a user namespace too where the user is not root).
/// Where it cannot, a test of what only a namespace holds says so.
fn pid_namespaces() -> bool {
    // SAFETY: geteuid takes nothing and cannot fail.
    let root = unsafe { libc::geteuid() } == 0;
    let args: &[&str] = if root { &["-p", "-f", "true"] } else { &["-U", "-p", "-f", "true"] };
    let made = Command::new("unshare").args(args).stderr(Stdio::null()).status().is_ok_and(|s| s.success());
    if !made {
        eprintln!("`unshare {}` fails here: no PID namespace, so what only one holds is not tried", args.join(" "));
    }
    made
}

/// The hostile programs: each starts processes that a run's end, or
/// m3diff's, must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hostile {
    /// A double-forking daemon in a session of its own that closes its
    /// output: only a namespace ends it (the group fallback cannot find it).
    Daemon,
    /// It ignores SIGTERM, and leaves a child that ignores it too.
    IgnoresTerm,
    /// A fork bomb bounded at 100 processes.
    ForkBomb,
}

impl Hostile {
    /// The shell lines that start its processes, each `sleep MARKER`.
    fn start(self, marker: &Marker) -> String {
        let marker = &marker.0;
        match self {
            // The daemon says it is ready on a pipe of its own once it has
            // left the session, then closes it: the program answers only
            // then, so that a run's end cannot catch it still in the group.
            Hostile::Daemon => format!(
                "ready=$( (setsid sh -c 'echo ready; exec >&- 2>&-; exec sleep {marker}' &) )\n\
                 [ \"$ready\" = ready ] || exit 3"
            ),
            Hostile::IgnoresTerm => format!("trap '' TERM\nsleep {marker} &"),
            Hostile::ForkBomb => {
                format!("i=0\nwhile [ $i -lt 100 ]; do sleep {marker} & i=$((i + 1)); done")
            }
        }
    }

    /// How many marked processes one run of it starts.
    fn started(self) -> usize {
        if self == Hostile::ForkBomb {
            100
        } else {
            1
        }
    }

    /// Whether what it leaves is held only by a namespace: a daemon that
    /// left the group and closed its output escapes the group fallback.
    fn only_a_namespace_holds(self) -> bool {
        self == Hostile::Daemon
    }
}

/// The lines in `path`, a log the program appends to; 0 if there is none.
fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |log| log.lines().count())
}

/// Runs a program that starts `hostile`'s processes and then answers
/// correctly, by `check` and by a campaign of 6 cases on 2 jobs: each
/// passes, and no process the program started remains within 2 s.
fn nothing_outlives_a_check_or_a_campaign(hostile: Hostile) {
    if hostile.only_a_namespace_holds() && !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let log = dir.path().join("started");
    let body = format!("{}\necho started >> '{}'\nexec \"$M\" solve door", hostile.start(&marker), log.display());
    let program = script(dir.path(), "hostile", &body);

    let (code, printed) = check_against(&program, &[]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.starts_with("agree"), "{printed}");
    assert_eq!(lines_in(&log), 1, "the program ran once, and started its processes");
    let left = marker.left_after(DIES_WITHIN);
    assert_eq!(left, 0, "{left} processes of sleep {} outlived a check by {DIES_WITHIN:?}", marker.0);

    let (code, printed) = fuzz_against::<MagicDoor>(&program, dir.path(), 6, &[]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(lines_in(&log) > 6, "the program ran on every case:\n{printed}");
    let left = marker.left_after(DIES_WITHIN);
    assert_eq!(left, 0, "{left} processes of sleep {} outlived a campaign by {DIES_WITHIN:?}", marker.0);
}

/// Kills m3diff with SIGKILL in the middle of a campaign against a program
/// that starts `hostile`'s processes and then hangs (`sleep MARKER`, so
/// that its runs are under way when m3diff dies): none of them remains
/// 2 s later. Only a namespace holds this: its init dies with m3diff.
fn nothing_outlives_m3diff_killed(hostile: Hostile) {
    if !pid_namespaces() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let body = format!("{}\nexec sleep {}", hostile.start(&marker), marker.0);
    let program = script(dir.path(), "hostile", &body).display().to_string();
    let keep = dir.path().join("found").display().to_string();
    let args = ["fuzz", "--game", "door", "--against", &program, "--time", "30s", "--jobs", "2", "--keep", &keep];
    let mut campaign = Campaign(spawn_m3diff(&args));
    // A run's processes all started, and the program itself.
    marker.wait_for(hostile.started() + 1, &mut campaign.0);
    let printed = campaign.kill();
    let left = marker.left_after(DIES_WITHIN);
    assert_eq!(left, 0, "{left} processes of sleep {} outlived m3diff by {DIES_WITHIN:?}\n{printed}", marker.0);
}

/// Each hostile program's two tests: `after_runs`, nothing it starts
/// outlives a check or a campaign; `after_sigkill`, nor m3diff killed in
/// the middle of a campaign.
macro_rules! hostile_tests {
    ($($hostile:ident: $after_runs:ident, $after_sigkill:ident;)+) => {
        $(
            #[test]
            fn $after_runs() {
                nothing_outlives_a_check_or_a_campaign(Hostile::$hostile);
            }

            #[test]
            fn $after_sigkill() {
                nothing_outlives_m3diff_killed(Hostile::$hostile);
            }
        )+
    };
}

hostile_tests! {
    Daemon: a_daemon_that_closes_its_output_outlives_neither_a_check_nor_a_campaign,
        sigkill_to_m3diff_mid_campaign_ends_a_daemon_that_closed_its_output;
    IgnoresTerm: a_program_that_ignores_sigterm_leaves_no_child_after_a_check_or_a_campaign,
        sigkill_to_m3diff_mid_campaign_ends_a_program_that_ignores_sigterm_and_its_child;
    ForkBomb: a_fork_bomb_of_100_sleeps_leaves_none_after_a_check_or_a_campaign,
        sigkill_to_m3diff_mid_campaign_ends_a_fork_bomb_of_100_sleeps;
}

/// What a report's "the run used:" line gives: CPU and wall seconds, and
/// peak memory in MiB.
fn used(report: &str) -> (f64, f64, f64) {
    let line = report.lines().find_map(|line| line.strip_prefix("the run used: ")).expect("a \"the run used:\" line");
    let parts: Vec<&str> = line.split(", ").collect();
    let [cpu, wall, peak] = parts[..] else { panic!("{line}") };
    let cpu = cpu.strip_prefix("CPU ").and_then(seconds);
    let wall = wall.strip_prefix("wall ").and_then(seconds);
    let peak = peak.strip_prefix("peak memory ").and_then(|mib| mib.strip_suffix(" MiB")?.parse().ok());
    match (cpu, wall, peak) {
        (Some(cpu), Some(wall), Some(peak)) => (cpu, wall, peak),
        _ => panic!("not CPU, wall and peak memory: {line}"),
    }
}

/// `m3diff shrink door DOOR --against PROGRAM --keep DIR/found` with
/// `limits`: it fails with `kind`; the one case kept, smaller than DOOR,
/// and its report.
fn kept_and_shrunk(dir: &Path, program: &Path, limits: &[&str], kind: &str) -> String {
    let keep = dir.join("found");
    let (program, keep_arg) = (program.display().to_string(), keep.display().to_string());
    let mut args = vec!["shrink", "door", DOOR, "--against", &program, "--keep", &keep_arg];
    args.extend(limits);
    let out = m3diff(&args, "");
    let printed = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{printed}");
    assert!(printed.starts_with(&format!("# Magic Door (ICPC 2025 Seoul Regional): {kind}: ")), "{printed}");
    let kept = cases_in(&keep.join("door"));
    assert_eq!(kept.len(), 1, "{kept:?}\n{printed}");
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with(&format!("{}-", kind.replace(' ', "-"))), "{name}");
    let size = std::fs::metadata(&kept[0]).unwrap().len();
    let original = std::fs::metadata(Path::new(env!("CARGO_MANIFEST_DIR")).join(DOOR)).unwrap().len();
    assert!(size < original, "not shrunk: {size} bytes of {original}\n{printed}");
    let report = std::fs::read_to_string(kept[0].with_extension("txt")).unwrap();
    assert!(report.contains(&format!(": {kind}: the program ended:")), "{report}");
    assert!(report.contains("\nshrunk: ") && !report.contains("shrunk: not yet"), "{report}");
    report
}

#[test]
fn a_program_that_touches_2_gb_under_256m_is_memory_limit_exceeded_kept_and_shrunk() {
    if !Command::new("python3").args(["-c", ""]).status().is_ok_and(|status| status.success()) {
        eprintln!("python3 is not on PATH: a program that holds 2 GB is not tried");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A zeroed bytearray is only reserved: a byte written on each page
    // makes it resident. Correct, but for its memory.
    let body = "python3 -c 'b = bytearray(2 << 30)\nfor i in range(0, len(b), 4096): b[i] = 1'\nexec \"$M\" solve door";
    let program = script(dir.path(), "two-gigabytes", body);
    let report = kept_and_shrunk(dir.path(), &program, &["--memory-limit", "256M"], "memory limit exceeded");
    let held = report.lines().find_map(|line| line.trim().strip_prefix("held ")).expect("a held line");
    assert!(held.ends_with(" of memory, past 256.0 MiB"), "{report}");
    let (_, _, peak) = used(&report);
    assert!(peak > 256.0, "a peak of {peak} MiB, within the limit:\n{report}");
    assert!(report.contains("\nwithin: 2.00s CPU, 256.0 MiB, 5.00s wall\n"), "{report}");
}

/// A program that spins `seconds` of its own CPU time, read from
/// `/proc/self/stat` (utime and stime, in clock ticks), then answers
/// correctly: its CPU time is the same however loaded the machine is.
fn spinner(dir: &Path, seconds: f64) -> std::path::PathBuf {
    // SAFETY: sysconf reads a constant of the system.
    let ticks = (seconds * unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64) as u64;
    let body = format!(
        "while :; do read -r stat < /proc/self/stat; set -- $stat; [ $(( ${{14}} + ${{15}} )) -ge {ticks} ] && break; done\n\
         exec \"$M\" solve door"
    );
    script(dir, "spins", &body)
}

/// `check` of a program that spins 1.5 s of CPU under `--time-limit 1s`
/// and a far timeout, with `env` added to m3diff's: time limit exceeded,
/// having used more than the limit.
fn spinning_past_the_limit(env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let program = spinner(dir.path(), 1.5);
    let (code, printed) = check_against_with_env(&program, &["--time-limit", "1s", "--timeout", "20s"], env);
    assert_eq!(code, Some(1), "{printed}");
    assert!(printed.starts_with("time limit exceeded: the program ended:\n    used "), "{printed}");
    assert!(printed.contains(" of CPU time, past 1.00s\n"), "{printed}");
    let (cpu, wall, _) = used(&printed);
    assert!(cpu > 1.0, "{printed}");
    eprintln!("CPU {cpu}s in {wall}s of wall time");
    printed
}

#[test]
fn a_program_that_spins_1_5_s_of_cpu_under_a_1_s_limit_is_time_limit_exceeded() {
    spinning_past_the_limit(&[]);
}

/// Processes that spin on every core, killed when dropped, a test that
/// fails included.
struct BusyCores(Vec<Child>);

impl BusyCores {
    fn start(count: usize) -> BusyCores {
        let spin =
            || Command::new("sh").args(["-c", "while :; do :; done"]).stdin(Stdio::null()).spawn().expect("sh runs");
        BusyCores((0..count).map(|_| spin()).collect())
    }

    /// The CPU time they used so far, in clock ticks.
    fn ticks(&self) -> u64 {
        let ticks = |child: &Child| {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap_or_default();
            let fields: Vec<u64> = stat.rsplit_once(") ").map_or(vec![], |(_, rest)| {
                rest.split_whitespace().skip(11).take(2).filter_map(|field| field.parse().ok()).collect()
            });
            fields.iter().sum::<u64>()
        };
        self.0.iter().map(ticks).sum()
    }
}

impl Drop for BusyCores {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[test]
fn a_program_that_spins_1_5_s_of_cpu_under_a_1_s_limit_is_time_limit_exceeded_with_both_cores_busy() {
    let busy = BusyCores::start(2);
    spinning_past_the_limit(&[]);
    // SAFETY: sysconf reads a constant of the system.
    let second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    assert!(busy.ticks() > second, "the spinners hardly ran: {} ticks", busy.ticks());
}

#[test]
fn a_program_that_sleeps_2_s_under_a_1_s_cpu_limit_passes() {
    let dir = tempfile::tempdir().unwrap();
    let program = script(dir.path(), "sleeps", "sleep 2\nexec \"$M\" solve door");
    let (code, printed) = check_against(&program, &["--time-limit", "1s", "--timeout", "10s"]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.starts_with("agree"), "{printed}");
}

/// `M3DIFF_CONTAINMENT=group`: no namespace, the program leads a process
/// group.
const GROUP: [(&str, &str); 1] = [("M3DIFF_CONTAINMENT", "group")];

#[test]
fn the_group_fallback_still_judges_cpu_time_and_ends_a_setsid_child_holding_the_output() {
    spinning_past_the_limit(&GROUP);

    let dir = tempfile::tempdir().unwrap();
    let marker = Marker::new();
    let namespaces = dir.path().join("nspid");
    // The child says it is ready on a pipe of its own once it has left
    // the group, and goes on holding the run's output (fd 4).
    let body = format!(
        "grep NSpid /proc/self/status > '{namespaces}'\n\
         exec 4>&1\n\
         ready=$( (setsid sh -c 'echo ready >&3; exec sleep {marker} 3>&-' 3>&1 >&4 &) )\n\
         [ \"$ready\" = ready ] || exit 3\n\
         exec \"$M\" solve door",
        namespaces = namespaces.display(),
        marker = marker.0,
    );
    let program = script(dir.path(), "holds-the-output", &body);
    let started = Instant::now();
    let (code, printed) = check_against_with_env(&program, &["--timeout", "20s"], &GROUP);
    let took = started.elapsed();
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.starts_with("agree"), "{printed}");
    let nspid = std::fs::read_to_string(&namespaces).unwrap();
    assert_eq!(nspid.split_whitespace().count(), 2, "one PID, in no namespace of its own: {nspid}");
    let left = marker.left_after(DIES_WITHIN);
    assert_eq!(left, 0, "the setsid child holding the output outlived the check by {DIES_WITHIN:?}");
    assert!(took < Duration::from_secs(10), "the check waited {took:?} for the child holding the output");
}

#[test]
fn a_kept_report_of_a_limit_failure_gives_the_runs_cpu_wall_and_peak_memory() {
    let dir = tempfile::tempdir().unwrap();
    let program = spinner(dir.path(), 1.5);
    let limits = ["--time-limit", "100ms", "--timeout", "10s"];
    let report = kept_and_shrunk(dir.path(), &program, &limits, "time limit exceeded");
    let (cpu, wall, peak) = used(&report);
    assert!(cpu > 0.1, "{report}");
    assert!(wall >= cpu - 0.02, "a single process spinning used more CPU than wall time:\n{report}");
    assert!(peak > 0.1 && peak < 100.0, "a shell's peak memory of {peak} MiB:\n{report}");
    assert!(report.contains("\nwithin: 100ms CPU, 1024.0 MiB, 10.0s wall\n"), "{report}");
}
