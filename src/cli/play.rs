//! `solve`, `check` and `gen`: one instance at a time.

use std::path::Path;
use std::process::ExitCode;

use super::{read_instance, write_stdout, EXIT_FAILURE_FOUND};
use crate::game::Game;
use crate::oracle::{check_game, play};

pub fn solve<G: Game>(file: Option<&Path>, reference: bool, trace: bool) -> Result<ExitCode, String> {
    let instance = read_instance::<G>(file)?;
    let output = match (trace, reference) {
        (false, false) => format!("{}\n", G::solve(&instance)),
        (with_trace, _) => {
            let (records, outcome) =
                if reference { play::<G, G::Reference>(&instance) } else { play::<G, G::Engine>(&instance) };
            let account =
                if with_trace { crate::oracle::trace::<G>(&instance, &records, &outcome) } else { String::new() };
            format!("{account}{}\n", G::answer(&outcome))
        }
    };
    write_stdout(&output)
}

pub fn check<G: Game>(file: &Path) -> Result<ExitCode, String> {
    let instance = read_instance::<G>(Some(file))?;
    match check_game::<G>(&instance, &mut Default::default()) {
        Ok(outcome) => {
            let operations = G::operations(&instance).len();
            let answer = G::answer(&outcome);
            let plural = if operations == 1 { "" } else { "s" };
            write_stdout(&format!(
                "agree: {operations} {}{plural}, answer {answer}, no invariant broken\n",
                G::OPERATION
            ))
        }
        Err(failure) => {
            let replay = format!("m3diff check {} {}", G::NAME, file.display());
            print!("{}", failure.report_with_replay(&replay));
            Ok(ExitCode::from(EXIT_FAILURE_FOUND))
        }
    }
}

pub fn generate<G: Game>(seed: u64, shape: &G::Shape) -> Result<ExitCode, String> {
    let instance = crate::seed::with_seed(seed, |u| G::generate(u, shape))
        .map_err(|e| format!("seed {seed}: the generator gave up: {e}"))?;
    write_stdout(&instance.to_string())
}
