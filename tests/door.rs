//! Magic Door through every generic suite, plus what is its own: planted
//! bugs, the checker's invariants on corrupted records, the generator's
//! floors, the bench table's chain, malformed inputs.

mod suites;

use m3_model::door::{self, Cell, Invalid, MagicDoor, Pos, StageKind, Status, SwapRecord};
use m3diff::check::oracle::play;
use m3diff::check::planted::Corruption;
use m3diff::game::{Percent, PercentOr};
use m3diff::games::door::{Counter, ARMING, BEAMS, GROUPS, LEFTOVER, VIBRANIUM};
use m3diff::invariant::{CONSERVATION, GRAVITY, RECORD, SCORE_BOOK, VALIDITY};
use m3diff::{Game, Rulebook, Size};
use suites::{m3diff, text};

// The two official samples and the hand-made cases that pin one rule each.
suites::game_suites!(MagicDoor, answered = 18);

// MD4: a beam that goes on through vibranium, taking what lies behind it.
suites::planted_bug!(md4_a_beam_through_vibranium_is_caught_and_shrunk: BeamThroughVibranium => "vanished", at_most = 64);
impl Corruption<MagicDoor> for BeamThroughVibranium {
    const BUG: &'static str = "MD4 a beam passes vibranium";
    fn corrupt(record: &mut SwapRecord) {
        // A Stage 2 pass follows another pass, whose grid it starts from.
        for index in 1..record.stages.len() {
            let (done, rest) = record.stages.split_at_mut(index);
            let (start, stage) = (&done[index - 1].board, &mut rest[0]);
            if stage.kind != StageKind::Explosion {
                continue;
            }
            for &bomb in &stage.exploded {
                for (dr, dc) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
                    let mut at = (bomb.row as isize + dr, bomb.col as isize + dc);
                    let mut behind_vibranium = false;
                    while at.0 >= 0 && at.1 >= 0 && start.contains(at.0 as usize, at.1 as usize) {
                        let pos = Pos::new(at.0 as usize, at.1 as usize);
                        match start.get(pos.row, pos.col) {
                            Cell::Vibranium => behind_vibranium = true,
                            Cell::Empty => {}
                            _ if behind_vibranium && !stage.vanished.contains(&pos) => stage.vanished.push(pos),
                            _ => {}
                        }
                        at = (at.0 + dr, at.1 + dc);
                    }
                }
            }
            stage.vanished.sort_unstable();
        }
    }
}

// MD5: a bomb that falls in Stage 2's fall is not armed.
suites::planted_bug!(md5_a_bomb_not_armed_by_stage_2s_fall_is_caught_and_shrunk: NotArmedByStage2Fall => "activated", at_most = 64);
impl Corruption<MagicDoor> for NotArmedByStage2Fall {
    const BUG: &'static str = "MD5 a bomb moved by Stage 2's fall is not armed";
    fn corrupt(record: &mut SwapRecord) {
        for stage in record.stages.iter_mut().filter(|stage| stage.kind == StageKind::Explosion) {
            for pos in stage.activated.drain(..) {
                stage.board.set(pos.row, pos.col, Cell::Bomb);
            }
        }
    }
}

// MD6: the chain reaction stops after its first explosion.
suites::planted_bug!(md6_a_chain_stopped_early_is_caught_and_shrunk: StopAfterFirstExplosion => "stages", at_most = 64);
impl Corruption<MagicDoor> for StopAfterFirstExplosion {
    const BUG: &'static str = "MD6 the chain reaction stops after its first Stage 2 pass";
    fn corrupt(record: &mut SwapRecord) {
        if let Some(first) = record.stages.iter().position(|stage| stage.kind == StageKind::Explosion) {
            record.stages.truncate(first + 1);
            record.board = record.stages[first].board.clone();
        }
    }
}

// Bugs on the edges the generator draws one field at a time (m3diff::kit::edges):
// each fires on its edge only, and a campaign of the default size finds it
// in a few thousand cases, a fraction of a minute of a night.

// MD1: a corner read as off the grid.
suites::planted_bug!(md1_a_corner_refused_is_caught_and_shrunk: CornerRefused => "status", at_most = 64, cases = 5000);
impl Corruption<MagicDoor> for CornerRefused {
    const BUG: &'static str = "MD1 a swap of a corner cell refused as no regular gem";
    fn corrupt(record: &mut SwapRecord) {
        let (rows, cols) = (record.board.rows(), record.board.cols());
        let corner = |pos: &Pos| [0, rows - 1].contains(&pos.row) && [0, cols - 1].contains(&pos.col);
        if record.status == Status::Played {
            if let Some(&pos) = [record.swap.first, record.swap.second].iter().find(|pos| corner(pos)) {
                record.status = Status::Invalid(Invalid::NotAGem(pos));
            }
        }
    }
}

// MD7: a grid of the statement's most rows or columns, counted short.
suites::planted_bug!(md7_a_count_short_on_the_largest_side_is_caught_and_shrunk: EightyCountedShort => "vanished", at_most = 600, cases = 5000);
impl Corruption<MagicDoor> for EightyCountedShort {
    const BUG: &'static str = "MD7 on a grid of 80 rows or columns a swap's count misses a gem";
    fn corrupt(record: &mut SwapRecord) {
        if record.board.rows().max(record.board.cols()) == door::MAX_SIDE && record.vanished > 0 {
            record.vanished -= 1;
        }
    }
}

// MD5: the last colour, 9, kept in a table of nine and read as the first.
suites::planted_bug!(md5_the_last_colour_read_as_the_first_is_caught_and_shrunk: LastColour => "board", at_most = 64, cases = 5000);
impl Corruption<MagicDoor> for LastColour {
    const BUG: &'static str = "MD5 a gem of colour 9 comes out of a fall as colour 1";
    fn corrupt(record: &mut SwapRecord) {
        for board in record.stages.iter_mut().map(|stage| &mut stage.board) {
            for row in 0..board.rows() {
                for col in 0..board.cols() {
                    if board.get(row, col) == Cell::Gem(door::MAX_COLOUR) {
                        board.set(row, col, Cell::Gem(1));
                    }
                }
            }
        }
    }
}

#[test]
fn generator_keeps_producing_interesting_games() {
    // An 80x80 game costs a hundred of the mix: drawn often enough for 400
    // games, it would slow every night by half; a night meets thousands.
    // Most of it vanishing is drawn within the statement (the test below).
    let rare = [Counter::TenStages, Counter::Largest, Counter::MostVanished];
    let tally = suites::generator_reaches_every_counter::<MagicDoor>(400, &rare);
    let count = |counter| tally.count(counter);
    let made = count(Counter::Played);
    let checks = [
        ("most swaps make a group", count(Counter::NoGroup) * 2 < made),
        ("a fifth of the swaps set off an explosion", count(Counter::WithExplosion) * 5 >= made),
        ("explosions chain", count(Counter::ExplosionChain) * 20 >= made),
        ("most swaps are of gems apart", count(Counter::Distant) * 2 >= made),
        ("some games make further swaps", count(Counter::Further) * 10 >= tally.games),
        ("vibranium falls in some swaps", count(Counter::SwapVibraniumFell) * 20 >= made),
        ("refused swaps stay rare", (count(Counter::SameCell) + count(Counter::NotAGem)) * 5 <= made),
    ];
    let failed: Vec<&str> = checks.iter().filter(|(_, ok)| !ok).map(|(what, _)| *what).collect();
    assert!(failed.is_empty(), "from seed {}: not true that {failed:?}\n{tally}", suites::first_seed());
}

#[test]
fn the_largest_games_are_of_the_largest_grid() {
    let instance =
        m3diff::process::seed::with_seed(1, |u| MagicDoor::generate(u, Size::Max, &Default::default())).unwrap();
    assert_eq!((instance.board.rows(), instance.board.cols()), (80, 80));
    assert!(door::parse(&instance.to_string()).is_ok_and(|again| again == instance), "MD1 holds");
}

/// Stages and explosions of each bench case, as the doc comment of the
/// bench table (src/games/door/generate.rs) states them.
#[test]
fn md6_the_bench_table_sets_off_the_chains_it_promises() {
    let mut counts = Vec::new();
    for benchmark in MagicDoor::benchmarks() {
        let instance = benchmark.instance();
        let (records, _) = play::<MagicDoor, m3_reference::door::Reference>(&instance);
        let stages = &records[0].stages;
        let explosions = stages.iter().filter(|stage| stage.kind == StageKind::Explosion).count();
        counts.push((benchmark.name, stages.len(), explosions, records[0].vanished));
    }
    assert_eq!(
        counts,
        [("8x8", 5, 2, 57), ("30x30", 17, 4, 664), ("80x80-chain", 60, 10, 3611)],
        "update the bench table's doc comment"
    );
}

// The checker on corrupted records: each change to a corpus file's records
// must break the invariant named, and that one first.
suites::corrupted_records! {
    MagicDoor;
    md1_a_refused_swap_recorded_as_made_breaks_validity: "md1-further-swaps" => VALIDITY, |instance, records, outcome| {
        assert_eq!(records[1].status, Status::Invalid(Invalid::NotAGem(Pos::new(0, 0))));
        records[1].status = Status::Played;
    }
    md1_a_refused_swap_that_changes_the_grid_breaks_the_record: "md1-further-swaps" => RECORD, |instance, records, outcome| {
        records[1].board.set(3, 1, Cell::Gem(9));
    }
    md3_a_gem_of_a_group_left_out_breaks_the_groups: "sample1" => GROUPS, |instance, records, outcome| {
        records[0].stages[0].vanished.pop();
    }
    md4_a_cell_behind_vibranium_vanishing_breaks_the_beams: "md4-beam-stopped-by-vibranium" => BEAMS, |instance, records, outcome| {
        let explosion = &mut records[0].stages[1];
        assert_eq!(explosion.kind, StageKind::Explosion);
        // The 3 at (2,1), left of the vibranium at (2,2).
        explosion.vanished.insert(0, Pos::new(1, 0));
    }
    md4_a_bomb_that_explodes_without_being_armed_breaks_the_record: "md4-armed-bomb-on-another-beam" => RECORD, |instance, records, outcome| {
        records[0].stages[1].exploded[1] = Pos::new(1, 1);
    }
    md4_an_explosion_while_a_group_is_left_breaks_the_record: "sample1" => RECORD, |instance, records, outcome| {
        records[0].stages[0].kind = StageKind::Explosion;
    }
    md4_vibranium_that_vanishes_breaks_the_vibranium: "md4-beam-stopped-by-vibranium" => VIBRANIUM, |instance, records, outcome| {
        let explosion = &mut records[0].stages[1];
        explosion.vanished.insert(0, Pos::new(1, 1));
    }
    md5_vibranium_turned_into_a_gem_by_a_fall_breaks_the_vibranium: "md5-vibranium-falls" => VIBRANIUM, |instance, records, outcome| {
        let board = &mut records[0].stages[0].board;
        assert_eq!(board.get(3, 0), Cell::Vibranium);
        board.set(3, 0, Cell::Gem(4));
    }
    md5_a_gem_that_changes_colour_in_a_fall_breaks_conservation: "sample1" => CONSERVATION, |instance, records, outcome| {
        let board = &mut records[0].stages[0].board;
        assert_eq!(board.get(5, 0), Cell::Gem(3));
        board.set(5, 0, Cell::Gem(2));
    }
    md5_a_gem_left_floating_breaks_gravity: "md5-vibranium-falls" => GRAVITY, |instance, records, outcome| {
        // The vibranium stays up at (1,1) with empty cells below it.
        let board = &mut records[0].stages[0].board;
        board.set(3, 0, Cell::Empty);
        board.set(0, 0, Cell::Vibranium);
    }
    md5_pieces_that_change_places_in_a_fall_break_gravity: "sample1" => GRAVITY, |instance, records, outcome| {
        let board = &mut records[0].stages[0].board;
        // Column 3 holds the armed bomb above a 3: put the 3 above it.
        assert_eq!((board.get(3, 2), board.get(4, 2)), (Cell::ArmedBomb, Cell::Gem(3)));
        board.set(3, 2, Cell::Gem(3));
        board.set(4, 2, Cell::ArmedBomb);
    }
    md5_a_bomb_listed_as_activated_but_not_armed_breaks_the_record: "md5-bomb-armed-by-stage-2-fall" => RECORD, |instance, records, outcome| {
        let stage = &mut records[0].stages[1];
        assert_eq!(stage.activated, [Pos::new(1, 3)]);
        stage.board.set(1, 3, Cell::Bomb);
    }
    md5_a_bomb_armed_by_a_fall_but_not_listed_breaks_the_arming: "md5-bomb-armed-by-stage-2-fall" => ARMING, |instance, records, outcome| {
        records[0].stages[1].activated.clear();
    }
    md6_stopping_with_a_group_left_breaks_leftover: "sample1" => LEFTOVER, |instance, records, outcome| {
        let record = &mut records[0];
        record.stages.truncate(1);
        record.board = record.stages[0].board.clone();
    }
    md6_stopping_with_an_armed_bomb_left_breaks_leftover: "md5-bomb-armed-by-stage-2-fall" => LEFTOVER, |instance, records, outcome| {
        let record = &mut records[0];
        assert_eq!(record.stages.len(), 3);
        record.stages.truncate(2);
        record.board = record.stages[1].board.clone();
    }
    md7_a_count_that_is_not_the_stages_lists_breaks_the_score_book: "md4-armed-bomb-on-another-beam" => SCORE_BOOK, |instance, records, outcome| {
        records[0].vanished += 1;
    }
    md7_a_total_that_is_not_the_records_sum_breaks_the_score_book: "md1-further-swaps" => SCORE_BOOK, |instance, records, outcome| {
        outcome.vanished -= 1;
    }
}

#[test]
fn md1_a_further_swap_of_a_bomb_is_read_and_refused_in_play() {
    let input = "3 3\n1 2 3\n4 0 5\n6 7 8\n1 1 1 2\n2 2 1 1\n";
    let output = m3diff(&["solve", "door", "--trace"], input);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("swap 2: (2,2) with (1,1): refused by MD1 ((2,2) holds no regular gem)"), "{stdout}");
    // No contest solution reads a second swap: the trace says so first.
    assert!(stdout.starts_with("beyond the statement: 2 swaps, where the statement makes one;"), "{stdout}");
}

#[test]
fn trace_draws_every_stage() {
    let output = m3diff(&["solve", "door", "corpus/door/sample1.in", "--trace"], "");
    let stdout = text(&output.stdout);
    let stages: Vec<&str> = stdout.lines().filter(|line| line.starts_with("  stage ")).collect();
    assert_eq!(stages.len(), 4, "{stdout}");
    assert!(stages[2].contains("(Stage 2, (4,3) exploded)"), "{stdout}");
}

#[test]
fn gen_honours_the_shape_and_its_bounds() {
    let args = ["gen", "door", "--seed", "3", "--rows", "5", "--cols", "7", "--colours", "3", "--swaps", "4"];
    let generated = text(&m3diff(&args, "").stdout);
    assert!(generated.starts_with("5 7\n"), "{generated}");
    let instance = door::parse(&generated).unwrap();
    assert_eq!(instance.swaps.len(), 4);
    assert!(instance.board.cells().iter().filter_map(|cell| cell.colour()).all(|colour| colour <= 3));
    // Three colours leave a colour for every cell: no bomb to repair with.
    let none = ["--bomb-percent", "0", "--vibranium-percent", "0", "--stacked-percent", "0", "--colours", "3"];
    let none: Vec<&str> = ["gen", "door", "--seed", "3"].into_iter().chain(none).collect();
    let plain = door::parse(&text(&m3diff(&none, "").stdout)).unwrap();
    assert!(plain.board.cells().iter().all(|cell| cell.colour().is_some()), "{plain}");
    for out_of_bounds in
        [&["--rows", "2"][..], &["--cols", "81"], &["--colours", "10"], &["--swaps", "0"], &["--side", "5"]]
    {
        let mut args = vec!["gen", "door", "--seed", "1"];
        args.extend_from_slice(out_of_bounds);
        assert_eq!(m3diff(&args, "").status.code(), Some(2), "{out_of_bounds:?}");
    }
}

#[test]
fn md6_reading_a_starting_armed_bomb_waits_for_a_group_in_both_implementations() {
    // A grid the format cannot write (m3_model::door::Instance's reading):
    // the first swap makes no group and scores 0, the second makes column
    // 1's group, whose process sets the bomb off.
    let mut instance = door::parse("3 3\n1 2 3\n2 0 1\n3 1 2\n1 1 1 2\n").unwrap();
    instance.board.set(1, 1, Cell::ArmedBomb);
    instance.swaps.push(door::Swap::new(Pos::new(2, 0), Pos::new(2, 2)));
    let mut tally = m3diff::Tally::default();
    let outcome = m3diff::check_game::<MagicDoor>(&instance, &mut tally).unwrap_or_else(|f| panic!("{f}"));
    let (records, _) = play::<MagicDoor, <MagicDoor as m3diff::Game>::Reference>(&instance);
    assert_eq!((records[0].stages.len(), records[0].vanished), (0, 0));
    assert_eq!(
        records[1].stages.iter().map(|s| s.kind).take(2).collect::<Vec<_>>(),
        [StageKind::Groups, StageKind::Explosion]
    );
    assert_eq!(outcome.vanished, records[1].vanished);
}

#[test]
fn md1_within_the_statement_every_size_draws_one_swap_of_two_distinct_regular_gems() {
    // Grids mostly of bombs and vibranium, two colours (a corner a gem
    // cannot always be made of) and quiet swaps: where a first swap would
    // most easily land on a cell MD1 refuses.
    let crowded = |shape: &mut m3diff::games::door::Knobs| {
        shape.bomb_percent = Some(Percent::new(80));
        shape.vibranium_percent = Some(Percent::new(15));
        shape.colours = Some(2);
        shape.group_percent = PercentOr::new(0);
    };
    for (size, seeds) in [(Size::Small, 300), (Size::Mixed, 300), (Size::Max, 200)] {
        for (name, adjust) in
            [("drawn", &(|_: &mut m3diff::games::door::Knobs| {}) as &dyn Fn(&mut _)), ("crowded", &crowded)]
        {
            let mut beyond = Vec::new();
            for seed in 0..seeds {
                let instance = suites::against::within_statement::<MagicDoor>(seed, size, adjust);
                if let Some(why) = MagicDoor::beyond_statement(&instance) {
                    beyond.push(format!("seed {seed}: {why}"));
                }
                let again = door::parse(&instance.to_string());
                assert!(again.is_ok_and(|again| again == instance), "MD1 holds: {size:?} {name} seed {seed}");
            }
            // By construction none is; the bar is 1%.
            assert!(beyond.len() * 100 < seeds as usize, "{size:?}, {name}: {beyond:?}");
            assert!(beyond.is_empty(), "{size:?}, {name}: {beyond:?}");
        }
    }
}

#[test]
fn md1_within_the_statement_the_extremes_are_drawn_often_at_max_and_now_and_then_at_mixed() {
    use Counter::*;
    let extremes = [MostRows, MostCols, Largest, AllColours, LastColour, Corner, MostVanished];
    suites::against::extremes_are_drawn_within_the_statement::<MagicDoor>(
        &extremes,
        &[Largest, MostRows, MostCols],
        10,
    );
}

#[test]
fn md1_without_the_statement_knob_no_game_is_drawn_at_its_extremes_on_purpose() {
    // The games drawn without `--within-statement` are those their seeds
    // always gave: at max, 80x80 grids of 3 to 6 colours.
    let mut tally = m3diff::Tally::default();
    for seed in 0..20 {
        let instance =
            m3diff::process::seed::with_seed(seed, |u| MagicDoor::generate(u, Size::Max, &Default::default())).unwrap();
        m3diff::check_game::<MagicDoor>(&instance, &mut tally).unwrap_or_else(|f| panic!("{f}"));
    }
    assert_eq!(tally.count(Counter::Largest), 20, "{tally}");
    assert_eq!(tally.count(Counter::AllColours) + tally.count(Counter::LastColour), 0, "{tally}");
}
