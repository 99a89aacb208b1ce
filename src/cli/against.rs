//! `check --against` and `shrink --against`: a program on one instance.

use crate::process::streams::say;
use std::path::Path;
use std::process::ExitCode;

use super::exit::EXIT_FAILURE_FOUND;
use super::io::{probe, read_instance_apart, write_stdout};
use crate::check::shrink::Limits;
use crate::game::Game;
use crate::runs::against::{self, Judged, Placed, Program, Shrinking};

pub fn check<G: Game>(file: &Path, commands: Option<&Path>, program: &Program) -> Result<ExitCode, String> {
    let instance = read_instance_apart::<G>(Some(file), commands)?;
    match against::check::<G>(program, &instance)
        .map_err(|error| format!("{}: {error}", crate::process::input::path_name(file)))?
    {
        (answer, Judged { failed: None, usage }) => {
            let agree = match program.protocol().player {
                true => {
                    format!("accepted: the player's {}s are none refused and score at least the judge's", G::OPERATION)
                }
                false => format!("agree: the program answers {answer}, as the reference does"),
            };
            write_stdout(&format!("{agree}\nthe run used: {}\n", usage.line()))
        }
        (_, Judged { failed: Some(failed), .. }) => {
            let next = match Report::beside(file) {
                // Shrinking it again would make no step.
                Some(report) if report.shrunk_to_its_end() => {
                    format!("shrunk already: {}", crate::process::input::path_name(&file.with_extension("txt")))
                }
                _ => format!("shrink it: {}", shrink_command::<G>(file, program)),
            };
            write_stdout(&format!("{failed}\n{next}\n"))?;
            Ok(ExitCode::from(EXIT_FAILURE_FOUND))
        }
    }
}

/// The command that shrinks `file` against `program`.
fn shrink_command<G: Game>(file: &Path, program: &Program) -> String {
    let file = crate::process::input::shell_word(file);
    format!("{} shrink {} {file} {}", crate::process::invocation::m3diff(), G::NAME, program.options())
}

pub fn shrink<G: Game>(file: &Path, program: &Program, keep: &Path) -> Result<ExitCode, String> {
    let instance = read_instance_apart::<G>(Some(file), None)?;
    let (_, Judged { failed, .. }) = against::check::<G>(program, &instance)
        .map_err(|error| format!("{}: {error}", crate::process::input::path_name(file)))?;
    let Some(failed) = failed else {
        return write_stdout("the program passes this case: nothing to shrink\n");
    };
    probe(keep, "--keep")?;
    // A kept case's report says what found it, which its shrink keeps.
    let origin = match Report::beside(file).and_then(|report| report.found_by()) {
        Some(found_by) => found_by,
        None => shrink_command::<G>(file, program),
    };
    let cannot = |error| format!("--keep {}: cannot write the case: {error}", keep.display());
    // Kept before shrinking, so that a signal or an error meanwhile loses
    // nothing; the shrunk case takes its place.
    let raw = against::keep::<G>(keep, program, &instance, &failed, &origin, Shrinking::NotYet).map_err(cannot)?;
    // A signal from here on stops the shrink, and what it came to is kept;
    // honoured before the line that says the shrink starts.
    let _honoured = crate::process::interrupt::honour();
    say!("kept unshrunk as {}; shrinking", raw.path.display());
    let limits = Limits { stop: &crate::process::interrupt::requested, time: None };
    let shrunk = against::shrink::<G>(program, &instance, failed, limits);
    let how = shrunk.how();
    let done = Shrinking::Done { how: &how };
    let kept =
        against::keep::<G>(keep, program, &shrunk.instance, &shrunk.failure, &origin, done).map_err(|error| {
            // The shrunk case is printed whole, to be kept by hand; the
            // unshrunk one stays unless its folder went.
            let left = match raw.path.exists() {
                true => format!("the unshrunk case stays as {}", raw.path.display()),
                false => "the unshrunk case is gone too".to_string(),
            };
            format!("{}; {left}; the shrunk case:\n{}", cannot(error), shrunk.instance)
        })?;
    if kept.path != raw.path {
        against::remove(&raw.path);
    }
    // A campaign, or an earlier shrink, may have kept a case of this kind
    // in the folder: of them all the smallest stays, as in a campaign.
    let measure = G::measure(&shrunk.instance);
    let placed = match against::place::<G>(keep, shrunk.failure.wrong, &kept.path, measure) {
        Ok(Placed::Stands { in_place_of }) if in_place_of.is_empty() => format!("kept {}", kept.path.display()),
        Ok(Placed::Stands { in_place_of }) => {
            let larger: Vec<String> = in_place_of.iter().map(|old| old.display().to_string()).collect();
            format!("kept {} in place of the larger {}", kept.path.display(), larger.join(", "))
        }
        Ok(Placed::Dropped(smaller, _)) => {
            format!("dropped {}: {} of this kind is no larger", kept.path.display(), smaller.display())
        }
        Err(error) => format!("kept {}; other cases of this kind may stand beside it: {error}", kept.path.display()),
    };
    write_stdout(&format!("{}\n{placed}\n", kept.report))?;
    Ok(ExitCode::from(EXIT_FAILURE_FOUND))
}

/// The report a campaign or a shrink kept beside a case (`NAME.txt`), as
/// far as `check` and `shrink` read it.
struct Report(String);

impl Report {
    fn beside(case: &Path) -> Option<Report> {
        let bytes = crate::process::input::read(&case.with_extension("txt"), crate::process::input::Bound::report());
        bytes.ok().map(|bytes| Report(String::from_utf8_lossy(&bytes).into_owned()))
    }

    fn line(&self, key: &str) -> Option<&str> {
        self.0.lines().find_map(|line| line.strip_prefix(key))
    }

    /// What found the case: a campaign's seed and case, or a shrink.
    fn found_by(&self) -> Option<String> {
        self.line("found by: ").map(str::to_string)
    }

    /// Whether the case was shrunk until a pass kept nothing, so that a
    /// shrink of it would make no step.
    fn shrunk_to_its_end(&self) -> bool {
        self.line("shrunk: ").is_some_and(|shrunk| !shrunk.starts_with("not yet") && !shrunk.contains("cut short"))
    }
}
