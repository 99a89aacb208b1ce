//! The hunt for a case that fails a wrong submission every test passes: a
//! campaign `--against` it, run as `fuzz --against` runs one (with its
//! progress and its lines on stderr), done at its first failure, which is
//! shrunk with the program in the loop and kept as any is. The smallest
//! case kept comes back, to become a test.

use crate::process::streams::say;
use std::path::Path;
use std::time::Duration;

use super::fuzz::run_campaign;
use super::io::read_instance;
use crate::game::{Game, Size};
use crate::process::files::Scratch;
use crate::process::prose::duration;
use crate::runs::against::{AgainstTarget, Program};
use crate::runs::campaign::{Budget, Settings, Target};

/// What a hunt came to.
pub enum Hunted<G: Game> {
    /// The smallest case kept, and how the program fails it.
    Caught { instance: G::Instance, how: String },
    /// No case drawn failed it: this many reached it.
    Missed { cases: u64 },
}

/// Hunts a case `program`, named `name`, fails, for at most `time`, drawing
/// from `seed`; what it keeps goes in a folder of its own in `parent`,
/// which goes with it.
pub fn hunt<G: Game>(
    program: &Program,
    name: &str,
    seed: u64,
    time: Duration,
    parent: &Path,
) -> Result<Hunted<G>, String> {
    let keep = Scratch::new(parent, name, "hunt").map_err(|error| error.to_string())?;
    let target = AgainstTarget::<G>::new(program.clone(), keep.path().to_path_buf(), Size::Mixed).until_found();
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let corpus = keep.path().to_path_buf();
    let settings = Settings { budget: Budget::Time(time), seed, jobs, size: Size::Mixed, corpus, skip: Vec::new() };
    say!(
        "m3diff tests: {name} passes every test: hunting a case it fails, for up to {}, as fuzz --game {} --seed \
         {seed} --size mixed --against does",
        duration(time),
        G::NAME
    );
    // A signal stops the hunt as it stops a campaign; the command then
    // stops too.
    let honoured = crate::process::interrupt::honour();
    let ran = run_campaign(&[&target], &settings);
    drop(honoured);
    let mut caught: Option<(G::Instance, String)> = None;
    for kind in target.kinds() {
        let Some((path, _)) = kind.regression else { continue };
        let instance = read_instance::<G>(Some(&path))?;
        if caught.as_ref().is_none_or(|(smallest, _)| G::measure(&instance) < G::measure(smallest)) {
            caught = Some((instance, kind.kind));
        }
    }
    match (caught, ran) {
        (Some((instance, how)), _) => Ok(Hunted::Caught { instance, how }),
        (None, Err(hopeless)) => Err(hopeless),
        (None, Ok(_)) => Ok(Hunted::Missed { cases: target.cases() }),
    }
}
