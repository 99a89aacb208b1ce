//! TT1-TT7 written out literally on the model's `Map`, with no care for
//! speed: every region is filled whole, and a star tries every level on a
//! copy of the map, as TT3 words it. It shares the engine's readings but
//! not its bookkeeping, so the random games can check the plane, the
//! stamps, the star's neighbour probes and the records' order. It knows
//! the levels of the table only (the random games make no others).

use m3_model::triple::{
    Action, At, Bombed, Command, CommandRecord, Instance, Invalid, Map, Merge, Placed, Pos, Status, EMPTY, MAX_LEVEL,
    MAX_STAR_LEVEL, VALUES,
};

pub(super) struct Oracle {
    pub map: Map,
    sequence: Vec<u8>,
    next: usize,
    pub stars: u32,
    pub bombs: u32,
    pub score: i64,
    pub ended: bool,
}

fn value(level: u8) -> i64 {
    VALUES[usize::from(level)]
}

impl Oracle {
    pub fn new(instance: &Instance) -> Oracle {
        Oracle {
            map: instance.map.clone(),
            sequence: instance.sequence.clone(),
            next: 0,
            stars: instance.stars,
            bombs: instance.bombs,
            score: 0,
            ended: false,
        }
    }

    /// The next tile of the sequence, if any is left.
    pub fn next_tile(&self) -> Option<u8> {
        self.sequence.get(self.next).copied()
    }

    pub fn step(&mut self, command: &Command) -> CommandRecord {
        let mut record = CommandRecord {
            command: command.clone(),
            status: Status::Played,
            placed: None,
            merges: Vec::new(),
            bombed: None,
            points: 0,
            score: self.score,
            map: self.map.clone(),
        };
        if self.ended {
            record.status = Status::AfterEnd;
            return record;
        }
        if let Err(reason) = self.check(&command.action) {
            record.status = Status::Invalid(reason);
            return record;
        }
        match command.action {
            Action::Put(at) => {
                let level = self.sequence[self.next];
                self.next += 1;
                self.build(cell(at), level, &mut record);
            }
            Action::Star(at) => {
                self.stars -= 1;
                let pos = cell(at);
                let level = (1..=MAX_STAR_LEVEL)
                    .rev()
                    .find(|&level| {
                        let mut copy = self.map.clone();
                        copy.set(pos.row, pos.col, level);
                        region(&copy, pos).len() >= 3
                    })
                    .unwrap_or(1);
                self.build(pos, level, &mut record);
            }
            Action::Bomber(at) => {
                self.bombs -= 1;
                let pos = cell(at);
                let level = self.map.get(pos.row, pos.col);
                self.map.set(pos.row, pos.col, EMPTY);
                let penalty = value(level) / 2;
                record.points = -penalty;
                record.bombed = Some(Bombed { pos, level, penalty });
            }
            Action::End => self.ended = true,
            Action::Unknown(_) => unreachable!("refused above"),
        }
        self.score += record.points;
        record.score = self.score;
        record.map = self.map.clone();
        record
    }

    /// The reasons in `Invalid`'s order: the words, the cell's place, the
    /// supply, the cell's content.
    fn check(&self, action: &Action) -> Result<(), Invalid> {
        let (at, supply, needs_tile) = match *action {
            Action::Unknown(_) => return Err(Invalid::UnknownCommand),
            Action::End => return Ok(()),
            Action::Put(at) => (at, (self.next_tile().is_some(), Invalid::SequenceUsedUp), false),
            Action::Star(at) => (at, (self.stars > 0, Invalid::NoStarLeft), false),
            Action::Bomber(at) => (at, (self.bombs > 0, Invalid::NoBombLeft), true),
        };
        let rows = self.map.rows() as i64;
        let cols = self.map.cols() as i64;
        if at.row < 1 || at.row > rows || at.col < 1 || at.col > cols {
            return Err(Invalid::OutsideMap);
        }
        if let (false, reason) = supply {
            return Err(reason);
        }
        let pos = cell(at);
        match (needs_tile, self.map.get(pos.row, pos.col) == EMPTY) {
            (false, false) => Err(Invalid::OccupiedCell),
            (true, true) => Err(Invalid::EmptyCell),
            _ => Ok(()),
        }
    }

    fn build(&mut self, pos: Pos, level: u8, record: &mut CommandRecord) {
        self.map.set(pos.row, pos.col, level);
        record.placed = Some(Placed { pos, level });
        record.points = value(level);
        let mut level = level;
        while level < MAX_LEVEL {
            let mut emptied: Vec<Pos> = region(&self.map, pos).into_iter().filter(|&other| other != pos).collect();
            if emptied.len() + 1 < 3 {
                break;
            }
            emptied.sort();
            for other in &emptied {
                self.map.set(other.row, other.col, EMPTY);
            }
            level += 1;
            self.map.set(pos.row, pos.col, level);
            record.points += value(level);
            record.merges.push(Merge { level, emptied });
        }
    }
}

/// The 0-based cell of a command's 1-based one, known to be on the map.
fn cell(at: At) -> Pos {
    Pos::new(at.row as usize - 1, at.col as usize - 1)
}

/// The 4-connected region of the tile at `start`, with `start`.
pub(super) fn region(map: &Map, start: Pos) -> Vec<Pos> {
    let level = map.get(start.row, start.col);
    let mut seen = vec![start];
    let mut head = 0;
    while head < seen.len() {
        let Pos { row, col } = seen[head];
        head += 1;
        let steps = [(row.wrapping_sub(1), col), (row + 1, col), (row, col.wrapping_sub(1)), (row, col + 1)];
        for (row, col) in steps {
            let next = Pos::new(row, col);
            if map.contains(row, col) && map.get(row, col) == level && !seen.contains(&next) {
                seen.push(next);
            }
        }
    }
    seen
}
