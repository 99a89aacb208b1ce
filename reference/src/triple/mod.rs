//! Triple Town (docs/RULES.md, rules TT1-TT7), transcribed one rule at a time.
//!
//! Every function carries out one rule and names it. A region is found by a
//! plain flood fill from the placed cell, with a fresh visited grid every
//! time; a star tries every level on its own copy of the map: this is the
//! implementation to believe, not the fast one.
//!
//! Where docs/RULES.md leaves a question open, the answer taken is written once,
//! next to the code it governs, as a comment starting `Reading:`.

use m3_model::triple::{
    Action, At, Bombed, Command, CommandRecord, Instance, Invalid, Map, Merge, Outcome, Placed, Pos, Rejection, Status,
    TripleTown, EMPTY, MAX_LEVEL, MAX_STAR_LEVEL, VALUES,
};
use m3_model::{Grid, Stepper};

/// TT2: the size from which a region merges.
const MERGE_SIZE: usize = 3;

/// A game of Triple Town in progress.
///
/// Any `Instance` is played without panicking, also one the parser refuses
/// (levels outside 1..=9 in the map or the sequence, coordinates anywhere,
/// commands after END).
#[derive(Debug, Clone)]
pub struct Reference {
    map: Map,
    /// Stars not yet used (TT3).
    stars: u32,
    /// Bombs not yet used (TT4).
    bombs: u32,
    sequence: Vec<u8>,
    /// The index in `sequence` of the tile the next PUT builds (TT1).
    next: usize,
    score: i64,
    /// Set by END (TT5).
    ended: bool,
    /// The first refused command (TT7).
    rejection: Option<Rejection>,
}

/// What a command carried out did, before it is written into its record.
#[derive(Debug, Default)]
struct Effect {
    placed: Option<Placed>,
    merges: Vec<Merge>,
    bombed: Option<Bombed>,
    points: i64,
}

impl Stepper<TripleTown> for Reference {
    fn start(instance: &Instance) -> Reference {
        // TT6: the map is taken as it is; regions of 3 or more already on it
        // stay until a placement reaches them.
        Reference {
            map: instance.map.clone(),
            stars: instance.stars,
            bombs: instance.bombs,
            sequence: instance.sequence.clone(),
            next: 0,
            score: 0,
            ended: false,
            rejection: None,
        }
    }

    fn step(&mut self, command: &Command) -> CommandRecord {
        // TT5: after END nothing happens.
        // Reading: this holds for every line after END, one that is no
        // command included: it is not read, so it is not refused either.
        if self.ended {
            return self.record(command, Status::AfterEnd, Effect::default());
        }
        let done = match command.action {
            Action::Put(at) => self.put(at),
            Action::Star(at) => self.star(at),
            Action::Bomber(at) => self.bomber(at),
            Action::End => Ok(self.end()),
            // TT7: a line that is no command is refused.
            Action::Unknown(_) => Err(Invalid::UnknownCommand),
        };
        match done {
            Ok(effect) => {
                self.score += effect.points;
                self.record(command, Status::Played, effect)
            }
            Err(reason) => {
                // TT7: a refused command changes nothing (every rule checks
                // before it touches the game) and play goes on; the first
                // refusal is the one the result names.
                if self.rejection.is_none() {
                    self.rejection = Some(Rejection { line: command.line, reason });
                }
                self.record(command, Status::Invalid(reason), Effect::default())
            }
        }
    }

    fn finish(self) -> Outcome {
        // TT5: without END the game ends where the commands stop, and the
        // score counts all the same.
        Outcome { score: self.score, ended: self.ended, rejection: self.rejection }
    }
}

/// Plays every command of the instance, in order, and returns the checker's
/// answer: the score, or the first refused command.
pub fn solve(instance: &Instance) -> Result<i64, Rejection> {
    let mut game = Reference::start(instance);
    for command in &instance.commands {
        game.step(command);
    }
    game.finish().result()
}

impl Reference {
    // TT1: PUT builds the next tile of the sequence on an empty cell.
    //
    // The checks come in the order of `Invalid` (record.rs): the cell on the
    // map, then the supply, then the cell's content. STAR and BOMBER follow
    // the same order.
    fn put(&mut self, at: At) -> Result<Effect, Invalid> {
        let pos = on_map(&self.map, at)?;
        let Some(&level) = self.sequence.get(self.next) else {
            return Err(Invalid::SequenceUsedUp);
        };
        if self.map.get(pos.row, pos.col) != EMPTY {
            return Err(Invalid::OccupiedCell);
        }
        self.next += 1;
        // The tile is built at the level the sequence gives, even one outside
        // 1..=9 (the reading of `m3_model::triple::Map`): `value` and `react`
        // say what it is worth and that it does not react. A level 0 is
        // `EMPTY`: the cell looks empty after it, yet the tile was used.
        Ok(build(&mut self.map, pos, level))
    }

    // TT3: STAR on an empty cell becomes the level `star_level` chooses and
    // is then built like any tile; it uses a star, not the sequence.
    fn star(&mut self, at: At) -> Result<Effect, Invalid> {
        let pos = on_map(&self.map, at)?;
        if self.stars == 0 {
            return Err(Invalid::NoStarLeft);
        }
        if self.map.get(pos.row, pos.col) != EMPTY {
            return Err(Invalid::OccupiedCell);
        }
        self.stars -= 1;
        let level = star_level(&self.map, pos);
        Ok(build(&mut self.map, pos, level))
    }

    // TT4: BOMBER on an occupied cell empties it and scores minus half the
    // destroyed tile's value. No reaction follows.
    fn bomber(&mut self, at: At) -> Result<Effect, Invalid> {
        let pos = on_map(&self.map, at)?;
        if self.bombs == 0 {
            return Err(Invalid::NoBombLeft);
        }
        let level = self.map.get(pos.row, pos.col);
        if level == EMPTY {
            return Err(Invalid::EmptyCell);
        }
        self.bombs -= 1;
        self.map.set(pos.row, pos.col, EMPTY);
        // Every value in the table is even: the half is exact.
        let penalty = value(level) / 2;
        Ok(Effect { bombed: Some(Bombed { pos, level, penalty }), points: -penalty, ..Effect::default() })
    }

    // TT5: END ends the game; the score then counts. It may come at any time,
    // before the sequence is used up too.
    fn end(&mut self) -> Effect {
        self.ended = true;
        Effect::default()
    }

    /// A command's record, with the score and the map as it left them.
    fn record(&self, command: &Command, status: Status, effect: Effect) -> CommandRecord {
        CommandRecord {
            command: command.clone(),
            status,
            placed: effect.placed,
            merges: effect.merges,
            bombed: effect.bombed,
            points: effect.points,
            score: self.score,
            map: self.map.clone(),
        }
    }
}

// TT1, TT3, TT4: the command's 1-based cell as a place on the map, or
// `OutsideMap`. Any pair of integers may come here: row or column 0, a
// negative one, one past the map, `i64::MAX` or `i64::MIN`.
fn on_map(map: &Map, at: At) -> Result<Pos, Invalid> {
    let index = |coordinate: i64| coordinate.checked_sub(1).and_then(|index| usize::try_from(index).ok());
    match (index(at.row), index(at.col)) {
        (Some(row), Some(col)) if map.contains(row, col) => Ok(Pos::new(row, col)),
        _ => Err(Invalid::OutsideMap),
    }
}

// TT1 and TT3: a tile of `level` is built on the empty cell `pos` and scores
// its level's value; then it reacts (TT2) and every merge scores too.
fn build(map: &mut Map, pos: Pos, level: u8) -> Effect {
    map.set(pos.row, pos.col, level);
    let merges = react(map, pos);
    let points = value(level) + merges.iter().map(|merge| value(merge.level)).sum::<i64>();
    Effect { placed: Some(Placed { pos, level }), merges, bombed: None, points }
}

// TT2: the reaction at `pos`, whose tile was just built. While the region of
// its level around it has 3 or more tiles, the region merges: `pos` goes one
// level up and the region's other cells are emptied. Then the new level is
// tried at the same cell (a chain). L9 never merges.
fn react(map: &mut Map, pos: Pos) -> Vec<Merge> {
    let mut merges = Vec::new();
    loop {
        let level = map.get(pos.row, pos.col);
        // Reading: only levels 1..=8 react. L9 is the rule's; a level outside
        // 1..=9 (only a hand-made instance holds one) is no tile that TT2
        // knows, so it does not react either.
        if !(1..MAX_LEVEL).contains(&level) {
            return merges;
        }
        let region = region(map, pos);
        if region.len() < MERGE_SIZE {
            return merges;
        }
        let emptied: Vec<Pos> = region.into_iter().filter(|&cell| cell != pos).collect();
        for cell in &emptied {
            map.set(cell.row, cell.col, EMPTY);
        }
        map.set(pos.row, pos.col, level + 1);
        merges.push(Merge { level: level + 1, emptied });
    }
}

// TT2: the 4-connected region of tiles of the level at `pos` that holds
// `pos`, found by a flood fill; in row-major order.
fn region(map: &Map, pos: Pos) -> Vec<Pos> {
    let level = map.get(pos.row, pos.col);
    let mut visited = Grid::filled(map.rows(), map.cols(), false);
    let mut region = Vec::new();
    let mut to_visit = vec![pos];
    visited.set(pos.row, pos.col, true);
    while let Some(cell) = to_visit.pop() {
        region.push(cell);
        for next in neighbours(map, cell) {
            if !visited.get(next.row, next.col) && map.get(next.row, next.col) == level {
                visited.set(next.row, next.col, true);
                to_visit.push(next);
            }
        }
    }
    region.sort();
    region
}

// TT3: the level a star on the empty cell `pos` becomes: the highest level in
// 1..=8 whose placement there would react, each tried on a copy of the map;
// L1 when none would.
fn star_level(map: &Map, pos: Pos) -> u8 {
    for level in (1..=MAX_STAR_LEVEL).rev() {
        let mut trial = map.clone();
        trial.set(pos.row, pos.col, level);
        // TT2: a placement reacts when its region has 3 or more tiles; every
        // level tried here is below L9.
        if region(&trial, pos).len() >= MERGE_SIZE {
            return level;
        }
    }
    1
}

// The statement's score table, TT1-TT4.
// Reading: a level outside 1..=9 (only a hand-made instance holds one) is in
// no table and is worth 0, built, merged or bombed.
fn value(level: u8) -> i64 {
    VALUES.get(usize::from(level)).copied().unwrap_or(0)
}

/// The cells 4-adjacent to `pos` that lie on the map.
fn neighbours(map: &Map, pos: Pos) -> Vec<Pos> {
    let mut cells = Vec::new();
    if pos.row > 0 {
        cells.push(Pos::new(pos.row - 1, pos.col));
    }
    if pos.col > 0 {
        cells.push(Pos::new(pos.row, pos.col - 1));
    }
    if map.contains(pos.row + 1, pos.col) {
        cells.push(Pos::new(pos.row + 1, pos.col));
    }
    if map.contains(pos.row, pos.col + 1) {
        cells.push(Pos::new(pos.row, pos.col + 1));
    }
    cells
}
