//! A `u64` read as a set of up to 64 positions, one bit each: the sets the
//! players and checkers keep of rows, columns, cells and levels; and read
//! as eight cells of a byte each, compared in one instruction.

/// The positions of the bits set in `word`, lowest first.
#[inline]
pub fn ones(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let lowest = (word != 0).then(|| word.trailing_zeros() as usize)?;
        word &= word - 1;
        Some(lowest)
    })
}

/// Bytes in a word.
pub const BYTES: usize = 8;

/// The first `BYTES` of `bytes` as one word, the first byte the lowest.
#[inline]
pub fn of_bytes(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..BYTES].try_into().expect("a word of bytes"))
}

/// The set of the first `count` positions (`count` at most 64).
#[inline]
pub fn first(count: usize) -> u64 {
    u64::MAX.checked_shr((64 - count) as u32).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_the_set_of_its_ones() {
        assert_eq!(ones(0).count(), 0);
        assert_eq!(ones(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(ones(u64::MAX).collect::<Vec<_>>(), (0..64).collect::<Vec<_>>());
        assert_eq!((first(0), first(3), first(64)), (0, 0b111, u64::MAX));
    }
}
