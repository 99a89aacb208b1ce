//! Buffers a round reuses, allocated once per game. Per-cell flags are
//! generation stamps: a flag is set when it equals the current generation,
//! so a new round forgets the last one's flags without touching the planes.

pub(super) struct Scratch {
    generation: u32,
    /// Marked by a run this round (TX4).
    pub marked_at: Vec<u32>,
    /// Removed this round, by a run or a special (TX5).
    pub removed_at: Vec<u32>,
    /// Already scanned for a horizontal / vertical run this round.
    pub row_scanned_at: Vec<u32>,
    pub col_scanned_at: Vec<u32>,
    /// Already counted in a combo component this round (TX9).
    pub grouped_at: Vec<u32>,
    /// A colour special (6) already swept this colour this round.
    pub colour_swept_at: [u32; 256],
    /// A column lost a piece this round; `lowest` then holds its lowest
    /// emptied row.
    pub column_at: Vec<u32>,
    pub lowest: Vec<usize>,

    /// Cells whose piece changed since the last run search: only runs through
    /// them can be new.
    pub dirty: Vec<usize>,
    /// This round's run-marked cells, in marking order.
    pub marked: Vec<usize>,
    /// This round's removed cells (marked first), also the specials' worklist.
    pub removed: Vec<usize>,
    /// Columns that lost a piece this round.
    pub columns: Vec<usize>,
    /// Flood-fill stack for combo components.
    pub stack: Vec<usize>,
}

impl Scratch {
    pub fn new(cells: usize, cols: usize) -> Scratch {
        Scratch {
            generation: 0,
            marked_at: vec![0; cells],
            removed_at: vec![0; cells],
            row_scanned_at: vec![0; cells],
            col_scanned_at: vec![0; cells],
            grouped_at: vec![0; cells],
            colour_swept_at: [0; 256],
            column_at: vec![0; cols],
            lowest: vec![0; cols],
            dirty: Vec::with_capacity(cells),
            marked: Vec::with_capacity(cells),
            removed: Vec::with_capacity(cells),
            columns: Vec::with_capacity(cols),
            stack: Vec::with_capacity(cells),
        }
    }

    /// The stamp that means "this round"; every older stamp reads as unset.
    #[inline]
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Starts a new round's flags.
    pub fn next_round(&mut self) {
        if self.generation == u32::MAX {
            // A stale stamp could equal a recycled generation: wipe them all once.
            for plane in [
                &mut self.marked_at,
                &mut self.removed_at,
                &mut self.row_scanned_at,
                &mut self.col_scanned_at,
                &mut self.grouped_at,
                &mut self.column_at,
            ] {
                plane.fill(0);
            }
            self.colour_swept_at = [0; 256];
            self.generation = 0;
        }
        self.generation += 1;
        self.marked.clear();
        self.removed.clear();
        self.columns.clear();
    }

    /// Test hook: jump close to the wrap-around of the stamps.
    #[cfg(test)]
    pub fn set_generation(&mut self, generation: u32) {
        self.generation = generation;
    }
}
