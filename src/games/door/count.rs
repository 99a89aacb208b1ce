//! What the generated Magic Door games exercised, rule by rule. Besides
//! each rule's cases, the counters give the generator's statistics: the
//! share of swaps with an explosion (`swap with an explosion` / `swap made`),
//! stages per swap (`stage` / `swap made`) and how often vibranium fell.

use m3_model::door::{Board, Cell, Instance, Invalid, MagicDoor, Pos, Stage, StageKind, Status, SwapRecord};
use m3_model::door::{MAX_COLOUR, MAX_SIDE, MIN_SIDE};

use super::cell_set::CellSet;
use super::groups::{line_lengths, GROUP_LENGTH};
use super::rules::{beams, swapped};
use super::state::Settled;
use crate::game::coverage::Tally;
use crate::game::places::{BoardEdges, Shape};
use crate::game::{AtMost, Counts};
use crate::kit::edges::{edge_of, Edge};

crate::counters! {
    /// Magic Door's rule-coverage counters, under their rules.
    pub enum Counter {
        "MD1" => {
            Played: "swap made",
            Distant: "swap of two cells not side by side",
            Further: "further swap made on a settled grid",
            SameCell: "further swap refused: one cell",
            NotAGem: "further swap refused: not a regular gem",
            Corner: "swap of a corner cell",
            MostRowsOrCols: "grid of 79 or 80 rows or columns (the statement's most)",
            MostRows: "grid of 80 rows and fewer columns",
            MostCols: "grid of 80 columns and fewer rows",
            Largest: "grid of 80x80 (the statement's largest)",
            LastColour: "grid holding a gem of colour 9 (the last)",
            AllColours: "grid holding gems of all 9 colours",
        }
        "MD2" => {
            CrossGroups: "gem in a horizontal and a vertical group",
            LongGroup: "group of 4 or more",
            LastRowGroup: "horizontal group in the grid's last row",
            LastColGroup: "vertical group in the grid's last column",
        }
        "MD3" => {
            GroupsPass: "Stage 1 pass",
            GroupsAfterExplosion: "Stage 1 pass after an explosion",
        }
        "MD4" => {
            ExplosionPass: "Stage 2 pass",
            Exploded: "bomb exploded",
            Together: "Stage 2 pass of 2+ bombs",
            Stopped: "beam stopped by vibranium",
            UnarmedHit: "unarmed bomb hit by a beam (vanishes unexploded)",
            ArmedHit: "armed bomb on another's beam (explodes too)",
        }
        "MD5" => {
            ArmedInGroupsFall: "bomb armed by a Stage 1 fall",
            ArmedInExplosionFall: "bomb armed by a Stage 2 fall",
            VibraniumFell: "vibranium gem that fell",
            SwapVibraniumFell: "swap in which vibranium fell",
        }
        "MD6" => {
            NoGroup: "swap making no group (scores 0)",
            Stages: "stage (pass of either kind)",
            WithExplosion: "swap with an explosion",
            ExplosionChain: "swap of 2+ Stage 2 passes",
            FiveStages: "swap of 5+ stages",
            TenStages: "swap of 10+ stages",
        }
        "MD7" => {
            Vanished: "gem vanished",
            MostVanished: "swap vanishing 6,000 gems or more (of the largest grid's 6,400)",
        }
    }
}

// No `outcome`: MD7's total is the sum of the swaps' counts, already counted.
impl Counts<MagicDoor> for Counter {
    /// Under `--against`, whose cases keep to the statement.
    fn beyond_statement() -> &'static [Counter] {
        &[Counter::Further, Counter::SameCell, Counter::NotAGem]
    }

    fn edges(before: &Settled, record: &SwapRecord) -> BoardEdges {
        let cells =
            record.stages.iter().flat_map(|stage| stage.vanished.iter().chain(&stage.exploded).chain(&stage.activated));
        BoardEdges::of(before.board.rows(), before.board.cols(), cells.map(|pos| (pos.row, pos.col)))
    }

    fn shape(instance: &Instance) -> Shape {
        Shape::of(instance.board.rows(), instance.board.cols())
    }

    fn record(tally: &mut Tally<Counter>, before: &Settled, record: &SwapRecord) {
        match record.status {
            Status::Invalid(Invalid::SameCell) => return tally.add(Counter::SameCell, 1),
            Status::Invalid(Invalid::NotAGem(_)) => return tally.add(Counter::NotAGem, 1),
            Status::Played => {}
        }
        let (a, b) = (record.swap.first, record.swap.second);
        let flag = |tally: &mut Tally<Counter>, counter, yes: bool| tally.add(counter, u64::from(yes));
        tally.add(Counter::Played, 1);
        flag(tally, Counter::Distant, a.row.abs_diff(b.row) + a.col.abs_diff(b.col) > 1);
        flag(tally, Counter::Further, before.swaps > 0);
        flag(tally, Counter::Corner, [a, b].iter().any(|&pos| corner(&before.board, pos)));
        if before.swaps == 0 {
            grid_edges(tally, &before.board);
        }
        let stages = record.stages.len();
        flag(tally, Counter::NoGroup, stages == 0);
        tally.add(Counter::Stages, stages as u64);
        flag(tally, Counter::FiveStages, stages >= 5);
        flag(tally, Counter::TenStages, stages >= 10);
        tally.add(Counter::Vanished, record.vanished);
        flag(tally, Counter::MostVanished, record.vanished >= MOST_VANISHED);
        let explosions = record.stages.iter().filter(|stage| stage.kind == StageKind::Explosion).count();
        flag(tally, Counter::WithExplosion, explosions > 0);
        flag(tally, Counter::ExplosionChain, explosions >= 2);

        let swapped = swapped(&before.board, record.swap);
        let mut board = &swapped;
        let mut vibranium_fell = false;
        let mut previous = None;
        for stage in &record.stages {
            match stage.kind {
                StageKind::Groups => {
                    groups(tally, board, stage);
                    flag(tally, Counter::GroupsAfterExplosion, previous == Some(StageKind::Explosion));
                    tally.add(Counter::ArmedInGroupsFall, stage.activated.len() as u64);
                }
                StageKind::Explosion => {
                    explosion(tally, board, stage);
                    tally.add(Counter::ArmedInExplosionFall, stage.activated.len() as u64);
                }
            }
            let fell = vibranium_that_fell(board, &stage.board);
            tally.add(Counter::VibraniumFell, fell);
            vibranium_fell |= fell > 0;
            previous = Some(stage.kind);
            board = &stage.board;
        }
        flag(tally, Counter::SwapVibraniumFell, vibranium_fell);
    }
}

/// A Stage 1 pass from `board`.
fn groups(tally: &mut Tally<Counter>, board: &Board, stage: &Stage) {
    tally.add(Counter::GroupsPass, 1);
    let (mut crossing, mut long) = (0, false);
    // A scan that stops a row or a column short of the edge misses these.
    let (mut last_row, mut last_col) = (false, false);
    for &pos in &stage.vanished {
        let (across, down) = line_lengths(board, pos);
        crossing += u64::from(across >= GROUP_LENGTH && down >= GROUP_LENGTH);
        long |= across > GROUP_LENGTH || down > GROUP_LENGTH;
        last_row |= across >= GROUP_LENGTH && pos.row == board.rows() - 1;
        last_col |= down >= GROUP_LENGTH && pos.col == board.cols() - 1;
    }
    tally.add(Counter::CrossGroups, crossing);
    tally.add(Counter::LongGroup, u64::from(long));
    tally.add(Counter::LastRowGroup, u64::from(last_row));
    tally.add(Counter::LastColGroup, u64::from(last_col));
}

/// A Stage 2 pass from `board`.
fn explosion(tally: &mut Tally<Counter>, board: &Board, stage: &Stage) {
    tally.add(Counter::ExplosionPass, 1);
    tally.add(Counter::Exploded, stage.exploded.len() as u64);
    tally.add(Counter::Together, u64::from(stage.exploded.len() >= 2));
    let mut reached = CellSet::default();
    reached.clear(board);
    tally.add(Counter::Stopped, beams(board, &stage.exploded, &mut reached));
    let (mut unarmed, mut armed) = (0, 0);
    for pos in reached.iter() {
        let cell = board.get(pos.row, pos.col);
        unarmed += u64::from(cell == Cell::Bomb);
        armed += u64::from(cell == Cell::ArmedBomb);
    }
    tally.add(Counter::UnarmedHit, unarmed);
    tally.add(Counter::ArmedHit, armed);
}

/// The gems one swap vanishes, at least, to count among the most: nearly
/// all of the largest grid, which a chain of armed bombs clears.
const MOST_VANISHED: u64 = 6_000;

/// Vibranium gems whose row the fall from `before` to `after` changed: a
/// column keeps its vibranium in order, so the k-th from the bottom is the
/// same gem before and after.
fn vibranium_that_fell(before: &Board, after: &Board) -> u64 {
    // Many grids hold none: a look along the cells is cheaper than a walk
    // down every column.
    if !before.cells().contains(&Cell::Vibranium) {
        return 0;
    }
    let mut fell = 0;
    for col in 0..before.cols() {
        let rows = |board| vibranium_rows_up(board, col);
        fell += rows(before).zip(rows(after)).filter(|(b, a)| b != a).count() as u64;
    }
    fell
}

/// The rows of the vibranium in column `col` of `board`, bottom up.
fn vibranium_rows_up(board: &Board, col: usize) -> impl Iterator<Item = usize> + '_ {
    let cols = board.cols();
    (0..board.rows()).rev().filter(move |&row| board.cells()[row * cols + col] == Cell::Vibranium)
}

/// Whether `pos` is a corner of `board`: its row and its column both at an
/// edge.
fn corner(board: &Board, pos: Pos) -> bool {
    [0, board.rows() - 1].contains(&pos.row) && [0, board.cols() - 1].contains(&pos.col)
}

/// The edges of the grid a game starts on: its sides, its colours.
fn grid_edges(tally: &mut Tally<Counter>, board: &Board) {
    let sides = [board.rows(), board.cols()].map(|side| edge_of(MIN_SIDE as i64, MAX_SIDE as i64, side as i64));
    let at_most = AtMost::of(board.rows(), board.cols(), MAX_SIDE);
    tally.add(Counter::MostRowsOrCols, u64::from(sides.contains(&Some(Edge::High))));
    tally.add(Counter::MostRows, u64::from(at_most == Some(AtMost::Rows)));
    tally.add(Counter::MostCols, u64::from(at_most == Some(AtMost::Cols)));
    tally.add(Counter::Largest, u64::from(at_most == Some(AtMost::Both)));
    tally.add(Counter::LastColour, u64::from(board.cells().contains(&Cell::Gem(MAX_COLOUR))));
    let mut colours = [false; MAX_COLOUR as usize + 1];
    for colour in board.cells().iter().filter_map(|cell| cell.colour()) {
        colours[usize::from(colour)] = true;
    }
    tally.add(Counter::AllColours, u64::from(colours[1..].iter().all(|&held| held)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::coverage::Tally;

    fn tally_of(text: &str) -> Tally<Counter> {
        let instance = m3_model::door::parse(text).expect("a Magic Door instance");
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<MagicDoor>(&instance, &mut tally).expect("the reference answers");
        tally
    }

    #[test]
    fn md2_a_group_in_the_last_row_or_the_last_column_is_counted_as_such() {
        // The swap lines up three 1s along the bottom row.
        let last_row = tally_of("3 3\n2 3 2\n3 1 3\n1 2 1\n2 2 3 2\n");
        assert_eq!((last_row.count(Counter::LastRowGroup), last_row.count(Counter::LastColGroup)), (1, 0));
        // The swap lines up three 1s down the last column.
        let last_col = tally_of("3 3\n2 3 1\n3 1 2\n2 3 1\n2 2 2 3\n");
        assert_eq!((last_col.count(Counter::LastRowGroup), last_col.count(Counter::LastColGroup)), (0, 1));
        // Three 1s along the top row: neither.
        let top = tally_of("3 3\n1 2 1\n3 1 3\n2 3 2\n1 2 2 2\n");
        assert_eq!((top.count(Counter::LastRowGroup), top.count(Counter::LastColGroup)), (0, 0));
    }
}
