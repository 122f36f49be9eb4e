//! The running flags of a generated tree: one flag per node that can answer `Running`, set while
//! the node is running between ticks. A node's halt looks at its flag (a node that is not
//! running has nothing to stop), and the pre-conditions of a running node are checked
//! differently from those of an idle one.
//!
//! One `bool` per flag ([`BoolFlags`]). Bits were tried (one bit per flag: a tree of 600
//! running-capable nodes would keep 75 bytes of flags instead of 600) and measured slower: a bit
//! is set with a load, a mask and a store that depends on the flags set just before it in the
//! same byte, where a `bool` is one store. On the deep tree of `benches/` (621 flags) the resumed
//! tick took 5.2–5.8 ns with bits against 3.2–3.5 ns with `bool`s, and the 10-node memory tree
//! about 1 ns more (benches/HISTORY.md, "Running flags as bits").
//!
//! Only the nodes whose running is not already known from other state keep a flag here. The
//! macro derives the others (`bt-macros/src/plan.rs`): the root is running when the tree's
//! status is `Running`; a reactive composite when its rule remembers a running child; a leaf
//! resumed directly when the resume code names it; and a child of a `Sequence`, `Fallback` or
//! `SequenceWithMemory` when its parent was running at the start of the parent's tick with its
//! cursor on that child (the parent passes that to the child's tick). The sniper of `benches/`
//! keeps no flag at all.
//!
//! The macro numbers the flags at compile time, so every access is a constant offset.

/// `N` running flags, one `bool` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoolFlags<const N: usize>(
    #[cfg_attr(feature = "serde", serde(with = "crate::snapshot::array"))] [bool; N],
);

impl<const N: usize> Default for BoolFlags<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> BoolFlags<N> {
    /// No node running.
    pub const fn new() -> Self {
        BoolFlags([false; N])
    }

    /// Whether flag `i` is set (the node is running).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn get(&self, i: usize) -> bool {
        self.0[i]
    }

    /// Sets flag `i` (`true`: the node is running) or clears it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn set(&mut self, i: usize, running: bool) {
        self.0[i] = running;
    }

    /// Flag `i`, to be set once the node has answered ([`crate::__private::finish`]).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn flag(&mut self, i: usize) -> &mut bool {
        &mut self.0[i]
    }

    /// Whether any node is running.
    pub fn any(&self) -> bool {
        self.0.iter().any(|&flag| flag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_independent() {
        let mut flags = BoolFlags::<10>::new();
        assert!(!flags.any());
        flags.set(9, true);
        *flags.flag(2) = true;
        assert!(flags.get(9) && flags.get(2) && !flags.get(3));
        assert!(flags.any());
        flags.set(9, false);
        assert!(flags.any(), "flag 2 is still set");
        *flags.flag(2) = false;
        assert!(!flags.any());
        assert_eq!(flags, BoolFlags::default());
        assert_eq!(core::mem::size_of::<BoolFlags<10>>(), 10);
    }
}
