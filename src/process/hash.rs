//! Stable hashes for names and seeds. A leaf: it imports nothing of the
//! crate, so that the regressions that name files by it and the shrinker
//! and campaigns that key on it depend on it, not on each other.

/// The name of a regression: 12 hex digits of the instance text's hash.
pub fn short_hash(text: &str) -> String {
    format!("{:012x}", fnv1a(text) >> 16)
}

/// 64-bit FNV-1a: stable across platforms and Rust versions, unlike the
/// standard library's hasher, so names and seeds never change. Of text or
/// of bytes (a fuzz input).
pub fn fnv1a(data: impl AsRef<[u8]>) -> u64 {
    data.as_ref()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
