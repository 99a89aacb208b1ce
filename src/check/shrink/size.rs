//! The order the shrinker keeps candidates by: what makes a case smaller
//! than another. It stands apart from the loop because it is what makes a
//! shrink end (no case has an endless chain of smaller ones), a promise
//! read and tested on its own.

use crate::game::Game;

/// How large a case is, as the shrinker compares two.
pub(super) struct Size {
    pub(super) dimensions: Vec<(&'static str, usize)>,
    pub(super) text: String,
}

impl Size {
    pub(super) fn of<G: Game>(instance: &G::Instance, text: String) -> Size {
        Size { dimensions: G::dimensions(instance), text }
    }
}

/// Whether a candidate of `dimensions` grows none of `case`'s.
pub(super) fn grows_none(dimensions: &[(&str, usize)], case: &[(&str, usize)]) -> bool {
    dimensions.len() == case.len() && dimensions.iter().zip(case).all(|(&(_, new), &(_, old))| new <= old)
}

/// Whether `candidate` is smaller than `case`: it grows no dimension, and
/// it shrinks one, or else its text is shorter, or else as long and before
/// `case`'s in byte order (a colour merged into a lower one, a special
/// cleared to 0). Each step lowers the sum of the dimensions, or keeps it
/// and lowers the text's length, or keeps both and comes earlier among the
/// finitely many texts of that length: no shrink can step for ever.
pub(super) fn smaller(candidate: &Size, case: &Size) -> bool {
    grows_none(&candidate.dimensions, &case.dimensions)
        && (candidate.dimensions != case.dimensions
            || (candidate.text.len(), &candidate.text) < (case.text.len(), &case.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_is_smaller_by_a_dimension_else_by_its_text_and_never_grows_one() {
        let size = |dimensions: &[usize], text: &str| Size {
            dimensions: dimensions.iter().map(|&n| ("n", n)).collect(),
            text: text.to_string(),
        };
        let case = size(&[4, 2], "5 3");
        assert!(smaller(&size(&[3, 2], "5 3 and more"), &case), "a dimension less, however long");
        assert!(!smaller(&size(&[3, 3], "1"), &case), "a dimension grown");
        assert!(smaller(&size(&[4, 2], "5 "), &case));
        assert!(smaller(&size(&[4, 2], "4 3"), &case), "a colour merged into a lower one");
        assert!(!smaller(&size(&[4, 2], "5 4"), &case));
        assert!(!smaller(&case, &case));
    }
}
