//! A run held in by the kernel (Linux): the program starts in a PID
//! namespace of its own, under a small init that m3diff forks for it.
//!
//! Why a namespace: when its init kills every process in it, or dies, the
//! kernel ends them all, however they got there (a new session, a double
//! fork, a closed output, a cleared environment), and nothing in it can
//! leave. The init dies with m3diff (`PR_SET_PDEATHSIG`), by any signal,
//! SIGKILL and the OOM killer included, so nothing a run started outlives
//! m3diff either. And the init reaps every process of a run, orphans
//! included, so their resource usage is the whole run's.
//!
//! Why one init a thread, kept from run to run: an init is a forked copy of
//! m3diff, and while it lives every page m3diff writes is copied once (a
//! fork's copy on write). An init a run made each run pay for its pages
//! again (0.7 ms a case, measured); an init kept pays once. It is kept
//! while its thread runs the same program, starts it for each run
//! (`posix_spawn`, which copies nothing), and ends every process of the
//! run when the program exits. An init killed (a limit, a timeout, a stop)
//! takes its namespace with it, and the next run makes another.
//!
//! Between the `clone` and the end of the init only async-signal-safe
//! calls are made: m3diff has other threads, whose locks the child's copy
//! may hold, so everything the init uses is made before the `clone`.

mod init;

use std::cell::RefCell;
use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use init::{Child, Report};

/// Set to `group` to run programs without a namespace, as where the
/// kernel refuses one (README.md, "How a program is run").
pub const CONTAINMENT_VARIABLE: &str = "M3DIFF_CONTAINMENT";

/// An init, in a namespace of its own, that starts one program.
pub(super) struct Init {
    /// Its process ID, in m3diff's namespace: it leads the run's group.
    pub pid: libc::pid_t,
    /// m3diff's end of the socket a run is asked for and reported on.
    socket: OwnedFd,
    /// The program it starts, and its arguments: it is kept for the runs
    /// of the same, whose programs carry the environment of the first,
    /// with its run token (which finds the processes of a run that left its
    /// group, and no process in a namespace can).
    path: PathBuf,
    args: Vec<String>,
}

thread_local! {
    /// This thread's init, between runs.
    static KEPT: RefCell<Option<Init>> = const { RefCell::new(None) };
}

impl Init {
    /// Starts a run of the program at `path` with `args` (its name first)
    /// and m3diff's environment with `added`, on this thread's init, or a
    /// new one; the run's standard streams.
    pub fn start(path: &Path, args: &[String], added: &[(String, String)]) -> io::Result<(Init, [File; 3])> {
        let kept = KEPT.with(|kept| kept.borrow_mut().take()).filter(|init| init.path == path && init.args == args);
        let init = match kept {
            Some(init) => init,
            None => Init::new(path, args, added)?,
        };
        let (stdin_read, stdin_write) = pipe()?;
        let (stdout_read, stdout_write) = pipe()?;
        let (stderr_read, stderr_write) = pipe()?;
        send_streams(&init.socket, [stdin_read, stdout_write, stderr_write])?;
        Ok((init, [File::from(stdin_write), File::from(stdout_read), File::from(stderr_read)]))
    }

    /// The run's report, when it comes within `wait`: `Some(None)` when
    /// the init is gone (killed) and will report nothing.
    pub fn report(&self, wait: Duration) -> io::Result<Option<Option<Report>>> {
        let mut poll = libc::pollfd { fd: self.socket.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        let millis = wait.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one pollfd, ours.
        if unsafe { libc::poll(&mut poll, 1, millis) } <= 0 {
            return Ok(None);
        }
        let mut report = Report::default();
        // SAFETY: a `Report` is plain integers, every bit pattern valid;
        // the init sends it whole in one message of a seqpacket socket.
        let read = unsafe {
            libc::recv(
                self.socket.as_raw_fd(),
                (&mut report as *mut Report).cast(),
                std::mem::size_of::<Report>(),
                libc::MSG_DONTWAIT,
            )
        };
        match read {
            n if n as usize == std::mem::size_of::<Report>() => Ok(Some(Some(report))),
            n if n < 0 && io::Error::last_os_error().kind() == io::ErrorKind::WouldBlock => Ok(None),
            _ => Ok(Some(None)),
        }
    }

    /// Keeps the init for the thread's next run.
    pub fn keep(self) {
        KEPT.with(|kept| *kept.borrow_mut() = Some(self));
    }

    fn new(program: &Path, arguments: &[String], added: &[(String, String)]) -> io::Result<Init> {
        // Everything the init uses is made here: it may not allocate.
        let path = c_string(program.as_os_str().as_bytes())?;
        let args: Vec<CString> = arguments.iter().map(|arg| c_string(arg.as_bytes())).collect::<io::Result<_>>()?;
        let inherited = std::env::vars_os().filter(|(name, _)| added.iter().all(|(added, _)| name != added.as_str()));
        let added = added.iter().map(|(name, value)| (name.into(), value.into()));
        let environment: Vec<CString> = inherited
            .chain(added)
            .map(|(name, value): (std::ffi::OsString, std::ffi::OsString)| {
                c_string(&[name.as_bytes(), b"=", value.as_bytes()].concat())
            })
            .collect::<io::Result<_>>()?;
        let shell = c_string(b"/bin/sh")?;
        // A file that is not an executable format (a script with no `#!`)
        // is run by the shell, as execvp(3), and so `Command`, runs it.
        let shell_args: Vec<CString> =
            [shell.clone(), path.clone()].into_iter().chain(args.iter().skip(1).cloned()).collect();
        let (argv, shell_argv, envp) = (pointers(&args), pointers(&shell_args), pointers(&environment));
        let mut ends = [0; 2];
        // SAFETY: socketpair fills two fds, which become ours.
        if unsafe { libc::socketpair(libc::AF_UNIX, libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC, 0, ends.as_mut_ptr()) }
            != 0
        {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: both fds were just made and are owned by nothing else.
        let (ours, its) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
        let child = Child {
            socket: its.as_raw_fd(),
            path: path.as_ptr(),
            shell: shell.as_ptr(),
            argv: argv.as_ptr(),
            shell_argv: shell_argv.as_ptr(),
            envp: envp.as_ptr(),
        };
        // SAFETY: the child runs `init`, which never returns and makes only
        // async-signal-safe calls on what was made above.
        let pid = unsafe { clone_init() };
        if pid == 0 {
            // SAFETY: as above.
            unsafe { init::run(&child) }
        }
        if pid < 0 {
            return Err(io::Error::last_os_error());
        }
        // The group is made on both sides, as a shell does: whichever comes
        // first, a signal's handler that ends the group finds it.
        // SAFETY: setpgid takes plain integers; the child is ours.
        unsafe { libc::setpgid(pid as libc::pid_t, pid as libc::pid_t) };
        Ok(Init { pid: pid as libc::pid_t, socket: ours, path: program.to_path_buf(), args: arguments.to_vec() })
    }
}

impl Drop for Init {
    /// Ends the init, its namespace with it, and reaps it.
    fn drop(&mut self) {
        // SAFETY: kill and waitpid take plain integers; the init is our
        // child, reaped only here, so its pid names it and no other.
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
            let mut status = 0;
            while libc::waitpid(self.pid, &mut status, libc::__WALL) < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
    }
}

/// Sends a run's three standard streams to its init, which starts the
/// program on them; m3diff's copies of the program's ends close here.
fn send_streams(socket: &OwnedFd, streams: [OwnedFd; 3]) -> io::Result<()> {
    let streams_raw = streams.each_ref().map(|fd| fd.as_raw_fd());
    let fds_len = std::mem::size_of::<[RawFd; 3]>();
    // SAFETY: CMSG_SPACE computes a size from a length.
    let space = unsafe { libc::CMSG_SPACE(fds_len as u32) } as usize;
    let mut control = vec![0u8; space];
    let mut byte = [b'r'];
    let mut iov = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    // SAFETY: a msghdr is plain data; the pointers set below outlive the
    // call; CMSG_FIRSTHDR and CMSG_DATA point into `control`, which holds
    // one header and three fds.
    unsafe {
        let mut message: libc::msghdr = std::mem::zeroed();
        message.msg_iov = &mut iov;
        message.msg_iovlen = 1;
        message.msg_control = control.as_mut_ptr().cast();
        message.msg_controllen = space as _;
        let header = libc::CMSG_FIRSTHDR(&message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(fds_len as u32) as _;
        std::ptr::copy_nonoverlapping(streams_raw.as_ptr().cast::<u8>(), libc::CMSG_DATA(header), fds_len);
        if libc::sendmsg(socket.as_raw_fd(), &message, libc::MSG_NOSIGNAL) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    drop(streams);
    Ok(())
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
        // SAFETY: the child makes one async-signal-safe call and exits.
        let pid = unsafe { clone_init() };
        if pid == 0 {
            // SAFETY: _exit is async-signal-safe.
            unsafe { libc::_exit(0) };
        }
        if pid < 0 {
            return false;
        }
        // SAFETY: the child is ours to reap.
        unsafe {
            let mut status = 0;
            while libc::waitpid(pid as libc::pid_t, &mut status, 0) < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
        true
    })
}

/// `clone` as a `fork` into a new PID namespace (and a user namespace where
/// m3diff is not root).
unsafe fn clone_init() -> libc::c_long {
    let mut flags = libc::CLONE_NEWPID;
    if libc::geteuid() != 0 {
        flags |= libc::CLONE_NEWUSER;
    }
    // No new stack: the child goes on from here on a copy of this one, as
    // after a fork.
    libc::syscall(libc::SYS_clone, (flags | libc::SIGCHLD) as libc::c_ulong, 0usize, 0usize, 0usize, 0usize)
}

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

fn pointers(strings: &[CString]) -> Vec<*const libc::c_char> {
    strings.iter().map(|string| string.as_ptr()).chain([std::ptr::null()]).collect()
}
