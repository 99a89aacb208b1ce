//! Where the program `--against` names is, looked up once before any case
//! runs, as a shell would: a program that is not there, or cannot be run,
//! is one line at the start rather than a failure on every case.

use std::path::{Path, PathBuf};

/// The file a program name stands for: a path when it holds a `/`, else
/// the first match on PATH, as a shell looks it up.
pub(super) fn find(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Path::new(name).is_file().then(|| PathBuf::from(name));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| is_executable(candidate))
}

pub(super) fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata().is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}
