use crate::bits::Bits;
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::Status;

/// When [`PolicyParallel`] decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ParallelPolicy {
    /// The first child failure fails the node; when every child has finished without a failure,
    /// the node succeeds (NodeCanvas's default).
    #[default]
    FirstFailure,
    /// The first child success succeeds the node; when every child has finished without a
    /// success, the node fails.
    FirstSuccess,
    /// The first child success or failure decides.
    FirstSuccessOrFailure,
}

impl ParallelPolicy {
    /// Whether a child answering `status` decides the node.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn decides(self, status: Status) -> bool {
        matches!(
            (self, status),
            (ParallelPolicy::FirstFailure, Status::Failure)
                | (ParallelPolicy::FirstSuccess, Status::Success)
                | (
                    ParallelPolicy::FirstSuccessOrFailure,
                    Status::Success | Status::Failure
                )
        )
    }

    /// The node's status when every child has finished and none decided, at least one of them
    /// with `Success` or `Failure`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    const fn when_all_finished(self) -> Status {
        match self {
            ParallelPolicy::FirstFailure => Status::Success,
            ParallelPolicy::FirstSuccess => Status::Failure,
            // Unreachable: any completion decides. Only all-skipped children get here, and
            // those are answered before this is asked.
            ParallelPolicy::FirstSuccessOrFailure => Status::Skipped,
        }
    }
}

/// **PolicyParallel** (NodeCanvas `Parallel`): ticks every unfinished child each tick, in
/// order, and decides by its [`ParallelPolicy`]. Not BehaviorTree.CPP's `Parallel` (success and
/// failure thresholds).
///
/// Parameters: `len` (the number of children, at least 1), `policy`, and `repeat` (NodeCanvas's
/// *Repeat*, field `dynamic`: a child that finished is ticked again on later ticks, so a success
/// that came early can still turn into a failure). No per-tick input. `W` is the number of bytes
/// of the finished-children memory: the macro writes `W = ceil(len / 8)` (1 up to 8 children,
/// [`bitset_bytes`](crate::control::bitset_bytes)).
///
/// A child is *finished* once it answered anything but `Running` in this activation. Each tick:
///
/// | step | PolicyParallel |
/// |---|---|
/// | which children are ticked | `repeat = false`: every unfinished child, in order; `repeat = true`: every child, in order |
/// | child `Running` | nothing recorded |
/// | child `Success` / `Failure` | marks it finished; the **first** (in child order) answer that `policy.decides` becomes the result; the remaining children are **still ticked** in this tick |
/// | child `Skipped` | marks it finished, decides nothing |
/// | after the last child, a result was recorded | halts every child that may be running, answers the result |
/// | after the last child, every child finished, no result | halts every child that may be running; answers `Success` (`FirstFailure`), `Failure` (`FirstSuccess`), or `Skipped` if every child was skipped |
/// | otherwise | `Running` |
///
/// "Every child that may be running" is every unfinished child (`repeat = false`) or every child
/// (`repeat = true`); halting a child that is not running does nothing.
///
/// Example, `FirstFailure`, `repeat = false`, children `[A, B, C]`: tick 1: A `Success`, B
/// `Running`, C `Running` → `Running`; tick 2: B and C ticked (A is finished): B `Failure`, C
/// `Running` → C halted, `Failure`. With `FirstSuccess`, tick 2 would be `Running` if C runs on.
///
/// The node answers `Running` only when a child does (an unfinished child is a running one).
///
/// **Halt** while running: halts every child that may be running. **Memory**: the finished
/// flags, for one activation: cleared when the node completes or is halted, so a tree halt has
/// nothing to clear.
///
/// **Size**: `W` bytes of flags plus two bytes: 3 bytes up to 8 children.
///
/// **Differences from NodeCanvas**: all children skipped (NodeCanvas `Optional`) is `Skipped`
/// for every policy; NodeCanvas answers `Success` (`FirstFailure`), `Failure` (`FirstSuccess`)
/// or runs forever (`FirstSuccessOrFailure`). Otherwise the rule is NodeCanvas's, including the
/// ticking of the children after the deciding one (BehaviorTree.CPP stops at the deciding child;
/// `spec/other-systems.md` §2.14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolicyParallel<const W: usize = 1> {
    /// Children that finished in this activation.
    finished: Bits<W>,
    /// Some child answered `Success` or `Failure` in this activation.
    completed: bool,
    /// The result, once decided; kept while the running children are halted.
    result: Option<Status>,
}

impl<const W: usize> PolicyParallel<W> {
    /// An idle parallel.
    pub const fn new() -> Self {
        PolicyParallel {
            finished: Bits::new(),
            completed: false,
            result: None,
        }
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize, policy: ParallelPolicy, repeat: bool) -> Step {
        let _ = policy;
        debug_assert!(len > 0, "the macro rejects a composite without children");
        debug_assert!(
            len <= Bits::<W>::CAPACITY,
            "W = ceil(len / 8) bytes are needed"
        );
        Step::Tick(self.tick_from(0, len, repeat).unwrap_or(0))
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, len: usize, policy: ParallelPolicy, repeat: bool) -> Step {
        match event {
            Event::Child(child, status) => {
                self.on_child(child, status, policy);
                if let Some(next) = self.tick_from(child + 1, len, repeat) {
                    return Step::Tick(next);
                }
                // Every child was ticked this tick.
                match self.end(len, policy) {
                    Some(_) => self.halt_from(0, len, repeat),
                    None => Step::Return(Status::Running),
                }
            }
            Event::Halted(child) => self.halt_from(child + 1, len, repeat),
        }
    }

    /// The node is halted while running: halts every child that may be running.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, len: usize, policy: ParallelPolicy, repeat: bool) -> Step {
        let _ = policy;
        self.result = Some(HALTED);
        self.halt_from(0, len, repeat)
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): for each child in order that `is_ticked` names,
    /// its tick and [`on_child`](Self::on_child); after the last child, [`end`](Self::end). When
    /// that answers a result, the caller halts every child that `is_ticked` names (those that
    /// may be running), calls [`finish`](Self::finish) and answers the result; the halt of the
    /// node does the same halts and `finish`.
    ///
    /// `#[inline]`, not `#[inline(always)]`, as the other methods the generated code calls once
    /// per child (`is_finished`, `on_child`): an unoptimised build (the tests') would copy their
    /// bodies into every call; an optimised one inlines them all the same.
    #[inline]
    pub fn is_ticked(&self, child: usize, repeat: bool) -> bool {
        repeat || !self.finished.get(child)
    }

    /// Whether child `child` has finished in this activation. Without `repeat`, between ticks of
    /// a running node, exactly the children that have not finished are running (the generated
    /// code passes that to them as their running flag).
    #[inline]
    pub fn is_finished(&self, child: usize) -> bool {
        self.finished.get(child)
    }

    /// Child `child` answered `status`: marks it finished (unless `Running`); the first answer
    /// that `policy` decides on becomes the result.
    #[inline]
    pub fn on_child(&mut self, child: usize, status: Status, policy: ParallelPolicy) {
        match status {
            Status::Running => {}
            Status::Skipped => self.finished.set(child),
            done => {
                self.finished.set(child);
                self.completed = true;
                if self.result.is_none() && policy.decides(done) {
                    self.result = Some(done);
                }
            }
        }
    }

    /// After the last child: the result, if one was recorded or every child has finished
    /// (`policy`'s answer when all finished, `Skipped` if all were skipped); `None` to answer
    /// `Running`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&mut self, len: usize, policy: ParallelPolicy) -> Option<Status> {
        if self.result.is_none() && self.finished.all(len) {
            self.result = Some(if self.completed {
                policy.when_all_finished()
            } else {
                Status::Skipped
            });
        }
        self.result
    }

    /// After a result, once the children that may be running are halted (and in the halt of the
    /// node, likewise): the activation is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish(&mut self) {
        *self = Self::new();
    }

    /// The first child at or after `from` to tick this tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tick_from(&self, from: usize, len: usize, repeat: bool) -> Option<usize> {
        if repeat {
            (from < len).then_some(from)
        } else {
            self.finished.find(from, len, false)
        }
    }

    /// Halts the next child at or after `from` that may be running; after the last, ends with
    /// the result and forgets the activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_from(&mut self, from: usize, len: usize, repeat: bool) -> Step {
        match self.tick_from(from, len, repeat) {
            Some(child) => Step::Halt(child),
            None => {
                let result = self.result.unwrap_or(HALTED);
                *self = Self::new();
                Step::Return(result)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use std::vec::Vec;
    use ParallelPolicy::*;
    use Status::*;

    struct Rig {
        h: Harness,
        node: PolicyParallel,
        policy: ParallelPolicy,
        repeat: bool,
    }

    impl Rig {
        fn new(len: usize, policy: ParallelPolicy, repeat: bool) -> Self {
            Rig {
                h: Harness::new(len),
                node: PolicyParallel::new(),
                policy,
                repeat,
            }
        }

        fn tick(&mut self, answer: &[Status]) -> Log {
            let (len, policy, repeat) = (answer.len(), self.policy, self.repeat);
            let node = &mut self.node;
            let first = node.start(len, policy, repeat);
            self.h.tick(
                first,
                |e| node.next(e, len, policy, repeat),
                answers(answer),
            )
        }

        fn halt(&mut self, len: usize) -> Log {
            let (policy, repeat) = (self.policy, self.repeat);
            let node = &mut self.node;
            let first = node.halt(len, policy, repeat);
            self.h
                .halt(first, |e| node.next(e, len, policy, repeat), answers(&[]))
        }
    }

    fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
        Log {
            status: Some(status),
            ticked: ticked.to_vec(),
            halted: halted.to_vec(),
        }
    }

    /// The straight-line form (`is_ticked`, the child, `on_child`, `end`; after a result, or in
    /// the halt, the halts of the children `is_ticked` names and `finish`) does what the `Step`
    /// form does, over random answers, policies and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(23);
        for round in 0..300 {
            let len = 1 + roll.below(4);
            let policy = [FirstFailure, FirstSuccess, FirstSuccessOrFailure][roll.below(3)];
            let repeat = roll.below(2) == 0;
            let mut rig = Rig::new(len, policy, repeat);
            let mut node = PolicyParallel::<1>::new();
            let mut running = vec![false; len];
            for _ in 0..40 {
                if roll.below(8) == 0 {
                    let log = rig.halt(len);
                    let halted: Vec<usize> = (0..len)
                        .filter(|&i| node.is_ticked(i, repeat) && std::mem::take(&mut running[i]))
                        .collect();
                    node.finish();
                    assert_eq!(log.halted, halted, "round {round}");
                    assert_eq!(node, rig.node);
                    continue;
                }
                let answer: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                let log = rig.tick(&answer);
                let mut ticked = Vec::new();
                for (child, &status) in answer.iter().enumerate() {
                    if node.is_ticked(child, repeat) {
                        ticked.push(child);
                        running[child] = status == Running;
                        node.on_child(child, status, policy);
                    }
                }
                let mut halted = Vec::new();
                let status = match node.end(len, policy) {
                    Some(result) => {
                        for (child, running) in running.iter_mut().enumerate() {
                            if node.is_ticked(child, repeat) && std::mem::take(running) {
                                halted.push(child);
                            }
                        }
                        node.finish();
                        result
                    }
                    None => Running,
                };
                assert_eq!(log, self::log(status, &ticked, &halted), "round {round}");
                assert_eq!(node, rig.node, "round {round}");
            }
        }
    }

    #[test]
    fn first_failure() {
        let mut rig = Rig::new(3, FirstFailure, false);
        assert_eq!(
            rig.tick(&[Success, Running, Running]),
            log(Running, &[0, 1, 2], &[])
        );
        // What the generated code reads as the children's running flags.
        let finished = [0, 1, 2].map(|child| rig.node.is_finished(child));
        assert_eq!(finished, [true, false, false]);
        // Child 0 finished: not ticked again. The children after the failure are still ticked.
        assert_eq!(
            rig.tick(&[Success, Failure, Running]),
            log(Failure, &[1, 2], &[2])
        );
        // A new activation ticks every child; all succeeding is Success.
        assert_eq!(
            rig.tick(&[Success, Running, Success]),
            log(Running, &[0, 1, 2], &[])
        );
        assert_eq!(
            rig.tick(&[Failure, Success, Failure]),
            log(Success, &[1], &[])
        );
    }

    #[test]
    fn first_success() {
        let mut rig = Rig::new(3, FirstSuccess, false);
        assert_eq!(
            rig.tick(&[Failure, Running, Running]),
            log(Running, &[0, 1, 2], &[])
        );
        assert_eq!(
            rig.tick(&[Failure, Running, Success]),
            log(Success, &[1, 2], &[1])
        );
        assert_eq!(
            rig.tick(&[Failure, Failure, Running]),
            log(Running, &[0, 1, 2], &[])
        );
        assert_eq!(
            rig.tick(&[Success, Success, Failure]),
            log(Failure, &[2], &[])
        );
    }

    #[test]
    fn first_success_or_failure_first_in_child_order_wins() {
        let mut rig = Rig::new(3, FirstSuccessOrFailure, false);
        assert_eq!(
            rig.tick(&[Running, Failure, Success]),
            log(Failure, &[0, 1, 2], &[0])
        );
        assert_eq!(
            rig.tick(&[Running, Success, Failure]),
            log(Success, &[0, 1, 2], &[0])
        );
        assert_eq!(
            rig.tick(&[Running, Running, Running]),
            log(Running, &[0, 1, 2], &[])
        );
        assert_eq!(
            rig.tick(&[Running, Running, Success]),
            log(Success, &[0, 1, 2], &[0, 1])
        );
    }

    #[test]
    fn skipped_children_finish_without_deciding() {
        for policy in [FirstFailure, FirstSuccess, FirstSuccessOrFailure] {
            let mut rig = Rig::new(2, policy, false);
            assert_eq!(rig.tick(&[Skipped, Skipped]), log(Skipped, &[0, 1], &[]));
            assert_eq!(rig.tick(&[Skipped, Running]), log(Running, &[0, 1], &[]));
            assert_eq!(rig.tick(&[Skipped, Skipped]), log(Skipped, &[1], &[]));
        }
        let mut rig = Rig::new(2, FirstFailure, false);
        assert_eq!(rig.tick(&[Skipped, Success]), log(Success, &[0, 1], &[]));
        let mut rig = Rig::new(2, FirstSuccess, false);
        assert_eq!(rig.tick(&[Failure, Skipped]), log(Failure, &[0, 1], &[]));
    }

    #[test]
    fn repeat_reticks_finished_children() {
        let mut rig = Rig::new(2, FirstFailure, true);
        assert_eq!(rig.tick(&[Success, Running]), log(Running, &[0, 1], &[]));
        assert_eq!(rig.tick(&[Running, Running]), log(Running, &[0, 1], &[]));
        // Child 0, re-ticked, fails: the early success became a failure.
        assert_eq!(rig.tick(&[Failure, Running]), log(Failure, &[0, 1], &[1]));
        // Every child finished at least once: Success, halting a re-ticked running child.
        assert_eq!(rig.tick(&[Success, Running]), log(Running, &[0, 1], &[]));
        assert_eq!(rig.tick(&[Running, Success]), log(Success, &[0, 1], &[0]));
    }

    #[test]
    fn halt_halts_the_running_children_and_forgets() {
        let mut rig = Rig::new(3, FirstFailure, false);
        rig.tick(&[Running, Success, Running]);
        let halted = rig.halt(3);
        assert_eq!(halted.halted, [0, 2]);
        // The finished flag of child 1 is gone.
        assert_eq!(
            rig.tick(&[Success, Running, Success]),
            log(Running, &[0, 1, 2], &[])
        );
        let mut rig = Rig::new(2, FirstSuccess, true);
        rig.tick(&[Running, Failure]);
        assert_eq!(rig.tick(&[Running, Running]).status, Some(Running));
        assert_eq!(rig.halt(2).halted, [0, 1]);
        assert_eq!(rig.node, PolicyParallel::new());
    }

    #[test]
    fn one_child_and_wide() {
        let mut rig = Rig::new(1, FirstSuccess, false);
        assert_eq!(rig.tick(&[Running]), log(Running, &[0], &[]));
        assert_eq!(rig.tick(&[Failure]), log(Failure, &[0], &[]));
        let mut h = Harness::new(100);
        let mut node = PolicyParallel::<13>::new();
        let mut answer = [Running; 100];
        answer[70] = Success;
        let first = node.start(100, FirstFailure, false);
        let log = h.tick(
            first,
            |e| node.next(e, 100, FirstFailure, false),
            answers(&answer),
        );
        assert_eq!(log.ticked.len(), 100);
        answer = [Success; 100];
        let first = node.start(100, FirstFailure, false);
        let log = h.tick(
            first,
            |e| node.next(e, 100, FirstFailure, false),
            answers(&answer),
        );
        assert_eq!(log.status, Some(Success));
        assert!(!log.ticked.contains(&70));
        assert_eq!(
            log.ticked,
            (0..100).filter(|&i| i != 70).collect::<Vec<_>>()
        );
    }
}
