use crate::step::{Event, Step};
use crate::{Outcome, Status};

/// **Interrupt** (NodeCanvas `Interrupt`, class `Interruptor`, with a condition): ticks the child
/// while the condition is false; as soon as it is true, halts a running child and fails.
///
/// A [`Step`] rule (`crate::step`), because it halts its child on its own; it keeps no memory (a
/// zero-sized type). Per-tick input: `interrupt`, the condition, evaluated **once per tick, before
/// the child**, on every tick (whether or not the child is running).
///
/// | condition | child | Interrupt |
/// |---|---|---|
/// | false | ticked, answers `s` | `s` (any status) |
/// | true | running | the child is halted, `Failure` |
/// | true | not running | not ticked, `Failure` |
///
/// It answers `Running` only when its child does. **Halting** halts the child. **Memory**: none.
///
/// Same rule as NodeCanvas. Related: [`Conditional`] with `dynamic` is the opposite sense with a
/// configurable answer; BehaviorTree.CPP's `_failureIf` is only checked before the child starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interrupt;

impl Interrupt {
    /// The rule (it has no state).
    pub const fn new() -> Self {
        Interrupt
    }

    /// The first step of a tick: `interrupt` is the condition, evaluated here.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, interrupt: impl FnOnce() -> bool) -> Step {
        match Self::check(interrupt()) {
            Some(_) => Step::Halt(0),
            None => Step::Tick(0),
        }
    }

    /// What happened after the last step.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event) -> Step {
        match event {
            Event::Child(_, status) => Step::Return(status),
            Event::Halted(_) => Step::Return(Status::Failure),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time): given the condition's value, `None` to tick the
    /// child, whose answer is the node's, or `Some(answer)`: the caller halts the child (if it
    /// runs) and answers without ticking it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn check(interrupt: bool) -> Option<Status> {
        if interrupt {
            Some(Status::Failure)
        } else {
            None
        }
    }

    /// Halted while running: halt the child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        Step::Halt(0)
    }
}

/// **Conditional** (NodeCanvas `Conditional`, class `ConditionalEvaluator`: a condition, `Dynamic`,
/// and the status to answer when the condition is false): ticks the child only if the condition
/// holds.
///
/// A [`Step`] rule (`crate::step`), because in dynamic mode it halts its child; it keeps no memory
/// (a zero-sized type). Per-tick inputs: `child_running`, whether the child is running from an
/// earlier tick (the generated code's running flag of the child; `false` if the child can never
/// run), and `condition`, evaluated only when the table says so. Parameters: `dynamic`, and
/// `when_false` (NodeCanvas offers `Failure`, the default, or `Success`).
///
/// | mode | child running | condition | Conditional |
/// |---|---|---|---|
/// | static | no (a new activation) | true | ticks the child, answers its status |
/// | static | no | false | `when_false`, child not ticked |
/// | static | yes | not evaluated | ticks the child, answers its status (the answer taken at activation is kept) |
/// | dynamic | no | true | ticks the child, answers its status |
/// | dynamic | no | false | `when_false`, child not ticked |
/// | dynamic | yes | true | ticks the child, answers its status |
/// | dynamic | yes | false | the child is halted, `when_false` |
///
/// So in static mode a condition true for a single tick lets the child run to completion. It
/// answers `Running` only when its child does. **Halting** halts the child. **Memory**: none (the
/// static mode's "accessed" answer is the child's running flag).
///
/// Same rule as NodeCanvas. Its static mode keeps the answer taken when the decorator was last
/// not running; as the decorator runs exactly when its child runs, that is the child's running
/// flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conditional;

impl Conditional {
    /// The rule (it has no state).
    pub const fn new() -> Self {
        Conditional
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(
        &mut self,
        child_running: bool,
        condition: impl FnOnce() -> bool,
        dynamic: bool,
        when_false: Outcome,
    ) -> Step {
        // A `Some` halts the child (nothing to do if it is idle); `Halted` answers `when_false`.
        match Self::check(child_running, condition, dynamic, when_false) {
            None => Step::Tick(0),
            Some(_) => Step::Halt(0),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time): `None` to tick the child, whose answer is the node's,
    /// or `Some(answer)`: the caller halts the child (if it runs) and answers without ticking it.
    /// `condition` is called only when the table above evaluates it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn check(
        child_running: bool,
        condition: impl FnOnce() -> bool,
        dynamic: bool,
        when_false: Outcome,
    ) -> Option<Status> {
        // Static mode keeps, while the child runs, the answer taken at the activation.
        if (child_running && !dynamic) || condition() {
            None
        } else {
            Some(when_false.into())
        }
    }

    /// What happened after the last step.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, when_false: Outcome) -> Step {
        match event {
            Event::Child(_, status) => Step::Return(status),
            Event::Halted(_) => Step::Return(when_false.into()),
        }
    }

    /// Halted while running: halt the child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        Step::Halt(0)
    }
}

/// **WaitUntil** (NodeCanvas `Wait Until`, with a condition): a decorator that answers `Running`
/// until its condition is true, then ticks its child until the child completes. Without a child
/// NodeCanvas uses it as a leaf: see [`WaitUntil::leaf`].
///
/// The decorator never halts its child on its own, so it has the simple decorator shape
/// (`crate::decorator`): `start` answers without the child or says to tick it, and the child's
/// answer passes through unchanged. Per-tick inputs: `child_running` (the child's running flag)
/// and `condition`, evaluated only while the child is not running.
///
/// | child running | condition | WaitUntil |
/// |---|---|---|
/// | no | false | `Running`, child not ticked |
/// | no | true | ticks the child, answers its status |
/// | yes | not evaluated | ticks the child, answers its status (it is not stopped if the condition turns false) |
///
/// **Halting** halts the child. **Memory**: none (NodeCanvas's "accessed" latch is the child's
/// running flag here).
///
/// Difference from NodeCanvas: its latch lasts until the node is reset, so a dynamic parent that
/// ticks the WaitUntil again after its child completed, within the same traversal, ticks the child
/// at once; here the latch ends when the child completes and the condition is checked again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WaitUntil;

impl WaitUntil {
    /// The rule (it has no state).
    pub const fn new() -> Self {
        WaitUntil
    }

    /// Before ticking the child: `Some(Running)` answers without it (still waiting). After
    /// `None`, the generated code ticks the child and answers its status.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(
        &mut self,
        child_running: bool,
        condition: impl FnOnce() -> bool,
    ) -> Option<Status> {
        if child_running || condition() {
            None
        } else {
            Some(Status::Running)
        }
    }

    /// **WaitUntil** used as a leaf (no child): `Success` when the condition (evaluated on every
    /// tick) is true, else `Running`. No memory, nothing to halt.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn leaf(condition: bool) -> Status {
        if condition {
            Status::Success
        } else {
            Status::Running
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use std::cell::Cell;
    use Status::*;

    fn interrupt(h: &mut Harness, condition: bool, child: Status) -> Log {
        let mut node = Interrupt::new();
        let first = node.start(|| condition);
        h.tick(first, |e| node.next(e), answers(&[child]))
    }

    /// The straight-line forms (`Interrupt::check`, `Conditional::check`: the child's tick, or
    /// its halt and the answer) do what the `Step` forms do, over random conditions and answers.
    #[test]
    fn straight_line_forms_are_the_step_forms() {
        let mut roll = crate::testing::Roll::new(29);
        for dynamic in [false, true] {
            for when_false in [Outcome::Failure, Outcome::Success] {
                let (mut h, mut straight_running) = (Harness::new(1), false);
                let mut node = Conditional::new();
                for round in 0..2_000 {
                    let (condition, child) = (roll.below(2) == 0, roll.status());
                    let running = h.running() == [0];
                    let first = node.start(running, || condition, dynamic, when_false);
                    let log = h.tick(first, |e| node.next(e, when_false), answers(&[child]));
                    let (status, ticked, halted) = match Conditional::check(
                        straight_running,
                        || condition,
                        dynamic,
                        when_false,
                    ) {
                        None => (child, vec![0], vec![]),
                        Some(answer) => (
                            answer,
                            vec![],
                            Vec::from_iter(straight_running.then_some(0)),
                        ),
                    };
                    straight_running = status == Running;
                    assert_eq!(log.status, Some(status), "round {round}");
                    assert_eq!((log.ticked, log.halted), (ticked, halted), "round {round}");
                }
            }
        }
        let (mut h, mut straight_running) = (Harness::new(1), false);
        for round in 0..2_000 {
            let (condition, child) = (roll.below(4) == 0, roll.status());
            let log = interrupt(&mut h, condition, child);
            let (status, ticked, halted) = match Interrupt::check(condition) {
                None => (child, vec![0], vec![]),
                Some(answer) => (
                    answer,
                    vec![],
                    Vec::from_iter(straight_running.then_some(0)),
                ),
            };
            straight_running = status == Running;
            assert_eq!(log.status, Some(status), "round {round}");
            assert_eq!((log.ticked, log.halted), (ticked, halted), "round {round}");
        }
    }

    #[test]
    fn interrupt_rows() {
        let mut h = Harness::new(1);
        for child in [Success, Failure, Skipped] {
            let log = interrupt(&mut h, false, child);
            assert_eq!((log.status, log.ticked), (Some(child), vec![0]));
        }
        let log = interrupt(&mut h, false, Running);
        assert_eq!((log.status, log.ticked), (Some(Running), vec![0]));
        let log = interrupt(&mut h, false, Running);
        assert_eq!(log.status, Some(Running));
        let log = interrupt(&mut h, true, Running);
        assert_eq!(log.status, Some(Failure));
        assert_eq!((log.ticked, log.halted), (vec![], vec![0]));
        let log = interrupt(&mut h, true, Success);
        assert_eq!(log.status, Some(Failure));
        assert_eq!((log.ticked, log.halted), (vec![], vec![]));
    }

    #[test]
    fn interrupt_evaluates_once_per_tick_and_halts() {
        let mut h = Harness::new(1);
        let calls = Cell::new(0);
        let mut node = Interrupt::new();
        let first = node.start(|| {
            calls.set(calls.get() + 1);
            false
        });
        h.tick(first, |e| node.next(e), answers(&[Running]));
        assert_eq!(calls.get(), 1);
        let first = node.halt();
        let log = h.halt(first, |e| node.next(e), answers(&[]));
        assert_eq!(log.halted, [0]);
        assert_eq!(core::mem::size_of::<Interrupt>(), 0);
    }

    fn conditional(
        h: &mut Harness,
        dynamic: bool,
        condition: bool,
        when_false: Outcome,
        child: Status,
    ) -> (Log, bool) {
        let evaluated = Cell::new(false);
        let mut node = Conditional::new();
        let first = node.start(
            h.running[0],
            || {
                evaluated.set(true);
                condition
            },
            dynamic,
            when_false,
        );
        let log = h.tick(first, |e| node.next(e, when_false), answers(&[child]));
        (log, evaluated.get())
    }

    #[test]
    fn conditional_static() {
        let mut h = Harness::new(1);
        let f = Outcome::Failure;
        let (log, evaluated) = conditional(&mut h, false, false, f, Success);
        assert_eq!(
            (log.status, log.ticked, evaluated),
            (Some(Failure), vec![], true)
        );
        let (log, _) = conditional(&mut h, false, false, Outcome::Success, Success);
        assert_eq!(
            (log.status, log.ticked),
            (Some(Success), vec![]),
            "when_false"
        );
        for child in [Success, Failure, Skipped] {
            let (log, _) = conditional(&mut h, false, true, f, child);
            assert_eq!((log.status, log.ticked), (Some(child), vec![0]));
        }
        let (log, _) = conditional(&mut h, false, true, f, Running);
        assert_eq!(log.status, Some(Running));
        let (log, evaluated) = conditional(&mut h, false, false, f, Running);
        assert_eq!(
            (log.status, log.ticked),
            (Some(Running), vec![0]),
            "latched"
        );
        assert!(!evaluated, "not re-evaluated while running");
        let (log, evaluated) = conditional(&mut h, false, false, f, Success);
        assert_eq!((log.status, evaluated), (Some(Success), false));
        let (log, evaluated) = conditional(&mut h, false, false, f, Success);
        assert_eq!(
            (log.status, log.ticked, evaluated),
            (Some(Failure), vec![], true)
        );
    }

    #[test]
    fn conditional_dynamic() {
        let mut h = Harness::new(1);
        let f = Outcome::Failure;
        let (log, _) = conditional(&mut h, true, false, f, Success);
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![]));
        let (log, _) = conditional(&mut h, true, true, f, Running);
        assert_eq!(log.status, Some(Running));
        let (log, evaluated) = conditional(&mut h, true, true, f, Running);
        assert_eq!((log.status, evaluated), (Some(Running), true));
        let (log, _) = conditional(&mut h, true, false, Outcome::Success, Running);
        assert_eq!(log.status, Some(Success), "when_false after the halt");
        assert_eq!((log.ticked, log.halted), (vec![], vec![0]));
        let (log, _) = conditional(&mut h, true, true, f, Running);
        assert_eq!(log.status, Some(Running));
        let (log, _) = conditional(&mut h, true, true, f, Failure);
        assert_eq!(log.status, Some(Failure));
    }

    #[test]
    fn conditional_halt() {
        let mut h = Harness::new(1);
        let (log, _) = conditional(&mut h, false, true, Outcome::Failure, Running);
        assert_eq!(log.status, Some(Running));
        let mut node = Conditional::new();
        let first = node.halt();
        let log = h.halt(first, |e| node.next(e, Outcome::Failure), answers(&[]));
        assert_eq!(log.halted, [0]);
        let (log, evaluated) = conditional(&mut h, false, false, Outcome::Failure, Running);
        assert_eq!(
            (log.status, evaluated),
            (Some(Failure), true),
            "a new activation"
        );
    }

    #[test]
    fn wait_until() {
        let mut node = WaitUntil::new();
        let evaluated = Cell::new(0);
        let mut check = |running: bool, condition: bool| {
            node.start(running, || {
                evaluated.set(evaluated.get() + 1);
                condition
            })
        };
        assert_eq!(check(false, false), Some(Running));
        assert_eq!(check(false, false), Some(Running));
        assert_eq!(check(false, true), None, "tick the child");
        assert_eq!(evaluated.get(), 3);
        assert_eq!(check(true, false), None, "the child runs on");
        assert_eq!(evaluated.get(), 3, "not evaluated while the child runs");
        assert_eq!(
            check(false, false),
            Some(Running),
            "after completion: wait again"
        );
        assert_eq!(WaitUntil::leaf(false), Running);
        assert_eq!(WaitUntil::leaf(true), Success);
    }
}
