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

use crate::Status;

/// Which leaf the next tick resumes directly (`0`: none, walk from the root), and the status
/// the direct resume handed over to the walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    leaf: u8,
    handed: Option<Status>,
}

impl Resume {
    /// Nothing to resume.
    pub const fn new() -> Self {
        Resume {
            leaf: 0,
            handed: None,
        }
    }

    /// The code of the leaf to resume directly (`1..`), or `0` to walk from the root.
    #[inline(always)]
    pub fn leaf(&self) -> u8 {
        self.leaf
    }

    /// Leaf `code` answered `status` in a walk: remember it if it is running.
    #[inline(always)]
    pub fn ticked(&mut self, code: u8, status: Status) -> Status {
        if status == Status::Running {
            self.leaf = code;
        }
        status
    }

    /// The directly resumed leaf finished with `status`: the walk that follows takes it instead
    /// of ticking the leaf again.
    #[inline(always)]
    pub fn hand_over(&mut self, status: Status) {
        debug_assert_ne!(status, Status::Running, "a running leaf stays resumed");
        self.leaf = 0;
        self.handed = Some(status);
    }

    /// In the walk, at a leaf that can be resumed directly: the status handed over, if this
    /// walk follows a direct resume (then this is the resumed leaf: the walk reaches it first).
    /// Unlike `Option::take`, it stores nothing in the usual case, when there is none.
    #[inline(always)]
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
    #[inline(always)]
    pub fn clear(&mut self) {
        *self = Resume::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn a_running_leaf_is_remembered_and_a_finished_one_is_not() {
        let mut resume = Resume::new();
        assert_eq!(resume.leaf(), 0);
        assert_eq!(resume.ticked(3, Success), Success);
        assert_eq!(resume.leaf(), 0);
        assert_eq!(resume.ticked(3, Running), Running);
        assert_eq!(resume.leaf(), 3);
        // Resumed directly, still running: nothing changes.
        assert_eq!(resume.leaf(), 3);
    }

    #[test]
    fn a_finished_resume_hands_its_status_to_the_walk_once() {
        let mut resume = Resume::new();
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
        let mut resume = Resume::new();
        resume.ticked(1, Running);
        resume.clear();
        assert_eq!(resume, Resume::new());
        resume.hand_over(Skipped);
        resume.clear();
        assert_eq!(resume.take_handed(), None);
    }

    #[test]
    fn two_bytes() {
        assert_eq!(core::mem::size_of::<Resume>(), 2);
    }
}
