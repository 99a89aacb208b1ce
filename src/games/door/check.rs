//! The invariants of docs/RULES.md for Magic Door, checked on every record by
//! following it from the grid before the swap: the MD1 verdict, each pass's
//! groups (MD3) and beams (MD4), vibranium kept and conservation per kind,
//! gravity order and the bombs it arms (MD5), nothing left to settle (MD6),
//! and the count of vanished gems (MD7). Each invariant's name stands beside
//! its check.

use m3_model::door::{Board, Cell, Instance, MagicDoor, Outcome, Pos, Stage, StageKind, Status, SwapRecord};

use super::cell_set::CellSet;
use super::groups::Groups;
use super::rules::{armed_bombs, beams, kind, swapped, validity};
use super::state::Settled;
use crate::game::invariant::{CONSERVATION, GRAVITY, RECORD, SCORE_BOOK, VALIDITY};
use crate::game::{self, Violation};
use crate::kit::conservation::conserved;
use crate::kit::gravity::{check_fall, Landing};

/// Follows one game through its records.
pub struct Checker {
    /// Vibranium on the starting grid, which every grid after keeps.
    vibranium: usize,
    /// Gems the records say vanished so far.
    vanished: u64,
    /// The groups of the grid checked last, kept to be found again.
    groups: Groups,
    /// The grid the pass checked last started from, less what vanished in
    /// it: the pieces to fall, kept to be copied into again.
    survivors: Board,
    /// The cells the explosion checked last reached, kept to be marked again.
    reached: CellSet,
    /// What the fall checked last did to its bombs, kept to be gathered again.
    arming: Arming,
}

impl game::Checks<MagicDoor> for Checker {
    fn new(instance: &Instance) -> Self {
        Checker {
            vibranium: vibranium(&instance.board),
            vanished: 0,
            groups: Groups::default(),
            survivors: instance.board.clone(),
            reached: CellSet::default(),
            arming: Arming::default(),
        }
    }

    fn record(&mut self, before: &Settled, record: &SwapRecord) -> Result<(), Violation> {
        let verdict = validity(&before.board, record.swap).map_or_else(Status::Invalid, |()| Status::Played);
        if record.status != verdict {
            return Err(Violation::new(VALIDITY, None, format!("recorded {:?}, MD1 gives {verdict:?}", record.status)));
        }
        if record.status != Status::Played {
            let unchanged = record.stages.is_empty() && record.vanished == 0 && record.board == before.board;
            let detail = || format!("a swap not made ({:?}) changed something", record.status);
            return if unchanged { Ok(()) } else { Err(Violation::new(RECORD, None, detail())) };
        }
        let swapped = swapped(&before.board, record.swap);
        let mut board = &swapped;
        for (index, stage) in record.stages.iter().enumerate() {
            let at = |(invariant, detail)| Violation::new(invariant, Some(index + 1), detail);
            if index == 0 && stage.kind == StageKind::Explosion {
                // MD6, as m3_model::door::Instance reads a starting armed bomb.
                return Err(at((RECORD, "a process that no group started reaches Stage 2".into())));
            }
            self.check_stage(board, stage).map_err(at)?;
            board = &stage.board;
        }
        if record.board != *board {
            return Err(Violation::new(RECORD, None, "the swap's grid is not the grid its stages left"));
        }
        self.settled(board, !record.stages.is_empty())?;
        // MD7: each pass lists a cell once, and every listed cell counts.
        let listed: usize = record.stages.iter().map(|stage| stage.vanished.len()).sum();
        if record.vanished != listed as u64 {
            let detail = format!("{} gems vanished, the stages list {listed}", record.vanished);
            return Err(Violation::new(SCORE_BOOK, None, detail));
        }
        self.vanished += record.vanished;
        Ok(())
    }

    fn outcome(&self, last: &Settled, outcome: &Outcome) -> Result<(), Violation> {
        if outcome.vanished != self.vanished || outcome.vanished != last.vanished {
            let detail = format!("{} gems vanished, the swaps add up to {}", outcome.vanished, self.vanished);
            return Err(Violation::new(SCORE_BOOK, None, detail));
        }
        Ok(())
    }
}

/// An invariant broken inside a stage, and how.
type Broken = (&'static str, String);

impl Checker {
    /// Checks one pass that starts from `before`: its lists, what vanished,
    /// and the fall after it.
    fn check_stage(&mut self, before: &Board, stage: &Stage) -> Result<(), Broken> {
        check_lists(before, stage)?;
        self.groups.find(before);
        match stage.kind {
            StageKind::Groups => check_groups(&self.groups, stage)?,
            StageKind::Explosion => check_explosion(before, &self.groups, stage, &mut self.reached)?,
        }
        check_vibranium(stage, self.vibranium)?;
        // The lists are on the grid: `check_lists` saw to it.
        self.survivors.clone_from(before);
        for &pos in &stage.vanished {
            self.survivors.set(pos.row, pos.col, Cell::Empty);
        }
        let cols = before.cols();
        let piece = |board: &Board, row, col| Some(board.cells()[row * cols + col]).filter(|&cell| cell != Cell::Empty);
        let survivor = |row, col| piece(&self.survivors, row, col);
        let after = |row, col| piece(&stage.board, row, col);
        // MD5: everything falls, vibranium too; a bomb may arm on the way.
        let same = |a: &Cell, b: &Cell| kind(*a) == kind(*b);
        let arming = &mut self.arming;
        arming.clear();
        let landed = |landing, &was: &Cell, &is: &Cell| arming.land(landing, was, is);
        if let Err(detail) = check_fall(before.rows(), cols, survivor, after, same, landed) {
            // Conservation is checked before gravity, and a fall in order
            // keeps it (see `check_conserved`): only a broken fall may break
            // it too, and then it is what the pass broke first.
            check_conserved(before, stage)?;
            return Err((GRAVITY, detail));
        }
        self.arming.check(stage)
    }
}

/// The pass keeps the grid's size and lists each vanished cell once, in
/// row-major order, each a piece of the grid it started from.
fn check_lists(before: &Board, stage: &Stage) -> Result<(), Broken> {
    if (stage.board.rows(), stage.board.cols()) != (before.rows(), before.cols()) {
        return Err((RECORD, "the grid changed its size".into()));
    }
    let once_each = stage.vanished.windows(2).all(|pair| pair[0] < pair[1]);
    if stage.vanished.is_empty() || !once_each {
        return Err((RECORD, "the vanished cells are not listed once each, in row-major order".into()));
    }
    if let Some(pos) = stage.vanished.iter().find(|p| !before.contains(p.row, p.col)) {
        return Err((RECORD, format!("{pos} is off the grid")));
    }
    let held = |cell| stage.vanished.iter().find(|p| before.get(p.row, p.col) == cell);
    if let Some(pos) = held(Cell::Vibranium) {
        return Err((VIBRANIUM, format!("the vibranium at {pos} vanished")));
    }
    if let Some(pos) = held(Cell::Empty) {
        return Err((CONSERVATION, format!("the empty cell {pos} vanished")));
    }
    Ok(())
}

/// Stage 1 vanishes exactly the gems of the groups (MD3).
pub const GROUPS: &str = "groups vanish";

/// `groups` are those of the grid the pass starts from.
fn check_groups(groups: &Groups, stage: &Stage) -> Result<(), Broken> {
    if !stage.exploded.is_empty() {
        return Err((RECORD, "a Stage 1 pass with exploded bombs".into()));
    }
    if !stage.vanished.iter().copied().eq(groups.cells()) {
        let groups = groups.cells().count();
        return Err((GROUPS, format!("{} cells vanished, the groups hold {groups}", stage.vanished.len())));
    }
    Ok(())
}

/// Stage 2 vanishes exactly the armed bombs and what their beams reach (MD4).
pub const BEAMS: &str = "beams reach";

/// Stage 2 runs only when Stage 1 finds no group, and every armed bomb, and
/// nothing else, explodes in it. `groups` are those of `before`; `reached`
/// is scratch.
fn check_explosion(before: &Board, groups: &Groups, stage: &Stage, reached: &mut CellSet) -> Result<(), Broken> {
    if let Some(pos) = groups.cells().next() {
        return Err((RECORD, format!("an explosion while Stage 1 still has the group at {pos}")));
    }
    let armed = |p: &&Pos| before.contains(p.row, p.col) && before.get(p.row, p.col) == Cell::ArmedBomb;
    if let Some(pos) = stage.exploded.iter().find(|p| !armed(p)) {
        return Err((RECORD, format!("{pos} exploded, but holds no armed bomb")));
    }
    if !stage.exploded.iter().copied().eq(armed_bombs(before)) {
        return Err((RECORD, "not every armed bomb exploded, or not in row-major order".into()));
    }
    reached.clear(before);
    for &bomb in &stage.exploded {
        reached.insert(bomb);
    }
    beams(before, &stage.exploded, reached);
    if !stage.vanished.iter().copied().eq(reached.iter()) {
        let (vanished, reached) = (stage.vanished.len(), reached.iter().count());
        return Err((BEAMS, format!("{vanished} cells vanished, the bombs and their beams take {reached}")));
    }
    Ok(())
}

/// Vibranium never vanishes: the grid always holds as much as at the start.
pub const VIBRANIUM: &str = "vibranium kept";

/// Vibranium, which never vanishes, is all still there after the pass.
fn check_vibranium(stage: &Stage, start_vibranium: usize) -> Result<(), Broken> {
    let now = vibranium(&stage.board);
    if now != start_vibranium {
        return Err((VIBRANIUM, format!("{now} vibranium on the grid, {start_vibranium} at the start")));
    }
    Ok(())
}

/// The pieces of each kind after the pass are those before it less those
/// that vanished. A fall that gravity finds in order keeps them: each
/// column's pieces after it are its survivors, kind for kind, and the
/// survivors are the pieces before less the vanished cells, which
/// `check_lists` found on the grid, listed once and holding pieces.
fn check_conserved(before: &Board, stage: &Stage) -> Result<(), Broken> {
    let vanished = stage.vanished.iter().map(|pos| kind(before.get(pos.row, pos.col)));
    if !conserved(pieces(before), vanished, pieces(&stage.board)) {
        return Err((CONSERVATION, "pieces before != pieces after + pieces vanished, for some kind".into()));
    }
    Ok(())
}

/// The bombs a fall arms are exactly those it moved down (MD5).
pub const ARMING: &str = "bombs armed by a fall";

/// What a fall did to the bombs it moved (MD5), gathered landing by
/// landing as gravity is checked, and told once the fall is in order.
#[derive(Debug, Default)]
struct Arming {
    /// The first piece that landed as what it should not, with the piece it
    /// was and the piece it landed as.
    wrong: Option<(Landing, Cell, Cell)>,
    /// The cells of the bombs the fall armed, in the order they landed.
    armed: Vec<Pos>,
}

impl Arming {
    fn clear(&mut self) {
        self.wrong = None;
        self.armed.clear();
    }

    /// MD5: a bomb that moved down is armed, one that did not keeps its
    /// state, and every other piece lands as itself.
    fn land(&mut self, landing: Landing, was: Cell, is: Cell) {
        let armed_now = was == Cell::Bomb && landing.to > landing.from;
        if is != if armed_now { Cell::ArmedBomb } else { was } {
            self.wrong.get_or_insert((landing, was, is));
        }
        if armed_now {
            self.armed.push(Pos::new(landing.to, landing.col));
        }
    }

    /// Once every landing of the fall in `stage` is gathered: its bombs
    /// armed as MD5 says, and `activated` lists those it armed.
    fn check(&mut self, stage: &Stage) -> Result<(), Broken> {
        let armed_after =
            |p: &&Pos| stage.board.contains(p.row, p.col) && stage.board.get(p.row, p.col) == Cell::ArmedBomb;
        if let Some(pos) = stage.activated.iter().find(|p| !armed_after(p)) {
            return Err((RECORD, format!("{pos} is listed as activated, but holds no armed bomb after the fall")));
        }
        if let Some((landing, was, is)) = self.wrong {
            let pos = Pos::new(landing.to, landing.col);
            return Err((ARMING, format!("{was:?} from row {} landed as {is:?} at {pos}", landing.from + 1)));
        }
        let activated = &mut self.armed;
        activated.sort_unstable();
        if stage.activated != *activated {
            return Err((ARMING, format!("activated {:?}, the fall armed {activated:?}", stage.activated)));
        }
        Ok(())
    }
}

/// A swap ends with no group and, once a group started its process, no
/// armed bomb on the grid (MD6; a starting armed bomb waits for a group, as
/// m3_model::door::Instance reads a grid the format cannot write).
pub const LEFTOVER: &str = "nothing left to settle";

impl Checker {
    /// Checks the grid a swap ends with; `process_ran` when a group started
    /// the swap's process.
    fn settled(&mut self, board: &Board, process_ran: bool) -> Result<(), Violation> {
        self.groups.find(board);
        if let Some(pos) = self.groups.cells().next() {
            return Err(Violation::new(LEFTOVER, None, format!("the swap ends with a group at {pos}")));
        }
        if let Some(pos) = process_ran.then(|| armed_bombs(board).next()).flatten() {
            return Err(Violation::new(LEFTOVER, None, format!("the swap ends with an armed bomb at {pos}")));
        }
        Ok(())
    }
}

fn vibranium(board: &Board) -> usize {
    board.cells().iter().filter(|&&cell| cell == Cell::Vibranium).count()
}

/// The kinds of the pieces on the grid.
fn pieces(board: &Board) -> impl Iterator<Item = usize> + '_ {
    board.cells().iter().filter(|&&cell| cell != Cell::Empty).map(|&cell| kind(cell))
}
