//! The seeds of a campaign's cases.

/// The seed of case `index` of game `name`: the same in every campaign with
/// this seed, whatever the number of jobs.
pub fn case_seed(campaign_seed: u64, name: &str, index: u64) -> u64 {
    splitmix64(splitmix64(campaign_seed ^ crate::process::hash::fnv1a(name)).wrapping_add(index))
}

/// The seed after `seed`, for a case drawn again.
pub fn next_seed(seed: u64) -> u64 {
    splitmix64(seed)
}

fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
