//! The squares that may be one colour, as a bit set over plane indices with
//! a summary word per 64 words: insertion, removal and finding the smallest
//! (the topmost, then leftmost, square) cost a few instructions on a board
//! of up to 64 x 64 tiles. Its plane, bordered, holds 66 x 66 = 4356 cells:
//! 69 words, which take two summary words (one covers 64).

pub(super) struct Pending {
    words: Vec<u64>,
    /// Bit w set when `words[w]` is not zero.
    summary: Vec<u64>,
}

impl Pending {
    /// An empty set for plane indices below `cells`.
    pub fn new(cells: usize) -> Pending {
        let words = cells.div_ceil(64);
        Pending { words: vec![0; words], summary: vec![0; words.div_ceil(64)] }
    }

    #[inline]
    pub fn insert(&mut self, corner: usize) {
        let word = corner / 64;
        self.words[word] |= 1 << (corner % 64);
        self.summary[word / 64] |= 1 << (word % 64);
    }

    #[inline]
    pub fn remove(&mut self, corner: usize) {
        let word = corner / 64;
        self.words[word] &= !(1 << (corner % 64));
        if self.words[word] == 0 {
            self.summary[word / 64] &= !(1 << (word % 64));
        }
    }

    /// The smallest member.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        let (group, &bits) = self.summary.iter().enumerate().find(|(_, &bits)| bits != 0)?;
        let word = group * 64 + bits.trailing_zeros() as usize;
        Some(word * 64 + self.words[word].trailing_zeros() as usize)
    }
}
