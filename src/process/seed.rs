//! Seeded runs: a seed becomes the bytes an `Unstructured` reads, so that a
//! seeded case and a fuzzer's case take the one generator code path.

use arbitrary::Unstructured;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Environment variable that fixes the seed of tests and campaigns.
pub const SEED_VARIABLE: &str = "M3DIFF_SEED";

/// Reads a seed given by `--seed` or by [`SEED_VARIABLE`]; the message
/// names both, since clap names only the flag even when the variable gave
/// the value.
pub fn parse(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {} (given by --seed or by {SEED_VARIABLE})", u64::MAX))
}

/// The bytes a seeded case starts with: enough for nearly every game of a
/// mixed campaign (at seed 11, 98% of Magic Door and Texas games and 94% of
/// Triple Town games read at most 1 KiB, all but a handful at most 4 KiB).
/// Filling more costs more than the game: 64 KiB of ChaCha took a tenth
/// of a Magic Door campaign.
const BYTES_PER_CASE: usize = 1 << 12;
/// The most bytes a seeded case grows to (a 100,000-tile Triple Town game
/// reads about a megabyte).
const MOST_BYTES: usize = 1 << 26;

/// Runs `f` on the byte stream of `seed`. When `f` reads every byte, it is
/// run again on four times as many: the stream's start is the same, so the
/// result is the one an endless stream would give, and a large game does
/// not end in the defaults an exhausted `Unstructured` returns.
pub fn with_seed<T>(seed: u64, f: impl Fn(&mut Unstructured<'_>) -> T) -> T {
    with_prefix(&[], seed, f)
}

/// Runs `f` on `prefix` followed by the byte stream of `seed`, grown as
/// [`with_seed`] grows it: a fuzz input decides the draws it holds bytes
/// for, and a short one still makes a whole game.
pub fn with_prefix<T>(prefix: &[u8], seed: u64, f: impl Fn(&mut Unstructured<'_>) -> T) -> T {
    let mut length = BYTES_PER_CASE;
    loop {
        let mut bytes = vec![0u8; prefix.len() + length];
        bytes[..prefix.len()].copy_from_slice(prefix);
        ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes[prefix.len()..]);
        let mut u = Unstructured::new(&bytes);
        let result = f(&mut u);
        if !u.is_empty() || length >= MOST_BYTES {
            return result;
        }
        length *= 4;
    }
}

/// A seed that differs from run to run.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Fold to 64 bits; only distinctness matters.
    (nanos ^ (nanos >> 64)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_larger_than_the_first_bytes_reads_on_into_the_same_stream() {
        let read =
            |count: usize| with_seed(5, |u| (0..count).map(|_| u.arbitrary::<u8>().unwrap()).collect::<Vec<_>>());
        let small = read(1000);
        let large = read(3 * BYTES_PER_CASE);
        assert_eq!(small[..], large[..1000], "the stream's start does not depend on its length");
        let tail = &large[2 * BYTES_PER_CASE..];
        assert!(tail.iter().filter(|&&byte| byte == 0).count() < tail.len() / 50, "the tail is not exhausted zeros");
    }
}
