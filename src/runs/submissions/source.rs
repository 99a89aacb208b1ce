//! A submission as the setter names it: its source, and the language its
//! file's ending says, or the command that runs it. A module of its own,
//! not `mod.rs`, so that building uses it without importing its parent.

use std::path::{Path, PathBuf};

use crate::process::input::path_name;

/// How a submission is built and run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Language {
    Cpp,
    C,
    Python,
    /// Any other: the command that runs it, as given.
    Command(String),
}

/// A submission: its source file, by which the package holds it and
/// reports name it, and how it is built and run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub source: PathBuf,
    pub language: Language,
}

/// The file endings of each language the judges know by them, as
/// problemtools' `languages.yaml` lists them.
const ENDINGS: [(Language, &[&str]); 3] =
    [(Language::Cpp, &["cc", "C", "cpp", "cxx", "c++"]), (Language::C, &["c"]), (Language::Python, &["py", "py3"])];

impl Submission {
    /// `SRC`, a file in a language the judges know by its ending, or
    /// `SRC=CMD`. A text that names a file is that file, `=` or not.
    pub fn parse(text: &str) -> Result<Submission, String> {
        let whole = Path::new(text);
        if whole.is_file() {
            let ending = whole.extension().map(|ending| ending.to_string_lossy().into_owned()).unwrap_or_default();
            let known = ENDINGS.iter().find(|(_, endings)| endings.contains(&ending.as_str()));
            return match known {
                Some((language, _)) => Ok(Submission { source: whole.to_path_buf(), language: language.clone() }),
                None => Err(format!(
                    "{text}: no language the judges know by its ending (C++, C, Python 3): give SRC=CMD, the \
                     command that runs it"
                )),
            };
        }
        let Some((source, command)) = text.split_once('=') else {
            return Err(format!("{text}: no such file"));
        };
        if !Path::new(source).is_file() {
            return Err(format!("{source}: no such file (in {text:?}, SRC=CMD)"));
        }
        if shlex::split(command).is_none_or(|words| words.is_empty()) {
            return Err(format!("{text:?}: no command after SRC= (or unbalanced quotes)"));
        }
        Ok(Submission { source: PathBuf::from(source), language: Language::Command(command.to_string()) })
    }

    /// The source's file name: what the package holds and reports say.
    pub fn name(&self) -> String {
        self.source.file_name().map_or_else(|| path_name(&self.source), |name| name.to_string_lossy().into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_s_language_is_its_ending_and_any_other_needs_a_command() {
        let dir = std::env::temp_dir().join(format!("m3diff-submission-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str| {
            let path = dir.join(name);
            std::fs::write(&path, "").unwrap();
            path.display().to_string()
        };
        let language = |text: &str| Submission::parse(text).map(|submission| submission.language);
        assert_eq!(language(&file("a.cpp")), Ok(Language::Cpp));
        assert_eq!(language(&file("a.c++")), Ok(Language::Cpp));
        assert_eq!(language(&file("a.c")), Ok(Language::C));
        assert_eq!(language(&file("a.py")), Ok(Language::Python));
        let js = file("a.js");
        assert!(language(&js).unwrap_err().contains("give SRC=CMD"));
        assert_eq!(language(&format!("{js}=node {js}")), Ok(Language::Command(format!("node {js}"))));
        assert!(language(&format!("{js}=")).unwrap_err().contains("no command"));
        assert!(language("no-such-file.cpp").unwrap_err().contains("no such file"));
        assert!(language("no-such-file.js=node x").unwrap_err().contains("no-such-file.js: no such file"));
        assert_eq!(Submission::parse(&format!("{js}=node")).unwrap().name(), "a.js");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
