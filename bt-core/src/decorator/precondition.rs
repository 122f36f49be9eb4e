use crate::Status;

/// **Precondition** (BehaviorTree.CPP `Precondition`, ports `if` and `else`, default `Failure`):
/// check `condition` at the start of each activation of the child; if it holds, tick the child
/// until it completes, without checking again; if not, answer `else_status` without ticking the
/// child.
///
/// Arguments, per tick:
/// * `child_running`: whether the child answered `Running` on its last tick (the generated
///   tree's running flag of the child; `false` for a child that can never run). This flag *is*
///   BehaviorTree.CPP's "child running" latch: it is set when the condition held and the child
///   answered `Running`, and cleared when the child completes, is skipped or is halted;
/// * `condition`: the `if` test, called only when it is needed (never while the child runs);
/// * `else_status`: the `else` status; any status is allowed (`Running`, `Skipped`, `Success`,
///   `Failure`).
///
/// `None` means: tick the child; its answer is the node's answer, unchanged.
///
/// | child running? | condition | Precondition |
/// |---|---|---|
/// | yes | not evaluated | ticks the child, answers its status |
/// | no | true | ticks the child, answers its status (`Running` latches it) |
/// | no | false | `else_status`, child not ticked |
///
/// The node answers `Running` when the child does, or when `else_status` is `Running`. It keeps
/// no state: halting it (the generated code halts the child) clears the latch, and nothing
/// survives a halt.
///
/// Difference from BehaviorTree.CPP (`spec/decisions.md`, decision 5): there, the latch survives a
/// halt, so the activation after a halt mid-child ticks the child without evaluating `if`; here
/// a halt clears it, and every new activation evaluates the condition.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn precondition(
    child_running: bool,
    condition: impl FnOnce() -> bool,
    else_status: Status,
) -> Option<Status> {
    if child_running || condition() {
        None
    } else {
        Some(else_status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::Cell;
    use Status::*;

    /// A model of the generated decorator: the child's running flag and an evaluation count.
    struct Node {
        child_running: bool,
        evaluations: Cell<u32>,
    }

    impl Node {
        /// One tick: `holds` is the condition's value, `child` what the child answers if ticked.
        /// Returns the node's status and whether the child was ticked.
        fn tick(&mut self, holds: bool, else_status: Status, child: Status) -> (Status, bool) {
            let condition = || {
                self.evaluations.set(self.evaluations.get() + 1);
                holds
            };
            match precondition(self.child_running, condition, else_status) {
                Some(status) => (status, false),
                None => {
                    self.child_running = child == Running;
                    (child, true)
                }
            }
        }

        fn halt(&mut self) {
            self.child_running = false;
        }
    }

    fn node() -> Node {
        Node {
            child_running: false,
            evaluations: Cell::new(0),
        }
    }

    #[test]
    fn false_condition_answers_the_else_status() {
        for else_status in [Failure, Success, Skipped, Running] {
            let mut n = node();
            assert_eq!(n.tick(false, else_status, Success), (else_status, false));
            assert_eq!(n.tick(false, else_status, Success), (else_status, false));
            assert_eq!(n.evaluations.get(), 2, "re-evaluated on every tick");
        }
    }

    #[test]
    fn true_condition_ticks_the_child_and_passes_its_status() {
        for child in [Success, Failure, Skipped] {
            let mut n = node();
            assert_eq!(n.tick(true, Failure, child), (child, true));
            assert_eq!(n.tick(false, Failure, child), (Failure, false));
            assert_eq!(n.evaluations.get(), 2);
        }
    }

    #[test]
    fn running_child_is_ticked_without_re_evaluating() {
        let mut n = node();
        assert_eq!(n.tick(true, Failure, Running), (Running, true));
        assert_eq!(n.tick(false, Failure, Running), (Running, true));
        assert_eq!(n.tick(false, Failure, Success), (Success, true));
        assert_eq!(n.evaluations.get(), 1, "evaluated once per activation");
        // Completed: the next activation evaluates again.
        assert_eq!(n.tick(false, Failure, Running), (Failure, false));
        assert_eq!(n.evaluations.get(), 2);
    }

    #[test]
    fn halt_clears_the_latch() {
        let mut n = node();
        assert_eq!(n.tick(true, Skipped, Running), (Running, true));
        n.halt();
        assert_eq!(n.tick(false, Skipped, Running), (Skipped, false));
        assert_eq!(n.evaluations.get(), 2);
    }
}
