//! Triple Town (NOI 2012), rules TT1-TT7 of docs/RULES.md.
//!
//! `Engine` keeps the map as one flat `u8` plane with a border (`plane`), and
//! beside it each tile's link to its region and one fill list, sized for
//! the whole map at the start (`regions`), so that a command allocates
//! nothing. No command looks at the whole map:
//!
//! - A reaction (TT2) reads the placed cell's four neighbours. Play only
//!   leaves regions of one or two tiles below L9, so each tile's link names
//!   its region, and the neighbours' links tell whether the tile merges and
//!   which cells it empties. Only the map's first tiles, whose regions may
//!   be larger (TT6), take a fill bounded to their region.
//! - A star (TT3) needs no copy of the map per level: a tile placed there
//!   can only join its neighbours' regions, so only the neighbours' levels
//!   are tried, highest first, each from the same links.
//!
//! A caller that wants the records (`step`, `step_events`) passes a
//! `Recorder` to the same code; `solve` passes `Quiet`, which costs
//! nothing once monomorphised.

mod observer;
mod plane;
mod regions;

#[cfg(test)]
mod tests;

use m3_model::triple::{
    Action, Command, CommandRecord, Instance, Invalid, Map, Outcome, Rejection, Status, TripleTown, EMPTY, VALUES,
};
use m3_model::Stepper;

use observer::{Observer, Quiet, Recorder};
use plane::Plane;
use regions::Regions;

/// A game in progress.
pub struct Engine {
    plane: Plane,
    regions: Regions,
    /// The build sequence (TT1) and the index of its next tile.
    sequence: Vec<u8>,
    next: usize,
    /// Stars and bombs left (TT3, TT4).
    stars: u32,
    bombs: u32,
    score: i64,
    /// END was played (TT5).
    ended: bool,
    /// The first refused command (TT7).
    rejection: Option<Rejection>,
}

/// What a tile of `level` scores (TT1, TT2) or half of costs (TT4); a level
/// outside the statement's table is worth 0 (the reading of
/// `m3_model::triple::Map`, which also says what else such a level does).
#[inline]
fn value(level: u8) -> i64 {
    LEVEL_VALUES[usize::from(level)]
}

/// `VALUES` for every `u8`, 0 past its end: one load a tile, no test.
const LEVEL_VALUES: [i64; 256] = {
    let mut values = [0; 256];
    let mut level = 0;
    while level < VALUES.len() {
        values[level] = VALUES[level];
        level += 1;
    }
    values
};

impl Engine {
    fn new(instance: &Instance) -> Engine {
        let plane = Plane::from_map(&instance.map);
        let regions = Regions::new(&plane);
        Engine {
            plane,
            regions,
            sequence: instance.sequence.clone(),
            next: 0,
            stars: instance.stars,
            bombs: instance.bombs,
            score: 0,
            ended: false,
            rejection: None,
        }
    }

    /// One command before END: checked as `Invalid` orders its reasons,
    /// then carried out. A refused command changes nothing (TT7).
    #[inline]
    fn play(&mut self, action: &Action, observer: &mut impl Observer) -> Result<(), Invalid> {
        match *action {
            Action::Put(at) => {
                let cell = self.plane.locate(at).ok_or(Invalid::OutsideMap)?;
                let &level = self.sequence.get(self.next).ok_or(Invalid::SequenceUsedUp)?;
                if !self.plane.is_empty(cell) {
                    return Err(Invalid::OccupiedCell);
                }
                self.next += 1;
                self.build(cell, level, observer);
            }
            Action::Star(at) => {
                let cell = self.plane.locate(at).ok_or(Invalid::OutsideMap)?;
                if self.stars == 0 {
                    return Err(Invalid::NoStarLeft);
                }
                if !self.plane.is_empty(cell) {
                    return Err(Invalid::OccupiedCell);
                }
                // TT3: a star does not use up the build sequence.
                self.stars -= 1;
                let level = self.regions.star_level(&mut self.plane, cell);
                self.build(cell, level, observer);
            }
            Action::Bomber(at) => {
                let cell = self.plane.locate(at).ok_or(Invalid::OutsideMap)?;
                if self.bombs == 0 {
                    return Err(Invalid::NoBombLeft);
                }
                let level = self.plane.cells[cell];
                if level == EMPTY {
                    return Err(Invalid::EmptyCell);
                }
                // TT4: the cell empties and nothing reacts, even where its
                // neighbours now stand in a region of three or more (TT6).
                self.bombs -= 1;
                self.regions.bombed(cell);
                self.plane.cells[cell] = EMPTY;
                let penalty = value(level) / 2;
                self.score -= penalty;
                observer.bombed(&self.plane, cell, level, penalty);
            }
            Action::End => self.ended = true,
            Action::Unknown(_) => return Err(Invalid::UnknownCommand),
        }
        Ok(())
    }

    /// TT1-TT3: a tile of `level` placed on the empty `cell` scores, then
    /// reacts there for as long as its region holds three or more.
    #[inline]
    fn build(&mut self, cell: usize, level: u8, observer: &mut impl Observer) {
        self.plane.cells[cell] = level;
        self.score += value(level);
        observer.placed(&self.plane, cell, level);
        let mut level = level;
        while let Some(emptied) = self.regions.merge(&mut self.plane, cell, level) {
            level += 1;
            self.score += value(level);
            observer.merged(&self.plane, level, emptied);
        }
    }

    fn outcome(&self) -> Outcome {
        Outcome { score: self.score, ended: self.ended, rejection: self.rejection }
    }
}

impl Stepper<TripleTown> for Engine {
    /// The map as given, with all p stars and q bombs; no command played.
    fn start(instance: &Instance) -> Engine {
        Engine::new(instance)
    }

    /// Carries out the command and records what it did; a refused one, or
    /// one after END, is recorded and changes nothing.
    fn step(&mut self, command: &Command) -> CommandRecord {
        let mut record = CommandRecord {
            command: command.clone(),
            status: Status::AfterEnd,
            placed: None,
            merges: Vec::new(),
            bombed: None,
            points: 0,
            score: 0,
            // No cells, so that no map is allocated but the one written.
            map: Map::filled(0, 0, EMPTY),
        };
        self.step_events(command, &mut record);
        record.map = self.plane.to_map();
        record
    }

    /// As `step`, into the record's merges, leaving its map as it was.
    fn step_events(&mut self, command: &Command, record: &mut CommandRecord) {
        let before = self.score;
        let mut recorder = Recorder::into(&mut record.merges);
        let status = if self.ended {
            // TT5: lines after END are ignored, refusable or not.
            Status::AfterEnd
        } else {
            match self.play(&command.action, &mut recorder) {
                Ok(()) => Status::Played,
                Err(reason) => {
                    self.rejection.get_or_insert(Rejection { line: command.line, reason });
                    Status::Invalid(reason)
                }
            }
        };
        (record.placed, record.bombed) = recorder.finish();
        record.command.clone_from(command);
        record.status = status;
        record.points = self.score - before;
        record.score = self.score;
    }

    fn finish(self) -> Outcome {
        self.outcome()
    }
}

/// The checker's answer for `instance` on the quiet path, recording
/// nothing: the same as stepping every command and taking
/// `finish().result()`. It stops at END (TT5) and at the first refusal,
/// which is the answer whatever follows (TT7).
pub fn solve(instance: &Instance) -> Result<i64, Rejection> {
    let mut game = Engine::new(instance);
    for command in &instance.commands {
        if game.ended {
            break;
        }
        if let Err(reason) = game.play(&command.action, &mut Quiet) {
            return Err(Rejection { line: command.line, reason });
        }
    }
    game.outcome().result()
}
