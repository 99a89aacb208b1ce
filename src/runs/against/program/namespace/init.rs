//! The init of a run's namespace, process 1, as it runs in the child of
//! the `clone`: apart from m3diff's side so that what runs there, only
//! async-signal-safe calls on what was made before the `clone`, reads as
//! one piece.

use std::os::fd::RawFd;
use std::time::Duration;

/// What the init says when a run has ended, in one message: how the
/// program ended, and what the run's processes used.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Report {
    /// The program's wait status, as `waitpid` gives it.
    pub status: libc::c_int,
    /// An `errno` when the program could not be started, else 0.
    pub start_error: libc::c_int,
    /// User and system CPU time of every process of the run.
    pub cpu_micros: i64,
    /// The largest resident set of any one process of the run.
    pub max_rss_kib: i64,
}

impl Report {
    pub fn cpu(&self) -> Duration {
        Duration::from_micros(self.cpu_micros.max(0) as u64)
    }

    pub fn max_rss(&self) -> u64 {
        self.max_rss_kib.max(0) as u64 * 1024
    }
}

/// What the init works with, all made before the `clone`.
pub(super) struct Child {
    pub socket: RawFd,
    pub path: *const libc::c_char,
    pub shell: *const libc::c_char,
    pub argv: *const *const libc::c_char,
    pub shell_argv: *const *const libc::c_char,
    pub envp: *const *const libc::c_char,
}

/// The namespace's init, process 1: for each run asked on the socket,
/// starts the program on the streams sent, reaps every process of the run,
/// ends them all when the program exits, and reports.
///
/// # Safety
/// Only in the child of the namespace's `clone`, on a `Child` made
/// before it.
pub(super) unsafe fn run(child: &Child) -> ! {
    // Dies with the thread of m3diff that made it, which runs its runs:
    // with m3diff, whatever kills it.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    // A group of its own, which each program joins: a signal's handler in
    // m3diff ends a run by it, as it ends a run without a namespace.
    libc::setpgid(0, 0);
    // Every descriptor but the socket: this copy of m3diff holds those of
    // runs started on other threads, whose streams would not end while it
    // lives.
    let socket = libc::fcntl(child.socket, libc::F_DUPFD_CLOEXEC, 3);
    libc::syscall(libc::SYS_close_range, 0u32, (socket - 1) as u32, 0u32);
    libc::syscall(libc::SYS_close_range, (socket + 1) as u32, u32::MAX, 0u32);

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

    loop {
        let Some(streams) = receive_streams(socket) else { libc::_exit(0) };
        // Moved above the standard streams first, whatever numbers they
        // came in, then set as the program's 0, 1 and 2.
        let high = streams.map(|fd| libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3));
        for fd in streams {
            libc::close(fd);
        }
        for (standard, fd) in high.into_iter().enumerate() {
            libc::dup2(fd, standard as libc::c_int);
            libc::close(fd);
        }
        let mut program: libc::pid_t = 0;
        let mut spawn = |path: *const libc::c_char, argv: *const *const libc::c_char| {
            libc::posix_spawn(&mut program, path, std::ptr::null(), &attributes, argv.cast(), child.envp.cast())
        };
        let mut error = spawn(child.path, child.argv);
        if error == libc::ENOEXEC {
            error = spawn(child.shell, child.shell_argv);
        }
        for standard in 0..3 {
            libc::close(standard);
        }
        let mut report = Report { start_error: error, ..Report::default() };
        if error == 0 {
            reap_run(program, &mut report);
        }
        libc::send(socket, (&report as *const Report).cast(), std::mem::size_of::<Report>(), libc::MSG_NOSIGNAL);
    }
}

/// Reaps every process of a run, ending them all when `program` exits,
/// and counts what they used.
unsafe fn reap_run(program: libc::pid_t, report: &mut Report) {
    loop {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        let reaped = libc::wait4(-1, &mut status, libc::__WALL, &mut usage);
        if reaped < 0 {
            if *libc::__errno_location() == libc::EINTR {
                continue;
            }
            return;
        }
        let micros = |time: libc::timeval| time.tv_sec * 1_000_000 + time.tv_usec;
        report.cpu_micros += micros(usage.ru_utime) + micros(usage.ru_stime);
        report.max_rss_kib = report.max_rss_kib.max(usage.ru_maxrss);
        // Process 1 of a namespace of its own, checked again: kill(-1)
        // anywhere else would end every process m3diff may signal.
        if reaped == program && libc::getpid() == 1 {
            report.status = status;
            libc::kill(-1, libc::SIGKILL);
        }
    }
}

/// The three streams of the next run; `None` when m3diff closed the socket.
unsafe fn receive_streams(socket: RawFd) -> Option<[RawFd; 3]> {
    let fds_len = std::mem::size_of::<[RawFd; 3]>();
    // Room for one header and three fds, on the stack: no allocation here.
    let mut control = [0u64; 8];
    let mut byte = [0u8; 1];
    let mut iov = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    let mut message: libc::msghdr = std::mem::zeroed();
    message.msg_iov = &mut iov;
    message.msg_iovlen = 1;
    message.msg_control = control.as_mut_ptr().cast();
    message.msg_controllen = std::mem::size_of_val(&control) as _;
    loop {
        let received = libc::recvmsg(socket, &mut message, libc::MSG_CMSG_CLOEXEC);
        if received < 0 && *libc::__errno_location() == libc::EINTR {
            continue;
        }
        if received <= 0 {
            return None;
        }
        break;
    }
    let header = libc::CMSG_FIRSTHDR(&message);
    if header.is_null() || (*header).cmsg_type != libc::SCM_RIGHTS {
        return None;
    }
    let mut streams = [0 as RawFd; 3];
    std::ptr::copy_nonoverlapping(libc::CMSG_DATA(header), streams.as_mut_ptr().cast::<u8>(), fds_len);
    Some(streams)
}
