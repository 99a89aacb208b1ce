//! The corpus: problem-format files under `corpus/<game>/`, some with the
//! expected answer beside them in `NAME.out`.

use std::path::{Path, PathBuf};

/// Extension of an instance file.
pub const INSTANCE_EXTENSION: &str = "in";
/// Extension of the file that holds an instance's expected answer.
pub const ANSWER_EXTENSION: &str = "out";

/// Every instance file below `dir`, sorted, subdirectories included. Names
/// that start with a dot are left out: a writer's temporary files
/// ([`crate::files::is_partial`]), left whole or cut by a kill, are no case.
pub fn instance_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.file_name().is_some_and(|name| name.to_string_lossy().starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == INSTANCE_EXTENSION) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The expected answer of an instance file, when `NAME.out` exists.
pub fn expected_answer(instance: &Path) -> std::io::Result<Option<String>> {
    match std::fs::read_to_string(instance.with_extension(ANSWER_EXTENSION)) {
        Ok(text) => Ok(Some(text.trim().to_string())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}
