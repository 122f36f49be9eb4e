//! The shared mechanism of the non-reactive composites (Sequence, Fallback, SequenceWithMemory):
//! walk the children from a cursor, move on past "keep going" and skipped children, stop at the
//! first other answer. The public types in `sequence.rs` and `fallback.rs` choose the parameters
//! and carry the documentation.

use super::Flow;
use crate::{SmallIndex, Status};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Linear<I> {
    /// The child ticked next (or still running).
    pub(crate) cursor: I,
    /// How many children of this activation returned `Skipped`.
    skipped: I,
}

impl<I: SmallIndex> Linear<I> {
    pub(crate) const fn new() -> Self {
        Linear {
            cursor: I::ZERO,
            skipped: I::ZERO,
        }
    }

    /// `keep_going` is the status that moves on to the next child (Success for sequences, Failure
    /// for fallbacks); the other completed status stops the walk and is returned. With
    /// `remember_stop`, the cursor stays on the child that stopped the walk, so the next activation
    /// starts there (SequenceWithMemory); otherwise it returns to the first child.
    #[inline(always)]
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
                self.skipped = I::set(self.skipped.get() + 1);
                self.advance(child, len, keep_going)
            }
            done if done == keep_going => self.advance(child, len, keep_going),
            stop => {
                self.skipped = I::ZERO;
                if !remember_stop {
                    self.cursor = I::ZERO;
                }
                Flow::Return(stop)
            }
        }
    }

    #[inline(always)]
    fn advance(&mut self, child: usize, len: usize, keep_going: Status) -> Flow {
        let next = child + 1;
        if next < len {
            self.cursor = I::set(next);
            Flow::Tick(next)
        } else {
            let all_skipped = self.skipped.get() == len;
            *self = Self::new();
            Flow::Return(if all_skipped {
                Status::Skipped
            } else {
                keep_going
            })
        }
    }

    /// The running child, which the caller halts. With `remember`, the cursor is kept.
    #[inline(always)]
    pub(crate) fn halt(&mut self, remember: bool) -> Option<usize> {
        let running = self.cursor.get();
        self.skipped = I::ZERO;
        if !remember {
            self.cursor = I::ZERO;
        }
        Some(running)
    }
}
