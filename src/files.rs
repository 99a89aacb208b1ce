//! Files written whole or not at all: whenever m3diff stops (an error, a
//! full disk, a signal), a file it writes is either absent or complete, so
//! that nothing a later run, `triage` or the tests read is half a case.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` whole: into a temporary file beside it, synced,
/// then renamed over it. On an error the temporary file is removed and
/// `path` is as it was.
pub fn write_whole(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let partial = partial_beside(path);
    let written = (|| {
        let mut file = std::fs::File::create(&partial)?;
        file.write_all(bytes.as_ref())?;
        // A full disk may only show when the data reaches it.
        file.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// A temporary name in `path`'s folder that no other writer, in this
/// process or another, uses at the same time.
fn partial_beside(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{unique}.partial", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("case.in");
        write_whole(&path, "first").unwrap();
        write_whole(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|entry| entry.unwrap().file_name()).collect();
        assert_eq!(names, ["case.in"]);
    }

    #[test]
    fn a_write_that_fails_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("gone").join("case.in");
        assert!(write_whole(&missing, "text").is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
