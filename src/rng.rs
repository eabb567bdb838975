//! The random numbers every seeded job draws (generators, the answers `solve --forced`
//! builds): one small deterministic stream, so a seed gives the same run on every machine.

/// splitmix64 (Steele, Lea, Flood 2014): small, deterministic, and enough to pick cells.
pub struct Rng(u64);

impl Rng {
    /// The generator of puzzle `index` of a run with `seed`.
    pub fn for_puzzle(seed: u64, index: u64) -> Self {
        let mut r = Rng(seed ^ 0x5eed_5eed_5eed_5eed);
        let base = r.next_u64();
        Rng(base.wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}
