//! A run held in by the kernel (Linux): the program starts in a PID
//! namespace of its own, under a small init that m3diff forks for it.
//!
//! Why a namespace: when its init dies, the kernel kills every process in
//! it, however it got there (a new session, a double fork, a closed
//! output, a cleared environment), and nothing in it can leave. The init
//! dies with m3diff (`PR_SET_PDEATHSIG`), by any signal, SIGKILL and the
//! OOM killer included, so nothing a run started outlives m3diff either.
//! And the init reaps every process of the run, orphans included, so its
//! children's resource usage is the CPU time of the whole run.
//!
//! Why a raw `clone` and not `Command::pre_exec`: a closure there runs
//! after a full `fork`, and would need two more forks to make an init of
//! the namespace and then the program (three copies of m3diff's page
//! tables a case, measured at 0.45 ms); `clone(CLONE_NEWPID)` makes the
//! init at once, which starts the program with `posix_spawn` (no copy).
//!
//! Between the `clone` and `exec` only async-signal-safe calls are made:
//! m3diff has other threads, whose locks the child's copy may hold, so
//! everything the child touches is made before the `clone`.

use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::OnceLock;

/// Set to `group` to run programs without a namespace, as where the
/// kernel refuses one (README.md, "Checking your own program").
pub const CONTAINMENT_VARIABLE: &str = "M3DIFF_CONTAINMENT";

/// A program started in a namespace of its own.
pub(super) struct Spawned {
    /// The init's process ID, in m3diff's namespace: the run's root.
    pub init: libc::pid_t,
    /// Readable once the init has exited.
    pub pidfd: OwnedFd,
    pub stdin: File,
    pub stdout: File,
    pub stderr: File,
    /// The init's last word, read by [`status`] once it has exited.
    pub report: File,
}

/// What the init says when its run has ended, in one `write` (atomic on
/// a pipe): how the program ended. The run's resource usage is the init's
/// own, as `wait4` gives it: it reaped every process of the run.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
struct Report {
    /// The program's wait status, as `waitpid` gives it.
    status: libc::c_int,
    /// An `errno` when the program could not be started, else 0.
    start_error: libc::c_int,
}

/// The program's wait status, by the init's `report` once the init has
/// exited: `None` when it was killed before it could write one (a timeout,
/// a limit, a stop). An error is the program failing to start.
pub(super) fn status(report: &mut File) -> io::Result<Option<libc::c_int>> {
    let mut bytes = [0u8; std::mem::size_of::<Report>()];
    if report.read_exact(&mut bytes).is_err() {
        return Ok(None);
    }
    // SAFETY: a `Report` is plain integers, every bit pattern valid; the
    // init wrote it whole in one write.
    let report: Report = unsafe { std::ptr::read_unaligned(bytes.as_ptr().cast()) };
    if report.start_error != 0 {
        return Err(io::Error::from_raw_os_error(report.start_error));
    }
    Ok(Some(report.status))
}

/// Whether runs get a namespace here: the kernel grants one (to root, or
/// through a user namespace), and [`CONTAINMENT_VARIABLE`] does not say
/// `group`. Asked once, by a child that exits at once.
pub(super) fn available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        if std::env::var_os(CONTAINMENT_VARIABLE).is_some_and(|value| value == "group") {
            return false;
        }
        let mut pidfd: libc::c_int = -1;
        // SAFETY: the child makes one async-signal-safe call and exits.
        let pid = unsafe { clone_init(&mut pidfd) };
        if pid == 0 {
            // SAFETY: _exit is async-signal-safe.
            unsafe { libc::_exit(0) };
        }
        if pid < 0 {
            return false;
        }
        // SAFETY: the pidfd is ours, and the child ours to reap.
        unsafe {
            libc::close(pidfd);
            let mut status = 0;
            while libc::waitpid(pid as libc::pid_t, &mut status, 0) < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
        true
    })
}

/// `clone` as a `fork` into a new PID namespace (and a user namespace where
/// m3diff is not root), with a pidfd for the child.
unsafe fn clone_init(pidfd: &mut libc::c_int) -> libc::c_long {
    let mut flags = libc::CLONE_NEWPID | libc::CLONE_PIDFD;
    if libc::geteuid() != 0 {
        flags |= libc::CLONE_NEWUSER;
    }
    // No new stack: the child goes on from here on a copy of this one, as
    // after a fork. The arguments after the stack are the parent's and the
    // child's thread-ID pointers and the TLS, in an order that differs by
    // architecture; CLONE_PIDFD writes the pidfd to the parent's pointer,
    // the second in every order, and the others are unused.
    libc::syscall(
        libc::SYS_clone,
        (flags | libc::SIGCHLD) as libc::c_ulong,
        0usize,
        pidfd as *mut libc::c_int,
        0usize,
        0usize,
    )
}

/// A pipe whose ends close on `exec`.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut ends = [0; 2];
    // SAFETY: pipe2 fills two fds, which become ours.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both fds were just made and are owned by nothing else.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

fn c_string(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte in an argument"))
}

/// Starts `path` with `args` (its name first) and `environment` under an
/// init of a new PID namespace, with piped standard streams.
pub(super) fn spawn(path: &Path, args: &[String], environment: &[(String, String)]) -> io::Result<Spawned> {
    // Everything the child uses is made here: it may not allocate.
    let path = c_string(path.as_os_str().as_bytes())?;
    let args: Vec<CString> = args.iter().map(|arg| c_string(arg.as_bytes())).collect::<io::Result<_>>()?;
    let environment: Vec<CString> = environment
        .iter()
        .map(|(name, value)| c_string(&[OsStr::new(name).as_bytes(), b"=", value.as_bytes()].concat()))
        .collect::<io::Result<_>>()?;
    let shell = c_string(b"/bin/sh")?;
    let argv = pointers(&args);
    // A file that is not an executable format (a script with no `#!`) is
    // run by the shell, as execvp(3), and so `Command`, runs it.
    let shell_args: Vec<&CString> = [&shell, &path].into_iter().chain(args.iter().skip(1)).collect();
    let shell_argv: Vec<*const libc::c_char> =
        shell_args.iter().map(|arg| arg.as_ptr()).chain([std::ptr::null()]).collect();
    let envp = pointers(&environment);
    let (stdin_read, stdin_write) = pipe()?;
    let (stdout_read, stdout_write) = pipe()?;
    let (stderr_read, stderr_write) = pipe()?;
    let (report_read, report_write) = pipe()?;
    let child = Child {
        stdin: stdin_read.as_raw_fd(),
        stdout: stdout_write.as_raw_fd(),
        stderr: stderr_write.as_raw_fd(),
        report: report_write.as_raw_fd(),
        path: path.as_ptr(),
        argv: argv.as_ptr(),
        shell_argv: shell_argv.as_ptr(),
        envp: envp.as_ptr(),
    };
    let mut pidfd: libc::c_int = -1;
    // SAFETY: the child runs `init`, which never returns and makes only
    // async-signal-safe calls on what was made above.
    let pid = unsafe { clone_init(&mut pidfd) };
    if pid == 0 {
        // SAFETY: as above.
        unsafe { init(&child) }
    }
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    // The init's group is made on both sides, as a shell does: whichever
    // comes first, a signal's handler that ends the group finds it.
    // SAFETY: setpgid takes plain integers; the child is ours.
    unsafe { libc::setpgid(pid as libc::pid_t, pid as libc::pid_t) };
    // The child's ends close here, in m3diff: the streams end when the
    // run's processes have all gone.
    drop((stdin_read, stdout_write, stderr_write, report_write));
    Ok(Spawned {
        init: pid as libc::pid_t,
        // SAFETY: clone made the pidfd for us.
        pidfd: unsafe { OwnedFd::from_raw_fd(pidfd) },
        stdin: File::from(stdin_write),
        stdout: File::from(stdout_read),
        stderr: File::from(stderr_read),
        report: File::from(report_read),
    })
}

fn pointers(strings: &[CString]) -> Vec<*const libc::c_char> {
    strings.iter().map(|string| string.as_ptr()).chain([std::ptr::null()]).collect()
}

/// What the init works with, all made before the `clone`.
struct Child {
    stdin: RawFd,
    stdout: RawFd,
    stderr: RawFd,
    report: RawFd,
    path: *const libc::c_char,
    argv: *const *const libc::c_char,
    shell_argv: *const *const libc::c_char,
    envp: *const *const libc::c_char,
}

/// The namespace's init, process 1: starts the program, reaps every
/// process of the run, ends them all when the program exits, and reports.
///
/// # Safety
/// Only in the child of [`clone_init`], on a `Child` made before it.
unsafe fn init(child: &Child) -> ! {
    // Dies with the thread of m3diff that started it, which waits for the
    // run: with m3diff, whatever kills it.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    // A group of its own, which the program joins: a signal's handler in
    // m3diff ends the run by it, as it ends a run without a namespace.
    libc::setpgid(0, 0);
    // Moved above the standard streams first: where m3diff runs with one
    // of them closed, a pipe may have been given its number.
    let [stdin, stdout, stderr, report] =
        [child.stdin, child.stdout, child.stderr, child.report].map(|fd| libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3));
    libc::dup2(stdin, 0);
    libc::dup2(stdout, 1);
    libc::dup2(stderr, 2);
    // Every other descriptor but the report's: this copy of m3diff holds
    // those of runs started on other threads, whose streams would not end
    // while it lives.
    if report > 3 {
        libc::syscall(libc::SYS_close_range, 3u32, (report - 1) as u32, 0u32);
    }
    libc::syscall(libc::SYS_close_range, (report + 1) as u32, u32::MAX, 0u32);

    let mut attributes: libc::posix_spawnattr_t = std::mem::zeroed();
    libc::posix_spawnattr_init(&mut attributes);
    // m3diff ignores SIGPIPE (as every Rust program does) and its threads
    // may block signals: the program starts with neither, as from a shell.
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    let mut pipe_signal: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut pipe_signal);
    libc::sigaddset(&mut pipe_signal, libc::SIGPIPE);
    libc::posix_spawnattr_setsigmask(&mut attributes, &none);
    libc::posix_spawnattr_setsigdefault(&mut attributes, &pipe_signal);
    libc::posix_spawnattr_setflags(&mut attributes, (libc::POSIX_SPAWN_SETSIGMASK | libc::POSIX_SPAWN_SETSIGDEF) as _);
    let mut program: libc::pid_t = 0;
    let mut error = libc::posix_spawn(
        &mut program,
        child.path,
        std::ptr::null(),
        &attributes,
        child.argv.cast(),
        child.envp.cast(),
    );
    if error == libc::ENOEXEC {
        error = libc::posix_spawn(
            &mut program,
            c"/bin/sh".as_ptr(),
            std::ptr::null(),
            &attributes,
            child.shell_argv.cast(),
            child.envp.cast(),
        );
    }
    libc::close(0);
    libc::close(1);
    libc::close(2);
    let mut ended = Report { start_error: error, ..Report::default() };
    if error == 0 {
        loop {
            let mut status = 0;
            let reaped = libc::waitpid(-1, &mut status, libc::__WALL);
            if reaped < 0 {
                if *libc::__errno_location() == libc::EINTR {
                    continue;
                }
                break;
            }
            // Process 1 of a namespace of its own, checked again: kill(-1)
            // anywhere else would end every process m3diff may signal.
            if reaped == program && libc::getpid() == 1 {
                ended.status = status;
                libc::kill(-1, libc::SIGKILL);
            }
        }
    }
    libc::write(report, (&ended as *const Report).cast(), std::mem::size_of::<Report>());
    libc::_exit(0)
}
