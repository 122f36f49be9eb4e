use super::HALTED;
use crate::step::{Event, Step};
use crate::Status;

/// **BinarySelector** (NodeCanvas `BinarySelector`): two children, child 0 for "condition
/// true" and child 1 for "condition false"; answers the chosen child's status.
///
/// Per-tick input: `condition`, the value of the node's condition this tick (the macro evaluates
/// it). Parameter: `dynamic` (NodeCanvas's *Dynamic* flag). The macro checks that there are
/// exactly two children.
///
/// | when | `dynamic = false` | `dynamic = true` |
/// |---|---|---|
/// | tick, not running | ticks child 0 if `condition`, else child 1 | same |
/// | tick, child `c` running | ticks child `c`; `condition` is ignored | ticks the child `condition` chooses; if that is not `c`, halts `c` first |
/// | chosen child `Running` | `Running` | `Running` |
/// | chosen child `Success` / `Failure` / `Skipped` | that status | that status |
///
/// With `dynamic = false` the macro need not evaluate the condition while the node is running
/// ([`running`](Self::running) is `Some`): the value passed is not read.
///
/// Example, `dynamic = true`: tick 1, condition true, child 0 `Running` → `Running`; tick 2,
/// condition false → child 0 is halted, child 1 ticked, its answer is the node's.
///
/// The node answers `Running` only when a child does.
///
/// **Halt** while running: the running child is halted. **Memory**: which child runs, for one
/// activation; nothing survives completion or a halt, so a tree halt has nothing to clear.
///
/// **Size**: one byte.
///
/// **Differences from NodeCanvas**: NodeCanvas answers `Optional` when the node has no
/// condition or fewer than two children; the macro rejects both. A switch of branch halts the
/// old branch *before* ticking the new one, as NodeCanvas resets it before executing the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BinarySelector {
    /// The running child, or (within a tick, while the old branch is being halted) the child
    /// about to be ticked.
    running: Option<bool>,
}

/// Child 0 is the "true" branch, child 1 the "false" branch.
#[inline(always)]
const fn child_of(branch: bool) -> usize {
    if branch {
        0
    } else {
        1
    }
}

impl BinarySelector {
    /// An idle binary selector.
    pub const fn new() -> Self {
        BinarySelector { running: None }
    }

    /// The first step of a tick.
    #[inline(always)]
    pub fn start(&mut self, condition: bool, dynamic: bool) -> Step {
        match self.running {
            Some(branch) if !dynamic || branch == condition => Step::Tick(child_of(branch)),
            Some(branch) => {
                // Dynamic, and the condition changed: halt the old branch, then tick the new one.
                self.running = Some(condition);
                Step::Halt(child_of(branch))
            }
            None => Step::Tick(child_of(condition)),
        }
    }

    /// The step after `event`.
    #[inline(always)]
    pub fn next(&mut self, event: Event, dynamic: bool) -> Step {
        let _ = dynamic;
        match event {
            Event::Child(child, status) => {
                self.running = (status == Status::Running).then_some(child == 0);
                Step::Return(status)
            }
            Event::Halted(_) => match self.running {
                Some(branch) => Step::Tick(child_of(branch)),
                None => Step::Return(HALTED),
            },
        }
    }

    /// The node is halted while running: halts the running child.
    #[inline(always)]
    pub fn halt(&mut self, dynamic: bool) -> Step {
        let _ = dynamic;
        match self.running.take() {
            Some(branch) => Step::Halt(child_of(branch)),
            None => Step::Return(HALTED),
        }
    }

    /// The running child (0 or 1), if any.
    pub fn running(&self) -> Option<usize> {
        self.running.map(child_of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use Status::*;

    fn tick(
        h: &mut Harness,
        node: &mut BinarySelector,
        condition: bool,
        dynamic: bool,
        answer: &[Status],
    ) -> Log {
        let first = node.start(condition, dynamic);
        h.tick(first, |e| node.next(e, dynamic), answers(answer))
    }

    #[test]
    fn the_condition_chooses_the_child_and_its_status_is_returned() {
        let mut h = Harness::new(2);
        let mut node = BinarySelector::new();
        for dynamic in [false, true] {
            for status in [Success, Failure, Skipped] {
                let log = tick(&mut h, &mut node, true, dynamic, &[status, Success]);
                assert_eq!(
                    log,
                    Log {
                        status: Some(status),
                        ticked: vec![0],
                        halted: vec![]
                    }
                );
                let log = tick(&mut h, &mut node, false, dynamic, &[Success, status]);
                assert_eq!(
                    log,
                    Log {
                        status: Some(status),
                        ticked: vec![1],
                        halted: vec![]
                    }
                );
            }
        }
    }

    #[test]
    fn static_keeps_the_branch_while_running() {
        let mut h = Harness::new(2);
        let mut node = BinarySelector::new();
        let log = tick(&mut h, &mut node, true, false, &[Running, Running]);
        assert_eq!((log.status, log.ticked), (Some(Running), vec![0]));
        assert_eq!(node.running(), Some(0));
        let log = tick(&mut h, &mut node, false, false, &[Running, Running]);
        assert_eq!(
            (log.status, log.ticked, log.halted),
            (Some(Running), vec![0], vec![])
        );
        let log = tick(&mut h, &mut node, false, false, &[Success, Running]);
        assert_eq!((log.status, log.ticked), (Some(Success), vec![0]));
        // A new activation reads the condition again.
        let log = tick(&mut h, &mut node, false, false, &[Success, Failure]);
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![1]));
    }

    #[test]
    fn dynamic_switch_halts_the_other_branch_first() {
        let mut h = Harness::new(2);
        let mut node = BinarySelector::new();
        tick(&mut h, &mut node, true, true, &[Running, Running]);
        // Same condition: no halt.
        let log = tick(&mut h, &mut node, true, true, &[Running, Running]);
        assert_eq!((log.ticked, log.halted), (vec![0], vec![]));
        let log = tick(&mut h, &mut node, false, true, &[Running, Running]);
        assert_eq!(
            log,
            Log {
                status: Some(Running),
                ticked: vec![1],
                halted: vec![0]
            }
        );
        assert_eq!(node.running(), Some(1));
        let log = tick(&mut h, &mut node, true, true, &[Failure, Running]);
        assert_eq!(
            log,
            Log {
                status: Some(Failure),
                ticked: vec![0],
                halted: vec![1]
            }
        );
        assert_eq!(node.running(), None);
    }

    #[test]
    fn halt_halts_the_running_branch() {
        let mut h = Harness::new(2);
        let mut node = BinarySelector::new();
        tick(&mut h, &mut node, false, true, &[Running, Running]);
        let log = h.halt(node.halt(true), |e| node.next(e, true), answers(&[]));
        assert_eq!(log.halted, [1]);
        assert_eq!(node.running(), None);
        let log = h.halt(node.halt(true), |e| node.next(e, true), answers(&[]));
        assert!(log.halted.is_empty());
    }
}
