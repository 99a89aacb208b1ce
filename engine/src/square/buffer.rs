//! SR1: the buffer, one Lehmer step per tile with no division on the hot
//! path.

use m3_model::square::{MODULUS, MULTIPLIER};

/// The line of tiles the adjust refills from.
pub(super) struct Buffer {
    /// A[i] mod MODULUS for the next tile i: all the recurrence needs.
    state: u64,
    /// The next tile's colour, A[i] mod colours, worked out one tile ahead.
    colour: u8,
    colours: u64,
    /// ceil(2^64 / colours), for Lemire's division-free remainder.
    magic: u64,
    /// Tiles taken so far: the index of the next one.
    taken: u64,
}

impl Buffer {
    /// The buffer of SR1 for `seed` = A[0].
    ///
    /// Only `colours >= 2` and a seed in 1..MODULUS are in the model's
    /// bounds. Outside them nothing panics, but an adjust may never end:
    /// one colour (or none, read as one below), or a seed that is a multiple
    /// of MODULUS, 0 included (every A[i] after the first is then 0), hands
    /// out tiles of a single colour, and a square refilled with them is a
    /// square again.
    pub fn new(seed: u64, colours: u8) -> Buffer {
        // Reading: SR1 reduces by `colours`, which the model keeps in
        // 2..=10; a value of 0 would divide by zero and is read as 1 (every
        // tile colour 0). A seed at or above MODULUS is taken literally:
        // the first tile is seed mod colours, and A[1] = seed x 48271 mod
        // MODULUS exactly, as if the product did not overflow.
        let colours = u64::from(colours.max(1));
        Buffer {
            state: seed % MODULUS,
            colour: (seed % colours) as u8,
            colours,
            magic: (u64::MAX / colours).wrapping_add(1),
            taken: 0,
        }
    }

    /// Takes the next tile and returns its colour.
    #[inline]
    pub fn take(&mut self) -> u8 {
        let colour = self.colour;
        self.state = lehmer_step(self.state);
        self.colour = self.reduce(self.state);
        self.taken += 1;
        colour
    }

    /// How many tiles have been taken.
    pub fn taken(&self) -> u64 {
        self.taken
    }

    /// `value mod colours` for `value < 2^32` (Lemire, Kaser and Kurz,
    /// "Faster remainder by direct computation", 2019): the low 64 bits of
    /// `magic x value` are the fraction value / colours, scaled by 2^64;
    /// multiplying it by `colours` puts the remainder in the high 64 bits.
    /// With one colour `magic` wraps to 0 and so does the remainder.
    #[inline]
    pub(super) fn reduce(&self, value: u64) -> u8 {
        let fraction = self.magic.wrapping_mul(value);
        // Below `colours`, which fits in a u8.
        ((u128::from(fraction) * u128::from(self.colours)) >> 64) as u8
    }
}

/// A x MULTIPLIER mod MODULUS for `a < MODULUS`. MODULUS = 2^31 - 1 is a
/// Mersenne prime and 2^31 = 1 modulo it, so the product (below 2^47) folds
/// to its low 31 bits plus its high bits, then at most one subtraction.
#[inline]
pub(super) fn lehmer_step(a: u64) -> u64 {
    let product = a * MULTIPLIER;
    let folded = (product & MODULUS) + (product >> 31);
    if folded >= MODULUS {
        folded - MODULUS
    } else {
        folded
    }
}
