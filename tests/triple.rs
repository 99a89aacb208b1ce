//! Triple Town through every generic suite, plus what is its own: planted
//! bugs, the checker's invariants on corrupted records, the generator's
//! floors, the bench table, the commands in a file of their own, malformed
//! inputs.

mod bugs;
mod suites;

use m3_model::triple::{self, Action, At, CommandRecord, Invalid, Merge, Pos, Status, TripleTown};
use m3diff::check::planted::Corruption;
use m3diff::games::triple::{Counter, LEFTOVER, MERGES, STAR_LEVEL};
use m3diff::invariant::{CONSERVATION, RECORD, SCORE_BOOK, VALIDITY};
use m3diff::{Game, Rulebook, Size};
use suites::{m3diff, text};

// The official sample and the hand-made cases that pin one rule each.
suites::game_suites!(TripleTown, answered = 44);

// TT2: a chain stops after its first merge.
suites::planted_bug!(tt2_a_chain_stopped_early_is_caught_and_shrunk: OneMergeOnly => "merges", at_most = 48);
impl Corruption<TripleTown> for OneMergeOnly {
    const BUG: &'static str = "TT2 a chain stops after its first merge";
    fn corrupt(record: &mut CommandRecord) {
        record.merges.truncate(1);
    }
}

// TT3: a star becomes the lowest level that reacts.
suites::planted_bug!(tt3_a_star_a_level_too_low_is_caught_and_shrunk: StarOneLevelLower => "placed", at_most = 48);
impl Corruption<TripleTown> for StarOneLevelLower {
    const BUG: &'static str = "TT3 a star becomes a level below the highest that reacts";
    fn corrupt(record: &mut CommandRecord) {
        if let (Action::Star(_), Some(placed)) = (&record.command.action, &mut record.placed) {
            placed.level = placed.level.saturating_sub(1).max(1);
        }
    }
}

// TT4: a bomb costs the tile's whole value.
suites::planted_bug!(tt4_a_bomb_at_full_value_is_caught_and_shrunk: FullPenalty => "bombed", at_most = 48);
impl Corruption<TripleTown> for FullPenalty {
    const BUG: &'static str = "TT4 a bomb takes the tile's whole value";
    fn corrupt(record: &mut CommandRecord) {
        if let Some(bombed) = &mut record.bombed {
            bombed.penalty *= 2;
        }
    }
}

/// The cell a command names, when it names one.
fn cell_of(action: &Action) -> Option<At> {
    match action {
        Action::Put(at) | Action::Star(at) | Action::Bomber(at) => Some(*at),
        Action::End | Action::Unknown(_) => None,
    }
}

// TT7: a coordinate of i64::MIN, whose `- 1` overflows, taken for a
// number that is no integer.
suites::planted_bug!(tt7_a_coordinate_of_i64_min_is_caught_and_shrunk: MinimumCoordinate => "status", at_most = 48, cases = 2000);
impl Corruption<TripleTown> for MinimumCoordinate {
    const BUG: &'static str = "TT7 a command at row or column i64::MIN refused as an unknown command";
    fn corrupt(record: &mut CommandRecord) {
        let at_minimum = cell_of(&record.command.action).is_some_and(|at| at.row == i64::MIN || at.col == i64::MIN);
        if at_minimum && record.status == Status::Invalid(Invalid::OutsideMap) {
            record.status = Status::Invalid(Invalid::UnknownCommand);
        }
    }
}

// TT7: a bound checked with `<=` where `<` was meant lets a cell one past
// the map through, to be found occupied.
suites::planted_bug!(tt7_a_cell_one_past_the_map_is_caught_and_shrunk: OnePastCalledOccupied => "status", at_most = 32, cases = 2000);
impl Corruption<TripleTown> for OnePastCalledOccupied {
    const BUG: &'static str = "TT7 a command one past the map refused as an occupied cell";
    fn corrupt(record: &mut CommandRecord) {
        let (rows, cols) = (record.map.rows() as i64, record.map.cols() as i64);
        let one_past = cell_of(&record.command.action).is_some_and(|at| at.row == rows + 1 || at.col == cols + 1);
        if one_past && record.status == Status::Invalid(Invalid::OutsideMap) {
            record.status = Status::Invalid(Invalid::OccupiedCell);
        }
    }
}

// Bugs that fire only on an edge the generator draws on purpose, found by
// a campaign of the default size within the cases given: a 60 s night runs
// some 1,200,000.

// TT3: stars counted in a byte: p = 256 (or any multiple) reads as none.
suites::planted_bug!(tt3_stars_in_a_byte_are_caught_and_shrunk: StarsInAByte => "status", at_most = 32, cases = 2000);
impl Corruption<TripleTown> for StarsInAByte {
    const BUG: &'static str = "TT3 with a multiple of 256 stars a star is refused as none left";
    fn corrupt_in(instance: &triple::Instance, record: &mut CommandRecord) {
        let star = matches!(record.command.action, Action::Star(_));
        if star && instance.stars.is_multiple_of(256) && record.status == Status::Played {
            *record = refusal(record, Invalid::NoStarLeft);
        }
    }
}

// TT1: the sequence's length kept in a byte: k = 256 reads as none.
suites::planted_bug!(tt1_a_sequence_length_in_a_byte_is_caught_and_shrunk: SequenceInAByte => "status", at_most = 560, cases = 2000);
impl Corruption<TripleTown> for SequenceInAByte {
    const BUG: &'static str = "TT1 with a sequence of 256 tiles a PUT is refused as the sequence used up";
    fn corrupt_in(instance: &triple::Instance, record: &mut CommandRecord) {
        let put = matches!(record.command.action, Action::Put(_));
        if put && instance.sequence.len() == 256 && record.status == Status::Played {
            *record = refusal(record, Invalid::SequenceUsedUp);
        }
    }
}

// TT2: a map 100 wide or high, the format's most, where each merge scores
// a point short: a bug of `bugs`, whose shrink `memory_shrink` measures.
#[test]
fn tt2_a_merge_short_on_a_map_100_wide_is_caught_and_shrunk() {
    suites::planted_bug_is_found_at_the_default_size::<TripleTown, bugs::HundredWideShort>(2000, "points", 240);
}

/// What `record`'s command does when refused for `reason`: nothing.
fn refusal(record: &CommandRecord, reason: Invalid) -> CommandRecord {
    let (score, map) = (record.score - record.points, record.map.clone());
    CommandRecord {
        command: record.command.clone(),
        status: Status::Invalid(reason),
        placed: None,
        merges: Vec::new(),
        bombed: None,
        points: 0,
        score,
        map,
    }
}

#[test]
fn generator_keeps_producing_interesting_games() {
    use Counter::*;
    // The longest games, the most tools and the largest scores are drawn
    // within the statement (the tests below).
    let rare = [Largest, LongestBuilt, MostTools, ScorePastI32, ScorePastU32];
    let tally = suites::generator_reaches_every_counter::<TripleTown>(600, &rare);
    let count = |counter| tally.count(counter);
    let read = count(Read);
    let refusals: u64 = [UnknownCommand, OutsideMap, SequenceUsedUp, NoStarLeft, NoBombLeft, OccupiedCell, EmptyCell]
        .into_iter()
        .map(count)
        .sum();
    let stars_above_l1: u64 = [StarL2, StarL3, StarL4, StarL5, StarL6, StarL7, StarL8].into_iter().map(count).sum();
    let checks = [
        ("a merge every five commands", count(Merge) * 5 >= read),
        ("a game in 50 sets off a chain of 3 or 4 merges", (count(Chain3) + count(Chain4)) * 50 >= tally.games),
        ("a third of the stars react", stars_above_l1 * 3 >= stars_above_l1 + count(StarL1)),
        ("refusals stay rare", refusals * 10 <= read),
        ("most games end with END", count(EndMissing) * 3 <= tally.games),
    ];
    let failed: Vec<&str> = checks.iter().filter(|(_, ok)| !ok).map(|(what, _)| *what).collect();
    assert!(failed.is_empty(), "from seed {}: not true that {failed:?}\n{tally}", suites::first_seed());
}

#[test]
fn the_bench_table_plays_its_whole_sequence() {
    for benchmark in TripleTown::benchmarks() {
        let instance = benchmark.instance();
        let tiles = instance.sequence.len();
        let puts = instance.actions().filter(|action| matches!(action, Action::Put(_))).count();
        assert_eq!(puts, tiles, "{}: every tile is built", benchmark.name);
        assert_eq!(instance.actions().last(), Some(&Action::End), "{}", benchmark.name);
        let verdict = TripleTown::solve(&instance);
        assert!(!verdict.is_refused(), "{}: {verdict}", benchmark.name);
    }
}

// The checker on corrupted records: each change to a corpus file's records
// must break the invariant named, and that one first.
suites::corrupted_records! {
    TripleTown;
    tt1_a_put_on_an_occupied_cell_recorded_as_made_breaks_validity: "tt1-occupied-cell" => VALIDITY, |instance, records, outcome| {
        assert_eq!(records[1].status, Status::Invalid(Invalid::OccupiedCell));
        records[1].status = Status::Played;
    }
    tt7_a_refused_command_that_scores_breaks_the_record: "tt4-empty-cell" => RECORD, |instance, records, outcome| {
        records[0].points = 4;
    }
    tt7_an_outcome_naming_a_later_refusal_breaks_validity: "tt4-empty-cell" => VALIDITY, |instance, records, outcome| {
        outcome.rejection.as_mut().unwrap().line += 1;
    }
    tt2_a_merge_that_leaves_a_tile_of_its_region_breaks_the_merges: "tt2-figure-3-chain" => MERGES, |instance, records, outcome| {
        assert_eq!(records[0].merges.len(), 3);
        records[0].merges[1].emptied.pop();
    }
    tt2_a_chain_that_stops_with_a_region_of_three_breaks_leftover: "tt2-figure-3-chain" => LEFTOVER, |instance, records, outcome| {
        records[0].merges.truncate(2);
    }
    tt2_l9_tiles_that_merge_break_the_merges: "tt2-chain-stops-at-l9" => MERGES, |instance, records, outcome| {
        let region = vec![Pos::new(1, 1), Pos::new(1, 2)];
        records[0].merges.push(Merge { level: 10, emptied: region });
    }
    tt3_a_star_of_the_lowest_level_that_reacts_breaks_the_star_level: "tt3-star-highest-not-lowest" => STAR_LEVEL, |instance, records, outcome| {
        records[0].placed.as_mut().unwrap().level = 1;
    }
    tt2_a_tile_lost_from_the_map_breaks_conservation: "tt6-initial-region-stays" => CONSERVATION, |instance, records, outcome| {
        records[0].map.set(1, 0, triple::EMPTY);
    }
    tt2_a_tile_of_another_level_on_the_map_breaks_the_record: "tt6-initial-region-stays" => RECORD, |instance, records, outcome| {
        assert_eq!(records[0].map.get(1, 0), 2);
        records[0].map.set(1, 0, 3);
    }
    tt4_a_penalty_missing_from_the_points_breaks_the_score_book: "tt4-bomb" => SCORE_BOOK, |instance, records, outcome| {
        records[0].points = 0;
    }
    tt4_a_score_that_is_not_the_points_sum_breaks_the_score_book: "sample" => SCORE_BOOK, |instance, records, outcome| {
        outcome.score += 1;
    }
}

#[test]
fn tt7_commands_in_a_file_of_their_own_are_numbered_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let instance = dir.path().join("sample.in");
    let commands = dir.path().join("sample.commands");
    std::fs::write(&instance, "0\n2 3\n1 1\n..1\n221\n2\n1 3\n").unwrap();
    for (lines, code, stdout) in [
        ("PUT 1 2\nPUT 1 1\nSTAR 2 1\nEND\n", Some(0), "824\n"),
        ("PUT 1 2\n\nPUT 1 2\n", Some(1), "invalid: line 3: occupied cell\n"),
    ] {
        std::fs::write(&commands, lines).unwrap();
        let args = ["solve", "triple", instance.to_str().unwrap(), "--commands", commands.to_str().unwrap()];
        for extra in [&[][..], &["--reference"]] {
            let args: Vec<&str> = args.iter().copied().chain(extra.iter().copied()).collect();
            let output = m3diff(&args, "");
            assert_eq!((output.status.code(), text(&output.stdout).as_str()), (code, stdout), "{args:?}");
        }
        let checked =
            m3diff(&["check", "triple", instance.to_str().unwrap(), "--commands", commands.to_str().unwrap()], "");
        assert!(checked.status.success(), "{}", text(&checked.stdout));
    }
    let door = m3diff(&["solve", "door", "corpus/door/sample1.in", "--commands", commands.to_str().unwrap()], "");
    assert_eq!(door.status.code(), Some(2));
    assert!(text(&door.stderr).contains("door reads its swaps from the instance's file"), "{}", text(&door.stderr));
}

#[test]
fn tt7_the_trace_names_every_refusal_and_play_goes_on() {
    let output = m3diff(&["solve", "triple", "corpus/triple/tt4-empty-cell.in", "--trace"], "");
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("command 1 (line 8): BOMBER 1 1: refused (empty cell, TT7): nothing changes"), "{stdout}");
    assert!(stdout.contains("command 2 (line 9): PUT 1 2: built L1 at (1,2)"), "{stdout}");
    assert!(stdout.ends_with("invalid: line 8: empty cell\n"), "{stdout}");
}

#[test]
fn tt7_a_coordinate_past_any_integer_is_a_cell_outside_the_map() {
    let input = "0\n1 1\n0 0\n.\n1\n1\nPUT 1 99999999999999999999999\n";
    let instance = triple::parse(input).unwrap();
    assert_eq!(instance.commands[0].action, Action::Put(At::new(1, i64::MAX)));
    let output = m3diff(&["solve", "triple"], input);
    assert_eq!(text(&output.stdout), "invalid: line 7: cell outside the map\n");
}

#[test]
fn gen_honours_the_shape() {
    let args = ["gen", "triple", "--seed", "3", "--rows", "4", "--cols", "6", "--tiles", "12", "--stars", "0"];
    let generated = text(&m3diff(&args, "").stdout);
    let instance = triple::parse(&generated).unwrap();
    assert_eq!((instance.map.rows(), instance.map.cols(), instance.sequence.len()), (4, 6, 12));
    assert_eq!(instance.stars, 0);
    for out_of_bounds in [&["--rows", "0"][..], &["--cols", "101"], &["--tiles", "100001"], &["--fill-percent", "101"]]
    {
        let mut args = vec!["gen", "triple", "--seed", "1"];
        args.extend_from_slice(out_of_bounds);
        assert_eq!(m3diff(&args, "").status.code(), Some(2), "{out_of_bounds:?}");
    }
}

#[test]
fn reading_levels_outside_the_table_are_worth_0_in_both_implementations() {
    // m3_model::triple::Map's reading: 12, 255 and 200 stay as written,
    // never merge and are worth 0; a sequence level 0 builds no tile.
    let map = triple::Map::from_cells(1, 4, vec![12, triple::EMPTY, 255, triple::EMPTY]);
    let actions = vec![
        Action::Put(At::new(1, 2)),
        Action::Put(At::new(1, 2)),
        Action::Bomber(At::new(1, 1)),
        Action::Star(At::new(1, 4)),
        Action::Star(At::new(1, 1)),
    ];
    let instance = triple::Instance::new(1, map, 2, 2, vec![0, 200], actions);
    let outcome = m3diff::check_game::<TripleTown>(&instance, &mut m3diff::Tally::default())
        .unwrap_or_else(|failure| panic!("{failure}"));
    // Two stars of L1, 4 points each; nothing else scores or costs.
    assert_eq!(outcome.score, 8);
}

#[test]
fn tt1_within_the_statement_every_size_draws_what_the_format_reads_back() {
    for (size, seeds) in [(Size::Small, 300), (Size::Mixed, 300), (Size::Max, 100)] {
        // Everything the format reads is within the statement: a game is
        // within it when it reads back as itself.
        for seed in 0..seeds {
            let instance = suites::against::within_statement::<TripleTown>(seed, size, |_| {});
            let again = triple::parse(&instance.to_string());
            assert!(again.is_ok_and(|again| again == instance), "{size:?} seed {seed} reads back");
        }
    }
}

#[test]
fn tt1_within_the_statement_the_extremes_are_drawn_often_at_max_and_now_and_then_at_mixed() {
    use Counter::*;
    let extremes = [MostRows, MostCols, Largest, LongestBuilt, MostTools, ScorePastI32, ScorePastU32];
    suites::against::extremes_are_drawn_within_the_statement::<TripleTown>(
        &extremes,
        &[LongestBuilt, ScorePastI32],
        20,
    );
}
