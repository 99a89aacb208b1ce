//! Planted bugs that more than one test binary plants: a game's own test
//! file shows the campaign finds and shrinks each, and a binary of its own
//! plants it again for what needs a process to itself (the peak memory of
//! a shrink, `memory_shrink`) or a night (`triage`).

// Each test binary uses the bug it needs.
#![allow(dead_code)]

use m3_model::texas::{OperationRecord, Special, Texas};
use m3_model::triple::{self, CommandRecord, TripleTown};
use m3diff::check::planted::Corruption;

/// TX7 off by one in any round that triggers a 3x3 special.
pub struct SquareSpecialPoint;

impl Corruption<Texas> for SquareSpecialPoint {
    const BUG: &'static str = "TX7 a point too many when a 3x3 special fires";
    fn corrupt(record: &mut OperationRecord) {
        for round in &mut record.rounds {
            if round.removed.iter().any(|r| r.piece.special == Special::Square3) {
                round.elimination_points += 1;
            }
        }
    }
}

/// TT2 on a map 100 wide or high, the format's most, where each merge
/// scores a point short, as from a table of 99 rows: a shrink must keep
/// the map at the format's most while it cuts the rest.
pub struct HundredWideShort;

impl Corruption<TripleTown> for HundredWideShort {
    const BUG: &'static str = "TT2 on a map of 100 rows or columns a merge scores a point short";
    fn corrupt(record: &mut CommandRecord) {
        if record.map.rows().max(record.map.cols()) == triple::MAX_SIDE && !record.merges.is_empty() {
            record.points -= 1;
            record.score -= 1;
        }
    }
}
