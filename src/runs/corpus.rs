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

/// Writes a kept case and then its report, each whole. In this order, and
/// removed in the other ([`remove_pair`]), a report never stands without
/// its case: whoever reads a report (a person, `triage`, the regression
/// suite) finds the case it names. A kill between the two leaves the case
/// alone, which loses nothing found: it is a case like any other, and the
/// next writer of the same case (the same name, by its hash) writes its
/// report. A report that cannot be written (a full disk) takes its case
/// with it, so that the pair is kept whole or not at all, and the caller
/// says so and prints the case.
pub fn write_pair(case: &Path, text: &str, report: &Path, said: &str) -> std::io::Result<()> {
    use crate::process::files::{remove_if_present, write_whole};
    write_whole(case, text)?;
    pause_in_pair("between writing a case and its report");
    write_whole(report, said).inspect_err(|_| {
        let _ = remove_if_present(case);
    })
}

/// Extension of a kept case's page ([`crate::check::page`]).
pub const PAGE_EXTENSION: &str = "html";

/// Writes the page of a case kept with [`write_pair`], beside it, whole,
/// once the case and its report are: a page is drawn from them, and one
/// that cannot be written (a full disk) costs the page only, never the
/// case. So no error comes back: it is said on standard error, with the
/// command that writes the page again, `solve` of `game` with `options`.
pub fn write_page(case: &Path, page: &str, game: &str, options: &str) {
    let path = case.with_extension(PAGE_EXTENSION);
    if let Err(error) = crate::process::files::write_whole(&path, page) {
        let m3diff = crate::process::invocation::m3diff();
        let again = format!("{m3diff} solve {game} {} {options}--html {}", case.display(), path.display());
        crate::process::streams::say!("m3diff: the case stays, without its page ({error}); {again} writes it");
    }
}

/// Removes a case's page, its report and then the case ([`write_pair`]
/// says why); files another writer removed already are no error.
pub fn remove_pair(case: &Path, report_extension: &str) -> std::io::Result<()> {
    crate::process::files::remove_if_present(&case.with_extension(PAGE_EXTENSION))?;
    crate::process::files::remove_if_present(&case.with_extension(report_extension))?;
    pause_in_pair("between removing a report and its case");
    crate::process::files::remove_if_present(case)
}

/// Test-only: with `M3DIFF_PAUSE_IN_PAIR` set to milliseconds, says on
/// standard error where it stands and waits there, so that a test can kill
/// the process between a case and its report (tests/debris.rs).
fn pause_in_pair(between: &str) {
    let Some(millis) = std::env::var("M3DIFF_PAUSE_IN_PAIR").ok().and_then(|value| value.parse().ok()) else {
        return;
    };
    crate::process::streams::say!("m3diff: paused {between}");
    std::thread::sleep(std::time::Duration::from_millis(millis));
}

/// Removes the reports in `dir` (files ending in `.report_extension`) that
/// stand without their case, as a case removed by hand leaves them (or a
/// kill in a version of m3diff that wrote the report first), unless `keep`
/// says to keep one, given its text. Run only while holding
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_its_case_then_its_report_and_goes_report_first() {
        let dir = tempfile::tempdir().unwrap();
        let (case, report) = (dir.path().join("a.in"), dir.path().join("a.txt"));
        write_pair(&case, "3 3\n", &report, "found by: x\n").unwrap();
        assert_eq!(std::fs::read_to_string(&report).unwrap(), "found by: x\n");
        let page = dir.path().join("a.html");
        write_page(&case, "<!DOCTYPE html>", "texas", "");
        assert!(page.exists());
        remove_pair(&case, "txt").unwrap();
        assert!(!case.exists() && !report.exists() && !page.exists());
        remove_pair(&case, "txt").expect("a pair another writer removed is no error");
        // A report that cannot be written takes its case with it: whole or
        // not at all.
        let unwritable = dir.path().join("no-such-folder").join("a.txt");
        let error = write_pair(&case, "3 3\n", &unwritable, "found by: x\n").unwrap_err();
        assert!(!case.exists(), "the case stayed without its report");
        assert!(error.to_string().contains("no-such-folder"), "{error}");
        // A page that cannot be written leaves its case and report alone.
        let elsewhere = dir.path().join("no-such-folder").join("b.in");
        write_page(&elsewhere, "<!DOCTYPE html>", "texas", "");
        write_pair(&case, "3 3\n", &report, "found by: x\n").unwrap();
        std::fs::create_dir(dir.path().join("a.html")).unwrap();
        write_page(&case, "<!DOCTYPE html>", "texas", "");
        assert!(case.exists() && report.exists(), "an unwritable page took its case");
    }
}
