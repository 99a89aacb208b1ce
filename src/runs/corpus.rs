//! The corpus: problem-format files under `corpus/<game>/`, some with the
//! expected answer beside them in `NAME.out`.

use std::path::{Path, PathBuf};

/// Extension of an instance file.
pub const INSTANCE_EXTENSION: &str = "in";
/// Extension of the file that holds an instance's expected answer.
pub const ANSWER_EXTENSION: &str = "out";

/// Every instance file below `dir`, sorted, subdirectories included. Names
/// that start with a dot are left out: a writer's temporary files
/// ([`crate::process::files::is_partial`]), left whole or cut by a kill, are no case.
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

/// Removes the reports in `dir` (files ending in `.report_extension`) that
/// stand without their case, as a writer killed between the two leaves
/// them (a report is written first, so that no case is ever without one),
/// unless `keep` says to keep one, given its text. Run only while holding
/// `dir` ([`crate::process::files::FolderLock`]), as every writer of a pair does, so
/// that no report is taken for an orphan while its case is being written.
pub fn remove_orphan_reports(
    dir: &Path,
    report_extension: &str,
    keep: impl Fn(&str) -> bool,
) -> std::io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|error| crate::process::files::named(dir, error))? {
        let path = entry.map_err(|error| crate::process::files::named(dir, error))?.path();
        let is_report = path.extension().is_some_and(|e| e == report_extension);
        if !is_report || path.with_extension(INSTANCE_EXTENSION).exists() {
            continue;
        }
        if keep(&std::fs::read_to_string(&path).unwrap_or_default()) {
            continue;
        }
        crate::process::files::remove_if_present(&path)?;
        removed.push(path);
    }
    Ok(removed)
}

/// The expected answer of an instance file, when `NAME.out` exists.
pub fn expected_answer(instance: &Path) -> std::io::Result<Option<String>> {
    match std::fs::read_to_string(instance.with_extension(ANSWER_EXTENSION)) {
        Ok(text) => Ok(Some(text.trim().to_string())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}
