//! Triple Town's state between two operations (`Rulebook::State`), in a module
//! of its own: the checker, counters, trace and generator all read it, and
//! the game's mod.rs re-exports them, so kept there it would tie each of
//! them to mod.rs both ways.

use m3_model::triple::{Action, CommandRecord, Map, Pos, Status, EMPTY};

/// Triple Town between two commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Town {
    /// Commands read so far.
    pub commands: usize,
    pub map: Map,
    pub score: i64,
    /// Tiles in the build sequence.
    pub sequence: usize,
    /// Tiles of the sequence built so far (TT1).
    pub built: usize,
    /// Stars left (TT3).
    pub stars: u32,
    /// Bombs left (TT4).
    pub bombs: u32,
    /// Whether END was carried out (TT5).
    pub ended: bool,
    /// The line of the first refused command (TT7), which the verdict
    /// names.
    pub first_refused: Option<usize>,
}

impl Town {
    /// Counts `record`'s command: everything it changes but the map, which
    /// the caller takes from the record, as a copy or, when it owns the
    /// record, as it is.
    pub(super) fn count(&mut self, record: &CommandRecord) {
        self.commands += 1;
        self.score = record.score;
        if let Status::Invalid(_) = record.status {
            self.first_refused.get_or_insert(record.command.line);
        }
        if record.status == Status::Played {
            match record.command.action {
                Action::Put(_) => self.built += 1,
                Action::Star(_) => self.stars -= 1,
                Action::Bomber(_) => self.bombs -= 1,
                Action::End => self.ended = true,
                Action::Unknown(_) => {}
            }
        }
    }
}

/// Calls `see` on each cell `record` says its command changed, with the
/// level it holds now: the one placed, which holds the level of its last
/// merge (TT2), those its merges emptied, or the one bombed. A call for
/// each rather than an iterator: the player follows every command's
/// changes, and stepped through a chain of iterators they cost it a tenth
/// of its time.
pub(super) fn each_change(record: &CommandRecord, mut see: impl FnMut(Pos, u8)) {
    if let Some(placed) = record.placed {
        see(placed.pos, record.merges.last().map_or(placed.level, |merge| merge.level));
    }
    for merge in &record.merges {
        merge.emptied.iter().for_each(|&pos| see(pos, EMPTY));
    }
    if let Some(bombed) = record.bombed {
        see(bombed.pos, EMPTY);
    }
}
