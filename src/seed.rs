//! Seeded runs: a seed becomes the bytes an `Unstructured` reads, so that a
//! seeded case and a fuzzer's case take the one generator code path.

use arbitrary::Unstructured;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Environment variable that fixes the seed of tests and campaigns.
pub const SEED_VARIABLE: &str = "M3DIFF_SEED";

/// Enough bytes for the largest game any generator draws.
const BYTES_PER_CASE: usize = 1 << 16;

/// Runs `f` on the byte stream of `seed`.
pub fn with_seed<T>(seed: u64, f: impl FnOnce(&mut Unstructured<'_>) -> T) -> T {
    let mut bytes = vec![0u8; BYTES_PER_CASE];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes);
    f(&mut Unstructured::new(&bytes))
}

/// A seed that differs from run to run.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Fold to 64 bits; only distinctness matters.
    (nanos ^ (nanos >> 64)) as u64
}
