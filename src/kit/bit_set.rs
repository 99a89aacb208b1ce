//! A `u64` read as a set of up to 64 positions, one bit each: the sets the
//! players and checkers keep of rows, columns, cells and levels; and read
//! as eight cells of a byte each, compared in one instruction. A slice of
//! them is a set of any size, position `i` in bit `i % 64` of word
//! `i / 64`: the sets a generator keeps of what it may draw, and draws
//! from as `u.choose` would from the list of their positions, without
//! listing them.

/// Bits in a word.
const BITS: usize = u64::BITS as usize;

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

/// The words a set of `positions` positions takes.
pub fn words_for(positions: usize) -> usize {
    positions.div_ceil(BITS)
}

#[inline]
pub fn insert(set: &mut [u64], position: usize) {
    set[position / BITS] |= 1 << (position % BITS);
}

#[inline]
pub fn remove(set: &mut [u64], position: usize) {
    set[position / BITS] &= !(1 << (position % BITS));
}

/// Adds the positions `positions` to `set`, a word at a time.
#[inline]
pub fn insert_range(set: &mut [u64], positions: std::ops::Range<usize>) {
    let (start, end) = (positions.start, positions.end);
    if start >= end {
        return;
    }
    let (first, last) = (start / BITS, (end - 1) / BITS);
    let from_start = u64::MAX << (start % BITS);
    let to_end = u64::MAX >> (BITS - 1 - (end - 1) % BITS);
    if first == last {
        set[first] |= from_start & to_end;
    } else {
        set[first] |= from_start;
        set[first + 1..last].fill(u64::MAX);
        set[last] |= to_end;
    }
}

/// How many positions `set` holds.
pub fn count(set: &[u64]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the instruction, as just detected.
        return unsafe { by_instruction::count(set) };
    }
    count_in(set)
}

#[inline(always)]
fn count_in(set: &[u64]) -> usize {
    set.iter().map(|word| word.count_ones() as usize).sum()
}

/// Position `index` of `set`, counted from 0, lowest first: the one
/// `u.choose` picks with `index` from the list of them.
pub fn nth(set: &[u64], index: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the instruction, as just detected.
        return unsafe { by_instruction::nth(set, index) };
    }
    nth_in(set, index)
}

/// [`count`] and [`nth`] on a processor with x86's `popcnt`, which the
/// build's target, x86-64 as first made, lacks: a word's ones counted in a
/// dozen instructions took a tenth of the Triple Town player's time, and
/// a fifth on a map of 100x100.
#[cfg(target_arch = "x86_64")]
mod by_instruction {
    #[target_feature(enable = "popcnt")]
    pub fn count(set: &[u64]) -> usize {
        super::count_in(set)
    }

    #[target_feature(enable = "popcnt")]
    pub fn nth(set: &[u64], index: usize) -> Option<usize> {
        super::nth_in(set, index)
    }
}

#[inline(always)]
fn nth_in(set: &[u64], mut index: usize) -> Option<usize> {
    for (at, &word) in set.iter().enumerate() {
        let count = word.count_ones() as usize;
        if index < count {
            return ones(word).nth(index).map(|bit| at * BITS + bit);
        }
        index -= count;
    }
    None
}

/// The positions from `set`'s first to its last, none when it is empty.
pub fn span(set: &[u64]) -> Option<std::ops::Range<usize>> {
    let first = set.iter().position(|&word| word != 0)?;
    let last = set.iter().rposition(|&word| word != 0)?;
    Some(first * BITS + first_of(set[first])..last * BITS + last_of(set[last]) + 1)
}

fn first_of(word: u64) -> usize {
    word.trailing_zeros() as usize
}

fn last_of(word: u64) -> usize {
    BITS - 1 - word.leading_zeros() as usize
}

/// The positions of `set`, lowest first.
pub fn each(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(at, &word)| ones(word).map(move |bit| at * BITS + bit))
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

    #[test]
    fn words_are_a_set_of_their_ones_counted_lowest_first() {
        let positions = [3, 63, 64, 130, 191];
        let mut set = vec![0; words_for(192)];
        assert_eq!(set.len(), 3);
        positions.iter().for_each(|&position| insert(&mut set, position));
        assert_eq!(count(&set), positions.len());
        assert_eq!(each(&set).collect::<Vec<_>>(), positions);
        for (index, &position) in positions.iter().enumerate() {
            assert_eq!(nth(&set, index), Some(position));
        }
        assert_eq!(nth(&set, positions.len()), None);
        remove(&mut set, 191);
        remove(&mut set, 64);
        assert_eq!(each(&set).collect::<Vec<_>>(), [3, 63, 130]);
    }

    #[test]
    fn a_span_is_from_the_first_position_to_the_last() {
        for positions in [&[0][..], &[3, 63, 64, 130], &[64, 65], &[191]] {
            let mut set = vec![0; words_for(192)];
            positions.iter().for_each(|&position| insert(&mut set, position));
            assert_eq!(span(&set), Some(positions[0]..positions[positions.len() - 1] + 1), "{positions:?}");
        }
        assert_eq!(span(&[0, 0]), None);
    }

    #[test]
    fn a_range_is_added_whole_and_alone() {
        for (start, end) in [(0, 0), (5, 5), (0, 1), (3, 9), (0, 64), (63, 65), (10, 192), (64, 128), (1, 191)] {
            let mut set = vec![0; words_for(192)];
            insert(&mut set, 191);
            insert_range(&mut set, start..end);
            let expected: Vec<usize> = (start..end).chain((end <= 191).then_some(191)).collect();
            assert_eq!(each(&set).collect::<Vec<_>>(), expected, "{start}..{end}");
        }
    }
}
