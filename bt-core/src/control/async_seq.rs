//! **AsyncSequence** and **AsyncFallback** (BehaviorTree.CPP): a Sequence and a Fallback that
//! *yield*: after a child that was not running before this tick completes with the status that
//! moves on, they answer `Running` and tick the next child on the next tick, so that a series of
//! instant children is spread over several ticks (`spec/decisions.md`, "the tick model").

use super::Flow;
use crate::{SmallIndex, Status};

/// The shared walk: a cursor, the per-activation skip count, and whether the child at the cursor
/// was running after the last tick (a child that was not running before this tick and completes
/// makes the node yield).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Yielding<I> {
    cursor: I,
    skipped: I,
    /// The child at `cursor` answered `Running` on its last tick.
    cursor_running: bool,
}

impl<I: SmallIndex> Yielding<I> {
    const fn new() -> Self {
        Yielding {
            cursor: I::ZERO,
            skipped: I::ZERO,
            cursor_running: false,
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_child(&mut self, child: usize, status: Status, len: usize, keep_going: Status) -> Flow {
        debug_assert_eq!(child, self.cursor.get(), "composite ticked out of order");
        let was_running = core::mem::replace(&mut self.cursor_running, false);
        match status {
            Status::Running => {
                self.cursor_running = true;
                Flow::Return(Status::Running)
            }
            Status::Skipped => {
                self.skipped = I::set(self.skipped.get() + 1);
                self.advance(child, len, keep_going, false)
            }
            done if done == keep_going => self.advance(child, len, keep_going, !was_running),
            stop => {
                *self = Self::new();
                Flow::Return(stop)
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(&mut self, child: usize, len: usize, keep_going: Status, yields: bool) -> Flow {
        let next = child + 1;
        if next < len {
            self.cursor = I::set(next);
            if yields {
                Flow::Return(Status::Running)
            } else {
                Flow::Tick(next)
            }
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

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self) -> Option<usize> {
        let running = self.cursor_running.then_some(self.cursor.get());
        *self = Self::new();
        running
    }
}

/// **AsyncSequence** (BehaviorTree.CPP `AsyncSequence`): a [`Sequence`](super::Sequence) that
/// yields after each child that succeeds at once.
///
/// | current child (running before this tick?) answers | AsyncSequence |
/// |---|---|
/// | `Success`, the child was **not** running, children remain | `Running`, with no child running; the next tick starts at the next child (the yield) |
/// | `Success`, the child **was** running, children remain | moves on to the next child in the same tick |
/// | `Success`, last child | `Success` (or `Skipped` if every child was skipped in this activation) |
/// | `Skipped` | moves on in the same tick (never yields); after the last: as above |
/// | `Running` | `Running`; the next tick resumes at this child |
/// | `Failure` | `Failure`; the next activation starts at the first child |
///
/// So `[S, S, S]` answers `Running`, `Running`, `Success`, and at most one child that was not
/// running completes per tick. **The node may answer `Running` even when no child can** (when it
/// has at least 2 children).
///
/// Halting the node halts the running child, if any (after a yield no child runs), and forgets
/// the position. No memory survives a halt; an idle node's state is always [`new`](Self::new).
///
/// Differences from BehaviorTree.CPP: none for trees built by its factory (which install the
/// wake-up handle the yield needs); a hand-built BehaviorTree.CPP tree never yields. Within one
/// call our tree never re-ticks after a yield (BehaviorTree.CPP's `tickOnce` loop does, which
/// hides the yield): the caller sees the `Running` and ticks again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AsyncSequence<I = u8> {
    walk: Yielding<I>,
}

impl<I: SmallIndex> AsyncSequence<I> {
    /// An idle AsyncSequence.
    pub const fn new() -> Self {
        AsyncSequence {
            walk: Yielding::new(),
        }
    }

    /// The child to tick first in this tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> usize {
        self.walk.cursor.get()
    }

    /// Child `child` of `len` returned `status`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status, len: usize) -> Flow {
        self.walk.on_child(child, status, len, Status::Success)
    }

    /// The node is halted while running: returns the running child, if any, and forgets the
    /// position.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt()
    }
}

/// **AsyncFallback** (BehaviorTree.CPP `AsyncFallback`): a [`Fallback`](super::Fallback) that
/// yields after each child that fails at once.
///
/// | current child (running before this tick?) answers | AsyncFallback |
/// |---|---|
/// | `Failure`, the child was **not** running, children remain | `Running`, with no child running; the next tick starts at the next child (the yield) |
/// | `Failure`, the child **was** running, children remain | moves on to the next child in the same tick |
/// | `Failure`, last child | `Failure` (or `Skipped` if every child was skipped in this activation) |
/// | `Skipped` | moves on in the same tick (never yields); after the last: as above |
/// | `Running` | `Running`; the next tick resumes at this child |
/// | `Success` | `Success`; the next activation starts at the first child |
///
/// So `[F, F, F]` answers `Running`, `Running`, `Failure`. **The node may answer `Running` even
/// when no child can** (when it has at least 2 children). Halting: as [`AsyncSequence`].
///
/// Differences from BehaviorTree.CPP: as [`AsyncSequence`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AsyncFallback<I = u8> {
    walk: Yielding<I>,
}

impl<I: SmallIndex> AsyncFallback<I> {
    /// An idle AsyncFallback.
    pub const fn new() -> Self {
        AsyncFallback {
            walk: Yielding::new(),
        }
    }

    /// The child to tick first in this tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> usize {
        self.walk.cursor.get()
    }

    /// Child `child` of `len` returned `status`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status, len: usize) -> Flow {
        self.walk.on_child(child, status, len, Status::Failure)
    }

    /// The node is halted while running: returns the running child, if any, and forgets the
    /// position.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt()
    }
}

#[cfg(test)]
mod tests {
    use super::super::script::{order, run_tick};
    use super::*;
    use Status::*;

    type Tick = (Status, [Option<usize>; 8]);

    fn seq(node: &mut AsyncSequence, results: &[Status]) -> Tick {
        let start = node.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| node.on_child(c, s, results.len()), results);
        assert_eq!(halted, None, "an async sequence never pre-empts a child");
        (status, ticked)
    }

    fn fb(node: &mut AsyncFallback, results: &[Status]) -> Tick {
        let start = node.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| node.on_child(c, s, results.len()), results);
        assert_eq!(halted, None);
        (status, ticked)
    }

    const X: Status = Skipped; // never read

    #[test]
    fn sequence_yields_after_each_instant_success() {
        let mut node = AsyncSequence::<u8>::new();
        assert_eq!(seq(&mut node, &[Success; 3]), (Running, order(&[0])));
        assert_eq!(node.halt(), None, "after a yield no child runs");
        assert_eq!(seq(&mut node, &[Success; 3]), (Running, order(&[0])));
        assert_eq!(seq(&mut node, &[X, Success, X]), (Running, order(&[1])));
        assert_eq!(seq(&mut node, &[X, X, Success]), (Success, order(&[2])));
        assert_eq!(node, AsyncSequence::new());
    }

    #[test]
    fn sequence_continues_after_a_child_that_was_running() {
        let mut node = AsyncSequence::<u8>::new();
        assert_eq!(seq(&mut node, &[Running, X, X]), (Running, order(&[0])));
        // Child 0 was running: its success moves on at once; child 1 was not: yield.
        assert_eq!(
            seq(&mut node, &[Success, Success, X]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(seq(&mut node, &[X, X, Running]), (Running, order(&[2])));
        assert_eq!(seq(&mut node, &[X, X, Success]), (Success, order(&[2])));
        // A running child that then succeeds as the last child.
        assert_eq!(seq(&mut node, &[Running, X, X]), (Running, order(&[0])));
        assert_eq!(
            seq(&mut node, &[Success, Running, X]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(
            seq(&mut node, &[X, Success, Success]),
            (Success, order(&[1, 2]))
        );
    }

    #[test]
    fn sequence_failure_and_skips() {
        let mut node = AsyncSequence::<u8>::new();
        assert_eq!(seq(&mut node, &[Failure, X, X]), (Failure, order(&[0])));
        assert_eq!(seq(&mut node, &[Success, X, X]), (Running, order(&[0])));
        assert_eq!(seq(&mut node, &[X, Failure, X]), (Failure, order(&[1])));
        assert_eq!(node, AsyncSequence::new());
        // Skips move on without yielding.
        assert_eq!(
            seq(&mut node, &[Skipped, Skipped, Skipped]),
            (Skipped, order(&[0, 1, 2]))
        );
        assert_eq!(
            seq(&mut node, &[Skipped, Success, X]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(seq(&mut node, &[X, X, Skipped]), (Success, order(&[2])));
        // Skipped children and a success at the last child: all in one tick.
        assert_eq!(
            seq(&mut node, &[Skipped, Skipped, Success]),
            (Success, order(&[0, 1, 2]))
        );
    }

    #[test]
    fn sequence_halt_names_only_a_running_child() {
        let mut node = AsyncSequence::<u8>::new();
        assert_eq!(seq(&mut node, &[Success, X, X]), (Running, order(&[0])));
        assert_eq!(seq(&mut node, &[X, Running, X]), (Running, order(&[1])));
        assert_eq!(node.halt(), Some(1));
        assert_eq!(node, AsyncSequence::new());
        assert_eq!(seq(&mut node, &[Running, X, X]), (Running, order(&[0])));
        assert_eq!(node.halt(), Some(0));
        // After a halt, the child at the cursor is new: its instant success yields.
        assert_eq!(seq(&mut node, &[Success, X, X]), (Running, order(&[0])));
    }

    #[test]
    fn one_child_never_yields() {
        let mut node = AsyncSequence::<u8>::new();
        assert_eq!(seq(&mut node, &[Success]), (Success, order(&[0])));
        let mut node = AsyncFallback::<u8>::new();
        assert_eq!(fb(&mut node, &[Failure]), (Failure, order(&[0])));
        assert_eq!(fb(&mut node, &[Skipped]), (Skipped, order(&[0])));
    }

    #[test]
    fn fallback_yields_after_each_instant_failure() {
        let mut node = AsyncFallback::<u8>::new();
        assert_eq!(fb(&mut node, &[Failure; 3]), (Running, order(&[0])));
        assert_eq!(fb(&mut node, &[X, Failure, X]), (Running, order(&[1])));
        assert_eq!(fb(&mut node, &[X, X, Failure]), (Failure, order(&[2])));
        assert_eq!(fb(&mut node, &[Success, X, X]), (Success, order(&[0])));
        assert_eq!(fb(&mut node, &[Failure, X, X]), (Running, order(&[0])));
        assert_eq!(fb(&mut node, &[X, Success, X]), (Success, order(&[1])));
        assert_eq!(node, AsyncFallback::new());
    }

    #[test]
    fn fallback_continues_after_a_child_that_was_running() {
        let mut node = AsyncFallback::<u8>::new();
        assert_eq!(fb(&mut node, &[Running, X, X]), (Running, order(&[0])));
        assert_eq!(
            fb(&mut node, &[Failure, Failure, X]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(fb(&mut node, &[X, X, Running]), (Running, order(&[2])));
        assert_eq!(node.halt(), Some(2));
        assert_eq!(
            fb(&mut node, &[Skipped, Skipped, Success]),
            (Success, order(&[0, 1, 2]))
        );
    }
}
