//! Chance, injected: the random composites (RandomSequence, RandomSelector, ProbabilitySelector,
//! ...) never call a global generator. Their rules take a generator as an argument, so a tree is
//! deterministic for a given seed, and a game can use its own generator.
//!
//! * [`Rng`] is the trait the rules draw from;
//! * [`SmallRng`] is the built-in generator: 8 bytes of state, seedable, no dependency.

/// A source of random numbers for the random nodes.
///
/// Implement it for your own generator to make a tree draw from it; only
/// [`next_u32`](Rng::next_u32) is required. A tree declared `tree T for Ctx, rng = context`
/// draws from its context, which then implements `Rng` (usually by forwarding to a generator it
/// keeps in a field); other trees with random nodes hold their own [`SmallRng`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `bt::Rng`, and the random nodes draw from it",
    label = "not a random number generator",
    note = "a tree declared `rng = context` draws its random numbers from its context: implement `bt::Rng` for `{Self}` (`fn next_u32(&mut self) -> u32`, e.g. forwarding to a `bt::SmallRng` kept in a field), or remove `rng = context` so that the tree holds its own `bt::SmallRng`"
)]
pub trait Rng {
    /// A uniformly distributed `u32`.
    fn next_u32(&mut self) -> u32;

    /// A uniformly distributed number in `0..n` (`n > 0`), without modulo bias
    /// (Lemire's multiply-and-reject method).
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no value to draw");
        let mut product = u64::from(self.next_u32()) * u64::from(n);
        let mut low = product as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                product = u64::from(self.next_u32()) * u64::from(n);
                low = product as u32;
            }
        }
        (product >> 32) as u32
    }

    /// A uniformly distributed `f32` in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
    }
}

impl<R: Rng + ?Sized> Rng for &mut R {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        (**self).next_u32()
    }
}

/// The built-in generator: SplitMix64 with 8 bytes of state. Fast, seedable and good enough for
/// choosing children; not for cryptography.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SmallRng {
    state: u64,
}

impl SmallRng {
    /// The seed of [`SmallRng::default`].
    pub const DEFAULT_SEED: u64 = 0x853C_49E6_748F_EA9B;

    /// A generator seeded with `seed`; the same seed always gives the same numbers.
    pub const fn seed(seed: u64) -> Self {
        SmallRng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Default for SmallRng {
    fn default() -> Self {
        Self::seed(Self::DEFAULT_SEED)
    }
}

impl Rng for SmallRng {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b) = (SmallRng::seed(7), SmallRng::seed(7));
        for _ in 0..100 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        assert_ne!(SmallRng::seed(7).next_u64(), SmallRng::seed(8).next_u64());
    }

    /// SplitMix64's published outputs for seed 0 (and the default seed's first), so that the
    /// mixing steps are checked, not only determinism; `next_u32` is the high half.
    #[test]
    fn splitmix64_outputs() {
        let mut rng = SmallRng::seed(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u32(), 0x06C4_5D18);
        assert_eq!(SmallRng::default().next_u64(), 0xAE54_D7F9_9983_5FC4);
        assert_eq!(SmallRng::default(), SmallRng::seed(SmallRng::DEFAULT_SEED));
    }

    /// A generator that answers the `u32`s it is given, in order.
    struct Script<'a>(&'a [u32]);

    impl Rng for Script<'_> {
        fn next_u32(&mut self) -> u32 {
            let (&first, rest) = self.0.split_first().expect("a draw too many");
            self.0 = rest;
            first
        }
    }

    /// `below(n)` takes the high word of `x * n`, and draws again while the low word is under
    /// `2^32 mod n` (those draws would bias the small results).
    #[test]
    fn below_takes_the_high_word_and_rejects_the_biased_draws() {
        // 2^32 mod 6 = 4: x = 0 gives low 0 (rejected); 6 * 0x8000_0001 = 3 * 2^32 + 6 (kept).
        let mut rng = Script(&[0, 0x8000_0001]);
        assert_eq!(rng.below(6), 3);
        assert!(rng.0.is_empty());
        // Low word 4 (x = 0x2AAA_AAAB: 6x = 2^32 + 2): 2 < 4, rejected; then the top of the range.
        let mut rng = Script(&[0x2AAA_AAAB, u32::MAX]);
        assert_eq!(rng.below(6), 5);
        assert!(rng.0.is_empty());
        // x = 0x2AAA_AAAC: 6x = 2^32 + 8, low 8: kept, high word 1.
        let mut rng = Script(&[0x2AAA_AAAC]);
        assert_eq!(rng.below(6), 1);
        // A low word under n but at or above the threshold is kept: 6 * 0x5555_5556 = 2^33 + 4.
        let mut rng = Script(&[0x5555_5556]);
        assert_eq!(rng.below(6), 2);
        // n = 1: always 0, never a second draw.
        let mut rng = Script(&[0]);
        assert_eq!(rng.below(1), 0);
        // Through `&mut R` (a rule generic over its generator, given a borrowed one).
        fn draw<R: Rng>(mut rng: R) -> (u32, u32) {
            (rng.next_u32(), rng.below(10))
        }
        let mut inner = Script(&[7, u32::MAX]);
        assert_eq!(draw(&mut inner), (7, 9));
        assert!(inner.0.is_empty());
    }

    /// `unit` keeps the high 24 bits: exact multiples of 2^-24 in `[0, 1)`.
    #[test]
    fn unit_is_the_high_24_bits() {
        let mut rng = Script(&[0, 0x8000_0000, 0xFFFF_FFFF, 0x0000_01FF, 0x4000_0100]);
        assert_eq!(rng.unit(), 0.0);
        assert_eq!(rng.unit(), 0.5);
        assert_eq!(rng.unit(), 1.0 - 1.0 / 16_777_216.0);
        assert_eq!(rng.unit(), 1.0 / 16_777_216.0);
        assert_eq!(rng.unit(), 0.25 + 1.0 / 16_777_216.0);
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = SmallRng::default();
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for count in counts {
            assert!((9_000..11_000).contains(&count), "{counts:?}");
        }
        for _ in 0..1000 {
            let x = rng.unit();
            assert!((0.0..1.0).contains(&x));
        }
    }
}
