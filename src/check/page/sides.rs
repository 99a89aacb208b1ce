//! Each side's boards through a game, as the page's script reads them: the
//! cells each board changes from the one before, operation by operation
//! and, inside one, board by board ([`crate::game::Renders::pictures`]).
//! Changes rather than boards, so that a 100x100 map of thousands of
//! commands takes megabytes, not gigabytes.

use m3_model::Stepper;

use crate::check::oracle::catch_panic;
use crate::game::{Game, Renders};
use crate::kit::picture::Picture;

/// The most cells a side's pictures hold over the operations a page
/// shows: beyond it the page shows the game's first operations only, and
/// says so. It bounds the time a page takes to write (a picture a step)
/// and its size.
pub const MOST_CELLS_DRAWN: usize = 40_000_000;

/// One side's account for the page.
pub struct Side {
    pub name: String,
    last: Picture,
    /// Per operation, per board it leaves: (cell index, code) pairs,
    /// flattened.
    pub changes: Vec<Vec<Vec<u32>>>,
    /// The highest colour any of its boards holds.
    pub colours: u16,
    /// Why the side stopped before the end (a panic), if it did.
    pub stopped: Option<String>,
    /// The verdict of the finished game, if it finished.
    pub answer: Option<String>,
    cells_drawn: usize,
}

impl Side {
    fn new(name: &str, start: &Picture) -> Side {
        let mut side = Side {
            name: name.to_string(),
            last: start.clone(),
            changes: Vec::new(),
            colours: 0,
            stopped: None,
            answer: None,
            cells_drawn: 0,
        };
        side.see_colours(&start.cells);
        side
    }

    fn see_colours(&mut self, cells: &[u32]) {
        let most = cells.iter().map(|code| code >> 8).max().unwrap_or(0);
        self.colours = self.colours.max(u16::try_from(most).unwrap_or(u16::MAX));
    }

    /// Takes the boards one operation leaves.
    fn take(&mut self, pictures: Vec<Picture>) {
        let mut boards = Vec::with_capacity(pictures.len());
        for picture in pictures {
            let changes: Vec<u32> =
                picture.changes_from(&self.last).into_iter().flat_map(|(index, code)| [index as u32, code]).collect();
            self.cells_drawn += picture.cells.len();
            self.see_colours(&picture.cells);
            boards.push(changes);
            self.last = picture;
        }
        self.changes.push(boards);
    }
}

/// A side as it steps: its stepper until it panics.
struct Stepping<'a, G: Game, S: Stepper<G>> {
    stepper: Option<S>,
    side: &'a mut Side,
    game: std::marker::PhantomData<G>,
}

impl<'a, G: Game, S: Stepper<G>> Stepping<'a, G, S> {
    fn start(instance: &G::Instance, side: &'a mut Side) -> Self {
        let stepper = catch_panic(|| S::start(instance))
            .inspect_err(|panicked| side.stopped = Some(format!("panicked at the start: {}", panicked.message)))
            .ok();
        Stepping { stepper, side, game: std::marker::PhantomData }
    }

    fn step(&mut self, operation: &G::Operation) {
        let Some(stepper) = self.stepper.as_mut() else {
            // A side that stopped leaves its last board as it was.
            self.side.changes.push(vec![Vec::new()]);
            return;
        };
        match catch_panic(|| stepper.step(operation)) {
            Ok(record) => self.side.take(G::Trace::pictures(&record)),
            Err(panicked) => {
                self.stepper = None;
                self.side.stopped = Some(format!("panicked: {}", panicked.message));
                self.side.changes.push(vec![Vec::new()]);
            }
        }
    }

    fn finish(self, played_all: bool) {
        if let (Some(stepper), true) = (self.stepper, played_all) {
            match catch_panic(|| G::answer(&stepper.finish())) {
                Ok(verdict) => self.side.answer = Some(verdict.to_string()),
                Err(panicked) => self.side.stopped = Some(format!("panicked: {}", panicked.message)),
            }
        }
    }
}

/// Both sides through `instance`, `E` then the reference (only the
/// reference when `engine` is `None`), as far as [`MOST_CELLS_DRAWN`]
/// allows: the sides and how many operations they hold.
pub fn play<G: Game, E: Stepper<G>>(instance: &G::Instance, engine: Option<&str>) -> (Vec<Side>, usize) {
    let start = G::Trace::start_picture(instance);
    let mut engine_side = engine.map(|name| Side::new(name, &start));
    let mut reference_side = Side::new("reference", &start);
    let mut engine_stepping = engine_side.as_mut().map(|side| Stepping::<G, E>::start(instance, side));
    let mut reference = Stepping::<G, G::Reference>::start(instance, &mut reference_side);
    let operations = G::operations(instance);
    let mut held = 0;
    for operation in operations.iter() {
        let drawn = reference.side.cells_drawn.max(engine_stepping.as_ref().map_or(0, |e| e.side.cells_drawn));
        if drawn > MOST_CELLS_DRAWN {
            break;
        }
        if let Some(engine) = engine_stepping.as_mut() {
            engine.step(operation);
        }
        reference.step(operation);
        held += 1;
    }
    let played_all = held == operations.len();
    if let Some(engine) = engine_stepping {
        engine.finish(played_all);
    }
    reference.finish(played_all);
    (engine_side.into_iter().chain([reference_side]).collect(), held)
}

#[cfg(test)]
mod tests {
    use m3_model::texas::Texas;
    use m3_model::Rules;

    use super::*;

    /// An engine that panics as it starts.
    struct PanicsAtStart;

    impl Stepper<Texas> for PanicsAtStart {
        fn start(_: &<Texas as Rules>::Instance) -> Self {
            panic!("no engine today")
        }
        fn step(&mut self, _: &<Texas as Rules>::Operation) -> <Texas as Rules>::Record {
            unreachable!("it never started")
        }
        fn finish(self) -> <Texas as Rules>::Outcome {
            unreachable!("it never started")
        }
    }

    /// A side that panics stops there and says why; its board stays the
    /// start, while the other side plays on.
    #[test]
    fn a_side_that_panics_at_the_start_says_so_and_the_other_plays_on() {
        let instance = Texas::parse(&std::fs::read_to_string("corpus/texas/sample1.in").unwrap()).unwrap();
        let (sides, held) = play::<Texas, PanicsAtStart>(&instance, Some("engine"));
        let operations = Texas::operations(&instance).len();
        assert_eq!(held, operations);
        assert_eq!(sides[0].stopped.as_deref(), Some("panicked at the start: no engine today"));
        assert!(sides[0].changes.iter().flatten().all(Vec::is_empty), "a stopped side's board never changes");
        assert_eq!((sides[1].answer.as_deref(), sides[1].changes.len()), (Some("11692"), operations));
    }
}
