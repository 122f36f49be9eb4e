use crate::control::HALTED;
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BinarySelector {
    /// The running child, or (within a tick, while the old branch is being halted) the child
    /// about to be ticked.
    running: Option<bool>,
}

/// Child 0 is the "true" branch, child 1 the "false" branch.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, condition: bool, dynamic: bool) -> Step {
        match self.select(condition, dynamic) {
            (Some(previous), _) => Step::Halt(previous),
            (None, chosen) => Step::Tick(chosen),
        }
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, dynamic: bool) -> Step {
        let _ = dynamic;
        match event {
            Event::Child(_, status) => Step::Return(self.on_child(status)),
            Event::Halted(_) => match self.running {
                Some(branch) => Step::Tick(child_of(branch)),
                None => Step::Return(HALTED),
            },
        }
    }

    /// The node is halted while running: halts the running child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, dynamic: bool) -> Step {
        let _ = dynamic;
        match self.take_running() {
            Some(running) => Step::Halt(running),
            None => Step::Return(HALTED),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): `select`, the halt it asks for, the chosen child's
    /// tick, then [`on_child`](Self::on_child).
    ///
    /// Answers the running child to halt first, if the tick moves away from it (`dynamic` only),
    /// and the child to tick, which is remembered. `condition` is not read while a static
    /// selector runs.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn select(&mut self, condition: bool, dynamic: bool) -> (Option<usize>, usize) {
        match self.running {
            Some(branch) if !dynamic || branch == condition => (None, child_of(branch)),
            running => {
                self.running = Some(condition);
                (running.map(child_of), child_of(condition))
            }
        }
    }

    /// The chosen child answered `child`: the node's answer; anything but `Running` forgets it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        if child != Status::Running {
            self.running = None;
        }
        child
    }

    /// The halt in straight-line form: the running child, which the caller halts, forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> Option<usize> {
        self.running.take().map(child_of)
    }

    /// Whether the node is running (between ticks: it answered `Running` and was not halted).
    /// The generated code reads it as the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
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

    /// The straight-line form (`select`, `on_child`, `take_running`), driven as the generated
    /// code drives it, does what the `Step` form does, over random conditions, answers and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(3);
        for dynamic in [false, true] {
            let (mut h, mut stepped, mut node) = (
                Harness::new(2),
                BinarySelector::new(),
                BinarySelector::new(),
            );
            for round in 0..3_000 {
                if roll.below(8) == 0 {
                    let first = stepped.halt(dynamic);
                    let log = h.halt(first, |e| stepped.next(e, dynamic), answers(&[]));
                    let running = node.take_running();
                    assert_eq!(log.halted, Vec::from_iter(running), "round {round}");
                    assert_eq!(node, stepped);
                    continue;
                }
                let condition = roll.below(2) == 0;
                let answer = [roll.status(), roll.status()];
                let log = tick(&mut h, &mut stepped, condition, dynamic, &answer);
                let (previous, chosen) = node.select(condition, dynamic);
                let status = node.on_child(answer[chosen]);
                assert_eq!(log.ticked, [chosen], "round {round}");
                assert_eq!(log.halted, Vec::from_iter(previous), "round {round}");
                assert_eq!(log.status, Some(status), "round {round}");
                assert_eq!(node, stepped, "round {round}");
                assert_eq!(node.is_running(), status == Running);
            }
        }
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
