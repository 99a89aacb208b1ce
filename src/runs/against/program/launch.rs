//! Starting a run's program and waiting for it: in a PID namespace of its
//! own where the kernel grants one ([`super::namespace`]), else as the
//! leader of a process group, which is what m3diff falls back to (not
//! root and no user namespaces, or [`CONTAINMENT_VARIABLE`] set to
//! `group`). Either way the run has one root process, whose exit ends the
//! run and whose `wait4` gives the run's resource usage.

use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
use super::namespace;
#[cfg(target_os = "linux")]
pub use super::namespace::CONTAINMENT_VARIABLE;

/// A run's program, started.
pub(super) struct Launched {
    /// The run's root: the namespace's init, or the program itself. It
    /// leads the run's process group.
    pub root: u32,
    /// Readable once the root has exited, where the kernel gives one.
    pidfd: Option<OwnedFd>,
    /// The init's report, where the run is in a namespace.
    report: Option<File>,
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
}

/// The root, reaped: the program's wait status (`None` when the run was
/// ended before it could say), and what the run's reaped processes used.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reaped {
    pub status: Option<libc::c_int>,
    /// The `errno` of a program that could not be started in its namespace.
    pub start_error: Option<libc::c_int>,
    pub cpu: Duration,
    pub max_rss: u64,
}

impl Launched {
    /// Starts `path` with `args` (its name first), `environment` added to
    /// m3diff's own.
    pub fn start(path: &Path, args: &[String], environment: &[(String, String)]) -> io::Result<Launched> {
        #[cfg(target_os = "linux")]
        if namespace::available() {
            let mut whole: Vec<(String, String)> =
                std::env::vars_os().filter_map(|(n, v)| Some((n.into_string().ok()?, v.into_string().ok()?))).collect();
            whole.retain(|(name, _)| environment.iter().all(|(added, _)| added != name));
            whole.extend(environment.iter().cloned());
            let spawned = namespace::spawn(path, args, &whole)?;
            return Ok(Launched {
                root: spawned.init as u32,
                pidfd: Some(spawned.pidfd),
                report: Some(spawned.report),
                stdin: Some(spawned.stdin),
                stdout: Some(spawned.stdout),
                stderr: Some(spawned.stderr),
            });
        }
        let mut command = Command::new(path);
        std::os::unix::process::CommandExt::arg0(&mut command, &args[0]);
        command.args(&args[1..]).envs(environment.iter().map(|(n, v)| (n, v)));
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        // A group of its own, so that what it starts (a script's programs)
        // ends with it.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let root = child.id();
        // Reaped by `wait4` here, never by `Child`: dropping it leaves the
        // process alone.
        Ok(Launched {
            root,
            pidfd: pidfd_open(root),
            report: None,
            stdin: child.stdin.take().map(|s| File::from(OwnedFd::from(s))),
            stdout: child.stdout.take().map(|s| File::from(OwnedFd::from(s))),
            stderr: child.stderr.take().map(|s| File::from(OwnedFd::from(s))),
        })
    }

    /// Whether the run is held in a namespace, whose init ends all of it.
    pub fn namespaced(&self) -> bool {
        self.report.is_some()
    }

    /// Waits at most `wait` for the root to exit, and reaps it.
    pub fn wait(&mut self, wait: Duration) -> io::Result<Option<Reaped>> {
        match &self.pidfd {
            Some(pidfd) => {
                let mut poll = libc::pollfd { fd: pidfd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
                let millis = wait.as_millis().min(i32::MAX as u128) as libc::c_int;
                // SAFETY: one pollfd, ours.
                if unsafe { libc::poll(&mut poll, 1, millis) } < 0 {
                    let error = io::Error::last_os_error();
                    return if error.kind() == io::ErrorKind::Interrupted { Ok(None) } else { Err(error) };
                }
                self.reap()
            }
            // No pidfd (an old kernel, another system): looked at a little
            // at a time, often at first, as most runs are short.
            None => {
                let until = Instant::now() + wait;
                let mut nap = Duration::from_micros(50);
                loop {
                    if let Some(reaped) = self.reap()? {
                        return Ok(Some(reaped));
                    }
                    let now = Instant::now();
                    if now >= until {
                        return Ok(None);
                    }
                    std::thread::sleep(nap.min(until - now));
                    nap = (nap * 2).min(Duration::from_millis(5));
                }
            }
        }
    }

    fn reap(&mut self) -> io::Result<Option<Reaped>> {
        let mut status = 0;
        // SAFETY: an rusage is plain integers.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: the root is our child, not reaped before (it is reaped here only).
        let reaped = unsafe { libc::wait4(self.root as libc::pid_t, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == 0 {
            return Ok(None);
        }
        if reaped < 0 {
            return Err(io::Error::last_os_error());
        }
        let micros =
            |time: libc::timeval| Duration::from_micros((time.tv_sec * 1_000_000 + time.tv_usec).max(0) as u64);
        let (status, start_error) = match &mut self.report {
            Some(report) => match program_status(report) {
                Ok(status) => (status, None),
                Err(error) => (None, Some(error.raw_os_error().unwrap_or(libc::EIO))),
            },
            None => (Some(status), None),
        };
        Ok(Some(Reaped {
            status,
            start_error,
            cpu: micros(usage.ru_utime) + micros(usage.ru_stime),
            max_rss: (usage.ru_maxrss.max(0) as u64) * 1024,
        }))
    }
}

/// The program's status by its namespace's init.
fn program_status(report: &mut File) -> io::Result<Option<libc::c_int>> {
    #[cfg(target_os = "linux")]
    return namespace::status(report);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = report;
        Ok(None)
    }
}

/// A pidfd for `pid` (Linux 5.3 and later); `None` where there is none.
fn pidfd_open(pid: u32) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: pidfd_open takes plain integers and returns a new fd.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) };
        // SAFETY: a non-negative result is a new fd, ours.
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as libc::c_int) })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}
