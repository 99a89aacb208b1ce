//! What the generated Triple Town games exercised, rule by rule. Besides
//! each rule's cases, the counters give the generator's statistics: merges
//! per command (`merge` / `command read`), the longest chain (the highest
//! `chain of N merges` reached), stars above L1, and the share of each
//! refusal among the commands.

use m3_model::triple::{
    Action, At, CommandRecord, Instance, Invalid, Outcome, Pos, Status, TripleTown, EMPTY, MAX_LEVEL, MAX_STAR_LEVEL,
};
use m3_model::triple::{MAX_SIDE, MAX_TILES, MIN_SIDE};

use super::region::Cells;
use super::rules::{neighbours, on_map, reacting, region_size};
use super::state::Town;
use crate::game::coverage::Tally;
use crate::game::places::{BoardEdges, Shape};
use crate::game::{AtMost, Counts};
use crate::kit::edges::{edge_of, Edge};

crate::counters! {
    /// Triple Town's rule-coverage counters, under their rules.
    pub enum Counter {
        "TT1" => {
            Read: "command read",
            Built: "tile built from the sequence",
            SequenceDone: "game that used up its sequence",
            OneRowOrCol: "map of 1 row or 1 column",
            MostRowsOrCols: "map of 99 or 100 rows or columns (the format's most)",
            MostRows: "map of 100 rows and fewer columns",
            MostCols: "map of 100 columns and fewer rows",
            Largest: "map of 100x100 (the format's largest)",
            NoTiles: "game with an empty sequence (k = 0)",
            WidthTiles: "sequence of a length at an integer-width edge (127, 128, 255, 256, ...)",
            LongestBuilt: "game that built all 100,000 tiles of the longest sequence drawn",
        }
        "TT2" => {
            Merge: "merge",
            MadeL2: "merge making L2",
            MadeL3: "merge making L3",
            MadeL4: "merge making L4",
            MadeL5: "merge making L5",
            MadeL6: "merge making L6",
            MadeL7: "merge making L7",
            MadeL8: "merge making L8",
            MadeL9: "merge making L9",
            Chain1: "chain of 1 merge",
            Chain2: "chain of 2 merges",
            Chain3: "chain of 3 merges",
            Chain4: "chain of 4 merges (the most: one level beside the cell per side)",
            Wide: "merge of a region of 4+ tiles",
            LastRow: "merge taking in a tile of the map's last row (row n)",
            LastColumn: "merge taking in a tile of the map's last column (column m)",
            NextToL9: "L9 made or built beside another L9 (no merge)",
        }
        "TT3" => {
            StarL1: "star became L1",
            StarL2: "star became L2",
            StarL3: "star became L3",
            StarL4: "star became L4",
            StarL5: "star became L5",
            StarL6: "star became L6",
            StarL7: "star became L7",
            StarL8: "star became L8",
            NotLowest: "star above the lowest level that reacts",
            StarNoReaction: "star that reacts at no level (L1)",
            WidthStars: "game with p stars at an integer-width edge or the format's most (127, 128, ..., 2^32 - 1)",
            MostTools: "game with p = q = 2^32 - 1 (the format's most of both)",
        }
        "TT4" => {
            Bomb: "bomb",
            BombHigh: "bomb on a tile of L5 or more",
            WidthBombs: "game with q bombs at an integer-width edge or the format's most (127, 128, ..., 2^32 - 1)",
        }
        "TT5" => {
            EndEarly: "END before the sequence is used up",
            EndAfter: "END once the sequence is used up",
            EndMissing: "game with no END",
            ToolAfterSequence: "star or bomb after the sequence is used up",
            ScorePastI32: "game scoring more than 2^31 - 1 (past a signed 32-bit integer)",
            ScorePastU32: "game scoring more than 2^32 - 1 (past an unsigned one)",
        }
        "TT6" => { Gathered: "merge taking in 3+ tiles that stood together" }
        "TT7" => {
            UnknownCommand: "refused: unknown command",
            OutsideMap: "refused: cell outside the map",
            SequenceUsedUp: "refused: sequence used up",
            NoStarLeft: "refused: no star left",
            NoBombLeft: "refused: no bomb left",
            OccupiedCell: "refused: occupied cell",
            EmptyCell: "refused: empty cell",
            AfterRefusal: "command carried out after a refusal",
            BeforeMap: "refused: cell at row or column 0 or -1",
            OnePast: "refused: cell one past the map (row n+1 or column m+1)",
            WidthCoordinate: "refused: coordinate at an integer-width edge (127, 255, 65535, 2^31, 2^32, ...)",
            ExtremeCoordinate: "refused: coordinate at an i64 extreme (i64::MIN, i64::MIN + 1, i64::MAX)",
            NegativeOnMap: "first refusal: negative coordinate whose value without its sign is on the map",
            EndGoesOn: "first refusal: a line that starts with END and goes on",
            StarOnTile: "first refusal: star on an occupied cell, with a star left",
            NoStarOnEmpty: "first refusal: no star left, on an empty cell",
            NoBombOnTile: "first refusal: no bomb left, on a tile",
        }
    }
}

const MADE: [Counter; 8] = {
    use Counter::*;
    [MadeL2, MadeL3, MadeL4, MadeL5, MadeL6, MadeL7, MadeL8, MadeL9]
};
const CHAINS: [Counter; 4] = {
    use Counter::*;
    [Chain1, Chain2, Chain3, Chain4]
};
const STARS: [Counter; 8] = {
    use Counter::*;
    [StarL1, StarL2, StarL3, StarL4, StarL5, StarL6, StarL7, StarL8]
};

fn refused(reason: Invalid) -> Counter {
    match reason {
        Invalid::UnknownCommand => Counter::UnknownCommand,
        Invalid::OutsideMap => Counter::OutsideMap,
        Invalid::SequenceUsedUp => Counter::SequenceUsedUp,
        Invalid::NoStarLeft => Counter::NoStarLeft,
        Invalid::NoBombLeft => Counter::NoBombLeft,
        Invalid::OccupiedCell => Counter::OccupiedCell,
        Invalid::EmptyCell => Counter::EmptyCell,
    }
}

impl Counts<TripleTown> for Counter {
    /// The cell placed (where each merge's tile is made too), the cells
    /// merges emptied and the tile bombed.
    fn edges(before: &Town, record: &CommandRecord) -> BoardEdges {
        let placed = record.placed.iter().map(|placed| placed.pos);
        let emptied = record.merges.iter().flat_map(|merge| merge.emptied.iter().copied());
        let cells = placed.chain(emptied).chain(record.bombed.iter().map(|bombed| bombed.pos));
        BoardEdges::of(before.map.rows(), before.map.cols(), cells.map(|pos| (pos.row, pos.col)))
    }

    fn shape(instance: &Instance) -> Shape {
        Shape::of(instance.map.rows(), instance.map.cols())
    }

    /// Counts one agreed record from the town `before` it.
    fn record(tally: &mut Tally<Counter>, before: &Town, record: &CommandRecord) {
        let flag = |tally: &mut Tally<Counter>, counter, yes: bool| tally.add(counter, u64::from(yes));
        tally.add(Counter::Read, 1);
        if before.commands == 0 {
            count_sizes(tally, before);
        }
        match record.status {
            Status::Invalid(reason) => {
                count_outside(tally, before, &record.command.action);
                count_refused_alone(tally, before, &record.command.action, reason);
                return tally.add(refused(reason), 1);
            }
            // TT5: no game the harness plays has one: the format reads
            // nothing after END and the generator writes nothing there, so a
            // counter for it could only ever stand at zero.
            Status::AfterEnd => return,
            Status::Played => {}
        }
        flag(tally, Counter::AfterRefusal, before.first_refused.is_some());
        let used_up = before.built >= before.sequence;
        match &record.command.action {
            Action::Put(_) => tally.add(Counter::Built, 1),
            Action::Star(at) => {
                flag(tally, Counter::ToolAfterSequence, used_up);
                if let (Some(pos), Some(placed)) = (on_map(&before.map, *at), record.placed) {
                    count_star(tally, before, pos, placed.level, record.merges.is_empty());
                }
            }
            Action::Bomber(_) => {
                tally.add(Counter::Bomb, 1);
                flag(tally, Counter::ToolAfterSequence, used_up);
                flag(tally, Counter::BombHigh, record.bombed.is_some_and(|bombed| bombed.level >= 5));
            }
            Action::End => tally.add(if used_up { Counter::EndAfter } else { Counter::EndEarly }, 1),
            Action::Unknown(_) => {}
        }
        let merges = record.merges.len();
        tally.add(Counter::Merge, merges as u64);
        if merges > 0 {
            tally.add(CHAINS[merges.min(CHAINS.len()) - 1], 1);
        }
        for merge in &record.merges {
            tally.add(MADE[usize::from(merge.level.clamp(2, MAX_LEVEL) - 2)], 1);
            flag(tally, Counter::Wide, merge.emptied.len() >= 3);
            // The emptied tiles, not the cell placed on: a region search
            // bounded one short (`row < n - 1`) still starts at that cell,
            // but never reaches a tile of the last row or column, so the
            // region comes out too small to merge or leaves that tile.
            let (rows, cols) = (before.map.rows(), before.map.cols());
            flag(tally, Counter::LastRow, merge.emptied.iter().any(|cell| cell.row + 1 == rows));
            flag(tally, Counter::LastColumn, merge.emptied.iter().any(|cell| cell.col + 1 == cols));
        }
        // TT6: the merge's other tiles stood together before the placement.
        if let (Some(first), Some(placed)) = (record.merges.first(), record.placed) {
            let together = first.emptied.first().is_some_and(|&start| {
                first.emptied.len() >= 3 && region_size(&before.map, start, placed.level) >= first.emptied.len()
            });
            flag(tally, Counter::Gathered, together);
        }
        if let Some(placed) = record.placed {
            let level = record.merges.last().map_or(placed.level, |merge| merge.level);
            let beside_l9 = level == MAX_LEVEL
                && neighbours(&record.map, placed.pos).any(|cell| record.map.get(cell.row, cell.col) == MAX_LEVEL);
            flag(tally, Counter::NextToL9, beside_l9);
        }
    }

    /// Counts what a finished game exercised.
    fn outcome(tally: &mut Tally<Counter>, last: &Town, outcome: &Outcome) {
        tally.add(Counter::SequenceDone, u64::from(last.built >= last.sequence && last.sequence > 0));
        tally.add(Counter::EndMissing, u64::from(!outcome.ended));
        tally.add(Counter::LongestBuilt, u64::from(last.built == MAX_TILES));
        let score = outcome.result().unwrap_or(0);
        tally.add(Counter::ScorePastI32, u64::from(score > i64::from(i32::MAX)));
        tally.add(Counter::ScorePastU32, u64::from(score > i64::from(u32::MAX)));
    }
}

/// The edges of the sizes a game starts with, which the generator draws
/// now and then (`generate::Knobs::at_an_edge`).
fn count_sizes(tally: &mut Tally<Counter>, start: &Town) {
    let sides = [start.map.rows(), start.map.cols()].map(|side| edge_of(MIN_SIDE as i64, MAX_SIDE as i64, side as i64));
    let flag = |tally: &mut Tally<Counter>, counter, yes: bool| tally.add(counter, u64::from(yes));
    flag(tally, Counter::OneRowOrCol, sides.contains(&Some(Edge::Zero)));
    let at_most = AtMost::of(start.map.rows(), start.map.cols(), MAX_SIDE);
    flag(tally, Counter::MostRowsOrCols, sides.contains(&Some(Edge::High)));
    flag(tally, Counter::MostRows, at_most == Some(AtMost::Rows));
    flag(tally, Counter::MostCols, at_most == Some(AtMost::Cols));
    flag(tally, Counter::Largest, at_most == Some(AtMost::Both));
    flag(tally, Counter::NoTiles, start.sequence == 0);
    flag(tally, Counter::WidthTiles, edge_of(0, MAX_TILES as i64, start.sequence as i64) == Some(Edge::Width));
    let tools = |count: u32| matches!(edge_of(0, u32::MAX.into(), count.into()), Some(Edge::Width | Edge::High));
    flag(tally, Counter::WidthStars, tools(start.stars));
    flag(tally, Counter::WidthBombs, tools(start.bombs));
    flag(tally, Counter::MostTools, start.stars == u32::MAX && start.bombs == u32::MAX);
}

/// The edges of a command's coordinates off the map, each against its side
/// (a row against n, a column against m).
fn count_outside(tally: &mut Tally<Counter>, before: &Town, action: &Action) {
    let (Action::Put(at) | Action::Star(at) | Action::Bomber(at)) = action else { return };
    let (rows, cols) = (before.map.rows() as i64, before.map.cols() as i64);
    let coordinates = [(at.row, rows), (at.col, cols)];
    let any = |edge: &dyn Fn(i64, i64) -> bool| u64::from(coordinates.iter().any(|&(value, side)| edge(value, side)));
    let extreme = |value: i64| [i64::MIN, i64::MIN + 1, i64::MAX].contains(&value);
    tally.add(Counter::BeforeMap, any(&|value, _| value == 0 || value == -1));
    tally.add(Counter::OnePast, any(&|value, side| value == side + 1));
    let width = |value, side| edge_of(1, side, value) == Some(Edge::Width) && !extreme(value);
    tally.add(Counter::WidthCoordinate, any(&width));
    tally.add(Counter::ExtremeCoordinate, any(&|value, _| extreme(value)));
    let first = before.first_refused.is_none();
    tally.add(Counter::NegativeOnMap, u64::from(first) * any(&|value, side| (-side..0).contains(&value)));
}

/// TT7: first refusals that one check alone makes: a star on a tile with a
/// star left, or a star or a bomb beyond p or q on a cell fit for it. A
/// solution that skips the check plays the command, and one that makes it
/// in another order refuses it on the same line, so only these tell a
/// solution that never makes it (a star or a bomb beyond p or q, a star on
/// a tile, `END 0` read as END); and only the first refusal is the verdict.
fn count_refused_alone(tally: &mut Tally<Counter>, before: &Town, action: &Action, reason: Invalid) {
    if before.first_refused.is_some() {
        return;
    }
    let holds_tile = |at: At| on_map(&before.map, at).map(|pos| before.map.get(pos.row, pos.col) != EMPTY);
    let counter = match (action, reason) {
        (Action::Star(_), Invalid::OccupiedCell) => Counter::StarOnTile,
        (Action::Star(at), Invalid::NoStarLeft) if holds_tile(*at) == Some(false) => Counter::NoStarOnEmpty,
        (Action::Bomber(at), Invalid::NoBombLeft) if holds_tile(*at) == Some(true) => Counter::NoBombOnTile,
        (Action::Unknown(words), _) if words.split(' ').next() == Some("END") => Counter::EndGoesOn,
        _ => return,
    };
    tally.add(counter, 1);
}

fn count_star(tally: &mut Tally<Counter>, before: &Town, pos: Pos, level: u8, quiet: bool) {
    tally.add(STARS[usize::from(level.clamp(1, MAX_STAR_LEVEL) - 1)], 1);
    let lowest = reacting(Cells::of(&before.map), pos).lowest();
    tally.add(Counter::NotLowest, u64::from(lowest.is_some_and(|low| low < level)));
    tally.add(Counter::StarNoReaction, u64::from(lowest.is_none() && quiet));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's counts of one L1 put at row 2, column 2 of `map`
    /// (1-based), a 3x3 map whose L1 tiles make a region with it.
    fn tally_of(map: &str) -> Tally<Counter> {
        let instance = m3_model::triple::parse(&format!("0\n3 3\n0 0\n{map}1\n1\nPUT 2 2\nEND\n")).unwrap();
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<TripleTown>(&instance, &mut tally).unwrap();
        tally
    }

    /// The reference's counts of the game of `commands` on the 1x3 map `1..`
    /// with an empty sequence.
    fn tally_of_commands(stars_and_bombs: &str, commands: &str) -> Tally<Counter> {
        let game = format!("0\n1 3\n{stars_and_bombs}\n1..\n0\n\n{commands}\n");
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<TripleTown>(&m3_model::triple::parse(&game).unwrap(), &mut tally)
            .unwrap();
        tally
    }

    #[test]
    fn tt7_a_refusal_that_one_check_alone_makes_is_counted_and_one_that_two_would_make_is_not() {
        use Counter::{EndGoesOn, NegativeOnMap, NoBombOnTile, NoStarOnEmpty, StarOnTile};
        let counts = |stars_and_bombs, commands: &str| {
            let tally = tally_of_commands(stars_and_bombs, commands);
            assert_eq!(tally.count(Counter::Read), commands.lines().count() as u64, "{commands}");
            [StarOnTile, NoStarOnEmpty, NoBombOnTile, EndGoesOn, NegativeOnMap].map(|counter| tally.count(counter))
        };
        assert_eq!(counts("1 0", "STAR 1 1"), [1, 0, 0, 0, 0]);
        assert_eq!(counts("0 0", "STAR 1 2"), [0, 1, 0, 0, 0]);
        assert_eq!(counts("0 0", "BOMBER 1 1"), [0, 0, 1, 0, 0]);
        assert_eq!(counts("0 0", "END 0"), [0, 0, 0, 1, 0]);
        assert_eq!(counts("0 0", "PUT -1 3"), [0, 0, 0, 0, 1]);
        // Refused by the supply and the cell alike, or read as no command.
        assert_eq!(counts("0 0", "STAR 1 1"), [0; 5]);
        assert_eq!(counts("0 0", "BOMBER 1 2"), [0; 5]);
        assert_eq!(counts("0 0", "ENDS"), [0; 5]);
        assert_eq!(counts("0 0", "PUT 1 -4"), [0; 5]);
        // After the first refusal, which is the verdict.
        assert_eq!(counts("1 0", "PUT 1 1\nSTAR 1 1\nPUT -1 3\nEND 0"), [0; 5]);
    }

    #[test]
    fn tt2_a_merge_taking_in_the_last_row_or_column_is_counted_and_one_a_row_or_column_short_is_not() {
        let counts = |tally: &Tally<Counter>| {
            assert_eq!(tally.count(Counter::Merge), 1);
            [tally.count(Counter::LastRow), tally.count(Counter::LastColumn)]
        };
        assert_eq!(counts(&tally_of(".1.\n...\n.1.\n")), [1, 0]);
        assert_eq!(counts(&tally_of("...\n1.1\n...\n")), [0, 1]);
        assert_eq!(counts(&tally_of(".1.\n1..\n...\n")), [0, 0]);
    }
}
