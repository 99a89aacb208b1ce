//! Where a tile of each level that merges would meet tiles of its level,
//! and where it would merge (TT2), over the whole map, kept for the
//! generator's player from one command to the next. A tile placed at a
//! cell meets the tiles beside it and merges with regions that reach two
//! cells from it, so a command, which changes a cell or a few, changes
//! what a tile meets only in the words of cells two rows around them; and
//! only for the levels the cells held and hold. Those words are looked at
//! again when a search next asks for the level: on a map of 100x100 a
//! look at every word before each command cost more than the rest of a
//! game's writing.

use super::bits::Layout;
use super::levels::{any, reacts, twice};
use crate::kit::bit_set;

/// Levels that merge, L1 to L8 (TT2).
const MERGING_LEVELS: usize = 8;

/// How far a cell's tile reaches what a tile placed at another meets: a
/// region through a neighbour of the cell placed at.
const REACH: usize = 2;

/// For each level that merges, L1 first: the cells where a tile of it
/// would meet its level and where it would merge, whatever they hold.
#[derive(Default)]
pub struct Meets {
    /// The cells beside a tile of the level.
    beside: [Vec<u64>; MERGING_LEVELS],
    /// The cells where a tile of the level placed would merge (TT2, as
    /// `levels::reacts` finds it): at a tile, as were the tile the one
    /// placed, which a search at tiles asks; at an empty cell, which holds
    /// no level, as a search at empty cells asks.
    merging: [Vec<u64>; MERGING_LEVELS],
    /// For each level, the words not looked at since a command changed
    /// its tiles near them, one bit a word.
    stale: [Vec<u64>; MERGING_LEVELS],
    /// For each level, the cells with two of its tiles beside them, and
    /// of its tiles, those with one tile of the level beside them and
    /// those with two: what a look at a word reads of the words around
    /// it, kept from look to look, so that a look works out the stale
    /// words' alone (the words around them, worked out again before each
    /// look, cost a fifth of the player's time).
    between: [Vec<u64>; MERGING_LEVELS],
    paired: [Vec<u64>; MERGING_LEVELS],
    flanked: [Vec<u64>; MERGING_LEVELS],
}

impl Meets {
    /// Sets of `layout`'s map, to be looked at whole.
    pub fn anew(&mut self, layout: Layout) {
        let sets = self.beside.iter_mut().chain(&mut self.merging).chain(&mut self.between);
        for set in sets.chain(&mut self.paired).chain(&mut self.flanked) {
            set.clear();
            set.resize(layout.len(), 0);
        }
        for words in &mut self.stale {
            words.clear();
            words.resize(bit_set::words_for(layout.len()), 0);
        }
        for stale in &mut self.stale {
            bit_set::insert_range(stale, layout.map());
        }
    }

    /// Notes that the cell of `bit` changed from a tile of one of `levels`
    /// to one of the other.
    #[inline]
    pub fn changed(&mut self, layout: Layout, levels: [u8; 2], bit: usize) {
        let words = layout.words_around(bit, REACH);
        for level in levels {
            if let Some(stale) = self.stale.get_mut(usize::from(level).wrapping_sub(1)) {
                bit_set::insert_range(stale, words.clone());
            }
        }
    }

    /// The cells beside a tile of `level` and where a tile of `level`
    /// would merge, `holding` the cells of its tiles, looked at again
    /// where they may have changed.
    pub fn of(&mut self, layout: Layout, level: u8, holding: &[u64]) -> (&[u64], &[u64]) {
        let at = usize::from(level - 1);
        if self.stale[at].iter().any(|&words| words != 0) {
            self.look(layout, at, holding);
        }
        (&self.beside[at], &self.merging[at])
    }

    /// Looks at the stale words of the sets of level `at`, 64 cells at a
    /// time, from the first to the last (those between, worked out again,
    /// stay as they were): first what their cells meet, then where a tile
    /// merges, which reads the first in the words around them too, stale
    /// or not. A pass over the words as slices, whose indices are tested
    /// once a pass, not for each word.
    fn look(&mut self, layout: Layout, at: usize, holding: &[u64]) {
        let Meets { beside, merging, stale, between, paired, flanked } = self;
        let Some(words) = bit_set::span(&stale[at]) else { return };
        stale[at].fill(0);
        let (beside, merging, between) = (&mut beside[at], &mut merging[at], &mut between[at]);
        let (paired, flanked) = (&mut paired[at], &mut flanked[at]);
        let own = &holding[words.clone()];
        let sets = beside[words.clone()].iter_mut().zip(&mut between[words.clone()]);
        let sets = sets.zip(&mut paired[words.clone()]).zip(&mut flanked[words.clone()]);
        let cells = layout.beside(holding, words.clone()).zip(own);
        for ((((beside, between), paired), flanked), (next_to, own)) in sets.zip(cells) {
            (*beside, *between) = (any(next_to), twice(next_to));
            (*paired, *flanked) = (own & *beside, own & *between);
        }
        let pairs = layout.beside(&paired[..], words.clone()).zip(layout.beside(&flanked[..], words.clone()));
        let cells = own.iter().zip(&between[words.clone()]).zip(pairs);
        for (merging, ((own, between), (paired, flanked))) in merging[words].iter_mut().zip(cells) {
            *merging = reacts(*own, *between, any(paired), any(flanked));
        }
    }
}
