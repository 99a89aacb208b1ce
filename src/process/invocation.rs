//! The words that run this m3diff again, which begin every command it
//! prints for a user to paste (replay lines, next steps, "found by"):
//! - `m3diff` when that name on the PATH is this very executable (an
//!   installed m3diff);
//! - `cargo m3diff` when the user stands in a checkout whose alias
//!   (`.cargo/config.toml`) builds and runs this m3diff again: the one cargo
//!   ran it from (`cargo run`, whatever the target folder), or the one in
//!   whose `target/` it was built;
//! - the executable's path otherwise.
//!
//! A printed command then runs as pasted whichever way m3diff was started,
//! where a fixed `m3diff` failed with "command not found" after the
//! README's first command.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::input::shell_word;

/// The alias's line in a checkout's `.cargo/config.toml`.
const ALIAS: &str = "\nm3diff = ";

/// The words that run this m3diff again from the current folder.
pub fn m3diff() -> &'static str {
    static WORDS: OnceLock<String> = OnceLock::new();
    WORDS.get_or_init(|| {
        let executable = std::env::current_exe().ok();
        let here = std::env::current_dir().ok();
        // Cargo sets it for the programs it runs, as for those it builds.
        let ran_by_cargo = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
        let started = Started { executable: executable.as_deref(), ran_by_cargo: ran_by_cargo.as_deref() };
        words_for(started, std::env::var_os("PATH").as_deref(), here.as_deref())
    })
}

/// How this m3diff was started: its executable, and the checkout cargo ran
/// it from, if cargo did.
#[derive(Clone, Copy)]
struct Started<'a> {
    executable: Option<&'a Path>,
    ran_by_cargo: Option<&'a Path>,
}

fn words_for(started: Started<'_>, search_path: Option<&OsStr>, here: Option<&Path>) -> String {
    let Started { executable, ran_by_cargo } = started;
    let Some(executable) = executable.and_then(|path| path.canonicalize().ok()) else {
        return "m3diff".to_string();
    };
    let installed = search_path
        .into_iter()
        .flat_map(std::env::split_paths)
        .any(|folder| folder.join("m3diff").canonicalize().is_ok_and(|found| found == executable));
    if installed {
        return "m3diff".to_string();
    }
    let here = here.and_then(|here| here.canonicalize().ok());
    let ran_from = ran_by_cargo.and_then(|checkout| checkout.canonicalize().ok());
    let mut checkouts = [ran_from, checkout_building(&executable)].into_iter().flatten();
    match checkouts
        .any(|checkout| here.as_ref().is_some_and(|here| here.starts_with(&checkout)) && has_alias(&checkout))
    {
        true => "cargo m3diff".to_string(),
        false => shell_word(&executable),
    }
}

/// Whether `checkout`'s cargo configuration has the `cargo m3diff` alias.
fn has_alias(checkout: &Path) -> bool {
    std::fs::read_to_string(checkout.join(".cargo").join("config.toml")).is_ok_and(|config| config.contains(ALIAS))
}

/// The checkout whose alias builds `executable`: `CHECKOUT/target/PROFILE/m3diff`,
/// or a test binary under `CHECKOUT/target/`, whose messages send a
/// developer to the same alias.
fn checkout_building(executable: &Path) -> Option<PathBuf> {
    let target = executable.ancestors().find(|folder| folder.file_name() == Some(OsStr::new("target")))?;
    target.parent().map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Started as a build, not by cargo.
    fn built(executable: &Path) -> Started<'_> {
        Started { executable: Some(executable), ran_by_cargo: None }
    }

    /// A checkout with the alias and a build in its target folder.
    fn checkout() -> (tempfile::TempDir, PathBuf) {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join(".cargo")).unwrap();
        std::fs::write(root.path().join(".cargo/config.toml"), "[alias]\nm3diff = \"run --release --\"\n").unwrap();
        std::fs::create_dir_all(root.path().join("target/release")).unwrap();
        std::fs::create_dir_all(root.path().join("src")).unwrap();
        let executable = root.path().join("target/release/m3diff");
        std::fs::write(&executable, "").unwrap();
        (root, executable)
    }

    #[test]
    fn a_build_of_the_checkout_one_stands_in_is_run_again_through_its_alias() {
        let (root, executable) = checkout();
        let inside = root.path().join("src");
        assert_eq!(words_for(built(&executable), Some(OsStr::new("/nowhere")), Some(&inside)), "cargo m3diff");
        assert_eq!(words_for(built(&executable), None, Some(root.path())), "cargo m3diff");
        // A test binary of the checkout sends its developer to the alias too.
        std::fs::create_dir_all(root.path().join("target/debug/deps")).unwrap();
        let test_binary = root.path().join("target/debug/deps/texas-0123");
        std::fs::write(&test_binary, "").unwrap();
        assert_eq!(words_for(built(&test_binary), None, Some(root.path())), "cargo m3diff");
    }

    #[test]
    fn outside_the_checkout_its_build_is_named_by_its_path() {
        let (root, executable) = checkout();
        let elsewhere = tempfile::tempdir().unwrap();
        let words = words_for(built(&executable), None, Some(elsewhere.path()));
        assert_eq!(words, shell_word(&executable.canonicalize().unwrap()));
        assert!(words.ends_with("target/release/m3diff"), "{words}");
        // Without the alias, `cargo m3diff` would not run: the path again.
        std::fs::write(root.path().join(".cargo/config.toml"), "[alias]\n").unwrap();
        assert_eq!(words_for(built(&executable), None, Some(root.path())), words);
    }

    #[test]
    fn a_build_cargo_ran_from_the_checkout_one_stands_in_is_run_again_through_its_alias() {
        let (root, _) = checkout();
        // Built into a target folder elsewhere (CARGO_TARGET_DIR).
        let elsewhere = tempfile::tempdir().unwrap();
        let executable = elsewhere.path().join("m3diff");
        std::fs::write(&executable, "").unwrap();
        let ran = Started { executable: Some(&executable), ran_by_cargo: Some(root.path()) };
        assert_eq!(words_for(ran, None, Some(&root.path().join("src"))), "cargo m3diff");
        assert_eq!(words_for(ran, None, Some(elsewhere.path())), shell_word(&executable.canonicalize().unwrap()));
    }

    #[cfg(unix)]
    #[test]
    fn the_name_on_the_path_is_used_when_it_is_this_executable() {
        let (root, executable) = checkout();
        let bin = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(&executable, bin.path().join("m3diff")).unwrap();
        let search_path = std::env::join_paths(["/nowhere", bin.path().to_str().unwrap()]).unwrap();
        assert_eq!(words_for(built(&executable), Some(&search_path), Some(root.path())), "m3diff");
        // Another m3diff on the path is not this one.
        let other = bin.path().join("other");
        std::fs::write(&other, "").unwrap();
        std::fs::remove_file(bin.path().join("m3diff")).unwrap();
        std::os::unix::fs::symlink(&other, bin.path().join("m3diff")).unwrap();
        assert_eq!(words_for(built(&executable), Some(&search_path), Some(root.path())), "cargo m3diff");
    }
}
