//! **IfThenElse** and **WhileDoElse** (BehaviorTree.CPP): child 0 is a condition, child 1 the
//! "then" branch, the optional child 2 the "else" branch. The macro checks at compile time that
//! the node has 2 or 3 children (BehaviorTree.CPP checks it at the first tick).

use crate::step::{Event, Step};
use crate::Status;

/// The status that ends a halt's steps (the generated code ignores it).
const HALT_DONE: Step = Step::Return(Status::Skipped);

/// **IfThenElse** (BehaviorTree.CPP `IfThenElse`; not reactive): tick the condition (child 0)
/// until it completes, then the branch it chose (child 1 on `Success`, child 2 on `Failure`),
/// which is remembered: later ticks go straight to it, without looking at the condition again,
/// until it completes.
///
/// Parameter (the same on every call): `len`, the number of children, 2 or 3.
///
/// | state | child answers | IfThenElse |
/// |---|---|---|
/// | condition | `Running` | `Running`; the condition is ticked again next tick |
/// | condition | `Success` | ticks child 1 in the same tick (row "branch") |
/// | condition | `Failure`, 3 children | ticks child 2 in the same tick (row "branch") |
/// | condition | `Failure`, 2 children | `Failure` |
/// | condition | `Skipped` | `Skipped`; no branch is ticked (**our rule**, see below) |
/// | branch | `Running` | `Running`; the branch is remembered and ticked directly next tick |
/// | branch | `Success` / `Failure` / `Skipped` | that status; the next activation starts with the condition |
///
/// Never more than one child runs at a time, so the node answers `Running` only when a child
/// does. Halting the node halts the running child (the condition or the branch) and forgets the
/// branch; no memory survives a halt, and an idle node's state is always [`new`](Self::new).
///
/// Difference from BehaviorTree.CPP: there, a condition answering `Skipped` is a logic error
/// (an exception). Here the node answers `Skipped` without ticking a branch: a skipped condition
/// skips the whole node, as if the node had not been there. [`WhileDoElse`] does the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IfThenElse {
    /// 0: the condition is next (or running); 1 or 2: that branch is running.
    branch: u8,
}

impl IfThenElse {
    /// An idle IfThenElse: its next tick starts with the condition.
    pub const fn new() -> Self {
        IfThenElse { branch: 0 }
    }

    /// The first step of a tick: the condition, or the branch chosen in an earlier tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize) -> Step {
        debug_assert!(len == 2 || len == 3, "IfThenElse has 2 or 3 children");
        Step::Tick(self.branch as usize)
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, len: usize) -> Step {
        match event {
            Event::Child(0, status) => match self.on_condition(status, len) {
                Ok(branch) => Step::Tick(branch),
                Err(status) => Step::Return(status),
            },
            Event::Child(_, status) => Step::Return(self.on_branch(status)),
            Event::Halted(_) => HALT_DONE,
        }
    }

    /// The node is halted: halts the running child and forgets the branch.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, _len: usize) -> Step {
        Step::Halt(self.stop())
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): the child a tick starts at, the condition (`0`) or
    /// the branch chosen in an earlier tick (`1` or `2`). The condition's answer goes to
    /// [`on_condition`](Self::on_condition), a branch's to [`on_branch`](Self::on_branch).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn first(&self) -> usize {
        self.branch as usize
    }

    /// Straight-line form: the condition answered `status`; `Ok(branch)` to tick next in the same
    /// tick, or `Err(answer)`, the node's answer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_condition(&mut self, status: Status, len: usize) -> Result<usize, Status> {
        match status {
            Status::Success => {
                self.branch = 1;
                Ok(1)
            }
            Status::Failure if len == 3 => {
                self.branch = 2;
                Ok(2)
            }
            Status::Running => Err(Status::Running),
            _ => {
                self.branch = 0;
                Err(status)
            }
        }
    }

    /// Straight-line form: the branch answered `status`, the node's answer; anything but
    /// `Running` forgets the branch.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_branch(&mut self, status: Status) -> Status {
        if status != Status::Running {
            self.branch = 0;
        }
        status
    }

    /// The halt in straight-line form: the running child (the condition or the branch), which
    /// the caller halts, and the branch forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn stop(&mut self) -> usize {
        let running = self.branch;
        self.branch = 0;
        running as usize
    }

    /// The branch being run (1 or 2), or `None` when the next tick starts with the condition.
    pub fn branch(&self) -> Option<usize> {
        match self.branch {
            0 => None,
            branch => Some(branch as usize),
        }
    }
}

/// **WhileDoElse** (BehaviorTree.CPP `WhileDoElse`; the reactive IfThenElse): tick the condition
/// (child 0) on **every** tick; on `Success` tick child 1, on `Failure` child 2 (or fail, with 2
/// children). Switching branch halts the branch that was running, before the other one is ticked.
///
/// Parameter (the same on every call): `len`, the number of children, 2 or 3.
///
/// | condition answers | WhileDoElse |
/// |---|---|
/// | `Running` | `Running`; the branches are neither ticked nor halted (a running branch stays running) |
/// | `Success` | halts child 2 if it runs, ticks child 1 and answers its status |
/// | `Failure`, 3 children | halts child 1 if it runs, ticks child 2 and answers its status |
/// | `Failure`, 2 children | halts child 1 if it runs; `Failure` |
/// | `Skipped` | halts whichever branch runs; `Skipped` (**our rule**, see below) |
///
/// The condition and a branch may both be running (a condition answering `Running` leaves the
/// branch running). The node answers `Running` only when a child does. Halting the node halts
/// every running child. The node keeps no memory between ticks (it knows which branch runs from
/// the condition's answer alone), so nothing survives a halt.
///
/// The rule is [`halts`](Self::halts) and [`on_condition`](Self::on_condition), which need no
/// state: the generated code calls them directly (the *straight-line form*: the condition's
/// tick, the halts, the branch's tick). The `Step` methods are the same rule one step at a time,
/// with the condition's answer kept for the length of one tick or halt.
///
/// Difference from BehaviorTree.CPP: there, a condition answering `Skipped` ends in an exception
/// (the node tries to store an idle status). Here the node answers `Skipped`, halting a branch
/// that was running: a skipped condition skips the whole node, as in [`IfThenElse`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WhileDoElse {
    /// Within one tick, the condition's answer while the branches are being halted; within a
    /// halt of the node, `Skipped` (every child is halted). `None` between ticks.
    condition: Option<Status>,
}

impl WhileDoElse {
    /// A WhileDoElse.
    pub const fn new() -> Self {
        WhileDoElse { condition: None }
    }

    /// The first step of a tick: the condition.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize) -> Step {
        debug_assert!(len == 2 || len == 3, "WhileDoElse has 2 or 3 children");
        self.condition = None;
        Step::Tick(0)
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, len: usize) -> Step {
        match event {
            Event::Child(0, status) => {
                self.condition = Some(status);
                self.after(0, len)
            }
            Event::Child(_, status) => {
                self.condition = None;
                Step::Return(status)
            }
            Event::Halted(child) => self.after(child, len),
        }
    }

    /// The node is halted: halts the condition and both branches (those that run).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, _len: usize) -> Step {
        self.condition = Some(Status::Skipped);
        Step::Halt(0)
    }

    /// After child `done` was ticked or halted: the next branch to halt, then the branch to
    /// tick or the answer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn after(&mut self, done: usize, len: usize) -> Step {
        let condition = self.condition.unwrap_or(Status::Skipped);
        if let Some(branch) = (done + 1..len).find(|&branch| Self::halts(condition, branch)) {
            return Step::Halt(branch);
        }
        match Self::on_condition(condition, len) {
            Ok(branch) => Step::Tick(branch),
            Err(status) => {
                self.condition = None;
                Step::Return(status)
            }
        }
    }

    /// Straight-line form: whether branch `branch` (1 or 2) is halted (if it runs) after the
    /// condition answered `condition`, before any branch is ticked: the branch not chosen, or
    /// both when the condition was skipped; none while the condition runs.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn halts(condition: Status, branch: usize) -> bool {
        match condition {
            Status::Running => false,
            Status::Success => branch == 2,
            Status::Failure => branch == 1,
            Status::Skipped => true,
        }
    }

    /// Straight-line form: after the condition answered `condition` (and the halts of
    /// [`halts`](Self::halts)), `Ok(branch)`, the branch to tick, whose answer is the node's, or
    /// `Err(answer)`, the node's answer without a branch.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn on_condition(condition: Status, len: usize) -> Result<usize, Status> {
        match condition {
            Status::Success => Ok(1),
            Status::Failure if len == 3 => Ok(2),
            status => Err(status),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use crate::testing::{halted, log};
    use Status::*;

    const X: Status = Skipped; // never read

    fn tick(node: &mut IfThenElse, h: &mut Harness, r: &[Status]) -> Log {
        let len = r.len();
        let first = node.start(len);
        h.tick(first, |e| node.next(e, len), answers(r))
    }

    /// The straight-line form (`first`, `on_condition`, `on_branch`, `stop`), driven as the
    /// generated code drives it, does what the `Step` form does, over random answers and halts,
    /// with and without an else branch.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(7);
        for len in [2, 3] {
            let (mut h, mut stepped, mut node) =
                (Harness::new(len), IfThenElse::new(), IfThenElse::new());
            for round in 0..3_000 {
                if roll.below(8) == 0 {
                    let log = halt(&mut stepped, &mut h);
                    let running = node.stop();
                    if !log.halted.is_empty() {
                        assert_eq!(log.halted, [running], "round {round}");
                    }
                    assert_eq!(node, stepped);
                    continue;
                }
                let answer: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                let log = tick(&mut stepped, &mut h, &answer);
                let mut ticked = vec![node.first()];
                let status = match node.first() {
                    0 => match node.on_condition(answer[0], len) {
                        Ok(branch) => {
                            ticked.push(branch);
                            node.on_branch(answer[branch])
                        }
                        Err(status) => status,
                    },
                    branch => node.on_branch(answer[branch]),
                };
                assert_eq!(log.status, Some(status), "round {round}");
                assert_eq!(log.ticked, ticked, "round {round}");
                assert_eq!(node, stepped, "round {round}");
            }
        }
    }

    /// WhileDoElse's straight-line form (`halts`, `on_condition`), driven as the generated code
    /// drives it, does what the `Step` form does, over random answers and halts, with and
    /// without an else branch.
    #[test]
    fn while_straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(11);
        for len in [2, 3] {
            let (mut h, mut stepped) = (Harness::new(len), WhileDoElse::new());
            for round in 0..3_000 {
                let running = h.running();
                if roll.below(8) == 0 {
                    let log = halt_w(&mut stepped, &mut h);
                    assert_eq!(log.halted, running, "round {round}");
                    assert_eq!(stepped, WhileDoElse::new());
                    continue;
                }
                let answer: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                let log = tick_w(&mut stepped, &mut h, &answer);
                let condition = answer[0];
                let mut ticked = vec![0];
                let halted: Vec<usize> = (1..len)
                    .filter(|&branch| WhileDoElse::halts(condition, branch))
                    .filter(|branch| running.contains(branch))
                    .collect();
                let status = match WhileDoElse::on_condition(condition, len) {
                    Ok(branch) => {
                        ticked.push(branch);
                        answer[branch]
                    }
                    Err(status) => status,
                };
                assert_eq!(log.status, Some(status), "round {round}");
                assert_eq!(log.ticked, ticked, "round {round}");
                assert_eq!(log.halted, halted, "round {round}");
                assert_eq!(stepped, WhileDoElse::new(), "round {round}");
            }
        }
    }

    fn halt(node: &mut IfThenElse, h: &mut Harness) -> Log {
        let len = h.running.len();
        let first = node.halt(len);
        h.halt(first, |e| node.next(e, len), answers(&[]))
    }

    #[test]
    fn if_condition_chooses_a_branch_in_the_same_tick() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Success, X]),
            log(Success, &[0, 1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X, Failure]),
            log(Failure, &[0, 2], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Skipped, X]),
            log(Skipped, &[0, 1], &[])
        );
        assert_eq!(node, IfThenElse::new());
    }

    #[test]
    fn if_two_children_fail_on_a_false_condition() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(2));
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X]),
            log(Failure, &[0], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Failure]),
            log(Failure, &[0, 1], &[])
        );
    }

    #[test]
    fn if_running_condition_is_ticked_again() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Running, X, X]),
            log(Running, &[0], &[])
        );
        assert_eq!(node.branch(), None);
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X, Running]),
            log(Running, &[0, 2], &[])
        );
        assert_eq!(node.branch(), Some(2));
    }

    #[test]
    fn if_chosen_branch_is_remembered_without_the_condition() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
        // The condition would now fail; it is not looked at.
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, Running, X]),
            log(Running, &[1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, Success, X]),
            log(Success, &[1], &[])
        );
        // Completed: the next activation starts with the condition.
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X, Success]),
            log(Success, &[0, 2], &[])
        );
    }

    #[test]
    fn if_skipped_condition_skips_the_node() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Skipped, X, X]),
            log(Skipped, &[0], &[])
        );
        assert_eq!(node, IfThenElse::new());
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(2));
        assert_eq!(
            tick(&mut node, &mut h, &[Running, X]),
            log(Running, &[0], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Skipped, X]),
            log(Skipped, &[0], &[])
        );
    }

    #[test]
    fn if_halt_halts_the_running_child_and_forgets_the_branch() {
        let (mut node, mut h) = (IfThenElse::new(), Harness::new(3));
        tick(&mut node, &mut h, &[Failure, X, Running]);
        assert_eq!(halt(&mut node, &mut h), halted(&[], &[2]));
        assert_eq!(node, IfThenElse::new());
        // The condition itself may be the running child.
        tick(&mut node, &mut h, &[Running, X, X]);
        assert_eq!(halt(&mut node, &mut h), halted(&[], &[0]));
        // The next activation evaluates the condition again.
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
    }

    fn tick_w(node: &mut WhileDoElse, h: &mut Harness, r: &[Status]) -> Log {
        let len = r.len();
        let first = node.start(len);
        h.tick(first, |e| node.next(e, len), answers(r))
    }

    fn halt_w(node: &mut WhileDoElse, h: &mut Harness) -> Log {
        let len = h.running.len();
        let first = node.halt(len);
        h.halt(first, |e| node.next(e, len), answers(&[]))
    }

    #[test]
    fn while_re_checks_the_condition_every_tick() {
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(3));
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
        // The condition flips: the then-branch is halted before the else-branch is ticked.
        assert_eq!(
            tick_w(&mut node, &mut h, &[Failure, X, Running]),
            log(Running, &[0, 2], &[1])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Success, X]),
            log(Success, &[0, 1], &[2])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Failure, X, Failure]),
            log(Failure, &[0, 2], &[])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Skipped, X]),
            log(Skipped, &[0, 1], &[])
        );
        assert_eq!(node, WhileDoElse::new());
    }

    #[test]
    fn while_two_children_false_condition_fails_halting_the_branch() {
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(2));
        assert_eq!(
            tick_w(&mut node, &mut h, &[Failure, X]),
            log(Failure, &[0], &[])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Running]),
            log(Running, &[0, 1], &[])
        );
        assert_eq!(
            tick_w(&mut node, &mut h, &[Failure, X]),
            log(Failure, &[0], &[1])
        );
    }

    #[test]
    fn while_running_condition_leaves_the_branch_alone() {
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(3));
        tick_w(&mut node, &mut h, &[Failure, X, Running]);
        assert_eq!(
            tick_w(&mut node, &mut h, &[Running, X, X]),
            log(Running, &[0], &[])
        );
        assert_eq!(h.running(), [0, 2]);
        // The condition and the branch both run: halting the node halts both.
        assert_eq!(halt_w(&mut node, &mut h), halted(&[], &[0, 2]));
        assert_eq!(node, WhileDoElse::new());
        // Back to a condition that completes: the branch it picks continues.
        tick_w(&mut node, &mut h, &[Running, X, X]);
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
    }

    #[test]
    fn while_skipped_condition_skips_halting_the_branch() {
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(3));
        assert_eq!(
            tick_w(&mut node, &mut h, &[Skipped, X, X]),
            log(Skipped, &[0], &[])
        );
        tick_w(&mut node, &mut h, &[Failure, X, Running]);
        assert_eq!(
            tick_w(&mut node, &mut h, &[Skipped, X, X]),
            log(Skipped, &[0], &[2])
        );
        tick_w(&mut node, &mut h, &[Success, Running, X]);
        assert_eq!(
            tick_w(&mut node, &mut h, &[Skipped, X, X]),
            log(Skipped, &[0], &[1])
        );
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(2));
        tick_w(&mut node, &mut h, &[Success, Running]);
        assert_eq!(
            tick_w(&mut node, &mut h, &[Skipped, X]),
            log(Skipped, &[0], &[1])
        );
        assert_eq!(node, WhileDoElse::new());
    }

    #[test]
    fn while_halt_with_two_children() {
        let (mut node, mut h) = (WhileDoElse::new(), Harness::new(2));
        tick_w(&mut node, &mut h, &[Success, Running]);
        assert_eq!(halt_w(&mut node, &mut h), halted(&[], &[1]));
        assert_eq!(node, WhileDoElse::new());
        assert_eq!(
            tick_w(&mut node, &mut h, &[Success, Success]),
            log(Success, &[0, 1], &[])
        );
    }
}
