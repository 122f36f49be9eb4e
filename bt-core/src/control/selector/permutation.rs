//! An order of `N` children kept in a fixed array: the memory of the composites that do not tick
//! their children in declaration order (RandomSequence, RandomSelector, FlipSelector,
//! PrioritySelector).

use crate::{Rng, SmallIndex};

/// A permutation of `0..N`: `get(p)` is the child at position `p`.
///
/// Size: `N` elements of `I` (one byte per child with `u8`, enough for 255 children), no
/// allocation. Slot `p` stores `child ^ p` rather than `child`, so that the all-zero array (the
/// only array a generic `const fn` can build) is the identity order, and [`Permutation::identity`]
/// can be a `const fn`. XOR of two numbers below `2^k` stays below `2^k`, so the stored value fits
/// wherever the child index does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "I: serde::Serialize",
        deserialize = "I: serde::Deserialize<'de> + Default"
    ))
)]
pub(crate) struct Permutation<const N: usize, I> {
    #[cfg_attr(feature = "serde", serde(with = "crate::snapshot::array"))]
    slots: [I; N],
}

impl<const N: usize, I: SmallIndex> Permutation<N, I> {
    /// Children in declaration order.
    pub(crate) const fn identity() -> Self {
        Permutation {
            slots: [I::ZERO; N],
        }
    }

    /// The child at position `pos`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn get(&self, pos: usize) -> usize {
        self.slots[pos].get() ^ pos
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn put(&mut self, pos: usize, child: usize) {
        self.slots[pos] = I::set(child ^ pos);
    }

    /// A new uniformly random order, built from scratch (inside-out Fisher-Yates: `N - 1` draws,
    /// `rng.below(2)`, `rng.below(3)`, ..., `rng.below(N)`; the draw for position `i` picks the
    /// position `j <= i` whose child moves to `i` while child `i` takes `j`). The previous order
    /// is not read.
    #[inline]
    pub(crate) fn shuffle(&mut self, rng: &mut impl Rng) {
        if N == 0 {
            return;
        }
        self.put(0, 0);
        for i in 1..N {
            // `i + 1 <= N`, and the macro keeps `N` far below `u32::MAX`.
            let j = rng.below((i + 1) as u32) as usize;
            if j != i {
                let moved = self.get(j);
                self.put(i, moved);
            }
            self.put(j, i);
        }
    }

    /// The children from the highest weight to the lowest, built from scratch (the previous order
    /// is not read): `weights[c]` is child `c`'s. Equal weights keep declaration order; `NaN`
    /// comes after every number (see [`ranks_above`]). An insertion sort: no allocation, at most
    /// `N * (N - 1) / 2` comparisons, `N - 1` when the weights are already in order.
    #[inline]
    pub(crate) fn sort_by_weight(&mut self, weights: &[f32]) {
        debug_assert_eq!(weights.len(), N, "one weight per child");
        for child in 0..N {
            // Positions `0..child` hold children `0..child` in order; `child` goes after every
            // one that it does not rank strictly above, so that ties keep declaration order.
            let mut pos = child;
            while pos > 0 && ranks_above(weights[child], weights[self.get(pos - 1)]) {
                let moved = self.get(pos - 1);
                self.put(pos, moved);
                pos -= 1;
            }
            self.put(pos, child);
        }
    }

    /// Moves the child at position `pos` to the last position; the ones after it move up by one.
    #[inline]
    pub(crate) fn move_to_end(&mut self, pos: usize) {
        let child = self.get(pos);
        for p in pos..N - 1 {
            let next = self.get(p + 1);
            self.put(p, next);
        }
        self.put(N - 1, child);
    }
}

/// Whether weight `a` ranks strictly above weight `b`: the numbers in their order, `NaN` below
/// every number (`-inf` included) and equal to another `NaN`; `-0.0` equals `0.0`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn ranks_above(a: f32, b: f32) -> bool {
    !a.is_nan() && (b.is_nan() || a > b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SmallRng;

    fn order<const N: usize>(p: &Permutation<N, u8>) -> [usize; N] {
        core::array::from_fn(|pos| p.get(pos))
    }

    #[test]
    fn zero_is_the_identity() {
        let p = Permutation::<5, u8>::identity();
        assert_eq!(order(&p), [0, 1, 2, 3, 4]);
    }

    #[test]
    fn move_to_end_keeps_the_others_in_order() {
        let mut p = Permutation::<4, u8>::identity();
        p.move_to_end(1);
        assert_eq!(order(&p), [0, 2, 3, 1]);
        p.move_to_end(0);
        assert_eq!(order(&p), [2, 3, 1, 0]);
        p.move_to_end(3);
        assert_eq!(order(&p), [2, 3, 1, 0]);
    }

    #[test]
    fn shuffle_is_a_permutation_and_covers_every_order() {
        let mut rng = SmallRng::seed(11);
        let mut p = Permutation::<3, u8>::identity();
        let mut seen = std::collections::HashMap::new();
        for _ in 0..6_000 {
            p.shuffle(&mut rng);
            let o = order(&p);
            let mut sorted = o;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2]);
            *seen.entry(o).or_insert(0u32) += 1;
        }
        // All 6 orders appear, each roughly 1,000 times.
        assert_eq!(seen.len(), 6);
        for (o, count) in seen {
            assert!((800..1_200).contains(&count), "{o:?}: {count}");
        }
    }

    #[test]
    fn sort_by_weight_is_descending_and_stable() {
        let mut p = Permutation::<5, u8>::identity();
        p.sort_by_weight(&[0.5, 2.0, 0.5, -1.0, 2.0]);
        assert_eq!(order(&p), [1, 4, 0, 2, 3]);
        // Built from scratch: the previous order does not matter.
        p.sort_by_weight(&[1.0; 5]);
        assert_eq!(order(&p), [0, 1, 2, 3, 4]);
        let nan = f32::NAN;
        p.sort_by_weight(&[nan, f32::NEG_INFINITY, nan, 0.0, -0.0]);
        assert_eq!(order(&p), [3, 4, 1, 0, 2]);
        p.sort_by_weight(&[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(order(&p), [4, 3, 2, 1, 0]);
    }

    #[test]
    fn ranks_above_orders_nan_last() {
        assert!(ranks_above(1.0, 0.5));
        assert!(!ranks_above(0.5, 0.5));
        assert!(!ranks_above(0.0, -0.0));
        assert!(ranks_above(f32::NEG_INFINITY, f32::NAN));
        assert!(!ranks_above(f32::NAN, f32::NEG_INFINITY));
        assert!(!ranks_above(f32::NAN, f32::NAN));
    }

    #[test]
    fn wide_orders_fit_their_index_type() {
        let mut p = Permutation::<256, u8>::identity();
        p.shuffle(&mut SmallRng::seed(1));
        let mut seen = [false; 256];
        for pos in 0..256 {
            seen[p.get(pos)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let mut q = Permutation::<300, u16>::identity();
        q.move_to_end(0);
        assert_eq!((q.get(0), q.get(299)), (1, 0));
        // Weights rising with the child: the reverse order.
        let weights: std::vec::Vec<f32> = (0..300).map(|c| c as f32).collect();
        q.sort_by_weight(&weights);
        assert!((0..300).all(|pos| q.get(pos) == 299 - pos));
    }
}
