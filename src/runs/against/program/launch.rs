//! Starting a run's program and waiting for it: in a PID namespace of its
//! own where the kernel grants one ([`super::namespace`]), under an init
//! that reports how the run ended and what it used; else as the leader of
//! a process group, which is what m3diff falls back to (not root and no
//! user namespaces, or [`CONTAINMENT_VARIABLE`] set to `group`), reaped and
//! measured by `wait4`. Either way the run has one root process, which
//! leads its group.

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
    /// The run's init, where the run is in a namespace: the root.
    #[cfg(target_os = "linux")]
    init: Option<namespace::Init>,
    /// Whether the init reported the run's end, and may start the next.
    reported: bool,
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
}

/// A run ended: the program's wait status (`None` when its init was ended
/// before it could say), and what the run's reaped processes used.
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
            let (init, [stdin, stdout, stderr]) = namespace::Init::start(path, args, environment)?;
            return Ok(Launched {
                root: init.pid as u32,
                pidfd: None,
                init: Some(init),
                reported: false,
                stdin: Some(stdin),
                stdout: Some(stdout),
                stderr: Some(stderr),
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
            #[cfg(target_os = "linux")]
            init: None,
            reported: false,
            stdin: child.stdin.take().map(|s| File::from(OwnedFd::from(s))),
            stdout: child.stdout.take().map(|s| File::from(OwnedFd::from(s))),
            stderr: child.stderr.take().map(|s| File::from(OwnedFd::from(s))),
        })
    }

    /// Whether the run is held in a namespace, whose init ends all of it.
    pub fn namespaced(&self) -> bool {
        #[cfg(target_os = "linux")]
        return self.init.is_some();
        #[cfg(not(target_os = "linux"))]
        false
    }

    /// Waits at most `wait` for the run to end: its init's report, or its
    /// root to exit, reaped.
    pub fn wait(&mut self, wait: Duration) -> io::Result<Option<Reaped>> {
        #[cfg(target_os = "linux")]
        if let Some(init) = &self.init {
            let reaped = match init.report(wait)? {
                None => return Ok(None),
                Some(Some(report)) => {
                    self.reported = true;
                    Reaped {
                        status: Some(report.status),
                        start_error: (report.start_error != 0).then_some(report.start_error),
                        cpu: report.cpu(),
                        max_rss: report.max_rss(),
                    }
                }
                // Killed: what it reaped is lost with it, and the looks at
                // the run while it lived say what the run used.
                Some(None) => Reaped { status: None, start_error: None, cpu: Duration::ZERO, max_rss: 0 },
            };
            return Ok(Some(reaped));
        }
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
        Ok(Some(Reaped {
            status: Some(status),
            start_error: None,
            cpu: micros(usage.ru_utime) + micros(usage.ru_stime),
            max_rss: (usage.ru_maxrss.max(0) as u64) * 1024,
        }))
    }
}

impl Drop for Launched {
    /// An init that reported its run is kept for the thread's next run;
    /// one that did not is ended with its namespace.
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(init) = self.init.take() {
            if self.reported {
                init.keep();
            }
        }
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
