//! Reading two records side by side, field by field, in the order a reader
//! checks them: every game's diff module says which fields it has and in
//! what order, and the first whose values differ names the difference.

use std::fmt::Debug;

use crate::game::Difference;

/// Two records read field by field: the first difference met is kept, and
/// the fields after it are not looked at. Each field is named once and read
/// from both sides by the same accessor, so a field cannot be compared with
/// another.
#[must_use]
pub struct Fields<'a, R: ?Sized> {
    engine: &'a R,
    reference: &'a R,
    found: Option<Difference>,
}

impl<'a, R: ?Sized> Fields<'a, R> {
    /// The engine's and the reference's record, not read yet.
    pub fn of(engine: &'a R, reference: &'a R) -> Self {
        Fields { engine, reference, found: None }
    }

    /// Field `name`, its values shown as `Debug` prints them.
    pub fn debug<T: PartialEq + Debug + ?Sized>(self, name: &'static str, field: impl Fn(&R) -> &T) -> Self {
        self.shown(name, field, |value| format!("{value:?}"))
    }

    /// `debug` for a field computed from others the boards do not show (a
    /// score): when it is the difference, `inputs` words what each side
    /// computed it from, in place of the boards, which would be the same.
    pub fn debug_from<T: PartialEq + Debug + ?Sized>(
        self,
        name: &'static str,
        field: impl Fn(&R) -> &T,
        inputs: impl FnOnce(&R, &R) -> String,
    ) -> Self {
        let found_before = self.found.is_some();
        let mut fields = self.debug(name, field);
        if !found_before {
            if let Some(found) = fields.found.as_mut() {
                found.boards = Some(inputs(fields.engine, fields.reference));
            }
        }
        fields
    }

    /// Field `name`, its values shown in the game's words by `show`.
    pub fn shown<T: PartialEq + ?Sized>(
        self,
        name: &'static str,
        field: impl Fn(&R) -> &T,
        show: impl Fn(&T) -> String,
    ) -> Self {
        let (engine, reference) = (field(self.engine), field(self.reference));
        self.values(name, engine, reference, show)
    }

    fn values<T: PartialEq + ?Sized>(
        mut self,
        name: &'static str,
        engine: &T,
        reference: &T,
        show: impl Fn(&T) -> String,
    ) -> Self {
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

    /// The steps of an operation (rounds, stages, merges, squares), called
    /// `name`: pair by pair as far as both sides have them, `inside` telling
    /// what differs in the first pair that does, given its index; then how
    /// many steps each side has.
    pub fn steps<T: PartialEq + 'a>(
        mut self,
        name: &'static str,
        steps: impl Fn(&'a R) -> &'a [T],
        inside: impl FnOnce(usize, &T, &T) -> Difference,
    ) -> Self {
        let (engine, reference) = (steps(self.engine), steps(self.reference));
        if self.found.is_none() {
            if let Some((index, (e, r))) = engine.iter().zip(reference).enumerate().find(|(_, (e, r))| e != r) {
                self.found = Some(Difference { step: Some(index + 1), ..inside(index, e, r) });
            }
        }
        self.values(name, &engine.len(), &reference.len(), usize::to_string)
    }

    /// `steps` for steps that each leave a board: the first pair that
    /// differs is read by `fields` and, unless that renders its own, rendered by
    /// `boards` from the board its step starts from. That is `first()` for
    /// the first step, and else the board the step before left (`left`), on
    /// which the sides agree.
    pub fn steps_on<T: PartialEq + 'a, B: Clone>(
        self,
        name: &'static str,
        steps: impl Fn(&'a R) -> &'a [T],
        first: impl FnOnce() -> B,
        left: impl Fn(&T) -> &B,
        fields: impl for<'s> FnOnce(&'s T, &'s T) -> Fields<'s, T>,
        boards: impl FnOnce(&B, &T, &T) -> String,
    ) -> Self {
        let reference = steps(self.reference);
        self.steps(name, steps, |index, e, r| {
            let start = match index {
                0 => first(),
                _ => left(&reference[index - 1]).clone(),
            };
            fields(e, r).finish(|| boards(&start, e, r))
        })
    }

    /// `finish` with the boards rendered by `render`: the one the operation
    /// started from (`before`, titled `title`), then where each side left it
    /// (`board`).
    pub fn finish_on<B>(
        self,
        title: &str,
        render: impl Fn(&B) -> Vec<String>,
        before: &B,
        board: impl Fn(&R) -> &B,
    ) -> Difference {
        let (engine, reference) = (board(self.engine), board(self.reference));
        self.finish(|| {
            crate::kit::render::before_and_after(Some((title, &render(before))), &render(engine), &render(reference))
        })
    }

    /// The difference found, or else the board (only what is rendered
    /// differs), with `boards` unless the difference rendered its own.
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
    #[cfg(test)]
    pub fn found(self) -> Option<Difference> {
        self.found
    }

    /// The difference found, or else the whole of the two values, which
    /// differ in no field read (an outcome, a merge), named `name`.
    pub fn or_whole(self, name: &'static str) -> Difference
    where
        R: Debug,
    {
        let (engine, reference) = (self.engine, self.reference);
        self.found.unwrap_or_else(|| Difference::plain(name, &engine, &reference))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_field_that_differs_names_the_difference() {
        let (engine, reference) = ((1, 2, 4), (1, 3, 5));
        let fields = || Fields::of(&engine, &reference).debug("a", |r| &r.0);
        let found = fields().debug("b", |r| &r.1).debug("c", |r| &r.2).found().unwrap();
        assert_eq!((found.field, found.engine.as_str(), found.reference.as_str()), ("b", "2", "3"));
        assert!(fields().found().is_none());
    }

    #[test]
    fn a_step_is_counted_from_one_and_brings_its_own_boards() {
        let inside = |index: usize, e: &i32, r: &i32| {
            Difference::plain("value", e, r).with_boards(format!("boards of step {index}"))
        };
        let (engine, reference) = ((vec![1, 2, 3], 0), (vec![1, 5, 3], 1));
        let found = Fields::of(&engine, &reference)
            .steps("values", |r| &r.0, inside)
            .debug("after", |r| &r.1)
            .finish(|| "plain".into());
        assert_eq!((found.step, found.field, found.boards.as_deref()), (Some(2), "value", Some("boards of step 1")));
        let (engine, reference) = (vec![1], vec![1]);
        let none = Fields::of(&engine, &reference).steps("values", |r| &r[..], inside).finish(|| "plain".into());
        assert_eq!((none.field, none.boards.as_deref()), ("board", Some("plain")));
    }

    #[test]
    fn steps_that_agree_as_far_as_both_go_differ_in_their_count() {
        let (engine, reference) = (vec![1], vec![1, 2]);
        let found = Fields::of(&engine, &reference)
            .steps("values", |r| &r[..], |_, _, _| unreachable!("the steps both sides have agree"))
            .found()
            .unwrap();
        assert_eq!(
            (found.step, found.field, found.engine.as_str(), found.reference.as_str()),
            (None, "values", "1", "2")
        );
    }
}
