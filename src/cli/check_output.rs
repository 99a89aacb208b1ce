//! `check-output`: a team's output judged as a contest's output validator
//! judges it. What is accepted is [`crate::check::judge`]'s to say;
//! here only where the files come from and how the judgement becomes an
//! exit code, by ICPC's convention or testlib's.

use crate::process::streams::say;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::check::judge::{judge, Judgement};
use crate::game::Game;
use crate::process::files;
use crate::process::input::{read_text, Bound};

/// ICPC's output validator: accepted, and anything else it judges.
const ICPC_ACCEPTED: u8 = 42;
const ICPC_WRONG: u8 = 43;

/// testlib's checker: ok, wrong answer, presentation error, fail (the
/// judge's files at fault).
const TESTLIB_OK: u8 = 0;
const TESTLIB_WRONG: u8 = 1;
const TESTLIB_PRESENTATION: u8 = 2;
const TESTLIB_FAIL: u8 = 3;

/// `files` are INPUT ANSWER FEEDBACK_DIR with the team's output on
/// standard input (ICPC), or INPUT OUTPUT ANSWER (`testlib`).
pub fn check_output<G: Game>(files: &[PathBuf], testlib: bool) -> Result<ExitCode, String> {
    let [input, second, third] = files else { unreachable!("clap takes exactly three files") };
    let (answer, team) = match testlib {
        true => (third, Some(second.as_path())),
        false => (second, None),
    };
    let judged = judged::<G>(input, answer, team);
    if testlib {
        let (code, said) = match judged {
            Ok(Judgement::Accepted(why)) => (TESTLIB_OK, format!("ok {why}")),
            Ok(Judgement::Wrong(why)) => (TESTLIB_WRONG, format!("wrong answer {why}")),
            Ok(Judgement::Presentation(why)) => (TESTLIB_PRESENTATION, format!("wrong output format {why}")),
            Err(why) => (TESTLIB_FAIL, format!("FAIL {why}")),
        };
        say!("{said}");
        return Ok(ExitCode::from(code));
    }
    // A fault of the judge's files is no verdict: an exit code beside 42
    // and 43 makes the ICPC judge say "judge error".
    let (code, said) = match judged? {
        Judgement::Accepted(why) => (ICPC_ACCEPTED, why),
        Judgement::Wrong(why) | Judgement::Presentation(why) => (ICPC_WRONG, why),
    };
    let feedback = third.join("judgemessage.txt");
    files::write_whole(&feedback, format!("{said}\n")).map_err(|error| error.to_string())?;
    Ok(ExitCode::from(code))
}

/// The judgement, or what of the judge's files is at fault. Output the
/// reader refuses (larger than any file of the game, not UTF-8) is the
/// team's fault, in the format.
fn judged<G: Game>(input: &Path, answer: &Path, team: Option<&Path>) -> Result<Judgement, String> {
    let (_, input) = read_text(Some(input), Bound::of::<G>()).map_err(|error| error.to_string())?;
    let (_, answer) = read_text(Some(answer), Bound::of::<G>()).map_err(|error| error.to_string())?;
    let team = match read_text(team, Bound::of::<G>()) {
        Ok((_, team)) => team,
        Err(error) => return Ok(Judgement::Presentation(error.to_string())),
    };
    judge::<G>(&input, &answer, &team)
}
