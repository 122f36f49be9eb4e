use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// **StepSequencer** (NodeCanvas `Step Sequencer`, class `StepIterator`): ticks **one** child per
/// activation, the next one each time, and answers that child's status.
///
/// Parameter: `len`, the number of children (the macro passes it; at least 1). `I` is the index
/// type (`u8` up to 255 children). No per-tick input.
///
/// | when | StepSequencer |
/// |---|---|
/// | tick | ticks the current child (child 0 in the first activation) |
/// | child `Running` | `Running`; the next tick ticks the same child |
/// | child `Success` | `Success`; the next activation ticks the next child |
/// | child `Failure` | `Failure`; the next activation ticks the next child |
/// | child `Skipped` | `Skipped`; the next activation ticks the next child |
///
/// After the last child it wraps around to child 0. Example, three children that succeed at
/// once: successive activations tick children `0, 1, 2, 0, 1, ...`.
///
/// The node answers `Running` only when its child does.
///
/// **Halt** while running: the running child is halted and the node **advances**, so the next
/// activation ticks the next child and the interrupted one is skipped this round
/// (`spec/decisions.md` decision 13; NodeCanvas advances on every reset of a node that ran).
/// **Memory**: the current child survives completion, halts and the tree's halt.
/// [`clear`](Self::clear) goes back to child 0, for a tree restarted from scratch (NodeCanvas
/// starts at 0 when the graph starts); the tree's `halt` does not call it.
///
/// **Size**: one index (`I`).
///
/// **Differences from NodeCanvas**: NodeCanvas advances when the node is reset, which happens
/// at the start of the next traversal; we advance as the activation ends, which is the same
/// sequence of children. Zero children: NodeCanvas divides by zero; the macro rejects it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepSequencer<I = u8> {
    current: I,
}

impl<I: SmallIndex> StepSequencer<I> {
    /// A step sequencer at its first child.
    pub const fn new() -> Self {
        StepSequencer { current: I::ZERO }
    }

    /// The first step of a tick: tick the current child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize) -> Step {
        debug_assert!(
            self.current.get() < len,
            "the macro rejects a composite without children"
        );
        Step::Tick(self.current.get())
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, len: usize) -> Step {
        match event {
            Event::Child(_, Status::Running) => Step::Return(Status::Running),
            Event::Child(_, status) => {
                self.advance(len);
                Step::Return(status)
            }
            Event::Halted(_) => Step::Return(HALTED),
        }
    }

    /// The node is halted while running: halts the running child and moves on to the next one.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, len: usize) -> Step {
        let running = self.current.get();
        self.advance(len);
        Step::Halt(running)
    }

    /// The child the next tick ticks.
    pub fn current(&self) -> usize {
        self.current.get()
    }

    /// Back to child 0. Not called by the tree's `halt`.
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(&mut self, len: usize) {
        let next = self.current.get() + 1;
        self.current = I::set(if next < len { next } else { 0 });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use Status::*;

    #[test]
    fn one_child_per_activation_in_turn() {
        let mut h = Harness::new(3);
        let mut node = StepSequencer::<u8>::new();
        let all = [Success, Failure, Skipped];
        let expected = [
            (0, Success),
            (1, Failure),
            (2, Skipped),
            (0, Success),
            (1, Failure),
        ];
        for (child, status) in expected {
            let log = h.tick(node.start(3), |e| node.next(e, 3), answers(&all));
            assert_eq!(
                log,
                Log {
                    status: Some(status),
                    ticked: vec![child],
                    halted: vec![]
                }
            );
        }
    }

    #[test]
    fn running_stays_on_the_child() {
        let mut h = Harness::new(2);
        let mut node = StepSequencer::<u8>::new();
        for _ in 0..3 {
            let log = h.tick(
                node.start(2),
                |e| node.next(e, 2),
                answers(&[Running, Success]),
            );
            assert_eq!((log.status, log.ticked), (Some(Running), vec![0]));
        }
        let log = h.tick(
            node.start(2),
            |e| node.next(e, 2),
            answers(&[Failure, Success]),
        );
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![0]));
        assert_eq!(node.current(), 1);
    }

    #[test]
    fn halt_while_running_skips_the_interrupted_child() {
        let mut h = Harness::new(3);
        let mut node = StepSequencer::<u8>::new();
        h.tick(node.start(3), |e| node.next(e, 3), answers(&[Success; 3]));
        let log = h.tick(node.start(3), |e| node.next(e, 3), answers(&[Running; 3]));
        assert_eq!(log.ticked, [1]);
        let log = h.halt(node.halt(3), |e| node.next(e, 3), answers(&[]));
        assert_eq!(log.halted, [1]);
        assert_eq!(node.current(), 2);
        let log = h.tick(node.start(3), |e| node.next(e, 3), answers(&[Success; 3]));
        assert_eq!(log.ticked, [2]);
        let log = h.tick(node.start(3), |e| node.next(e, 3), answers(&[Success; 3]));
        assert_eq!(log.ticked, [0]);
        assert_eq!(node.current(), 1);
        // Completion and halts never rewind; `clear` does.
        node.clear();
        assert_eq!(node.current(), 0);
    }

    #[test]
    fn one_child_always_ticks_it() {
        let mut h = Harness::new(1);
        let mut node = StepSequencer::<u8>::new();
        for status in [Success, Failure, Running] {
            let log = h.tick(node.start(1), |e| node.next(e, 1), answers(&[status]));
            assert_eq!((log.status, log.ticked), (Some(status), vec![0]));
        }
        h.halt(node.halt(1), |e| node.next(e, 1), answers(&[]));
        assert_eq!(node.current(), 0);
    }
}
