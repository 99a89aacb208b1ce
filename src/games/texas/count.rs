//! What the generated Texas games exercised, rule by rule.

use m3_model::texas::{Instance, Invalid, OperationRecord, Outcome, Pos, Round, Special, Texas};
use m3_model::texas::{ALL_VALID_BONUS, CLEARED_BONUS};
use m3_model::texas::{MAX_COLOURS, MAX_OPERATIONS, MAX_SIDE};

use super::hand::best_hand;
use super::runs::run_cells;
use super::state::Standing;
use super::swapped::swapped;
use crate::game::coverage::Tally;
use crate::game::places::{BoardEdges, Shape};
use crate::game::{AtMost, Counts};
use crate::kit::edges::{edge_of, Edge};

crate::counters! {
    /// Texas Match-3's rule-coverage counters, under their rules.
    pub enum Counter {
        "TX1" => {
            SideOfFifty: "game on a board with a side of 49 or 50 (the statement's most)",
            MostColours: "game of k = 100 colours (the statement's most)",
            LargestBoard: "swap on a 50x50 board of 100 colours, a fifth of its pieces specials",
            RowsAtMost: "game of n = 50 rows, m below 50",
            ColumnsAtMost: "game of m = 50 columns, n below 50",
            BothSidesAtMost: "game on a 50x50 board",
            EveryColour: "game of k = 100 with every colour 1..=100 on the starting board",
        }
        "TX2" => {
            Valid: "valid swap",
            OffBoard: "invalid: off the board",
            SameCell: "invalid: same cell",
            NotAdjacent: "invalid: not adjacent",
            EmptyCell: "invalid: empty cell",
            NoRun: "invalid: no run",
            ZeroCoordinate: "swap naming row or column 0",
            OnePast: "swap naming a cell one past the board (row n+1 or column m+1)",
            WidthCoordinate: "swap coordinate at an integer-width edge (127, 255, 65535, 2^31, 2^32-1, ...)",
            DiagonalWouldRun: "invalid: diagonal neighbours whose exchange would make a run",
            EmptyCellWouldRun: "invalid: empty cell whose exchange with its neighbour would make a run",
        }
        "TX3" => {
            OneRound: "operation of 1 round",
            TwoRounds: "operation of 2 rounds",
            ThreeOrFourRounds: "operation of 3-4 rounds",
            FiveRoundsOrMore: "operation of 5+ rounds",
        }
        "TX4" => {
            ColoursApart: "round whose runs mark two colours 64 apart (1 and 65 ... 36 and 100)",
            LastRowRun: "round with a horizontal run in the board's last row (row n)",
            LastColumnRun: "round with a vertical run in the board's last column (column m)",
        }
        "TX5" => {
            RowSpecial: "row special fired",
            ColumnSpecial: "column special fired",
            RowAndColumnSpecial: "row-and-column special fired",
            Square3Special: "3x3 special fired",
            Square5Special: "5x5 special fired",
            ColourSpecial: "colour special fired",
            SpecialBySpecial: "special fired by another special",
        }
        "TX7" => {
            HighColour: "piece of a colour above 63 removed",
            SumPast16Bits: "round whose removed colours sum above 65,535",
        }
        "TX9" => {
            Combo: "round with a combo (component of 4+)",
            ComboLeft: "combo component a search from its first cell misses without steps left",
            ComboRight: "combo component a search from its first cell misses without steps right",
            ComboUp: "combo component a search from its first cell misses without steps up",
            ComboDown: "combo component a search from its first cell misses without steps down",
        }
        "TX10" => {
            HighCard: "hand: high card",
            OnePair: "hand: one pair",
            TwoPairs: "hand: two pairs",
            ThreeOfAKind: "hand: three of a kind",
            FullHouse: "hand: full house",
            FourOfAKind: "hand: four of a kind",
            FiveOfAKind: "hand: five of a kind",
        }
        "TX11" => {
            AllValid: "game with every operation valid",
            BoardCleared: "game that cleared the board",
            MostOperations: "game of q = 1000 operations (the statement's most)",
            OperationsAtWidth: "game of q = 127, 128, 255 or 256 operations (an integer-width edge)",
        }
    }
}

impl Counter {
    /// The special kinds fired, in the order of their codes.
    pub const SPECIALS: [Counter; 6] = [
        Counter::RowSpecial,
        Counter::ColumnSpecial,
        Counter::RowAndColumnSpecial,
        Counter::Square3Special,
        Counter::Square5Special,
        Counter::ColourSpecial,
    ];
    /// The reasons an operation is invalid, in the order of `Invalid`.
    pub const INVALID: [Counter; 5] =
        [Counter::OffBoard, Counter::SameCell, Counter::NotAdjacent, Counter::EmptyCell, Counter::NoRun];
    /// The hands, weakest first.
    pub const HANDS: [Counter; 7] = [
        Counter::HighCard,
        Counter::OnePair,
        Counter::TwoPairs,
        Counter::ThreeOfAKind,
        Counter::FullHouse,
        Counter::FourOfAKind,
        Counter::FiveOfAKind,
    ];
}

impl Counts<Texas> for Counter {
    /// Under `--against`, whose cases keep to the statement.
    fn beyond_statement() -> &'static [Counter] {
        &[Counter::OffBoard, Counter::ZeroCoordinate, Counter::OnePast, Counter::WidthCoordinate]
    }

    fn edges(before: &Standing, record: &OperationRecord) -> BoardEdges {
        let removed = record.rounds.iter().flat_map(|round| &round.removed);
        BoardEdges::of(
            before.board.rows(),
            before.board.cols(),
            removed.map(|removal| (removal.cell.row, removal.cell.col)),
        )
    }

    fn shape(instance: &Instance) -> Shape {
        Shape::of(instance.board.rows(), instance.board.cols())
    }

    fn record(tally: &mut Tally<Counter>, before: &Standing, record: &OperationRecord) {
        let reason = match record.validity {
            Ok(()) => Counter::Valid,
            Err(reason) => Counter::INVALID[reason as usize],
        };
        tally.add(reason, 1);
        count_coordinates(tally, before, record);
        count_invalid_yet_running(tally, before, record);
        if is_largest(before) {
            tally.add(Counter::LargestBoard, 1);
        }
        if before.operations == 0 {
            tally.add(Counter::EveryColour, u64::from(has_every_colour(before)));
        }
        if record.rounds.is_empty() {
            return;
        }
        let rounds = match record.rounds.len() {
            1 => Counter::OneRound,
            2 => Counter::TwoRounds,
            3..=4 => Counter::ThreeOrFourRounds,
            _ => Counter::FiveRoundsOrMore,
        };
        tally.add(rounds, 1);
        for round in &record.rounds {
            let sum: u64 = round.removed.iter().map(|removal| u64::from(removal.piece.colour)).sum();
            tally.add(Counter::SumPast16Bits, u64::from(sum > u64::from(u16::MAX)));
            let marked = marked_pieces(round);
            tally.add(Counter::ColoursApart, u64::from(marks_colours_apart(&marked)));
            let (rows, cols) = (before.board.rows(), before.board.cols());
            let in_last_row =
                marked.iter().filter(|(cell, _)| cell.row + 1 == rows).map(|&(cell, colour)| (cell.col, colour));
            tally.add(Counter::LastRowRun, u64::from(three_in_a_line(in_last_row)));
            let in_last_column =
                marked.iter().filter(|(cell, _)| cell.col + 1 == cols).map(|&(cell, colour)| (cell.row, colour));
            tally.add(Counter::LastColumnRun, u64::from(three_in_a_line(in_last_column)));
            for removal in &round.removed {
                tally.add(Counter::HighColour, u64::from(removal.piece.colour > 63));
                if removal.piece.special == Special::None {
                    continue;
                }
                tally.add(Counter::SPECIALS[usize::from(removal.piece.special.code()) - 1], 1);
                if !round.marked.contains(&removal.cell) {
                    tally.add(Counter::SpecialBySpecial, 1);
                }
            }
            tally.add(Counter::Combo, u64::from(round.combo_points > 0));
            if round.combo_points > 0 {
                let needed = steps_needed(&marked);
                for (counter, needed) in [Counter::ComboLeft, Counter::ComboRight, Counter::ComboUp, Counter::ComboDown]
                    .into_iter()
                    .zip(needed)
                {
                    tally.add(counter, u64::from(needed));
                }
            }
        }
        if record.hand_points.is_some() {
            let mut hand = before.hand.clone();
            hand.push(record.main_colours.clone());
            if let Some((kind, _)) = best_hand(&hand) {
                tally.add(Counter::HANDS[kind as usize], 1);
            }
        }
    }

    fn outcome(tally: &mut Tally<Counter>, last: &Standing, outcome: &Outcome) {
        // TX11's bonuses, told apart by what the board and the bonus say.
        let cleared = last.board.is_empty();
        tally.add(Counter::BoardCleared, u64::from(cleared));
        let rest = outcome.parts.endgame - if cleared { CLEARED_BONUS } else { 0 };
        tally.add(Counter::AllValid, u64::from(rest == ALL_VALID_BONUS));
        let sides = [last.board.rows(), last.board.cols()];
        let at_most = sides.iter().any(|&side| edge_of(1, MAX_SIDE as i64, side as i64) == Some(Edge::High));
        tally.add(Counter::SideOfFifty, u64::from(at_most));
        if let Some(at) = AtMost::of(sides[0], sides[1], MAX_SIDE) {
            let counter = match at {
                AtMost::Rows => Counter::RowsAtMost,
                AtMost::Cols => Counter::ColumnsAtMost,
                AtMost::Both => Counter::BothSidesAtMost,
            };
            tally.add(counter, 1);
        }
        tally.add(Counter::MostColours, u64::from(last.colours == MAX_COLOURS));
        let q = last.operations as i64;
        tally.add(Counter::MostOperations, u64::from(q == MAX_OPERATIONS as i64));
        tally.add(Counter::OperationsAtWidth, u64::from(edge_of(1, MAX_OPERATIONS as i64, q) == Some(Edge::Width)));
    }
}

/// TX2's edges of a swap's four coordinates, each against its side of the
/// board (a row against n, a column against m).
fn count_coordinates(tally: &mut Tally<Counter>, before: &Standing, record: &OperationRecord) {
    let (rows, cols) = (before.board.rows() as i64, before.board.cols() as i64);
    let (first, second) = (record.swap.first, record.swap.second);
    let coordinates = [(first.row, rows), (first.col, cols), (second.row, rows), (second.col, cols)];
    let any = |edge: &dyn Fn(i64, i64) -> bool| {
        u64::from(coordinates.iter().any(|&(value, side)| edge(i64::from(value), side)))
    };
    tally.add(Counter::ZeroCoordinate, any(&|value, _| value == 0));
    tally.add(Counter::OnePast, any(&|value, side| value == side + 1));
    tally.add(Counter::WidthCoordinate, any(&|value, side| edge_of(1, side, value) == Some(Edge::Width)));
}

/// TX2: an invalid swap whose exchange, made anyway, leaves a run: a
/// solution that lets diagonal neighbours swap, or a piece swap with an
/// empty cell, plays it and scores, and one that does not never differs.
fn count_invalid_yet_running(tally: &mut Tally<Counter>, before: &Standing, record: &OperationRecord) {
    let (first, second) = (record.swap.first, record.swap.second);
    let counter = match record.validity {
        Err(Invalid::NotAdjacent) if first.row.abs_diff(second.row) == 1 && first.col.abs_diff(second.col) == 1 => {
            Counter::DiagonalWouldRun
        }
        Err(Invalid::EmptyCell) => Counter::EmptyCellWouldRun,
        _ => return,
    };
    let runs = swapped(&before.board, &record.swap).is_some_and(|after| !run_cells(&after).is_empty());
    tally.add(counter, u64::from(runs));
}

/// k = 100 and each of its colours on the board.
fn has_every_colour(standing: &Standing) -> bool {
    let mut seen = 0u128;
    for piece in standing.board.cells().iter().flatten() {
        seen |= colour_bit(piece.colour);
    }
    standing.colours == MAX_COLOURS && seen.count_ones() == u32::from(MAX_COLOURS)
}

/// A colour's bit in a set of colours; none for one past the statement's.
fn colour_bit(colour: u8) -> u128 {
    1u128.checked_shl(u32::from(colour)).unwrap_or(0)
}

/// The cells that runs mark in `round`, each with its piece's colour, in
/// row-major order. Both lists go in row-major order: one walk pairs each
/// marked cell with its removal.
fn marked_pieces(round: &Round) -> Vec<(Pos, u8)> {
    let mut marked = round.marked.iter().peekable();
    let mut pieces = Vec::with_capacity(round.marked.len());
    for removal in &round.removed {
        if marked.next_if(|&&cell| cell == removal.cell).is_some() {
            pieces.push((removal.cell, removal.piece.colour));
        }
    }
    pieces
}

/// The four steps (left, right, up, down), each whether some combo
/// component (TX9: 4+ marked pieces of one colour, side by side) is not
/// wholly found by a search from its first cell in reading order that never
/// takes that step. A solution whose search looks three ways only scores
/// such a component short: one of the contest's official solutions did.
fn steps_needed(marked: &[(Pos, u8)]) -> [bool; 4] {
    const STEPS: [(isize, isize); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
    let colour_at =
        |row: usize, col: usize| marked.iter().find(|(cell, _)| cell.row == row && cell.col == col).map(|&(_, c)| c);
    let reached = |start: Pos, colour: u8, steps: &[(isize, isize)]| -> Vec<Pos> {
        let mut found = vec![start];
        let mut next = 0;
        while next < found.len() {
            let cell = found[next];
            next += 1;
            for &(down, right) in steps {
                let (Some(row), Some(col)) = (cell.row.checked_add_signed(down), cell.col.checked_add_signed(right))
                else {
                    continue;
                };
                if colour_at(row, col) == Some(colour) && !found.iter().any(|p| p.row == row && p.col == col) {
                    found.push(Pos::new(row, col));
                }
            }
        }
        found
    };
    let mut needed = [false; 4];
    let mut seen: Vec<Pos> = Vec::new();
    // `marked` is in reading order: a component's first cell comes first.
    for &(start, colour) in marked {
        if seen.contains(&start) {
            continue;
        }
        let component = reached(start, colour, &STEPS);
        seen.extend(&component);
        if component.len() < 4 {
            continue;
        }
        for (skipped, needed) in needed.iter_mut().enumerate() {
            let steps: Vec<(isize, isize)> = (0..4).filter(|&s| s != skipped).map(|s| STEPS[s]).collect();
            *needed |= reached(start, colour, &steps).len() < component.len();
        }
    }
    needed
}

/// Whether the marked pieces hold two colours 64 apart.
fn marks_colours_apart(marked: &[(Pos, u8)]) -> bool {
    let colours = marked.iter().fold(0u128, |colours, &(_, colour)| colours | colour_bit(colour));
    colours & (colours >> 64) != 0
}

/// Whether three marked pieces of one colour follow each other along one
/// line, given as (place along the line, colour) in order. Those three lie
/// in a run (TX4), whichever run marked them: a scan of the runs that stops
/// one short of the board's last row or column never finds it.
fn three_in_a_line(line: impl Iterator<Item = (usize, u8)>) -> bool {
    let line: Vec<(usize, u8)> = line.collect();
    line.windows(3).any(|three| {
        let (a, b, c) = (three[0], three[1], three[2]);
        a.1 == b.1 && b.1 == c.1 && b.0 == a.0 + 1 && c.0 == b.0 + 1
    })
}

/// The statement's largest board with the other extremes: 50x50, k = 100,
/// and at least a fifth of the pieces on it specials.
fn is_largest(standing: &Standing) -> bool {
    let board = &standing.board;
    if board.rows() != MAX_SIDE || board.cols() != MAX_SIDE || standing.colours != MAX_COLOURS {
        return false;
    }
    let pieces = board.cells().iter().flatten();
    let specials = pieces.clone().filter(|piece| piece.special != Special::None).count();
    specials > 0 && specials * 5 >= pieces.count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::texas::hand::Hand;

    #[test]
    fn hands_and_reasons_line_up_with_their_enums() {
        assert_eq!(Counter::HANDS[Hand::FullHouse as usize], Counter::FullHouse);
        assert_eq!(Counter::INVALID[Invalid::EmptyCell as usize], Counter::EmptyCell);
        assert_eq!(Counter::SPECIALS[usize::from(Special::Square5.code()) - 1], Counter::Square5Special);
    }

    /// The reference's counts of a 3x3 game of plain pieces.
    fn tally_of(colours: &str, swap: &str) -> Tally<Counter> {
        let instance = m3_model::texas::parse(&format!("3 3 3 1\n{colours}0 0 0\n0 0 0\n0 0 0\n{swap}\n")).unwrap();
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<Texas>(&instance, &mut tally).unwrap();
        tally
    }

    /// Marked cells, in reading order, of the `1`s drawn in `rows`.
    fn marked(rows: &[&str]) -> Vec<(Pos, u8)> {
        let cells = rows.iter().enumerate().flat_map(|(row, line)| {
            line.chars().enumerate().filter(|&(_, c)| c == '1').map(move |(col, _)| (Pos::new(row, col), 1))
        });
        cells.collect()
    }

    #[test]
    fn tx9_a_combo_a_three_way_search_from_its_first_cell_scores_short_is_counted_by_the_step_it_needs() {
        // [left, right, up, down]. An L: from (0,2) down, then left.
        assert_eq!(steps_needed(&marked(&["..1", "..1", "111"])), [true, false, false, true]);
        // A U: from (0,0) down, right, then up the last column.
        assert_eq!(steps_needed(&marked(&["1.1", "1.1", "111"])), [false, true, true, true]);
        // Three pieces are no combo; two components of 4 add their steps.
        assert_eq!(steps_needed(&marked(&["111", "...", "..."])), [false; 4]);
        assert_eq!(steps_needed(&marked(&["1111..", "......", "1.1111"])), [false, true, false, false]);
        // In a played game: the swap makes the L of five 1s.
        let game = m3_model::texas::parse("3 4 3 1\n2 3 1 2\n3 2 1 3\n1 1 2 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n3 3 3 4\n");
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<Texas>(&game.unwrap(), &mut tally).unwrap();
        let steps =
            [Counter::ComboLeft, Counter::ComboRight, Counter::ComboUp, Counter::ComboDown].map(|c| tally.count(c));
        assert_eq!((tally.count(Counter::Combo), steps), (1, [1, 0, 0, 1]));
    }

    #[test]
    fn tx2_an_invalid_swap_whose_exchange_would_make_a_run_is_counted_by_its_reason() {
        // (1,1) and (2,2) exchanged would make the first row 1 1 1; (2,1) and
        // (3,2) would make none.
        let diagonal = tally_of("2 1 1\n3 1 2\n1 2 3\n", "1 1 2 2");
        assert_eq!([diagonal.count(Counter::NotAdjacent), diagonal.count(Counter::DiagonalWouldRun)], [1, 1]);
        let no_run = tally_of("2 1 1\n3 1 2\n1 2 3\n", "2 1 3 2");
        assert_eq!([no_run.count(Counter::NotAdjacent), no_run.count(Counter::DiagonalWouldRun)], [1, 0]);
        // The first swap empties column 3 down to its last row; the 1 of
        // (1,4) moved to (1,3) would make 1 1 1, the 3 of (2,4) nothing.
        let colours = "1 1 2 1\n3 4 2 3\n4 3 5 2\n2 5 3 4\n";
        let game = format!("4 4 5 3\n{colours}{}3 3 3 4\n1 3 1 4\n2 3 2 4\n", "0 0 0 0\n".repeat(4));
        let mut tally = Tally::default();
        crate::runs::against::reference_answer::<Texas>(&m3_model::texas::parse(&game).unwrap(), &mut tally).unwrap();
        assert_eq!([tally.count(Counter::EmptyCell), tally.count(Counter::EmptyCellWouldRun)], [2, 1]);
    }

    #[test]
    fn tx4_a_run_in_the_last_row_or_column_is_counted_and_one_a_row_or_column_short_is_not() {
        let last_row = tally_of("1 2 3\n2 3 1\n1 1 2\n", "3 3 2 3");
        assert_eq!([last_row.count(Counter::LastRowRun), last_row.count(Counter::LastColumnRun)], [1, 0]);
        let last_column = tally_of("1 2 1\n2 3 1\n3 1 2\n", "3 3 3 2");
        assert_eq!([last_column.count(Counter::LastRowRun), last_column.count(Counter::LastColumnRun)], [0, 1]);
        for (colours, swap) in [("1 2 3\n1 1 2\n2 3 1\n", "2 3 3 3"), ("1 1 2\n2 1 3\n3 2 1\n", "3 2 3 3")] {
            let short = tally_of(colours, swap);
            assert_eq!(short.count(Counter::Valid), 1, "{colours}");
            assert_eq!([short.count(Counter::LastRowRun), short.count(Counter::LastColumnRun)], [0, 0], "{colours}");
        }
    }
}
