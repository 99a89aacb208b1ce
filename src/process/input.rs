//! Reading input whole, but never more of it than a file of its kind can
//! hold: every file, standard input and artifact m3diff reads comes through
//! here. A file too large is refused by its size before a byte of it is
//! read; standard input, pipes and devices, whose size says nothing
//! (`/dev/zero`), as soon as they pass the bound.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The most bytes read of one input, and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    bytes: usize,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A file of the game so named: an instance, or a fuzz input that makes
    /// one, which the generator reads fewer bytes of than the instance has.
    Game(&'static str),
    /// Text m3diff writes and reads back, named so: a campaign's log
    /// (`triage` reads its failures from it), a case's report.
    Written(&'static str),
}

/// The most bytes `triage` reads of a campaign's log: a night of reports,
/// each a few boards and lines, is far below it.
pub const LOG_BYTES: usize = 64 << 20;

/// The most bytes read of a case's report, where a regression's root cause
/// is looked for: a report quotes a few boards of the largest map and at
/// most 16 KiB of a program's standard error, far below it.
pub const REPORT_BYTES: usize = 16 << 20;

impl Bound {
    /// A file of the game called `name`, at most `bytes` long: what a
    /// game's own bound, `Bound::of::<G>()` (in `game`) and
    /// `Bound::of_game(name)` (in the registry), are made of.
    pub fn game(name: &'static str, bytes: usize) -> Bound {
        Bound { bytes, kind: Kind::Game(name) }
    }

    /// A campaign's log: at most [`LOG_BYTES`].
    pub fn log() -> Bound {
        Bound { bytes: LOG_BYTES, kind: Kind::Written("a campaign log") }
    }

    /// A case's report beside its `.in`: at most [`REPORT_BYTES`].
    pub fn report() -> Bound {
        Bound { bytes: REPORT_BYTES, kind: Kind::Written("a case's report") }
    }

    /// The most bytes read.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The refusal of `name`, `size` bytes long or, when its size is not
    /// known (a pipe, a device), longer than the bound.
    fn refuse(&self, name: &str, size: Option<u64>) -> Unread {
        let name = size.map_or_else(|| name.to_string(), |size| format!("{name}: {}", megabytes(size)));
        let line = match self.kind {
            Kind::Game(game) => format!(
                "{name}, more than any {game} file holds: m3diff reads at most {} bytes of one, twice the \
                 largest instance --extended reads (README.md, \"What m3diff reads\")",
                self.bytes
            ),
            Kind::Written(what) => {
                format!("{name}, more than m3diff reads of {what} (at most {} bytes)", self.bytes)
            }
        };
        Unread::TooLarge(line)
    }
}

/// Why an input was not read, in one line that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// Larger than its bound: refused unread, or read no further.
    TooLarge(String),
    /// It could not be read, or is not text where text was needed.
    Failed(String),
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::TooLarge(line) | Unread::Failed(line) => f.write_str(line),
        }
    }
}

impl From<Unread> for String {
    fn from(unread: Unread) -> String {
        unread.to_string()
    }
}

/// The bytes of the file at `path`, at most `bound`'s.
pub fn read(path: &Path, bound: Bound) -> Result<Vec<u8>, Unread> {
    let (file, name, expected) = open(path, bound)?;
    read_bounded(file, &name, bound, expected)
}

/// Fails as [`read`] would before it reads a byte: the file at `path`
/// cannot be opened, or is larger than `bound`. What holds many inputs
/// (a night's artifacts) checks each so and reads it when it is used, so
/// that one input at a time is held, not all.
pub fn check(path: &Path, bound: Bound) -> Result<(), Unread> {
    open(path, bound).map(drop)
}

/// The file at `path` opened, its name for messages, and the bytes it is
/// expected to hold; refused unread when it is larger than `bound`.
fn open(path: &Path, bound: Bound) -> Result<(std::fs::File, String, usize), Unread> {
    let name = path_name(path);
    let failed = |e: std::io::Error| Unread::Failed(format!("{name}: cannot read: {e}"));
    let file = std::fs::File::open(path).map_err(failed)?;
    let metadata = file.metadata().map_err(failed)?;
    // A file's size is known before it is read; a device's (`/dev/zero`)
    // or a pipe's is 0 and says nothing, and `read_bounded` stops those.
    if metadata.is_file() && metadata.len() > bound.bytes as u64 {
        return Err(bound.refuse(&name, Some(metadata.len())));
    }
    let expected = usize::try_from(metadata.len()).unwrap_or(usize::MAX).min(bound.bytes);
    Ok((file, name, expected))
}

/// A path as a one-line message names it: as it is, unless it holds a
/// control character (a newline would cut the line in two), then quoted
/// and escaped.
pub fn path_name(path: &Path) -> String {
    let name = path.display().to_string();
    if name.chars().any(char::is_control) {
        format!("{name:?}")
    } else {
        name
    }
}

/// `path` as one word of a command a shell runs, on one line: quoted where
/// the shell needs it, and a path with a newline or another control
/// character in bash's `$'...'` form, so that a report's replay line stays
/// one line and still runs.
pub fn shell_word(path: &Path) -> String {
    let name = path.to_string_lossy();
    if !name.chars().any(char::is_control) {
        return shlex::try_quote(&name).map_or_else(|_| name.to_string(), |quoted| quoted.into_owned());
    }
    let mut word = String::from("$'");
    for c in name.chars() {
        match c {
            '\n' => word.push_str("\\n"),
            '\t' => word.push_str("\\t"),
            '\\' | '\'' => {
                word.push('\\');
                word.push(c);
            }
            c if c.is_control() => word.push_str(&format!("\\x{:02x}", c as u32)),
            c => word.push(c),
        }
    }
    word.push('\'');
    word
}

/// All of standard input, at most `bound`'s bytes.
pub fn read_stdin(bound: Bound) -> Result<Vec<u8>, Unread> {
    read_bounded(std::io::stdin().lock(), STDIN, bound, 0)
}

/// What messages call standard input.
pub const STDIN: &str = "<stdin>";

/// The text of the file at `path`, or of standard input when `path` is
/// `None` or `-`, with the name messages give it.
pub fn read_text(path: Option<&Path>, bound: Bound) -> Result<(String, String), Unread> {
    let (name, bytes) = match path {
        Some(path) if path != Path::new("-") => (path_name(path), read(path, bound)?),
        _ => (STDIN.to_string(), read_stdin(bound)?),
    };
    let text = String::from_utf8(bytes)
        .map_err(|e| Unread::Failed(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    Ok((name, text))
}

/// Reads `source` to its end, or refuses it one byte past the bound, so
/// that no more than the bound and that byte is ever held.
fn read_bounded(source: impl Read, name: &str, bound: Bound, expected: usize) -> Result<Vec<u8>, Unread> {
    let mut bytes = Vec::with_capacity(expected);
    source
        .take(bound.bytes as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Unread::Failed(format!("{name}: cannot read: {e}")))?;
    if bytes.len() > bound.bytes {
        return Err(bound.refuse(name, None));
    }
    Ok(bytes)
}

/// A size for a line: bytes up to a megabyte, then megabytes.
fn megabytes(size: u64) -> String {
    if size < 1_000_000 {
        format!("{size} bytes")
    } else {
        format!("{:.1} MB", size as f64 / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games;
    use m3_model::texas::Texas;
    use m3_model::triple::TripleTown;

    #[test]
    fn a_file_larger_than_its_game_holds_is_refused_by_its_size_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.in");
        // Sparse: ten gigabytes that take no room, and would take minutes to read.
        std::fs::File::create(&path).unwrap().set_len(10_000_000_000).unwrap();
        let Err(Unread::TooLarge(line)) = read(&path, Bound::of::<Texas>()) else { panic!("read") };
        assert!(line.starts_with(&format!("{}: 10000.0 MB, more than any texas file", path.display())), "{line}");
        assert!(line.contains(&format!("at most {} bytes", Texas::MOST_BYTES)), "{line}");
        assert!(!line.contains('\n'));
    }

    #[test]
    fn a_file_at_its_bound_is_read_and_one_byte_more_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("case.in");
        let bound = Bound { bytes: 10, kind: Kind::Game("texas") };
        std::fs::write(&path, [b'1'; 10]).unwrap();
        assert_eq!(read(&path, bound).unwrap().len(), 10);
        std::fs::write(&path, [b'1'; 11]).unwrap();
        assert!(matches!(read(&path, bound), Err(Unread::TooLarge(_))));
    }

    #[test]
    fn an_endless_source_is_read_no_further_than_its_bound() {
        let Err(Unread::TooLarge(line)) = read_bounded(std::io::repeat(0), STDIN, Bound::of::<TripleTown>(), 0) else {
            panic!("an endless source ends")
        };
        let expected =
            format!("<stdin>, more than any triple file holds: m3diff reads at most {}", TripleTown::MOST_BYTES);
        assert!(line.starts_with(&expected), "{line}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_whose_size_says_nothing_is_stopped_at_its_bound() {
        let Err(Unread::TooLarge(line)) = read(Path::new("/dev/zero"), Bound::of::<Texas>()) else { panic!("read") };
        assert!(line.starts_with("/dev/zero, more than any texas file holds"), "{line}");
    }

    #[test]
    fn every_game_has_its_bound_and_a_log_has_its_own() {
        for name in games::NAMES {
            assert!(Bound::of_game(name).is_some_and(|bound| bound.bytes() >= 50_000), "{name}");
        }
        assert_eq!(Bound::of_game("chess"), None);
        assert_eq!(Bound::log().bytes(), LOG_BYTES);
    }

    /// README.md's "What m3diff reads" gives each game's bound as the
    /// code has it.
    #[test]
    fn the_readme_states_each_bound() {
        let readme = include_str!("../../README.md");
        let grouped = |n: usize| crate::process::prose::thousands(n as u64);
        for (game, largest, most) in [
            ("Texas", m3_model::texas::LARGEST_FILE, Texas::MOST_BYTES),
            ("SquareRemover", m3_model::square::LARGEST_FILE, m3_model::square::MOST_BYTES),
            ("Magic Door", m3_model::door::LARGEST_FILE, m3_model::door::MOST_BYTES),
            ("Triple Town", m3_model::triple::LARGEST_FILE, TripleTown::MOST_BYTES),
        ] {
            assert!(readme.contains(&format!("| {} bytes |", grouped(largest))), "{game}: {largest}");
            assert!(readme.contains(&format!("{game} {}", grouped(most))), "{game}: {most}");
        }
    }

    #[test]
    fn a_path_with_a_newline_is_named_on_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a\nb.in");
        let Err(Unread::Failed(line)) = read(&path, Bound::of::<Texas>()) else { panic!("read") };
        assert!(!line.contains('\n') && line.contains("a\\nb.in"), "{line}");
        std::fs::write(&path, "1 2 3").unwrap();
        let (name, _) = read_text(Some(&path), Bound::of::<Texas>()).unwrap();
        assert!(!name.contains('\n'), "{name}");
        assert_eq!(path_name(Path::new("plain.in")), "plain.in");
        assert_eq!(shell_word(Path::new("plain.in")), "plain.in");
        assert_eq!(shell_word(Path::new("two words.in")), "'two words.in'");
        assert_eq!(shell_word(Path::new("a\nb's.in")), "$'a\\nb\\'s.in'");
    }

    #[test]
    fn a_check_refuses_what_a_read_would_and_reads_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.in");
        std::fs::File::create(&path).unwrap().set_len(10_000_000_000).unwrap();
        assert!(matches!(check(&path, Bound::of::<Texas>()), Err(Unread::TooLarge(_))));
        std::fs::File::create(&path).unwrap().set_len(10).unwrap();
        assert_eq!(check(&path, Bound::of::<Texas>()), Ok(()));
        assert!(matches!(check(&dir.path().join("gone.in"), Bound::of::<Texas>()), Err(Unread::Failed(_))));
    }

    #[test]
    fn text_that_is_not_utf8_names_the_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("case.in");
        std::fs::write(&path, b"1 2\xff").unwrap();
        let Err(Unread::Failed(line)) = read_text(Some(&path), Bound::of::<Texas>()) else { panic!("read") };
        assert!(line.ends_with("not UTF-8 text (byte 3)"), "{line}");
    }
}
