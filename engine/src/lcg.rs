//! The engines' tests' random games come from this generator: a 64-bit LCG
//! (Knuth's MMIX constants), high bits out, so that a failing game is
//! replayed from its seed alone.

pub(crate) struct Lcg(pub u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// True with probability `per_mille` / 1000.
    pub fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }

    /// One of `list`, which must not be empty.
    pub fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[self.below(list.len())]
    }
}
