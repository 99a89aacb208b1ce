//! The failure pages in a real browser (issue 56): headless Chromium opens
//! each game's page of a planted bug's kept case and the test reads what
//! the page's script wrote into `<main>`'s attributes (`--dump-dom`). Per
//! game: the page renders at the first difference; the cells it outlines
//! are exactly those where the two sides' boards differ there; the keys
//! step to other boards; and the file loads nothing from outside. Then the
//! largest boards, whose times are measured and printed, never asserted.
//!
//! Where Chromium is missing (`/usr/bin/chromium`, or `M3DIFF_CHROMIUM`)
//! the tests say so on standard error and pass, unless
//! `M3DIFF_NEEDS_CHROMIUM` is set, as CI sets it once it installs one.
//! With `M3DIFF_SCREENSHOTS=DIR` they also write each game's page as
//! `DIR/GAME.png` (the README's pictures: `docs/pages/`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use m3_model::Stepper;
use m3diff::check::oracle::{check_game_with, Failure};
use m3diff::check::planted::{Corruption, Planted};
use m3diff::check::shrink::Limits;
use m3diff::runs::regression::{keep, Shelf};
use m3diff::{Game, Renders, Size};

/// The browser, or `None` (said on standard error) when there is none and
/// none is needed.
fn chromium() -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var("M3DIFF_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()));
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("M3DIFF_NEEDS_CHROMIUM").is_none(),
        "M3DIFF_NEEDS_CHROMIUM is set, and there is no Chromium at {}",
        path.display()
    );
    eprintln!("pages: no Chromium at {}: the browser tests are skipped", path.display());
    None
}

/// Chromium's arguments for one run: headless, nothing of its own fetched,
/// a profile of its own.
fn browser(chromium: &Path, profile: &Path) -> Command {
    let mut command = Command::new(chromium);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1200,800",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// The attributes of `<main>` once the page's script ran, at `fragment`.
fn shown(chromium: &Path, page: &Path, fragment: &str) -> BTreeMap<String, String> {
    let attributes = main_attributes(chromium, page, fragment);
    assert!(attributes.contains_key("data-hash"), "the script did not draw at {fragment}: {attributes:?}");
    attributes
}

/// The attributes of a campaign page's `<main>`, once its script ran.
fn shown_campaign(chromium: &Path, page: &Path) -> BTreeMap<String, String> {
    let attributes = main_attributes(chromium, page, "");
    assert!(attributes.contains_key("data-games"), "the script did not run: {attributes:?}");
    attributes
}

fn main_attributes(chromium: &Path, page: &Path, fragment: &str) -> BTreeMap<String, String> {
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}{fragment}", page.display());
    let out = browser(chromium, profile.path()).arg("--dump-dom").arg(&url).output().unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom.find("<main ").unwrap_or_else(|| panic!("no <main> at {url}:\n{dom}"));
    let tag = &dom[start..start + dom[start..].find('>').unwrap()];
    let mut attributes = BTreeMap::new();
    for part in tag.split("\" ") {
        if let Some((name, value)) = part.trim_start_matches("<main ").split_once("=\"") {
            attributes.insert(name.trim().to_string(), value.trim_end_matches('"').to_string());
        }
    }
    attributes
}

fn screenshot(chromium: &Path, page: &Path, fragment: &str, png: &Path) {
    let profile = tempfile::tempdir().unwrap();
    let status = browser(chromium, profile.path())
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}{fragment}", page.display()))
        .output()
        .unwrap()
        .status;
    assert!(status.success() && png.exists(), "no screenshot {}", png.display());
}

/// A page loads nothing from outside: the policy says so to the browser,
/// and no address in the file names anything outside.
fn loads_nothing_outside(page: &Path) {
    let text = std::fs::read_to_string(page).unwrap();
    assert!(text.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; \
         style-src 'unsafe-inline'; img-src data:\">"
    ));
    let without_policy = text.replacen("http-equiv", "", 1);
    assert!(!without_policy.contains("http"), "an address in {}", page.display());
    assert!(!text.contains("//"), "an address or a comment that reads as one in {}", page.display());
}

/// A case of `G` that the engine with `C` fails, kept under `corpus` as
/// `regression keep` keeps one: its path and failure.
fn kept_case<G: Game, C: Corruption<G>>(corpus: &Path) -> (PathBuf, Failure) {
    let failing = (1..2000u64).find_map(|seed| {
        let instance = m3diff::process::seed::with_seed(seed, |u| G::generate(u, Size::Small, &Default::default()));
        let instance = instance.ok()?;
        let failure = check_game_with::<G, Planted<G, C>>(&instance, &mut Default::default()).err()?;
        Some((instance, failure))
    });
    let (instance, failure) = failing.unwrap_or_else(|| panic!("no small game meets {}", C::BUG));
    let shelf = Mutex::new(Shelf::open::<G, Planted<G, C>>(corpus).unwrap());
    let kept = keep::<G, Planted<G, C>>(&shelf, corpus, &instance, failure, "tests/pages.rs", Limits::NONE).unwrap();
    (kept.path, kept.failure)
}

/// The cells where the two sides' last boards of operation `operation`
/// differ, as the page writes them: `row,col` from 0, row by row.
fn differing<G: Game, E: Stepper<G>>(path: &Path, operation: usize) -> String {
    let instance = G::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let last = |records: Vec<G::Record>| G::Trace::pictures(&records[operation - 1]).pop().unwrap();
    let (engine, reference) = (
        last(m3diff::check::oracle::play::<G, E>(&instance).0),
        last(m3diff::check::oracle::play::<G, G::Reference>(&instance).0),
    );
    let cells = (0..engine.cells.len()).filter(|&i| engine.cells[i] != reference.cells[i]);
    cells.map(|i| format!("{},{}", i / engine.cols, i % engine.cols)).collect::<Vec<_>>().join(";")
}

/// Issue 56's checks of one game's failure page.
fn failure_page<G: Game, C: Corruption<G>>() {
    let Some(chromium) = chromium() else { return };
    let corpus = tempfile::tempdir().unwrap();
    let (case, failure) = kept_case::<G, C>(corpus.path());
    let page = case.with_extension("html");
    assert!(page.exists(), "a kept case has its page beside it");
    loads_nothing_outside(&page);
    let operation = failure.operation.expect("the planted bugs show in a record");

    // It opens at the first difference, outlining exactly the cells the
    // two sides' boards differ in there, and the report's field above.
    let at_first = shown(&chromium, &page, "");
    assert_eq!(at_first["data-op"], operation.to_string());
    let expected = differing::<G, Planted<G, C>>(&case, operation);
    assert!(!expected.is_empty(), "{}: the planted bug changes a board", C::BUG);
    assert_eq!(at_first["data-differing"], expected);
    let field = match failure.kind {
        m3diff::FailureKind::Divergence { field } => field,
        kind => panic!("{kind}"),
    };
    assert!(std::fs::read_to_string(&page).unwrap().contains(&format!("\"field\":\"{field}\"")));

    // A key steps to the operation before, where the sides agree: other
    // boards, nothing outlined.
    let before = shown(&chromium, &page, &format!("#op={operation}&keys=ArrowLeft"));
    assert_eq!(before["data-op"], (operation - 1).to_string());
    assert_eq!(before["data-differing"], "");
    assert_ne!(before["data-hash"], at_first["data-hash"], "stepping changed no board");
    // And back with the other key, to the boards the page opened on.
    let again = shown(&chromium, &page, &format!("#op={}&keys=ArrowRight", operation - 1));
    assert_eq!((&again["data-op"], &again["data-hash"]), (&at_first["data-op"], &at_first["data-hash"]));
    // Within an operation: `[` to the board of its first step.
    let rounds: usize = at_first["data-rounds"].parse().unwrap();
    let first_step = shown(&chromium, &page, &format!("#op={operation}&keys={}", vec!["%5B"; rounds].join(",")));
    assert_eq!(first_step["data-round"], "1");
    eprintln!(
        "pages: {} failure page, {} bytes, opened in {} ms, drawn in {} ms, stepped in {} ms",
        G::NAME,
        std::fs::metadata(&page).unwrap().len(),
        at_first["data-open-ms"],
        at_first["data-drawn-ms"],
        before["data-step-ms"]
    );
    if let Some(dir) = std::env::var_os("M3DIFF_SCREENSHOTS") {
        std::fs::create_dir_all(&dir).unwrap();
        screenshot(&chromium, &page, "", &Path::new(&dir).join(format!("{}.png", G::NAME)));
    }
}

mod planted {
    use m3_model::door::{Cell, MagicDoor, Status as DoorStatus, SwapRecord};
    use m3_model::square::{SquareRemover, Status as SquareStatus, TurnRecord};
    use m3_model::texas::{OperationRecord, Pos, Texas};
    use m3_model::triple::{CommandRecord, Status as TripleStatus, TripleTown, EMPTY};
    use m3diff::check::planted::Corruption;

    /// The top left piece of every board a valid swap leaves one colour off.
    pub struct TexasCorner;
    impl Corruption<Texas> for TexasCorner {
        const BUG: &'static str = "the top left piece a colour off after a valid swap";
        fn corrupt(record: &mut OperationRecord) {
            let corner = Pos::new(0, 0);
            if let (true, Some(mut piece)) = (record.is_valid(), record.board.get(corner)) {
                piece.colour = piece.colour % 5 + 1;
                record.board.set(corner, Some(piece));
            }
        }
    }

    /// The top left gem a colour off after a swap that made a group.
    pub struct DoorCorner;
    impl Corruption<MagicDoor> for DoorCorner {
        const BUG: &'static str = "the top left gem a colour off after a swap";
        fn corrupt(record: &mut SwapRecord) {
            if let (DoorStatus::Played, Cell::Gem(colour)) = (record.status, record.board.get(0, 0)) {
                if !record.stages.is_empty() {
                    record.board.set(0, 0, Cell::Gem(colour % 9 + 1));
                }
            }
        }
    }

    /// The top left tile the other of colours 0 and 1 after a played turn.
    pub struct SquareCorner;
    impl Corruption<SquareRemover> for SquareCorner {
        const BUG: &'static str = "the top left tile another colour after a turn";
        fn corrupt(record: &mut TurnRecord) {
            if record.status == SquareStatus::Played && !record.squares.is_empty() {
                let colour = record.board.get(0, 0);
                record.board.set(0, 0, u8::from(colour == 0));
            }
        }
    }

    /// The tile just built a level off on the map.
    pub struct TripleBuilt;
    impl Corruption<TripleTown> for TripleBuilt {
        const BUG: &'static str = "the tile built a level off";
        fn corrupt(record: &mut CommandRecord) {
            if let (TripleStatus::Played, Some(placed)) = (record.status, record.placed) {
                let level = record.map.get(placed.pos.row, placed.pos.col);
                if level != EMPTY {
                    record.map.set(placed.pos.row, placed.pos.col, level % 8 + 1);
                }
            }
        }
    }
}

#[test]
fn texas_failure_page_shows_the_difference_and_steps() {
    failure_page::<m3_model::texas::Texas, planted::TexasCorner>();
}

#[test]
fn door_failure_page_shows_the_difference_and_steps() {
    failure_page::<m3_model::door::MagicDoor, planted::DoorCorner>();
}

#[test]
fn square_failure_page_shows_the_difference_and_steps() {
    failure_page::<m3_model::square::SquareRemover, planted::SquareCorner>();
}

#[test]
fn triple_failure_page_shows_the_difference_and_steps() {
    failure_page::<m3_model::triple::TripleTown, planted::TripleBuilt>();
}

/// The largest boards, drawn by `solve --html`: the times the page takes
/// to open, draw and step are printed (a test that timed them would fail
/// on a loaded machine, not on a slow page).
#[test]
fn the_largest_boards_open_and_step() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let m3diff = env!("CARGO_BIN_EXE_m3diff");
    let largest: [(&str, &[&str]); 3] = [
        ("triple", &["--rows", "100", "--cols", "100"]),
        ("texas", &["--rows", "50", "--cols", "50", "--colours", "100", "--operations", "1000"]),
        ("door", &["--rows", "80", "--cols", "80"]),
    ];
    for (game, knobs) in largest {
        let instance = dir.path().join(format!("{game}.in"));
        let generated =
            Command::new(m3diff).args(["gen", game, "--size", "max", "--seed", "1"]).args(knobs).output().unwrap();
        assert!(generated.status.success());
        std::fs::write(&instance, &generated.stdout).unwrap();
        let page = dir.path().join(format!("{game}.html"));
        let solved = Command::new(m3diff)
            .arg("solve")
            .arg(game)
            .arg(&instance)
            .arg("--extended")
            .arg("--html")
            .arg(&page)
            .output()
            .unwrap();
        assert!(page.exists(), "{}", String::from_utf8_lossy(&solved.stderr));
        loads_nothing_outside(&page);
        let opened = shown(&chromium, &page, "#op=0&keys=ArrowRight");
        eprintln!(
            "pages: largest {game} ({}), {} bytes: opened in {} ms, drawn in {} ms, stepped in {} ms",
            knobs.join(" "),
            std::fs::metadata(&page).unwrap().len(),
            opened["data-open-ms"],
            opened["data-drawn-ms"],
            opened["data-step-ms"]
        );
        assert_eq!(opened["data-op"], "1", "a key steps to the first operation");
    }
}

/// `fuzz --html`: the campaign's page draws every coverage counter of the
/// `--json` summary, reached or not, sets apart those beyond the statement
/// (never drawn against a program), and links each kind kept to its case's
/// page.
#[test]
fn a_campaign_page_shows_the_counters_and_links_the_kept_pages() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("zero.sh");
    std::fs::write(&program, "#!/bin/sh\ncat >/dev/null\necho 0\n").unwrap();
    std::fs::set_permissions(&program, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (page, json, keep) = (dir.path().join("campaign.html"), dir.path().join("s.json"), dir.path().join("found"));
    let ran = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["fuzz", "--game", "door", "--cases", "10", "--seed", "1", "--against"])
        .arg(&program)
        .arg("--keep")
        .arg(&keep)
        .arg("--json")
        .arg(&json)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    assert!(page.exists(), "{}", String::from_utf8_lossy(&ran.stderr));
    loads_nothing_outside(&page);
    let summary: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let coverage = summary["games"][0]["coverage"].as_array().unwrap();
    let zero = |apart: bool| coverage.iter().filter(|c| c["count"] == 0 && c.get("apart").is_some() == apart).count();
    let (never, apart) = (zero(false), zero(true));
    // Magic Door has counters beyond the statement (MD1's further swaps),
    // which a campaign against a program never draws: set apart, not
    // never reached.
    assert!(apart > 0, "no counter set apart in {coverage:?}");
    let shown = shown_campaign(&chromium, &page);
    assert_eq!(shown["data-reached"], (coverage.len() - never - apart).to_string());
    assert_eq!(shown["data-never"], never.to_string());
    assert_eq!(shown["data-apart"], apart.to_string());
    assert_eq!(shown["data-kept-pages"], "1", "a program that prints 0 fails, and its case has a page");
    let text = std::fs::read_to_string(&page).unwrap();
    let link = text.split("\"page\":\"").nth(1).unwrap().split('"').next().unwrap();
    assert!(dir.path().join(link).exists(), "the link {link} leads to the kept page");
}

/// `m3diff tests` writes its set's page beside README.md: the campaign
/// page of the set, whose counters never reached and beyond the statement
/// are those the README's coverage table names.
#[test]
fn a_test_sets_page_shows_the_counters_its_readme_names() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    let written = Command::new(env!("CARGO_BIN_EXE_m3diff"))
        .args(["tests", "door", "--seed", "1", "--count", "12", "--out"])
        .arg(&set)
        .output()
        .unwrap();
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    let page = set.join("set.html");
    loads_nothing_outside(&page);
    let readme = std::fs::read_to_string(set.join("README.md")).unwrap();
    let named = |heading: &str| {
        let line = readme.lines().find(|line| line.starts_with(heading));
        line.map_or(0, |line| line[heading.len()..].split(')').next().unwrap().parse::<usize>().unwrap())
    };
    let shown = shown_campaign(&chromium, &page);
    assert_eq!(shown["data-never"], named("never reached (").to_string(), "{readme}");
    let beyond = named("beyond the statement, which no test of the contest reaches (");
    assert!(beyond > 0, "Magic Door has counters beyond the statement:\n{readme}");
    assert_eq!(shown["data-apart"], beyond.to_string());
}
