//! A fixed-size set of child indices, one bit per child: the memory of the composites that must
//! remember something about each child (which ones finished, which results are latched, which
//! ones are out of the draw).
//!
//! The macro sizes it: `W = ceil(children / 8)` bytes ([`bitset_bytes`]), so a composite of up
//! to 8 children keeps 1 byte, one of up to 64 children 8 bytes, and so on.

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

/// `W` bytes; bit `i` is child `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Bits<const W: usize>(
    #[cfg_attr(feature = "serde", serde(with = "crate::snapshot::array"))] [u8; W],
);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub(crate) const fn new() -> Self {
        Bits([0; W])
    }

    /// How many children fit (`8 * W`).
    pub(crate) const CAPACITY: usize = 8 * W;

    /// The byte of child `i`. `i / 8 % W` is `i / 8` for every child that fits, and lets the
    /// compiler see that the index is in bounds (with one byte: always byte 0), so that no
    /// bounds check is left in the generated trees' ticks.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    const fn word(i: usize) -> usize {
        i / 8 % W
    }

    /// Whether child `i` is in the set.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn get(&self, i: usize) -> bool {
        debug_assert!(i < Self::CAPACITY, "child {i} does not fit in {W} bytes");
        self.0[Self::word(i)] & (1 << (i % 8)) != 0
    }

    /// Puts child `i` in the set (`true`) or takes it out (`false`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn put(&mut self, i: usize, value: bool) {
        debug_assert!(i < Self::CAPACITY, "child {i} does not fit in {W} bytes");
        let bit = 1 << (i % 8);
        if value {
            self.0[Self::word(i)] |= bit;
        } else {
            self.0[Self::word(i)] &= !bit;
        }
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
}
