//! What a run's program may leave behind, and how it is ended: the one place
//! for it, so that a new way to hold a program in (or a new thing it may
//! leave) changes this file and not the run.
//!
//! Nothing a run starts outlives it, and no run waits past its deadline,
//! whatever the program's children do. The program leads a process group of
//! its own, killed when the program exits and when the time runs out. A
//! child that left the group (`setsid`) is found by a token in its
//! environment ([`RUN_VARIABLE`]), but only when it still holds the output
//! after the program exited, or on a timeout: the common run scans nothing.

use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::launch::Launched;

/// The environment variable that marks every process a run starts, and
/// what those start in turn: a comma-separated list of run tokens, one per
/// m3diff the process descends from.
pub const RUN_VARIABLE: &str = "M3DIFF_RUN";

/// Runs started by this process, for their tokens.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// The programs under way, for a signal's handler to end.
static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// A run under way: the group its program leads and the token its
/// processes carry.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Running {
    group: u32,
    token: String,
}

/// A run in [`RUNNING`] until its program is reaped.
pub(super) struct Registered(Running);

impl Registered {
    /// The process group the run's program leads.
    pub(super) fn group(&self) -> u32 {
        self.0.group
    }

    /// The token the run's processes carry.
    pub(super) fn token(&self) -> &str {
        &self.0.token
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        running().retain(|run| *run != self.0);
    }
}

fn running() -> MutexGuard<'static, Vec<Running>> {
    RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Starts the program at `path` with `argv` (its name first) as a run's,
/// marked with a token of its own and leading a process group of its own
/// ([`Launched::start`]), and registers it for a signal's handler to end;
/// nothing (`None`) when m3diff was asked to stop first. An error is the
/// program failing to start.
pub(super) fn start(path: &Path, argv: &[String]) -> io::Result<Option<(Launched, Registered)>> {
    registered(|environment| {
        let launched = Launched::start(path, argv, &[environment])?;
        Ok((launched.root, launched))
    })
}

/// Starts `command` (a build's compiler) as a run's program is started:
/// leading a process group of its own, marked with a token and
/// registered, so that a signal asking m3diff to stop ends it and what it
/// started (cc1plus, as, ld), which the terminal's signal no longer reaches
/// outside m3diff's group. Nothing (`None`) when m3diff was asked to stop
/// first.
pub fn start_held(command: &mut Command) -> io::Result<Option<(Child, Held)>> {
    let started = registered(|(name, value)| {
        let child = command.env(name, value).process_group(0).spawn()?;
        Ok((child.id(), child))
    })?;
    Ok(started.map(|(child, registered)| (child, Held(registered))))
}

/// A process started by [`start_held`], registered until this is dropped:
/// after the process is reaped.
pub struct Held(Registered);

impl Held {
    /// Ends the process and everything it started.
    pub fn kill(&self) {
        kill_group(self.0.group());
        kill_carriers(&[self.0.token()]);
    }
}

/// Starts a process with `spawn`, given the environment variable that marks
/// it ([`RUN_VARIABLE`]), which returns the group it leads, and registers it.
fn registered<T>(spawn: impl FnOnce((String, String)) -> io::Result<(u32, T)>) -> io::Result<Option<(T, Registered)>> {
    let token = format!("{}-{}", std::process::id(), RUNS.fetch_add(1, Ordering::Relaxed));
    // Before the process is started: a signal's handler then finds it.
    crate::process::interrupt::end_on_signal(kill_running);
    // Started and registered under the lock that a signal's handler
    // takes after it sets the stop flag: either the handler sees this
    // process, or this start sees the flag.
    let mut running = running();
    if crate::process::interrupt::requested() {
        return Ok(None);
    }
    let (group, started) = spawn((RUN_VARIABLE.to_string(), marks(&token)))?;
    let run = Running { group, token };
    running.push(run.clone());
    Ok(Some((started, Registered(run))))
}

/// Ends every program under way and everything it started: what a signal
/// asking m3diff to stop does, since a program's own group does not get the
/// signal.
pub fn kill_running() {
    let running = running().clone();
    for run in &running {
        kill_group(run.group);
    }
    let tokens: Vec<&str> = running.iter().map(|run| run.token.as_str()).collect();
    if !tokens.is_empty() {
        kill_carriers(&tokens);
    }
}

/// The value of [`RUN_VARIABLE`] for a run: this run's token after those of
/// the runs this m3diff itself descends from, so that they find it too.
fn marks(token: &str) -> String {
    match std::env::var(RUN_VARIABLE) {
        Ok(outer) if !outer.is_empty() => format!("{outer},{token}"),
        _ => token.to_string(),
    }
}

/// Whether an environment (`/proc/PID/environ`: `NAME=value` each ended by
/// a NUL) carries one of `tokens`.
fn carries(environ: &[u8], tokens: &[&str]) -> bool {
    let prefix = format!("{RUN_VARIABLE}=");
    environ
        .split(|&byte| byte == 0)
        .filter_map(|variable| variable.strip_prefix(prefix.as_bytes()))
        .flat_map(|value| value.split(|&byte| byte == b','))
        .any(|mark| tokens.iter().any(|token| token.as_bytes() == mark))
}

/// Kills every process that carries one of `tokens`, wherever it went
/// (`setsid`, a daemon). Linux only: elsewhere a run's group is all it ends.
pub(super) fn kill_carriers(tokens: &[&str]) {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        // Again while any is found: one may have started another between
        // the look and the kill. A killed one no longer shows its
        // environment (a zombie's is empty), so the looks end.
        for _ in 0..4 {
            let Ok(entries) = std::fs::read_dir("/proc") else { return };
            let mut found = false;
            for entry in entries.flatten() {
                let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()) else {
                    continue;
                };
                if pid == me {
                    continue;
                }
                match std::fs::read(entry.path().join("environ")) {
                    Ok(environ) if carries(&environ, tokens) => {
                        found = true;
                        if let Ok(pid) = libc::pid_t::try_from(pid) {
                            // SAFETY: kill(2) takes plain integers; pid is
                            // a process, positive, not this one.
                            unsafe { libc::kill(pid, libc::SIGKILL) };
                        }
                    }
                    _ => {}
                }
            }
            if !found {
                return;
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = tokens;
}

/// Ends everything in the process group `group` leads.
pub(crate) fn kill_group(group: u32) {
    if let Ok(group) = libc::pid_t::try_from(group) {
        // 0 and 1 would name this process's own group and every process.
        if group > 1 {
            // SAFETY: kill(2) takes plain integers; a negative pid names
            // the group the program leads, made for it at spawn.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
    }
}

/// Ends a run whose root is not reaped yet: its group, and its root even
/// where the root left the group. In a namespace, the root's end is the
/// end of every process in it.
pub(super) fn end_run(root: u32) {
    kill_group(root);
    if let Ok(root) = libc::pid_t::try_from(root) {
        if root > 1 {
            // SAFETY: kill(2) takes plain integers; the root is our child,
            // not reaped, so its pid names it and no other.
            unsafe { libc::kill(root, libc::SIGKILL) };
        }
    }
}

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    use std::thread;
    #[cfg(target_os = "linux")]
    use std::time::{Duration, Instant};

    #[cfg(target_os = "linux")]
    use super::super::executable::find;
    use super::super::tests::sh;
    #[cfg(target_os = "linux")]
    use super::super::tests::sh_within;
    use super::super::Ran;
    use super::*;

    /// A `sleep` no other process runs: its duration, seconds with a
    /// fraction of this test's own. A run's processes are found by it, not
    /// by a PID, since in a namespace a PID the script prints names another
    /// process outside it.
    #[cfg(target_os = "linux")]
    fn unique_sleep() -> String {
        use std::sync::atomic::AtomicU32;
        static NEXT: AtomicU32 = AtomicU32::new(0);
        format!("1000.{}{:04}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
    }

    /// Whether a live process (not a zombie) runs `sleep DURATION`.
    #[cfg(target_os = "linux")]
    fn sleeping(duration: &str) -> bool {
        let wanted = format!("sleep\0{duration}\0");
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            let path = entry.path();
            std::fs::read(path.join("cmdline")).is_ok_and(|cmdline| cmdline.ends_with(wanted.as_bytes()))
                && std::fs::read_to_string(path.join("stat"))
                    .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
        })
    }

    /// Whether `sleep DURATION` is gone within a few seconds: a kill is not
    /// instant, and the test machine is loaded.
    #[cfg(target_os = "linux")]
    fn gone(duration: &str) -> bool {
        let started = Instant::now();
        while sleeping(duration) && started.elapsed() < Duration::from_secs(5) {
            thread::sleep(Duration::from_millis(20));
        }
        !sleeping(duration)
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_timeout_ends_what_the_program_started_too() {
        let duration = unique_sleep();
        let script = format!("sleep {duration} & wait");
        assert!(matches!(sh(&script).run("").unwrap().ran, Ran::TimedOut { .. }));
        assert!(gone(&duration), "the script's sleep {duration} outlived the timeout");
    }

    /// A script's background child keeps its standard output open: the run
    /// ends when the script does, judged by what it printed, and the child
    /// goes with it, whether it stayed in the script's group or left it.
    #[cfg(target_os = "linux")]
    fn a_child_holding_the_output(start_child: &str) {
        let duration = unique_sleep();
        let script = format!("{start_child} sleep {duration} & echo answer");
        let timeout = Duration::from_secs(3);
        let started = Instant::now();
        let ran = sh_within(&script, timeout).run("").unwrap().ran;
        let took = started.elapsed();
        assert_eq!(ran, Ran::Printed("answer\n".to_string()));
        assert!(took < timeout + Duration::from_secs(1), "took {took:?}");
        assert!(gone(&duration), "the script's sleep {duration} outlived the run");

        // And when the script itself hangs, the run is a timeout on time.
        let duration = unique_sleep();
        let script = format!("{start_child} sleep {duration} & echo answer; sleep 1000");
        let started = Instant::now();
        let ran = sh_within(&script, timeout).run("").unwrap().ran;
        let took = started.elapsed();
        assert!(matches!(ran, Ran::TimedOut { .. }), "{ran:?}");
        assert!(took < timeout + Duration::from_secs(1), "took {took:?}");
        assert!(gone(&duration), "the script's sleep {duration} outlived the timeout");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_child_in_the_background_holding_the_output_holds_nothing_up() {
        a_child_holding_the_output("");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_child_that_left_the_group_holding_the_output_holds_nothing_up() {
        if find("setsid").is_none() {
            eprintln!("setsid is not on PATH: not tried");
            return;
        }
        a_child_holding_the_output("setsid");
    }

    #[test]
    fn a_run_carries_its_token_after_those_it_descends_from() {
        let ran = sh(&format!("echo ${RUN_VARIABLE}")).run("").unwrap().ran;
        let Ran::Printed(marks) = ran else { panic!("{ran:?}") };
        let token = marks.trim().rsplit(',').next().unwrap();
        assert!(token.starts_with(&format!("{}-", std::process::id())), "{marks}");
        let environ = format!("PATH=/bin\0{RUN_VARIABLE}=1-2,{token}\0HOME=/");
        assert!(carries(environ.as_bytes(), &["9-9", token]));
        assert!(!carries(environ.as_bytes(), &["1-"]), "a token whole, not a part of one");
        assert!(!carries(format!("OTHER={token}\0").as_bytes(), &[token]));
    }
}
