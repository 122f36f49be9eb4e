//! A fixed-size set of child indices, one bit per child: the memory of the composites that must
//! remember something about each child (which ones finished, which results are latched, which
//! ones are out of the draw).
//!
//! The macro sizes it: `W` words of bytes ([`bitset_bytes`]: a composite of up to 8 children
//! keeps 1 byte, one of up to 64 children 8 bytes, and so on), or, for [`Parallel`] and
//! [`ParallelAll`], of 64 bits ([`bitset_words`]), whose scan for the next child still to tick
//! reads 64 children at a time.
//!
//! [`Parallel`]: crate::control::Parallel
//! [`ParallelAll`]: crate::control::ParallelAll

use core::fmt::Debug;

/// How many bytes the child bitset of a composite of `len` children needs: the `W` the macro
/// writes in `ProbabilitySelector<W, I>`, `ObserverSelector<W, I>`, `PolicyParallel<W>`,
/// `DynamicSequence<W, I>` and `DynamicSelector<W, I>`.
///
/// ```
/// use bt_core::control::bitset_bytes;
/// assert_eq!(bitset_bytes(3), 1);
/// assert_eq!(bitset_bytes(8), 1);
/// assert_eq!(bitset_bytes(9), 2);
/// ```
pub const fn bitset_bytes(len: usize) -> usize {
    len.div_ceil(8)
}

/// How many 64-bit words the completed-children bitset of a [`Parallel`] or [`ParallelAll`] of
/// `len` children needs: the `W` the macro writes in `Parallel<I, W>`.
///
/// ```
/// use bt_core::control::bitset_words;
/// assert_eq!(bitset_words(3), 1);
/// assert_eq!(bitset_words(64), 1);
/// assert_eq!(bitset_words(65), 2);
/// ```
///
/// [`Parallel`]: crate::control::Parallel
/// [`ParallelAll`]: crate::control::ParallelAll
pub const fn bitset_words(len: usize) -> usize {
    len.div_ceil(64)
}

/// The word a [`Bits`] is made of: `u8` (the default) or `u64`.
pub(crate) trait Word: Copy + Eq + Debug {
    /// No bit set.
    const ZERO: Self;
    /// How many bits a word holds.
    const BITS: usize;
    /// Whether bit `bit` is set.
    fn has(self, bit: usize) -> bool;
    /// The word with bit `bit` set.
    fn with(self, bit: usize) -> Self;
    /// The word with bit `bit` clear.
    fn without(self, bit: usize) -> Self;
    /// The first clear bit at or above `bit`, if any.
    fn first_clear_from(self, bit: usize) -> Option<usize>;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn has(self, bit: usize) -> bool {
                (self >> bit) & 1 == 1
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn with(self, bit: usize) -> Self {
                self | 1 << bit
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn without(self, bit: usize) -> Self {
                self & !(1 << bit)
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn first_clear_from(self, bit: usize) -> Option<usize> {
                let clear = !self >> bit;
                (clear != 0).then(|| bit + clear.trailing_zeros() as usize)
            }
        }
    )*};
}

word!(u8, u64);

/// `W` words of type `B` (bytes by default); bit `i` is child `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "B: serde::Serialize",
        deserialize = "B: serde::Deserialize<'de> + Default"
    ))
)]
pub(crate) struct Bits<const W: usize, B = u8>(
    #[cfg_attr(feature = "serde", serde(with = "crate::snapshot::array"))] [B; W],
);

impl<const W: usize, B: Word> Default for Bits<W, B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, B: Word> Bits<W, B> {
    /// The empty set.
    pub(crate) const fn new() -> Self {
        Bits([B::ZERO; W])
    }

    /// How many children fit (`W` words of `B::BITS`).
    pub(crate) const CAPACITY: usize = B::BITS * W;

    /// The word of child `i`. `i / B::BITS % W` is `i / B::BITS` for every child that fits, and
    /// lets the compiler see that the index is in bounds (with one word: always word 0), so that
    /// no bounds check is left in the generated trees' ticks.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    const fn word(i: usize) -> usize {
        i / B::BITS % W
    }

    /// Whether child `i` is in the set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn get(&self, i: usize) -> bool {
        debug_assert!(i < Self::CAPACITY, "child {i} does not fit in {W} words");
        self.0[Self::word(i)].has(i % B::BITS)
    }

    /// Puts child `i` in the set (`true`) or takes it out (`false`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn put(&mut self, i: usize, value: bool) {
        debug_assert!(i < Self::CAPACITY, "child {i} does not fit in {W} words");
        let (word, bit) = (&mut self.0[Self::word(i)], i % B::BITS);
        *word = if value {
            word.with(bit)
        } else {
            word.without(bit)
        };
    }

    /// Puts child `i` in the set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn set(&mut self, i: usize) {
        self.put(i, true);
    }

    /// Whether children `0..len` are all in the set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn all(&self, len: usize) -> bool {
        (0..len).all(|i| self.get(i))
    }

    /// The first child `i` in `from..len` that is (`member`) or is not (`!member`) in the set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn find(&self, from: usize, len: usize, member: bool) -> Option<usize> {
        (from..len).find(|&i| self.get(i) == member)
    }

    /// The first child in `from..len` that is not in the set, found a word at a time (`len` at
    /// most [`CAPACITY`](Self::CAPACITY)).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn next_absent(&self, from: usize, len: usize) -> Option<usize> {
        let mut i = from;
        while i < len {
            if let Some(bit) = self.0[i / B::BITS].first_clear_from(i % B::BITS) {
                let found = i - i % B::BITS + bit;
                return if found < len { Some(found) } else { None };
            }
            i = (i / B::BITS + 1) * B::BITS;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_across_words() {
        let mut bits = Bits::<16>::new();
        assert_eq!(Bits::<16>::CAPACITY, 128);
        for i in [0, 5, 63, 64, 100, 127] {
            assert!(!bits.get(i));
            bits.set(i);
            assert!(bits.get(i));
        }
        assert!(!bits.get(1) && !bits.get(65));
        assert_eq!(bits.find(0, 128, true), Some(0));
        assert_eq!(bits.find(6, 128, true), Some(63));
        assert_eq!(bits.find(64, 128, false), Some(65));
        assert_eq!(bits.find(101, 127, true), None);
        bits.put(63, false);
        assert!(!bits.get(63) && bits.get(64));
        assert!(!bits.all(2));
        bits.set(1);
        assert!(bits.all(2));
        assert_ne!(bits, Bits::default());
    }

    /// The 64-bit words of Parallel's completed children: the same set, scanned a word at a time.
    #[test]
    fn next_absent_scans_across_words() {
        let mut bits = Bits::<3, u64>::new();
        assert_eq!(Bits::<3, u64>::CAPACITY, 192);
        for i in (0..150).filter(|i| i % 7 != 3) {
            bits.set(i);
        }
        assert_eq!(bits.next_absent(0, 150), Some(3));
        assert_eq!(bits.next_absent(4, 150), Some(10));
        assert_eq!(bits.next_absent(60, 150), Some(66));
        for i in 0..150 {
            assert_eq!(bits.get(i), i % 7 != 3, "index {i}, word {}", i / 64);
            assert_eq!(
                bits.next_absent(i, 150),
                bits.find(i, 150, false),
                "from {i}"
            );
        }
        for i in 0..192 {
            bits.set(i);
        }
        assert_eq!(bits.next_absent(0, 150), None);
        let bits = Bits::<2, u64>::new();
        assert_eq!(bits.next_absent(127, 128), Some(127));
        assert_eq!(bits.next_absent(128, 128), None);
        assert!(!bits.get(5));
        assert_eq!(bitset_words(0), 0);
        assert_eq!(bitset_words(128), 2);
        assert_eq!(bitset_words(129), 3);
    }

    /// In bytes: a word's last bit, a full word skipped, the end of the range inside a word.
    #[test]
    fn next_absent_in_bytes() {
        let mut bits = Bits::<3>::new();
        for i in (0..8).chain(9..16) {
            bits.set(i);
        }
        assert_eq!(bits.next_absent(0, 24), Some(8));
        assert_eq!(bits.next_absent(9, 24), Some(16));
        assert_eq!(bits.next_absent(9, 16), None);
        bits.set(7);
        bits.put(7, false);
        assert_eq!(bits.next_absent(1, 24), Some(7));
        for from in 0..24 {
            for len in from..=24 {
                assert_eq!(bits.next_absent(from, len), bits.find(from, len, false));
            }
        }
    }
}
