//! Reading two records side by side, field by field, in the order a reader
//! checks them: every game's diff module says which fields it has and in
//! what order, and the first whose values differ names the difference.

use std::fmt::Debug;

use crate::game::Difference;

/// Two records read field by field: the first difference met is kept, and
/// the fields after it are not looked at.
#[derive(Default)]
#[must_use]
pub struct Fields {
    found: Option<Difference>,
}

impl Fields {
    pub fn new() -> Fields {
        Fields::default()
    }

    /// Field `name`, its values shown as `Debug` prints them.
    pub fn debug<T: PartialEq + Debug + ?Sized>(self, name: &'static str, engine: &T, reference: &T) -> Fields {
        self.shown(name, engine, reference, |value| format!("{value:?}"))
    }

    /// Field `name`, its values shown in the game's words by `show`.
    pub fn shown<T: PartialEq + ?Sized>(
        mut self,
        name: &'static str,
        engine: &T,
        reference: &T,
        show: impl Fn(&T) -> String,
    ) -> Fields {
        if self.found.is_none() && engine != reference {
            self.found = Some(Difference {
                step: None,
                field: name,
                engine: show(engine),
                reference: show(reference),
                boards: None,
            });
        }
        self
    }

    /// The steps of an operation (rounds, stages, merges, squares), pair by
    /// pair as far as both sides have them: `inside` tells what differs in
    /// the first pair that does, given its index; the steps before it agree.
    pub fn steps<T: PartialEq>(
        mut self,
        engine: &[T],
        reference: &[T],
        inside: impl FnOnce(usize, &T, &T) -> Difference,
    ) -> Fields {
        if self.found.is_none() {
            if let Some((index, (e, r))) = engine.iter().zip(reference).enumerate().find(|(_, (e, r))| e != r) {
                self.found = Some(Difference { step: Some(index + 1), ..inside(index, e, r) });
            }
        }
        self
    }

    /// `steps` for steps that each leave a board: `inside` also gets the
    /// board its step starts from, `first()` for the first step and else the
    /// board the step before left (`left`), on which the sides agree.
    pub fn steps_on<T: PartialEq, B: Clone>(
        self,
        engine: &[T],
        reference: &[T],
        first: impl FnOnce() -> B,
        left: impl Fn(&T) -> &B,
        inside: impl FnOnce(&B, &T, &T) -> Difference,
    ) -> Fields {
        self.steps(engine, reference, |index, e, r| {
            let start = match index {
                0 => first(),
                _ => left(&reference[index - 1]).clone(),
            };
            inside(&start, e, r)
        })
    }

    /// `finish` with the boards drawn by `draw`: the one the operation
    /// started from (`before`, titled `title`), then where each side left it.
    pub fn finish_on<B>(
        self,
        title: &str,
        draw: impl Fn(&B) -> Vec<String>,
        before: &B,
        engine: &B,
        reference: &B,
    ) -> Difference {
        self.finish(|| crate::draw::before_and_after(Some((title, &draw(before))), &draw(engine), &draw(reference)))
    }

    /// The difference found, or else the board (only what is drawn
    /// differs), with `boards` unless the difference drew its own.
    pub fn finish(self, boards: impl FnOnce() -> String) -> Difference {
        let see = || "see the boards below".to_string();
        let found = self.found.unwrap_or_else(|| Difference {
            step: None,
            field: "board",
            engine: see(),
            reference: see(),
            boards: None,
        });
        match found.boards {
            Some(_) => found,
            None => found.with_boards(boards()),
        }
    }

    /// The difference found, if any, without boards.
    pub fn found(self) -> Option<Difference> {
        self.found
    }

    /// The difference found, or else the whole of two values that differ
    /// in no field read (an outcome, a merge), named `name`.
    pub fn or_whole<T: Debug + ?Sized>(self, name: &'static str, engine: &T, reference: &T) -> Difference {
        self.found.unwrap_or_else(|| Difference::plain(name, &engine, &reference))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_field_that_differs_names_the_difference() {
        let found = Fields::new().debug("a", &1, &1).debug("b", &2, &3).debug("c", &4, &5).found().unwrap();
        assert_eq!((found.field, found.engine.as_str(), found.reference.as_str()), ("b", "2", "3"));
        assert!(Fields::new().debug("a", &1, &1).found().is_none());
    }

    #[test]
    fn a_step_is_counted_from_one_and_brings_its_own_boards() {
        let inside = |index: usize, e: &i32, r: &i32| {
            Difference::plain("value", e, r).with_boards(format!("boards of step {index}"))
        };
        let found =
            Fields::new().steps(&[1, 2, 3], &[1, 5, 3], inside).debug("after", &0, &1).finish(|| "plain".into());
        assert_eq!((found.step, found.field, found.boards.as_deref()), (Some(2), "value", Some("boards of step 1")));
        let none = Fields::new().steps(&[1], &[1, 2], inside).finish(|| "plain".into());
        assert_eq!((none.field, none.boards.as_deref()), ("board", Some("plain")));
    }
}
