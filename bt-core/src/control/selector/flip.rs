use super::permutation::Permutation;
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// **FlipSelector** (NodeCanvas `FlipSelector`): a selector with memory in which a child that
/// succeeds is moved to the end of the order, for good; recently successful children are tried
/// last.
///
/// `N` is the number of children (the macro writes it); `I` the index type, `u8` up to 255
/// children, `u16` beyond. No per-tick input, no parameters.
///
/// | when | FlipSelector |
/// |---|---|
/// | tick, not running | ticks the first child of the current order |
/// | tick, running | ticks the running child |
/// | child `Failure` | ticks the next child of the order in the same tick; after the last: `Failure` |
/// | child `Skipped` | moves on as well; if every child was skipped in this activation: `Skipped` |
/// | child `Running` | `Running`; the next tick resumes at this child |
/// | child `Success` | `Success`; that child moves to the **end** of the order (the children after it move up one place), and the next activation starts at the first child of the new order |
///
/// Example with three children: order `[0, 1, 2]`; child 0 succeeds, the order becomes
/// `[1, 2, 0]`; next activation, child 1 fails and child 2 succeeds: `[1, 0, 2]`.
///
/// The node answers `Running` only when a child does.
///
/// **Halt** while running: the running child is halted and the next activation starts at the
/// first child of the order.
/// **Memory**: the order survives the node's completion, its halt and the tree's halt
/// (NodeCanvas keeps it across resets: `spec/decisions.md` decision 13); the position within the
/// order belongs to one activation. [`clear`](Self::clear) restores declaration order, for a
/// tree that is restarted from scratch; the tree's `halt` does not call it.
///
/// **Size**: an array of `N` indices of type `I` (one byte per child with `u8`) plus two bytes
/// (position, skip count); no allocation.
///
/// **Differences from NodeCanvas**: a selector whose children were all skipped is `Skipped`
/// (NodeCanvas: `Failure`, with `Optional` children); a skipped child keeps its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(deserialize = "I: serde::Deserialize<'de> + Default"))
)]
pub struct FlipSelector<const N: usize, I = u8> {
    order: Permutation<N, I>,
    /// Position in `order` of the child ticked next (or running).
    pos: I,
    /// Children that answered `Skipped` in this activation.
    skipped: I,
}

impl<const N: usize, I: SmallIndex> Default for FlipSelector<N, I> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize, I: SmallIndex> FlipSelector<N, I> {
    /// A flip selector with its children in declaration order.
    pub const fn new() -> Self {
        FlipSelector {
            order: Permutation::identity(),
            pos: I::ZERO,
            skipped: I::ZERO,
        }
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> Step {
        debug_assert!(N > 0, "the macro rejects a composite without children");
        Step::Tick(self.order.get(self.pos.get()))
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event) -> Step {
        let Event::Child(child, status) = event else {
            return Step::Return(HALTED);
        };
        let pos = self.pos.get();
        debug_assert_eq!(child, self.order.get(pos), "ticked out of order");
        match status {
            Status::Running => Step::Return(Status::Running),
            Status::Success => {
                self.order.move_to_end(pos);
                self.rewind();
                Step::Return(Status::Success)
            }
            Status::Failure | Status::Skipped => {
                if status == Status::Skipped {
                    self.skipped = I::set(self.skipped.get() + 1);
                }
                if pos + 1 < N {
                    self.pos = I::set(pos + 1);
                    Step::Tick(self.order.get(pos + 1))
                } else {
                    let all_skipped = self.skipped.get() == N;
                    self.rewind();
                    Step::Return(if all_skipped {
                        Status::Skipped
                    } else {
                        Status::Failure
                    })
                }
            }
        }
    }

    /// The node is halted while running: halts the running child; the order is kept.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        let running = self.order.get(self.pos.get());
        self.rewind();
        Step::Halt(running)
    }

    /// Restores declaration order (and forgets the position). Not called by the tree's `halt`.
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// The current order, first child first.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        (0..N).map(|pos| self.order.get(pos))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rewind(&mut self) {
        self.pos = I::ZERO;
        self.skipped = I::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use std::vec::Vec;
    use Status::*;

    fn order<const N: usize>(node: &FlipSelector<N>) -> Vec<usize> {
        node.order().collect()
    }

    #[test]
    fn success_moves_the_child_to_the_end() {
        let mut h = Harness::new(3);
        let mut node = FlipSelector::<3>::new();
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Success, Success, Success]),
        );
        assert_eq!(
            log,
            Log {
                status: Some(Success),
                ticked: vec![0],
                halted: vec![]
            }
        );
        assert_eq!(order(&node), [1, 2, 0]);
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Success, Failure, Success]),
        );
        assert_eq!((log.status, log.ticked), (Some(Success), vec![1, 2]));
        assert_eq!(order(&node), [1, 0, 2]);
        // Success of the last child of the order leaves the order unchanged.
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Failure, Failure, Success]),
        );
        assert_eq!((log.status, log.ticked), (Some(Success), vec![1, 0, 2]));
        assert_eq!(order(&node), [1, 0, 2]);
    }

    #[test]
    fn failure_and_skips_keep_the_order() {
        let mut h = Harness::new(3);
        let mut node = FlipSelector::<3>::new();
        h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Success, Failure, Failure]),
        );
        assert_eq!(order(&node), [1, 2, 0]);
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Failure, Failure, Failure]),
        );
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![1, 2, 0]));
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Skipped, Skipped, Skipped]),
        );
        assert_eq!(log.status, Some(Skipped));
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Skipped, Skipped, Failure]),
        );
        assert_eq!(log.status, Some(Failure));
        assert_eq!(order(&node), [1, 2, 0]);
    }

    #[test]
    fn running_resumes_and_halt_keeps_the_order() {
        let mut h = Harness::new(3);
        let mut node = FlipSelector::<3>::new();
        h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Success, Failure, Failure]),
        );
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Failure, Failure, Running]),
        );
        assert_eq!((log.status, log.ticked), (Some(Running), vec![1, 2]));
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Success, Success, Running]),
        );
        assert_eq!((log.status, log.ticked), (Some(Running), vec![2]));
        let log = h.halt(node.halt(), |e| node.next(e), answers(&[]));
        assert_eq!(log.halted, [2]);
        assert_eq!(order(&node), [1, 2, 0]);
        // The next activation starts at the first child of the order.
        let log = h.tick(
            node.start(),
            |e| node.next(e),
            answers(&[Failure, Success, Failure]),
        );
        assert_eq!((log.status, log.ticked), (Some(Success), vec![1]));
        assert_eq!(order(&node), [2, 0, 1]);
        node.clear();
        assert_eq!(order(&node), [0, 1, 2]);
    }

    #[test]
    fn one_child() {
        let mut h = Harness::new(1);
        let mut node = FlipSelector::<1>::new();
        let log = h.tick(node.start(), |e| node.next(e), answers(&[Success]));
        assert_eq!((log.status, log.ticked), (Some(Success), vec![0]));
        let log = h.tick(node.start(), |e| node.next(e), answers(&[Failure]));
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![0]));
    }
}
