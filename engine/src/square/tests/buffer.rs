//! SR1's buffer as the engine computes it: a folded modulus instead of a
//! division, and a remainder by multiplication; both held to the plain
//! arithmetic, including on seeds the format refuses.

use crate::square::buffer::{lehmer_step, Buffer};

#[test]
fn buffer_folded_recurrence_matches_division() {
    for seed in [1, 2, 5, 48271, 16807, 1 << 30, (1 << 31) - 2, 123_456_789, 2_147_483_646] {
        for colours in 2..=10u8 {
            let mut buffer = Buffer::new(seed, colours);
            let mut a = seed;
            for index in 0..5_000u64 {
                assert_eq!(buffer.taken(), index);
                assert_eq!(
                    buffer.take(),
                    (a % u64::from(colours)) as u8,
                    "seed {seed}, {colours} colours, tile {index}"
                );
                a = a * 48271 % 2_147_483_647;
            }
        }
    }
    // The fold at its edges: the largest state, and the product's largest
    // high part.
    for a in [0, 1, 44488, 44489, 2_147_483_646, 2_147_483_645, 1 << 30] {
        assert_eq!(lehmer_step(a), a * 48271 % 2_147_483_647, "A = {a}");
    }
}

#[test]
fn buffer_remainder_without_division_is_exact() {
    // Every tile after the first has A below 2^31; check the remainder on
    // the values around every multiple of the colour count's edges.
    for colours in 1..=255u8 {
        let buffer = Buffer::new(1, colours);
        let c = u64::from(colours);
        for value in (0..2000).chain((1u64 << 31) - 2000..1 << 31).chain((1u64 << 32) - 2000..1 << 32) {
            assert_eq!(buffer.reduce(value), (value % c) as u8, "{value} mod {colours}");
        }
    }
}

#[test]
fn buffer_takes_a_seed_past_the_modulus_literally() {
    // The SR rulings' out-of-range seed, which only an instance built in
    // code holds. Seed 2^31 + 4: tile 0 is (2^31 + 4) mod 3 = (2 + 1) mod 3
    // = 0 (2^31 = 2 mod 3); A[1] = 5 x 48271 = 241355 as for seed 5, since
    // 2^31 + 4 = 5 modulo 2^31 - 1; tiles 1..=3 are then seed 5's tiles
    // 1..=3: 2 0 0 (digit sums 20 39 27).
    let mut buffer = Buffer::new((1 << 31) + 4, 3);
    let tiles: Vec<u8> = (0..4).map(|_| buffer.take()).collect();
    assert_eq!(tiles, [0, 2, 0, 0]);
    // No panic at the extremes.
    let mut huge = Buffer::new(u64::MAX, 10);
    let _ = huge.take();
    let mut none = Buffer::new(5, 0);
    assert_eq!(none.take(), 0);
}
