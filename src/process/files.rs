//! Files written whole or not at all: whenever m3diff stops (an error, a
//! full disk, a signal), a file it writes is either absent or complete, so
//! that nothing a later run, `triage` or the tests read is half a case.
//! Every error here names the path it is about, so that the one line a
//! user reads says where.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` whole: into a temporary file beside it, synced,
/// then renamed over it. On an error the temporary file is removed, `path`
/// is as it was, and the error names `path`.
pub fn write_whole(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    write_whole_with(path, bytes.as_ref(), |partial| std::fs::File::create(partial))
}

/// A file being written that can be made durable: what a full disk refuses
/// may only show then.
trait Durable: Write {
    fn sync(&mut self) -> io::Result<()>;
}

impl Durable for std::fs::File {
    fn sync(&mut self) -> io::Result<()> {
        self.sync_all()
    }
}

fn write_whole_with<W: Durable>(
    path: &Path,
    bytes: &[u8],
    create: impl FnOnce(&Path) -> io::Result<W>,
) -> io::Result<()> {
    let partial = partial_beside(path);
    let written = (|| {
        let mut file = create(&partial)?;
        file.write_all(bytes)?;
        file.sync()?;
        drop(file);
        std::fs::rename(&partial, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written.map_err(|error| named(path, error))
}

/// Writes `path` whole unless it exists: true when this call wrote it. Two
/// writers racing for one name never both win, and neither leaves half a
/// file (a temporary file, then a hard link that refuses an existing name).
pub fn write_new(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<bool> {
    let partial = partial_beside(path);
    let linked = write_whole(&partial, bytes).and_then(|()| match std::fs::hard_link(&partial, path) {
        Ok(()) => Ok(true),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(error) => Err(named(path, error)),
    });
    let _ = std::fs::remove_file(&partial);
    linked
}

/// Writes every file whole, or none: when one fails, those written before
/// it in this call are removed again (a case's `.in` and its report stand
/// or fall together). Nothing is replaced that was there before a file
/// that follows fails, since each is written under a new name or not at all.
pub fn write_together(files: &[(&Path, &[u8])]) -> io::Result<()> {
    write_together_with(files, |path, bytes| write_whole(path, bytes))
}

fn write_together_with(
    files: &[(&Path, &[u8])],
    mut write: impl FnMut(&Path, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    for (done, (path, bytes)) in files.iter().enumerate() {
        if let Err(error) = write(path, bytes) {
            for (written, _) in &files[..done] {
                let _ = std::fs::remove_file(written);
            }
            return Err(error);
        }
    }
    Ok(())
}

/// Removes a file; one that is gone already (another writer removed it)
/// is no error.
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(named(path, error)),
        _ => Ok(()),
    }
}

/// `error` as one line that names `path`: a folder that is not there (never
/// made, or removed during the run) is said so, rather than that the file
/// in it is not found.
pub fn named(path: &Path, error: io::Error) -> io::Error {
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty());
    let message = match folder {
        Some(folder) if error.kind() == io::ErrorKind::NotFound && !folder.is_dir() => {
            format!("{}: no such folder (or removed during the run): cannot write {}", folder.display(), path.display())
        }
        _ => format!("{}: {error}", path.display()),
    };
    io::Error::new(error.kind(), message)
}

/// Fails unless `dir` takes a file: one of `PROBE_BYTES` is written there
/// whole and removed again, so that a disk full already is known before the
/// first case rather than after. Its name starts with a dot, as a temporary
/// file's does, so that one left by a kill at that moment is read by no one.
/// The error is what went wrong alone ("permission denied"), not the
/// probe's name, which the user never gave: the caller names `dir` as the
/// user gave it.
pub fn try_writing(dir: &Path) -> io::Result<()> {
    sweep_dead_writers(dir);
    let probe = dir.join(format!("{PROBE_PREFIX}{}", std::process::id()));
    let unnamed = |error: io::Error| io::Error::new(error.kind(), error.kind().to_string());
    write_whole(&probe, [0u8; PROBE_BYTES]).map_err(unnamed)?;
    std::fs::remove_file(&probe).map_err(unnamed)
}

/// The name of [`try_writing`]'s probe, before the writer's PID.
const PROBE_PREFIX: &str = ".m3diff-probe-";

/// What [`try_writing`] writes: a disk that cannot take this much cannot
/// take a case and its report either.
const PROBE_BYTES: usize = 4096;

/// A temporary name in `path`'s folder that no other writer, in this
/// process or another, uses at the same time: `.NAME.PID-N.partial`, for a
/// file or a folder written whole. It starts with a dot and ends in
/// `.partial`, which no reader of the corpus takes for a case, and holds
/// the writer's PID, by which [`sweep_dead_writers`] knows it for debris.
pub fn partial_beside(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{unique}.partial", std::process::id()))
}

/// Removes from `dir` what a writer killed mid-write (SIGKILL, a power
/// cut) left there: the temporary files and folders of [`partial_beside`]
/// and the probes of [`try_writing`], each of a process that is gone. A
/// live writer's, this process's included, are left alone; so is anything
/// that cannot be removed (it is debris, not a finding).
pub fn sweep_dead_writers(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for path in entries.flatten().map(|entry| entry.path()) {
        let Some(writer) = writer_of(&path) else { continue };
        if writer != std::process::id() && !alive(writer) {
            let _ = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        }
    }
}

/// The PID in the name of a temporary file, folder or probe of this module.
fn writer_of(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    if let Some(pid) = name.strip_prefix(PROBE_PREFIX) {
        return pid.parse().ok();
    }
    let (_, writer) = name.strip_prefix('.')?.strip_suffix(".partial")?.rsplit_once('.')?;
    let (pid, unique) = writer.split_once('-')?;
    unique.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether process `pid` exists; where that cannot be asked, it is taken
/// to, so that nothing of a live writer is ever removed.
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
        // SAFETY: signal 0 is never sent: kill only says whether `pid` exists.
        let found = unsafe { libc::kill(pid, 0) } == 0;
        found || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Whether `path` names a temporary file of [`write_whole`], left behind
/// by a writer killed mid-write.
pub fn is_partial(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.starts_with('.') && name.ends_with(".partial"))
}

/// A folder of this process's own for a while (what it builds, what a hunt
/// keeps), its name starting with a dot as a temporary file's does;
/// removed with all it holds when dropped.
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// A new folder `.NAME.PURPOSE.PID-N.partial` in `parent`, which
    /// [`sweep_dead_writers`] removes once this process is gone, should it
    /// be killed before the folder is dropped.
    pub fn new(parent: &Path, name: &str, purpose: &str) -> io::Result<Scratch> {
        let dir = partial_beside(&parent.join(format!("{name}.{purpose}")));
        std::fs::create_dir_all(&dir).map_err(|error| named(&dir, error))?;
        Ok(Scratch { dir })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A folder held by one writer at a time, across processes (an advisory
/// `flock` on the folder itself, so that no lock file is left in it); let
/// go when dropped, or when the process ends however it ends.
pub struct FolderLock {
    _folder: std::fs::File,
}

impl FolderLock {
    /// Waits until no other writer holds `folder`, then holds it.
    pub fn take(folder: &Path) -> io::Result<FolderLock> {
        let file = std::fs::File::open(folder).map_err(|error| named(folder, error))?;
        #[cfg(unix)]
        loop {
            use std::os::fd::AsRawFd;
            // SAFETY: flock on a descriptor this function owns; no memory is shared.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
                break;
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(named(folder, error));
            }
        }
        // Held: no writer of this folder is mid-write, but a dead one may
        // have been.
        sweep_dead_writers(folder);
        Ok(FolderLock { _folder: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 55: the error named the probe (".m3diff-probe-17585: ..."), a
    /// file the user never gave, where the folder they gave is the one.
    #[test]
    fn a_folder_that_takes_no_probe_is_said_without_the_probe_s_name() {
        let dir = tempfile::tempdir().unwrap();
        try_writing(dir.path()).unwrap();
        assert!(names(dir.path()).is_empty(), "the probe stayed: {:?}", names(dir.path()));
        // A folder in the probe's place, as a full disk or a read-only one
        // would, refuses it.
        let blocking = dir.path().join(format!("{PROBE_PREFIX}{}", std::process::id()));
        std::fs::create_dir_all(blocking.join("inside")).unwrap();
        let error = try_writing(dir.path()).unwrap_err().to_string();
        assert!(!error.contains(PROBE_PREFIX) && !error.is_empty(), "{error}");
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("case.in");
        write_whole(&path, "first").unwrap();
        write_whole(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(names(dir.path()), ["case.in"]);
    }

    #[test]
    fn a_write_into_a_folder_that_is_gone_leaves_nothing_and_names_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("gone").join("case.in");
        let error = write_whole(&missing, "text").unwrap_err().to_string();
        assert!(error.contains(&dir.path().join("gone").display().to_string()) && error.contains("gone"), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    /// A disk with room for `room` bytes more.
    struct Filling {
        file: std::fs::File,
        room: usize,
    }

    impl Write for Filling {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from(io::ErrorKind::StorageFull));
            }
            let n = bytes.len().min(self.room);
            self.room -= n;
            self.file.write(&bytes[..n])
        }
        fn flush(&mut self) -> io::Result<()> {
            self.file.flush()
        }
    }

    impl Durable for Filling {
        fn sync(&mut self) -> io::Result<()> {
            self.file.sync_all()
        }
    }

    #[test]
    fn a_full_disk_leaves_neither_a_cut_file_nor_an_empty_one_and_the_old_file_stands() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("summary.json");
        for room in [0, 4096] {
            let full = |partial: &Path| Ok(Filling { file: std::fs::File::create(partial)?, room });
            let error = write_whole_with(&path, &[b'x'; 10_000], full).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::StorageFull);
            assert!(error.to_string().starts_with(&path.display().to_string()), "{error}");
            assert!(names(dir.path()).is_empty(), "room {room}: {:?}", names(dir.path()));
        }
        write_whole(&path, "whole").unwrap();
        let full = |partial: &Path| Ok(Filling { file: std::fs::File::create(partial)?, room: 2 });
        assert!(write_whole_with(&path, b"replacement", full).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole", "a failed write keeps what was there");
        assert_eq!(names(dir.path()), ["summary.json"]);
    }

    #[test]
    fn files_written_together_all_stand_or_none_does() {
        let dir = tempfile::tempdir().unwrap();
        let (report, case) = (dir.path().join("x.txt"), dir.path().join("x.in"));
        let files: [(&Path, &[u8]); 2] = [(&report, b"report"), (&case, b"case")];
        let mut writes = 0;
        let second_fails = |path: &Path, bytes: &[u8]| {
            writes += 1;
            match writes {
                1 => write_whole(path, bytes),
                _ => Err(named(path, io::Error::from(io::ErrorKind::StorageFull))),
            }
        };
        let error = write_together_with(&files, second_fails).unwrap_err();
        assert!(error.to_string().contains(&case.display().to_string()), "{error}");
        assert!(names(dir.path()).is_empty(), "the report stayed without its case: {:?}", names(dir.path()));
        write_together(&files).unwrap();
        assert_eq!(names(dir.path()), ["x.in", "x.txt"]);
    }

    #[test]
    fn a_new_file_is_written_once_and_an_existing_one_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("marker");
        assert!(write_new(&path, "first").unwrap());
        assert!(!write_new(&path, "second").unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first");
        assert_eq!(names(dir.path()), ["marker"]);
        assert!(is_partial(&partial_beside(&path)) && !is_partial(&path));
    }

    #[test]
    fn a_folder_is_held_by_one_lock_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let held = FolderLock::take(dir.path()).unwrap();
        let (taken, wait) = std::sync::mpsc::channel();
        let folder = dir.path().to_path_buf();
        let other = std::thread::spawn(move || {
            let _lock = FolderLock::take(&folder).unwrap();
            taken.send(()).unwrap();
        });
        let waited = wait.recv_timeout(std::time::Duration::from_millis(300));
        assert!(waited.is_err(), "a second writer took the folder while the first held it");
        drop(held);
        wait.recv_timeout(std::time::Duration::from_secs(60)).expect("the lock is let go when dropped");
        other.join().unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn what_a_dead_writer_left_goes_when_the_folder_is_next_held_and_a_live_writer_s_stays() {
        let dir = tempfile::tempdir().unwrap();
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        gone.wait().unwrap();
        let mut live = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let (gone, live_pid, own) = (gone.id(), live.id(), std::process::id());
        let debris = [format!(".case.in.{gone}-3.partial"), format!("{PROBE_PREFIX}{gone}")];
        for name in debris.iter().chain([&format!(".case.in.{live_pid}-0.partial"), &format!("{PROBE_PREFIX}{own}")]) {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        let set = dir.path().join(format!(".tests.{gone}-0.partial"));
        std::fs::create_dir(&set).unwrap();
        std::fs::write(set.join("01.in"), "x").unwrap();
        std::fs::write(dir.path().join("case.in"), "a finding").unwrap();
        drop(FolderLock::take(dir.path()).unwrap());
        live.kill().unwrap();
        live.wait().unwrap();
        let left = names(dir.path());
        assert_eq!(left, [format!(".case.in.{live_pid}-0.partial"), format!("{PROBE_PREFIX}{own}"), "case.in".into()]);
    }
}
