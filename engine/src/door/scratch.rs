//! Buffers every pass reuses, allocated once per game at full size so that
//! no pass grows them. Per-cell flags are pass stamps: a flag is set when it
//! equals the current pass, so a new pass forgets the last one's flags
//! without touching the planes.

pub(super) struct Scratch {
    pass: u32,
    /// Vanishes in this pass (each cell once, MD3 and MD4).
    pub gone_at: Vec<u32>,
    /// Already scanned for a horizontal / vertical run in this pass.
    pub row_scanned_at: Vec<u32>,
    pub col_scanned_at: Vec<u32>,
    /// Per plane column, the plane row of its lowest vanished cell this
    /// pass; 0 (a border row) when none vanished.
    pub lowest: Vec<usize>,

    /// Cells whose content changed since the last group search: only groups
    /// through them can be new.
    pub dirty: Vec<usize>,
    /// This pass's vanished cells, in the order they were found.
    pub vanished: Vec<usize>,
    /// The bombs this pass's fall armed, where they landed.
    pub activated: Vec<usize>,
    /// The bombs this pass exploded (Stage 2).
    pub exploded: Vec<usize>,
    /// Columns that lost a cell this pass.
    pub columns: Vec<usize>,
}

impl Scratch {
    pub fn new(cells: usize, stride: usize) -> Scratch {
        Scratch {
            pass: 0,
            gone_at: vec![0; cells],
            row_scanned_at: vec![0; cells],
            col_scanned_at: vec![0; cells],
            lowest: vec![0; stride],
            dirty: Vec::with_capacity(cells),
            vanished: Vec::with_capacity(cells),
            activated: Vec::with_capacity(cells),
            exploded: Vec::with_capacity(cells),
            columns: Vec::with_capacity(stride),
        }
    }

    /// Starts a pass and returns its stamp; every older stamp reads as
    /// unset. Once in 2^32 passes the planes are cleared instead.
    #[inline]
    pub fn next_pass(&mut self) -> u32 {
        if self.pass == u32::MAX {
            for plane in [&mut self.gone_at, &mut self.row_scanned_at, &mut self.col_scanned_at] {
                plane.fill(0);
            }
            self.pass = 0;
        }
        self.pass += 1;
        self.pass
    }

    /// Adds `index` to this pass's vanished cells unless it is there.
    #[inline]
    pub fn vanish(&mut self, index: usize, pass: u32) {
        if self.gone_at[index] != pass {
            self.gone_at[index] = pass;
            self.vanished.push(index);
        }
    }
}
