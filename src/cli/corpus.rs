//! `shrink`, `corpus export` and `corpus import`: between failing files, the
//! corpus, and cargo-fuzz.

use crate::process::streams::say;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;

use clap::Subcommand;

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILURE_FOUND};
use super::io::{read_instance, write_stdout};
use crate::check::oracle::check_game;
use crate::check::shrink::Limits;
use crate::game::{Game, Generator, Renders};
use crate::games::{self, Visitor};
use crate::process::files::write_whole;
use crate::process::input;
use crate::runs::corpus::instance_files;
use crate::runs::fuzzing::{input_for_edge, input_from_instance, instance_from_input, TEXT_MARKER};
use crate::runs::regression::{keep, Shelf};

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
    keep_if_failing::<G>(
        &instance,
        &format!("{} shrink {} {}", crate::process::invocation::m3diff(), G::NAME, input::shell_word(file)),
        corpus,
    )
}

/// `corpus import`: a cargo-fuzz artifact, or an instance in the problem
/// format (a corpus file, a case from elsewhere), in as a regression.
pub fn import<G: Game>(artifact: &Path, corpus: &Path) -> Result<ExitCode, String> {
    let data = input::read(artifact, input::Bound::of::<G>())?;
    let (instance, reading) = match read_input::<G>(&data) {
        Input::Text(Ok(instance)) => (instance, "an instance in the problem format"),
        Input::Text(Err(error)) => return Err(format!("{}: {error}", input::path_name(artifact))),
        Input::Marked(Ok(instance)) => {
            (instance, "an instance in the problem format, after the fuzz input's 0xFF marker")
        }
        Input::Marked(Err(error)) => {
            return Err(format!(
                "{}: after the fuzz input's 0xFF marker, no instance: {error}",
                input::path_name(artifact)
            ))
        }
        Input::Bytes(Some(instance)) => (instance, "generator bytes, as the fuzz target reads them"),
        Input::Bytes(None) => {
            return Err(format!(
                "{}: not a {} fuzz input: the generator gives up on its bytes, and it is no text instance",
                input::path_name(artifact),
                G::NAME
            ))
        }
    };
    say!("{}: read as {reading} ({})", input::path_name(artifact), G::Trace::dimensions(&instance));
    keep_if_failing::<G>(
        &instance,
        &format!("{} corpus import {} {}", crate::process::invocation::m3diff(), G::NAME, input::shell_word(artifact)),
        corpus,
    )
}

/// How `corpus import` reads a file.
enum Input<G: Game> {
    /// Text that is an instance, or says where it stops being one.
    Text(Result<G::Instance, m3_model::ParseError>),
    /// A fuzz input of generator bytes, and the game they make if any.
    Bytes(Option<G::Instance>),
    /// A fuzz input that starts with [`TEXT_MARKER`]: the instance in the
    /// problem format after it, as the fuzz target reads it, or why there
    /// is none (the target skips such an input).
    Marked(Result<G::Instance, String>),
}

/// An input of the `_diff` target that starts with its text marker, or text
/// that parses as an instance, is read as text; so is text that looks like
/// a corpus file (it ends with a newline and holds nothing but printable
/// ASCII and whitespace), whose parse error is then the answer. The rest
/// are generator bytes, as the fuzz target reads them.
fn read_input<G: Game>(data: &[u8]) -> Input<G> {
    if let Some((&TEXT_MARKER, text)) = data.split_first() {
        // What instance_from_input, which the fuzz target runs, reads it as;
        // here with the reason when it reads nothing.
        let text = std::str::from_utf8(text).map_err(|e| format!("not UTF-8 text ({e})"));
        return Input::Marked(text.and_then(|text| G::parse(text).map_err(|e| e.to_string())));
    }
    let Ok(text) = std::str::from_utf8(data) else { return Input::Bytes(instance_from_input::<G>(data)) };
    let parsed = G::parse(text);
    let looks_like_text = text.ends_with('\n') && text.bytes().all(|b| b.is_ascii_graphic() || b.is_ascii_whitespace());
    if parsed.is_ok() || looks_like_text {
        return Input::Text(parsed);
    }
    Input::Bytes(instance_from_input::<G>(data))
}

fn keep_if_failing<G: Game>(instance: &G::Instance, origin: &str, corpus: &Path) -> Result<ExitCode, String> {
    crate::check::oracle::quiet_panics();
    let Err(failure) = check_game::<G>(instance, &mut Default::default()) else {
        write_stdout(&format!(
            "agree: engine and reference agree on this {} and keep every invariant: nothing to shrink, \
             nothing written (exit 0)\n",
            G::Trace::dimensions(instance)
        ))?;
        return Ok(ExitCode::SUCCESS);
    };
    // The error names the path it is about.
    let cannot = |e: std::io::Error| format!("cannot keep the regression: {e}");
    let shelf = Mutex::new(Shelf::open::<G, G::Engine>(corpus).map_err(cannot)?);
    let kept = keep::<G, G::Engine>(&shelf, corpus, instance, failure, origin, Limits::NONE).map_err(cannot)?;
    write_stdout(&format!("{}\n", kept.message(G::NAME)))?;
    Ok(ExitCode::from(EXIT_FAILURE_FOUND))
}

fn export<G: Game>(corpus: &Path, dir: &Path) -> Result<ExitCode, String> {
    if !corpus.is_dir() {
        return Err(format!("{}: no corpus folder here (give its root with --corpus)", corpus.display()));
    }
    let game_dir = corpus.join(G::NAME);
    if !game_dir.is_dir() {
        // A corpus may hold some games only: the others have nothing to export.
        say!("{}: no such folder: no {} instances to export", game_dir.display(), G::NAME);
        return Ok(ExitCode::SUCCESS);
    }
    let files = instance_files(&game_dir).map_err(|e| format!("{}: cannot read: {e}", game_dir.display()))?;
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
                say!("skipped: {message}");
                bad += 1;
                continue;
            }
        };
        let name = crate::process::hash::short_hash(&instance.to_string());
        // Whole or absent: cargo fuzz would take half an input for a seed.
        let write = |path: PathBuf, data: &[u8]| write_whole(&path, data).map_err(|e| format!("cannot export: {e}"));
        write(diff_dir.join(&name), &input_from_instance::<G>(&instance))?;
        write(parse_dir.join(&name), instance.to_string().as_bytes())?;
    }
    // One seed for each of the generator's edges, so that a night reaches
    // every one in its first seconds (fuzz/README.md, "What a night reaches").
    let edges = <G::Knobs as Generator<G>>::edge_games();
    for (index, edge) in edges.iter().enumerate() {
        let Some(input) = input_for_edge::<G>(index) else {
            return Err(format!("{}: no input of the edge game \"{}\" reaches its counter", G::NAME, edge.name));
        };
        let seed = diff_dir.join(format!("edge-{index:02}"));
        write_whole(&seed, &input).map_err(|e| format!("cannot export: {e}"))?;
    }
    let edges = edges.len();
    write_stdout(&format!(
        "exported {} {} instances to {} and {}, and {edges} edge games to {}\n",
        files.len() - bad,
        G::NAME,
        diff_dir.display(),
        parse_dir.display(),
        diff_dir.display()
    ))?;
    Ok(if bad == 0 { ExitCode::SUCCESS } else { ExitCode::from(EXIT_BAD_INPUT) })
}
