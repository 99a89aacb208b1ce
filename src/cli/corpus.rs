//! `shrink`, `corpus export` and `corpus import`: between failing files, the
//! corpus, and cargo-fuzz.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use super::{read_instance, write_stdout, EXIT_BAD_INPUT, EXIT_FAILURE_FOUND};
use crate::corpus::instance_files;
use crate::fuzzing::{input_from_instance, instance_from_input};
use crate::game::{Game, Trace};
use crate::games::{self, Visitor};
use crate::oracle::check_game;
use crate::regression::keep;

#[derive(Debug, Clone, Subcommand)]
pub enum CorpusCommand {
    /// Write every instance of the corpus, of every game, as seed inputs of
    /// the cargo-fuzz targets: DIR/<game>_diff/ and DIR/<game>_parse/.
    Export {
        /// Where the cargo-fuzz corpora go.
        #[arg(default_value = "fuzz/corpus")]
        dir: PathBuf,
        /// The corpus root, which holds <game>/.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Turn a cargo-fuzz crash artifact into a shrunk regression with its report.
    Import {
        /// The rule set whose target found the artifact.
        #[arg(value_parser = games::name_parser())]
        game: String,
        /// The artifact, e.g. fuzz/artifacts/texas_diff/crash-...
        artifact: PathBuf,
        /// The corpus root that holds <game>/regressions/.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
}

/// `corpus export` for every game of the registry.
pub fn export_all(corpus: &Path, dir: &Path) -> Result<ExitCode, String> {
    #[derive(Clone)]
    struct Export<'a>(&'a Path, &'a Path);
    impl Visitor for Export<'_> {
        type Output = Result<ExitCode, String>;
        fn visit<G: Game>(self) -> Self::Output {
            export::<G>(self.0, self.1)
        }
    }
    let mut code = ExitCode::SUCCESS;
    for result in games::visit_all(&Export(corpus, dir)) {
        let exported = result?;
        if exported != ExitCode::SUCCESS {
            code = exported;
        }
    }
    Ok(code)
}

pub fn shrink<G: Game>(file: &Path, corpus: &Path) -> Result<ExitCode, String> {
    let instance = read_instance::<G>(Some(file))?;
    keep_if_failing::<G>(&instance, &format!("m3diff shrink {} {}", G::NAME, file.display()), corpus)
}

pub fn import<G: Game>(artifact: &Path, corpus: &Path) -> Result<ExitCode, String> {
    let data = std::fs::read(artifact).map_err(|e| format!("{}: cannot read: {e}", artifact.display()))?;
    let Some(instance) = instance_from_input::<G>(&data) else {
        return Err(format!(
            "{}: not a {} fuzz input: it neither parses nor generates a game",
            artifact.display(),
            G::NAME
        ));
    };
    keep_if_failing::<G>(&instance, &format!("cargo fuzz artifact {}", artifact.display()), corpus)
}

fn keep_if_failing<G: Game>(instance: &G::Instance, origin: &str, corpus: &Path) -> Result<ExitCode, String> {
    crate::oracle::quiet_panics();
    let Err(failure) = check_game::<G>(instance, &mut Default::default()) else {
        write_stdout(&format!("agree: nothing to shrink ({})\n", G::Trace::size(instance)))?;
        return Ok(ExitCode::SUCCESS);
    };
    let kept = keep::<G, G::Engine>(corpus, instance, failure, origin, &|| false)
        .map_err(|e| format!("{}: cannot write the regression: {e}", corpus.display()))?;
    write_stdout(&format!(
        "kept {} ({} -> {})\n{}",
        kept.path.display(),
        kept.before,
        kept.after,
        kept.failure.report_with_replay(&format!("m3diff check {} {}", G::NAME, kept.path.display()))
    ))?;
    Ok(ExitCode::from(EXIT_FAILURE_FOUND))
}

fn export<G: Game>(corpus: &Path, dir: &Path) -> Result<ExitCode, String> {
    let files = instance_files(&corpus.join(G::NAME)).map_err(|e| format!("{}: cannot read: {e}", corpus.display()))?;
    let diff_dir = dir.join(format!("{}_diff", G::NAME));
    let parse_dir = dir.join(format!("{}_parse", G::NAME));
    for target in [&diff_dir, &parse_dir] {
        std::fs::create_dir_all(target).map_err(|e| format!("{}: cannot create: {e}", target.display()))?;
    }
    let mut bad = 0;
    for file in &files {
        let instance = match read_instance::<G>(Some(file)) {
            Ok(instance) => instance,
            Err(message) => {
                eprintln!("skipped: {message}");
                bad += 1;
                continue;
            }
        };
        let name = crate::regression::short_hash(&instance.to_string());
        let write = |path: PathBuf, data: &[u8]| {
            std::fs::write(&path, data).map_err(|e| format!("{}: cannot write: {e}", path.display()))
        };
        write(diff_dir.join(&name), &input_from_instance::<G>(&instance))?;
        write(parse_dir.join(&name), instance.to_string().as_bytes())?;
    }
    write_stdout(&format!(
        "exported {} {} instances to {} and {}\n",
        files.len() - bad,
        G::NAME,
        diff_dir.display(),
        parse_dir.display()
    ))?;
    Ok(if bad == 0 { ExitCode::SUCCESS } else { ExitCode::from(EXIT_BAD_INPUT) })
}
