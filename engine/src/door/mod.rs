//! Magic Door (ICPC 2025 Seoul Regional), rules MD1-MD7 of docs/RULES.md.
//!
//! `Engine` keeps the grid as one flat `u16` plane with a border (`plane`),
//! the armed bombs as a list, and one set of scratch buffers sized for the
//! whole grid at the start, so that a swap allocates nothing on the quiet
//! path. The chain reaction never looks at the whole grid:
//!
//! - Stage 1 (MD3) searches for groups only through the cells whose content
//!   changed since the last search (the two swapped cells, then the cells a
//!   fall wrote). Every search before it found every group and all of them
//!   vanished, so a group made of unchanged cells would have been found
//!   then; each new group holds a changed cell.
//! - Stage 2 (MD4) traces the beams on the plane from the armed list, with
//!   no copy of the grid: nothing is removed before every beam has run.
//! - Gravity (MD5) closes up only the columns that lost a cell, from their
//!   lowest vanished row to their topmost cell, arms the bombs that move and
//!   re-lists the armed bombs in the range it rewrites.
//!
//! A caller that wants the records (`step`) passes a `Recorder` to the same
//! loop; `solve` passes `Quiet`, which costs nothing once monomorphised.

mod beams;
mod fall;
mod groups;
mod observer;
mod plane;
mod scratch;

#[cfg(test)]
mod tests;

use m3_model::door::{Instance, Invalid, MagicDoor, Outcome, StageKind, Status, Swap, SwapRecord};
use m3_model::Stepper;

use observer::{Observer, Pass, Quiet, Recorder};
use plane::{Plane, ARMED};
use scratch::Scratch;

/// A game in progress.
pub struct Engine {
    plane: Plane,
    scratch: Scratch,
    /// Every armed bomb on the plane, each once, in no particular order.
    armed: Vec<usize>,
    // A grid the format cannot write (groups, floating cells or armed bombs
    // from the start) is read as `m3_model::door::Instance` says: the first
    // made swap's first search looks at the whole grid, and the first fall
    // closes up every column. These two flags live until then; `armed`
    // lists the starting grid's armed bombs, which wait for a swap that
    // makes a group.
    /// The grid may hold a group that no swap made.
    groups_anywhere: bool,
    /// Some cell may have an empty cell below it.
    floating: bool,
    /// Cells vanished over all swaps (MD7).
    vanished: u64,
}

impl Engine {
    fn new(instance: &Instance) -> Engine {
        let plane = Plane::from_board(&instance.board);
        let scratch = Scratch::new(plane.cells.len(), plane.stride);
        // Room for every cell, so that the list never grows.
        let mut armed = Vec::with_capacity(plane.cells.len());
        armed.extend(plane.interior().filter(|&cell| plane.cells[cell] == ARMED));
        let floating = plane.floating();
        Engine { plane, scratch, armed, groups_anywhere: true, floating, vanished: 0 }
    }

    /// MD1's checks, then the exchange and the chain reaction after it;
    /// returns the cells vanished (MD7). An invalid swap changes nothing.
    #[inline]
    fn play(&mut self, swap: Swap, observer: &mut impl Observer) -> Result<u64, Invalid> {
        let (first, second) = self.plane.locate(swap)?;
        // MD1: the two gems exchange places, adjacent or not.
        self.plane.cells.swap(first, second);
        let dirty = &mut self.scratch.dirty;
        dirty.clear();
        if self.groups_anywhere {
            dirty.extend(self.plane.interior());
            self.groups_anywhere = false;
        } else {
            dirty.extend([first, second]);
        }
        let vanished = self.react(observer);
        self.vanished += vanished;
        Ok(vanished)
    }

    /// MD3-MD6: Stage 1 while groups exist, then Stage 2 while a bomb is
    /// armed, back to Stage 1 after each, until neither has work. Each pass
    /// vanishes at least one cell, so the loop ends.
    #[inline]
    fn react(&mut self, observer: &mut impl Observer) -> u64 {
        let mut total = 0;
        loop {
            groups::find(&self.plane, &mut self.scratch);
            let kind = if !self.scratch.vanished.is_empty() {
                StageKind::Groups
            } else if total > 0 && !self.armed.is_empty() {
                // Only a process a group started reaches Stage 2 (MD6: a
                // swap that makes no group scores 0, armed bombs or not).
                beams::explode(&self.plane, &mut self.scratch, &mut self.armed);
                StageKind::Explosion
            } else {
                // MD6: no group and no armed bomb.
                return total;
            };
            total += self.scratch.vanished.len() as u64;
            fall::fall(&mut self.plane, &mut self.scratch, &mut self.armed, self.floating);
            self.floating = false;
            let scratch = &self.scratch;
            let exploded: &[usize] = if kind == StageKind::Explosion { &scratch.exploded } else { &[] };
            observer.stage(&Pass {
                kind,
                exploded,
                vanished: &scratch.vanished,
                activated: &scratch.activated,
                plane: &self.plane,
            });
        }
    }
}

impl Stepper<MagicDoor> for Engine {
    /// The grid as given; no swap made yet.
    fn start(instance: &Instance) -> Engine {
        Engine::new(instance)
    }

    /// Makes the swap and its chain reaction, recording every pass; an
    /// invalid swap is recorded and changes nothing.
    fn step(&mut self, swap: &Swap) -> SwapRecord {
        let mut recorder = Recorder::default();
        let (status, vanished) = match self.play(*swap, &mut recorder) {
            Ok(vanished) => (Status::Played, vanished),
            Err(reason) => (Status::Invalid(reason), 0),
        };
        SwapRecord { swap: *swap, status, stages: recorder.stages, vanished, board: self.plane.to_board() }
    }

    fn finish(self) -> Outcome {
        Outcome { vanished: self.vanished }
    }
}

/// The statement's answer for `instance` on the quiet path: every swap and
/// its chain reaction, recording nothing. The same as stepping every swap
/// and taking `finish().result()`.
pub fn solve(instance: &Instance) -> i64 {
    let mut game = Engine::new(instance);
    for &swap in &instance.swaps {
        // An invalid swap changes nothing and scores nothing.
        let _ = game.play(swap, &mut Quiet);
    }
    Outcome { vanished: game.vanished }.result()
}
