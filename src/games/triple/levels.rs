//! TT2 at one cell from what stands around it, on sets of bits: whether a
//! tile placed at the cell would merge comes down to a few bitwise steps,
//! which the checker takes at one cell on sets of levels, and the
//! generator's player on sets of cells, one level and 64 cells at a time.

use std::ops::{BitAnd, BitOr, Not};

use m3_model::triple::MAX_LEVEL;

use crate::kit::bit_set;

/// A set the steps of TT2 take: of levels, one bit each ([`Levels`]), or
/// of a level's cells, one bit each (`bits`).
pub trait Bits: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> {}

impl<T: Copy + BitAnd<Output = T> + BitOr<Output = T> + Not<Output = T>> Bits for T {}

/// The members of any of four sets.
#[inline]
pub fn any<T: Bits>([a, b, c, d]: [T; 4]) -> T {
    a | b | c | d
}

/// The members of two or more of four sets.
#[inline]
pub fn twice<T: Bits>([a, b, c, d]: [T; 4]) -> T {
    (a & b) | (c & d) | ((a | b) & (c | d))
}

/// TT2: whether a tile placed at a cell merges, from whether the cell
/// holds its level (`own`), whether two cells beside it do (`twice`), and
/// whether one beside it has one (`paired`) or two (`flanked`) of its level
/// beside it.
#[inline]
pub fn reacts<T: Bits>(own: T, twice: T, paired: T, flanked: T) -> T {
    // The region reaches 3 when two tiles of the level stand beside the
    // cell, or one does with another beside it; a neighbour of the cell's
    // own level counts the cell among its own neighbours, so it needs two.
    twice | (paired & !own) | (flanked & own)
}

/// A set of the levels that merge, L1 to L8 (TT2), one bit each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Levels(u8);

const _: () = assert!(MAX_LEVEL as u32 - 1 == u8::BITS, "one bit for each level that merges");

impl Levels {
    pub const NONE: Levels = Levels(0);
    /// Every level that merges: those a star may become (TT3).
    pub const ALL: Levels = Levels(u8::MAX);

    /// `level` alone, or none when tiles of `level` never merge (an empty
    /// cell, L9).
    #[inline]
    pub fn of(level: u8) -> Levels {
        if (1..MAX_LEVEL).contains(&level) {
            Levels(1 << (level - 1))
        } else {
            Levels::NONE
        }
    }

    /// Whether the two sets share a level.
    #[cfg(test)]
    pub fn meets(self, other: Levels) -> bool {
        self.0 & other.0 != 0
    }

    #[inline]
    pub fn highest(self) -> Option<u8> {
        (self != Levels::NONE).then(|| (u8::BITS - self.0.leading_zeros()) as u8)
    }

    #[inline]
    pub fn lowest(self) -> Option<u8> {
        (self != Levels::NONE).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    #[inline]
    pub fn or(self, other: Levels) -> Levels {
        Levels(self.0 | other.0)
    }

    /// The levels of any of four cells.
    #[inline]
    pub fn any(cells: [Levels; 4]) -> Levels {
        Levels(any(cells.map(|levels| levels.0)))
    }

    /// The levels of two or more of four cells.
    #[inline]
    pub fn twice(cells: [Levels; 4]) -> Levels {
        Levels(twice(cells.map(|levels| levels.0)))
    }

    /// The levels in the set, lowest first.
    pub fn each(self) -> impl Iterator<Item = u8> {
        bit_set::ones(u64::from(self.0)).map(|bit| bit as u8 + 1)
    }
}

/// What a tile placed at a cell meets (TT2), whatever the cell holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Beside {
    /// The levels of the tiles beside the cell: a tile of one of them
    /// placed there joins their region.
    pub levels: Levels,
    /// The levels at which a tile placed there merges: its region reaches
    /// 3 tiles.
    pub reacting: Levels,
}

/// TT2 at a cell that holds `own` (none when empty or L9), from the levels
/// `beside` it (none off the map), and the levels of those neighbours that
/// have one (`paired`) or two (`flanked`) tiles of their level beside them.
#[inline]
pub fn meets(own: Levels, beside: [Levels; 4], paired: Levels, flanked: Levels) -> Beside {
    let reacting = reacts(own.0, Levels::twice(beside).0, paired.0, flanked.0);
    Beside { levels: Levels::any(beside), reacting: Levels(reacting) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_that_merge_are_l1_to_l8() {
        assert_eq!(Levels::of(0), Levels::NONE);
        assert_eq!(Levels::of(9), Levels::NONE);
        let both = Levels::of(2).or(Levels::of(7));
        assert_eq!((both.lowest(), both.highest()), (Some(2), Some(7)));
        assert_eq!(Levels::ALL.highest(), Some(8));
    }

    #[test]
    fn twice_is_two_of_the_four() {
        let [one, two] = [Levels::of(1), Levels::of(2)];
        assert_eq!(Levels::twice([one, Levels::NONE, two, one]), one);
        assert_eq!(Levels::twice([one, two, Levels::NONE, Levels::NONE]), Levels::NONE);
    }
}
