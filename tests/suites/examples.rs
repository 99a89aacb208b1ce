//! The example programs of `examples/against/`, by game, each with the way
//! it reads its input. A file's name does not tell: `door.cpp` reads a
//! batch, `magic_door.cpp`, `square_remover.cpp`, `texas.cpp` and
//! `triple.cpp` the statement's one instance (Triple Town's followed by the
//! player's commands), and `triple_player.cpp` the statement's input alone,
//! as a player.

use std::path::{Path, PathBuf};
use std::process::Command;

/// How a program reads a test: the statement's one instance, or a batch
/// of instances after their count (`--batch N`'s form, whose examples
/// print a line after each operation when given `--per-operation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    One,
    Batch,
    /// The statement's input, and prints a player's commands, judged as
    /// the package's output validator judges them (`--player`).
    Player,
}

/// One program of `examples/against/`.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub game: &'static str,
    pub file: &'static str,
    pub reads: Reads,
}

/// Every program of `examples/against/` (a test holds the folder to it).
pub const EXAMPLES: [Example; 11] = [
    Example { game: "door", file: "door.cpp", reads: Reads::Batch },
    Example { game: "door", file: "door.py", reads: Reads::Batch },
    Example { game: "door", file: "door.js", reads: Reads::Batch },
    Example { game: "door", file: "magic_door.cpp", reads: Reads::One },
    Example { game: "square", file: "square.cpp", reads: Reads::Batch },
    Example { game: "square", file: "square.py", reads: Reads::Batch },
    Example { game: "square", file: "square.js", reads: Reads::Batch },
    Example { game: "square", file: "square_remover.cpp", reads: Reads::One },
    Example { game: "texas", file: "texas.cpp", reads: Reads::One },
    Example { game: "triple", file: "triple.cpp", reads: Reads::One },
    Example { game: "triple", file: "triple_player.cpp", reads: Reads::Player },
];

/// The examples of `game`.
pub fn of_game(game: &str) -> impl Iterator<Item = &'static Example> + '_ {
    EXAMPLES.iter().filter(move |example| example.game == game)
}

/// The example in `file`.
pub fn named(file: &str) -> &'static Example {
    EXAMPLES.iter().find(|example| example.file == file).unwrap_or_else(|| panic!("{file} is no example"))
}

impl Example {
    pub fn source(&self) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/against").join(self.file)
    }

    /// The compiler or interpreter it needs.
    pub fn tool(&self) -> &'static str {
        match self.file.rsplit('.').next() {
            Some("cpp") => "g++",
            Some("py") => "python3",
            _ => "node",
        }
    }

    /// The words of the command that runs it, compiled into `dir` where it
    /// must be (warnings are errors); `None`, said on standard error, when
    /// its tool is not on the PATH.
    pub fn command(&self, dir: &Path) -> Option<Vec<String>> {
        let (tool, source) = (self.tool(), self.source());
        if Command::new(tool).arg("--version").output().is_err() {
            eprintln!("{tool} is not on PATH: {} is not tried", source.display());
            return None;
        }
        if tool != "g++" {
            return Some(vec![tool.to_string(), source.display().to_string()]);
        }
        let binary = dir.join(self.file.replace('.', "-"));
        let mut compile = Command::new("g++");
        compile.args(["-O2", "-Wall", "-Wextra", "-Werror", "-o"]).arg(&binary).arg(&source);
        let compiled = compile.output().expect("g++ runs");
        assert!(compiled.status.success(), "g++ {}: {}", source.display(), super::text(&compiled.stderr));
        Some(vec![binary.display().to_string()])
    }
}
