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

/// Collects one command's events, its merges into a record's list, whose
/// entries and their lists of cells it reuses: a caller that steps into
/// one record allocates nothing for a merge after the first few.
pub(super) struct Recorder<'a> {
    pub placed: Option<Placed>,
    merges: &'a mut Vec<Merge>,
    /// Merges recorded so far, the first entries of `merges`.
    made: usize,
    pub bombed: Option<Bombed>,
}

impl<'a> Recorder<'a> {
    pub fn into(merges: &'a mut Vec<Merge>) -> Recorder<'a> {
        Recorder { placed: None, merges, made: 0, bombed: None }
    }

    /// Drops the entries of merges an earlier command recorded past this
    /// one's.
    pub fn finish(self) -> (Option<Placed>, Option<Bombed>) {
        self.merges.truncate(self.made);
        (self.placed, self.bombed)
    }
}

impl Observer for Recorder<'_> {
    fn placed(&mut self, plane: &Plane, cell: usize, level: u8) {
        self.placed = Some(Placed { pos: plane.pos(cell), level });
    }

    fn merged(&mut self, plane: &Plane, level: u8, emptied: &[usize]) {
        if self.made == self.merges.len() {
            self.merges.push(Merge { level, emptied: Vec::new() });
        }
        let merge = &mut self.merges[self.made];
        self.made += 1;
        merge.level = level;
        merge.emptied.clear();
        merge.emptied.extend(emptied.iter().map(|&cell| plane.pos(cell)));
        // `Pos` orders row-major, the record's order.
        merge.emptied.sort_unstable();
    }

    fn bombed(&mut self, plane: &Plane, cell: usize, level: u8, penalty: i64) {
        self.bombed = Some(Bombed { pos: plane.pos(cell), level, penalty });
    }
}
