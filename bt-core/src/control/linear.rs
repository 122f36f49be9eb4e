//! The shared mechanism of the non-reactive composites (Sequence, Fallback, SequenceWithMemory):
//! walk the children from a cursor, move on past "keep going" and skipped children, stop at the
//! first other answer. The public types in `sequence.rs` and `fallback.rs` choose the parameters
//! and carry the documentation.

use core::fmt::Debug;

use super::Flow;
use crate::{SmallIndex, Status};

/// How [`Sequence`](super::Sequence), [`Fallback`](super::Fallback) and
/// [`SequenceWithMemory`](super::SequenceWithMemory) count the children of one activation that
/// answered `Skipped`, so as to answer `Skipped` themselves when every child did: a count of any
/// [`SmallIndex`] type (the default: the composite's index type), or [`NoSkips`].
pub trait SkipCount: Copy + Eq + Default + Debug {
    /// No child skipped yet.
    const ZERO: Self;
    /// One more child skipped.
    fn skip(self) -> Self;
    /// Whether all `len` children of the activation skipped.
    fn all(self, len: usize) -> bool;
}

impl<I: SmallIndex> SkipCount for I {
    const ZERO: Self = <I as SmallIndex>::ZERO;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn skip(self) -> Self {
        I::set(self.get() + 1)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn all(self, len: usize) -> bool {
        self.get() == len
    }
}

/// The skip count of a composite with a child that never answers `Skipped`: then "every child
/// skipped" cannot happen, and there is nothing to count (and no byte to store). The other
/// children may still skip, and the walk moves on past them as always. `behavior_tree!` chooses
/// it when it can tell from the tree that some child never skips (a condition, a synchronous
/// action, a built-in leaf, a composite of such; never a node with pre- or post-conditions, a
/// stateful action or a subtree, which may).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoSkips;

impl SkipCount for NoSkips {
    const ZERO: Self = NoSkips;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn skip(self) -> Self {
        self
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn all(self, _len: usize) -> bool {
        false
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Linear<I, S = I> {
    /// The child ticked next (or still running).
    pub(crate) cursor: I,
    /// How many children of this activation returned `Skipped`.
    skipped: S,
}

impl<I: SmallIndex, S: SkipCount> Linear<I, S> {
    pub(crate) const fn new() -> Self {
        Linear {
            cursor: <I as SmallIndex>::ZERO,
            skipped: S::ZERO,
        }
    }

    /// `keep_going` is the status that moves on to the next child (Success for sequences, Failure
    /// for fallbacks); the other completed status stops the walk and is returned. With
    /// `remember_stop`, the cursor stays on the child that stopped the walk, so the next activation
    /// starts there (SequenceWithMemory); otherwise it returns to the first child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn on_child(
        &mut self,
        child: usize,
        status: Status,
        len: usize,
        keep_going: Status,
        remember_stop: bool,
    ) -> Flow {
        debug_assert_eq!(child, self.cursor.get(), "composite ticked out of order");
        match status {
            Status::Running => Flow::Return(Status::Running),
            Status::Skipped => {
                self.skipped = self.skipped.skip();
                self.advance(child, len, keep_going)
            }
            done if done == keep_going => self.advance(child, len, keep_going),
            stop => {
                self.skipped = S::ZERO;
                if !remember_stop {
                    self.cursor = <I as SmallIndex>::ZERO;
                }
                Flow::Return(stop)
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(&mut self, child: usize, len: usize, keep_going: Status) -> Flow {
        let next = child + 1;
        if next < len {
            self.cursor = I::set(next);
            Flow::Tick(next)
        } else {
            let all_skipped = self.skipped.all(len);
            *self = Self::new();
            Flow::Return(if all_skipped {
                Status::Skipped
            } else {
                keep_going
            })
        }
    }

    /// The running child, which the caller halts. With `remember`, the cursor is kept.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn halt(&mut self, remember: bool) -> Option<usize> {
        let running = self.cursor.get();
        self.skipped = S::ZERO;
        if !remember {
            self.cursor = <I as SmallIndex>::ZERO;
        }
        Some(running)
    }
}
