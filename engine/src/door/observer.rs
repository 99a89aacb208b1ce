//! What the chain reaction tells a caller that wants to see inside a swap.
//! The quiet path passes `Quiet`, whose method does nothing and vanishes
//! once monomorphised; `Recorder` builds the model's `Stage`s.

use m3_model::door::{Pos, Stage, StageKind};

use super::plane::Plane;

/// Told about each pass of a chain reaction.
pub(super) trait Observer {
    /// A pass has vanished its cells and its fall has been applied.
    fn stage(&mut self, _pass: &Pass<'_>) {}
}

/// One pass, after its fall. The lists hold plane indices in no particular
/// order.
pub(super) struct Pass<'a> {
    pub kind: StageKind,
    pub exploded: &'a [usize],
    pub vanished: &'a [usize],
    pub activated: &'a [usize],
    pub plane: &'a Plane,
}

/// The observer of the quiet path.
pub(super) struct Quiet;

impl Observer for Quiet {}

/// Collects the `Stage` records of one swap.
#[derive(Default)]
pub(super) struct Recorder {
    pub stages: Vec<Stage>,
}

impl Observer for Recorder {
    fn stage(&mut self, pass: &Pass<'_>) {
        // Plane order is row-major order, the records' order.
        let positions = |cells: &[usize]| -> Vec<Pos> {
            let mut sorted = cells.to_vec();
            sorted.sort_unstable();
            sorted.into_iter().map(|cell| pass.plane.pos(cell)).collect()
        };
        self.stages.push(Stage {
            kind: pass.kind,
            exploded: positions(pass.exploded),
            vanished: positions(pass.vanished),
            activated: positions(pass.activated),
            board: pass.plane.to_board(),
        });
    }
}
