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

/// The seed from `M3DIFF_SEED`, or one from the clock (printed by callers so
/// that the run can be replayed).
pub fn seed_from_env() -> Result<u64, String> {
    match std::env::var(SEED_VARIABLE) {
        Ok(text) => text.trim().parse().map_err(|_| format!("{SEED_VARIABLE}={text:?}: expected an unsigned integer")),
        Err(_) => Ok(clock_seed()),
    }
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // Fold to 64 bits; only distinctness matters.
    (nanos ^ (nanos >> 64)) as u64
}
