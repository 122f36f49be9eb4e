//! Direct resume: a tick that goes straight to the running leaf instead of walking down to it.
//!
//! In a tree of memory composites, the tick after a leaf answered `Running` walks from the root
//! to that leaf again, one remembered child per level, only for every node on the way to answer
//! `Running` once more. The walk costs a dispatch per level, so the tick of a deep tree costs
//! more than the tick of a shallow one although it does the same work.
//!
//! The macro therefore picks the leaves where the walk adds nothing: stateful leaves whose every
//! ancestor, when its running child answers `Running`, answers `Running` without changing its
//! state (`Sequence`, `SequenceWithMemory`, `Fallback`, and the decorators that pass `Running`
//! through), and with no pre- or post-condition anywhere on the path. [`Resume`] remembers
//! which of them answered `Running` on the last tick. The next tick ticks that leaf directly:
//!
//! * if it answers `Running` again, so does every ancestor, and the tick ends (the observer is
//!   still told each ancestor's status, in the walk's order);
//! * otherwise the leaf's status is [handed over](Resume::hand_over) and the tick walks from
//!   the root as usual. The walk reaches the same leaf first (every cursor on the path still
//!   points at it) and, instead of ticking it a second time, [takes](Resume::take_handed) the
//!   status it already answered; the ancestors then apply their rules to it as in any tick.
//!
//! A halt of the tree, or of its root from a parent tree, [clears](Resume::clear) the memory.
//!
//! The code is also the running flag of those leaves: such a leaf is running exactly when it is
//! the one remembered ([`Resume::is`]), so it needs no flag of its own. Only one of them runs at
//! a time (each ancestor runs one child at a time), a walk remembers the leaf when it answers
//! `Running`, and a finished resume or a [halt of the leaf](Resume::halted) forgets it.

use crate::Status;

/// The integer that numbers the leaves a tree resumes directly: the smallest of `u8`, `u16` and
/// `u32` that holds the tree's count (the macro picks it), so that any number of leaves can be
/// resumed and a small tree's state stays small. Sealed: implemented for those three only.
pub trait ResumeCode: Copy + Eq + Default + core::fmt::Debug + sealed::Sealed {
    /// No leaf: the next tick walks from the root.
    const NONE: Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

impl ResumeCode for u8 {
    const NONE: Self = 0;
}
impl ResumeCode for u16 {
    const NONE: Self = 0;
}
impl ResumeCode for u32 {
    const NONE: Self = 0;
}

/// Which leaf the next tick resumes directly (`0`: none, walk from the root), and the status
/// the direct resume handed over to the walk. `C` numbers the leaves ([`ResumeCode`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resume<C: ResumeCode = u8> {
    leaf: C,
    handed: Option<Status>,
}

impl<C: ResumeCode> Resume<C> {
    /// Nothing to resume.
    pub const fn new() -> Self {
        Resume {
            leaf: C::NONE,
            handed: None,
        }
    }

    /// The code of the leaf to resume directly (`1..`), or `0` to walk from the root.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn leaf(&self) -> C {
        self.leaf
    }

    /// Whether leaf `code` is the one to resume: the running flag of a leaf resumed directly
    /// (only one such leaf runs at a time).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is(&self, code: C) -> bool {
        self.leaf == code
    }

    /// The remembered leaf was halted: the next tick walks from the root.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halted(&mut self) {
        self.leaf = C::NONE;
    }

    /// Leaf `code` answered `status` in a walk: remember it if it is running.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn ticked(&mut self, code: C, status: Status) -> Status {
        if status == Status::Running {
            self.leaf = code;
        }
        status
    }

    /// The directly resumed leaf finished with `status`: the walk that follows takes it instead
    /// of ticking the leaf again.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn hand_over(&mut self, status: Status) {
        debug_assert_ne!(status, Status::Running, "a running leaf stays resumed");
        self.leaf = C::NONE;
        self.handed = Some(status);
    }

    /// In the walk, at a leaf that can be resumed directly: the status handed over, if this
    /// walk follows a direct resume (then this is the resumed leaf: the walk reaches it first).
    /// Unlike `Option::take`, it stores nothing in the usual case, when there is none.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_handed(&mut self) -> Option<Status> {
        match self.handed {
            None => None,
            handed => {
                self.handed = None;
                handed
            }
        }
    }

    /// The tree (or its root) was halted: the next tick walks from the root.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn clear(&mut self) {
        *self = Self::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn a_running_leaf_is_remembered_and_a_finished_one_is_not() {
        let mut resume = Resume::<u8>::new();
        assert_eq!(resume.leaf(), 0);
        assert_eq!(resume.ticked(3, Success), Success);
        assert_eq!(resume.leaf(), 0);
        assert_eq!(resume.ticked(3, Running), Running);
        assert_eq!(resume.leaf(), 3);
        // Resumed directly, still running: nothing changes.
        assert_eq!(resume.leaf(), 3);
    }

    #[test]
    fn the_code_is_the_running_flag_of_the_remembered_leaf() {
        let mut resume = Resume::<u16>::new();
        assert!(!resume.is(1) && !resume.is(2));
        resume.ticked(2, Running);
        assert!(resume.is(2) && !resume.is(1));
        // Halted: no longer running, and the next tick walks.
        resume.halted();
        assert!(!resume.is(2));
        assert_eq!(resume.leaf(), 0);
        // Finished while resumed: forgotten by the hand-over.
        resume.ticked(1, Running);
        resume.hand_over(Failure);
        assert!(!resume.is(1));
        assert_eq!(resume.take_handed(), Some(Failure));
    }

    #[test]
    fn a_finished_resume_hands_its_status_to_the_walk_once() {
        let mut resume = Resume::<u8>::new();
        resume.ticked(2, Running);
        resume.hand_over(Failure);
        assert_eq!(resume.leaf(), 0, "the next tick walks");
        assert_eq!(resume.take_handed(), Some(Failure));
        assert_eq!(
            resume.take_handed(),
            None,
            "only the first leaf of the walk takes it"
        );
        // The walk goes on and another leaf starts running.
        assert_eq!(resume.ticked(5, Running), Running);
        assert_eq!(resume.leaf(), 5);
    }

    #[test]
    fn a_halt_forgets_everything() {
        let mut resume = Resume::<u8>::new();
        resume.ticked(1, Running);
        resume.clear();
        assert_eq!(resume, Resume::<u8>::new());
        resume.hand_over(Skipped);
        resume.clear();
        assert_eq!(resume.take_handed(), None);
    }

    #[test]
    fn wider_codes_number_more_leaves() {
        let mut resume = Resume::<u16>::new();
        assert_eq!(resume.ticked(300, Running), Running);
        assert_eq!(resume.leaf(), 300);
        resume.hand_over(Success);
        assert_eq!(resume.leaf(), 0);
        assert_eq!(resume.take_handed(), Some(Success));
        let mut resume = Resume::<u32>::new();
        resume.ticked(70_000, Running);
        assert_eq!(resume.leaf(), 70_000);
    }

    #[test]
    fn the_state_is_the_code_and_a_status() {
        assert_eq!(core::mem::size_of::<Resume>(), 2);
        assert_eq!(core::mem::size_of::<Resume<u16>>(), 4);
        assert_eq!(core::mem::size_of::<Resume<u32>>(), 8);
    }
}
