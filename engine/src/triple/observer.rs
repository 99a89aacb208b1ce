//! What a command tells a caller that wants to see inside it. The quiet path
//! passes `Quiet`, whose methods do nothing and vanish once monomorphised;
//! `Recorder` builds the model's `Placed`, `Merge`s and `Bombed`.

use m3_model::triple::{Bombed, Merge, Placed};

use super::plane::Plane;

/// Told about each event of a command, after the plane shows it.
pub(super) trait Observer {
    /// PUT or STAR built a tile of `level` at `cell` (TT1, TT3).
    fn placed(&mut self, _plane: &Plane, _cell: usize, _level: u8) {}
    /// A region merged into a tile of `level`; `emptied` holds its other
    /// cells in no particular order (TT2).
    fn merged(&mut self, _plane: &Plane, _level: u8, _emptied: &[usize]) {}
    /// A bomb destroyed a tile of `level` at `cell` (TT4).
    fn bombed(&mut self, _plane: &Plane, _cell: usize, _level: u8, _penalty: i64) {}
}

/// The observer of the quiet path.
pub(super) struct Quiet;

impl Observer for Quiet {}

/// Collects one command's events.
#[derive(Default)]
pub(super) struct Recorder {
    pub placed: Option<Placed>,
    pub merges: Vec<Merge>,
    pub bombed: Option<Bombed>,
}

impl Observer for Recorder {
    fn placed(&mut self, plane: &Plane, cell: usize, level: u8) {
        self.placed = Some(Placed { pos: plane.pos(cell), level });
    }

    fn merged(&mut self, plane: &Plane, level: u8, emptied: &[usize]) {
        // Plane order is row-major order, the record's order.
        let mut sorted = emptied.to_vec();
        sorted.sort_unstable();
        self.merges.push(Merge { level, emptied: sorted.into_iter().map(|cell| plane.pos(cell)).collect() });
    }

    fn bombed(&mut self, plane: &Plane, cell: usize, level: u8, penalty: i64) {
        self.bombed = Some(Bombed { pos: plane.pos(cell), level, penalty });
    }
}
