//! What a regression's report says and where regressions live: a module of
//! its own, not `mod.rs`, so that keeping and shelving use it without
//! importing their parent, which re-exports them.

use std::path::{Path, PathBuf};

use crate::game::Game;

/// Extension of the report beside a regression.
pub const REPORT_EXTENSION: &str = "txt";

/// What a report says of the root cause until someone writes it. The tests
/// fail on a regression whose report still says this: an undiagnosed
/// regression does not land.
pub const UNDIAGNOSED: &str = "root cause: not yet diagnosed";
pub(super) const ROOT_CAUSE: &str = "root cause:";

/// The way from a kept regression back to green, as the README's "Back to
/// green" section gives it; every message about a new regression ends with
/// it. `{m3diff}`, `{game}` and `{path}` stand for the words that run m3diff
/// (`cargo m3diff` in a checkout), the game and the regression.
pub const NEXT_STEPS: &str = "next: 1. diagnose: `{m3diff} check {game} {path}` \
(and `{m3diff} solve {game} {path} --reference --trace`); 2. fix until `check` agrees; \
3. write the root cause in {report}; 4. accept its trace snapshot: `cargo insta accept` \
(or `INSTA_UPDATE=always cargo test --test {game} -- trace_of_every_corpus_file`); 5. commit the three files \
(README, \"Back to green\")";

/// The command that replays a regression.
pub fn replay_command(game: &str, path: &Path) -> String {
    format!("{} check {game} {}", crate::process::invocation::m3diff(), path.display())
}

/// [`NEXT_STEPS`] for one regression.
pub fn next_steps(game: &str, path: &Path) -> String {
    NEXT_STEPS
        .replace("{m3diff}", crate::process::invocation::m3diff())
        .replace("{game}", game)
        .replace("{report}", &path.with_extension(REPORT_EXTENSION).display().to_string())
        .replace("{path}", &path.display().to_string())
}

/// The root cause a report names, once someone has written it.
pub fn root_cause(report: &str) -> Option<&str> {
    let at = report.find(ROOT_CAUSE).filter(|&at| at == 0 || report[..at].ends_with('\n'))?;
    let cause = report[at + ROOT_CAUSE.len()..].trim();
    (!cause.is_empty() && !report[at..].starts_with(UNDIAGNOSED)).then_some(cause)
}

/// Whether the report beside a regression names its root cause.
pub(super) fn diagnosed(instance: &Path) -> bool {
    let report =
        crate::process::input::read(&instance.with_extension(REPORT_EXTENSION), crate::process::input::Bound::report());
    report.is_ok_and(|bytes| root_cause(&String::from_utf8_lossy(&bytes)).is_some())
}

/// Where a game's regressions live.
pub fn directory<G: Game>(corpus_root: &Path) -> PathBuf {
    corpus_root.join(G::NAME).join("regressions")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_diagnosed_once_its_root_cause_line_is_rewritten() {
        let written = format!("failure: x\n\n{UNDIAGNOSED}; once it is fixed, replace this line.\n");
        assert_eq!(root_cause(&written), None);
        assert_eq!(root_cause("failure: x\nroot cause:   \n"), None, "an empty cause is no diagnosis");
        let diagnosed = "failure: x\n\nroot cause: the full house scored 6 points, not 8 (TX10).\n";
        assert_eq!(root_cause(diagnosed), Some("the full house scored 6 points, not 8 (TX10)."));
        assert_eq!(root_cause("detail: the root cause: is elsewhere\n"), None, "only a line of its own counts");
    }

    #[test]
    fn a_report_is_read_for_its_root_cause_no_further_than_its_bound() {
        let dir = tempfile::tempdir().unwrap();
        let instance = dir.path().join("case.in");
        let report = instance.with_extension(REPORT_EXTENSION);
        std::fs::write(&report, "failure: x\nroot cause: TX10 hands a point short\n").unwrap();
        assert!(diagnosed(&instance));
        // Sparse: ten gigabytes that take no room; read whole, they would
        // take the machine's memory.
        std::fs::File::create(&report).unwrap().set_len(10_000_000_000).unwrap();
        assert!(!diagnosed(&instance));
    }
}
