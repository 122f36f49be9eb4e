//! The general protocol of the nodes whose children are not walked in order: Parallel,
//! IfThenElse, Switch, TryCatch, the random and utility composites, and the decorators that halt
//! their child on their own (Timeout) or tick it from a halt.
//!
//! A rule of this family is a small state type. The generated code drives it with one loop, the
//! same for every kind:
//!
//! ```text
//! let mut step = state.start(inputs);           // per-tick inputs: the time, a chosen case, ...
//! loop {
//!     let event = match step {
//!         Step::Tick(i) => Event::Child(i, tick(i)), // tick child i, report its answer
//!         Step::Halt(i) => { halt(i); Event::Halted(i) }  // halt child i if it is running
//!         Step::Return(status) => break status,
//!     };
//!     step = state.next(event, params);
//! }
//! ```
//!
//! When the node itself is halted while running, `state.halt(params)` gives the first step of the
//! same loop (the final `Return` status is ignored): usually `Halt` of each running child, but a
//! rule may also tick a child while halting (TryCatch's `catch_on_halt`).
//!
//! * A `Halt(i)` of a child that is not running does nothing (the generated halt functions check
//!   the child's running flag), so a rule that does not track which children run may ask to halt
//!   every child that could be running.
//! * A decorator is a node with one child: its child is `0`.
//! * A rule never ticks a child twice in one tick (the tick is bounded: `spec/decisions.md`), and
//!   when it returns anything but `Running` no child is left running. The test harness
//!   `script::Harness` checks both on every tick of every rule's unit tests.
//!
//! The composites that walk their children in order (Sequence, Fallback and their reactive and
//! memory forms) use the narrower [`Flow`](crate::control::Flow) protocol instead, which lets the
//! generated code lay the children out as straight-line steps.
//!
//! Some rules of this family also have a *straight-line form*, which the generated code uses for
//! their tick: narrower methods over the same state, from which the macro lays the children out
//! one step each (`Switch::select`/`on_child`, `Timeout::expired`/`on_child`,
//! `Parallel::begin`/`is_completed`/`on_child`/`finish`/`end`, `TryCatch::first`/`on_child`,
//! `ObserverSelector::begin`/`watch_lower`/`watch_self`/`enter_guard`/`on_child`/`end`,
//! `ProbabilitySelector::first`/`on_child`/`take_running`,
//! `PrioritySelector::running`/`begin`/`on_child`/`take_running`,
//! `IfThenElse::first`/`on_condition`/`on_branch`/`stop`, `WhileDoElse::halts`/`on_condition`,
//! `IndexSwitch::select`/`on_child`/`take_running`, `BinarySelector::select`/`on_child`/
//! `take_running`, `ParallelAll::begin`/`is_completed`/`on_child`/`end`/`finish`,
//! `PolicyParallel::is_ticked`/`on_child`/`end`/`finish`, `MaxTime::begin`/`on_child`/`stop`,
//! NodeCanvas's `Timeout::begin`/`on_child`/`stop`). The `Step` methods of those rules are
//! written with them, so the rule is written once, and a unit test of each plays both forms side
//! by side on random answers.

use crate::Status;

/// What a rule asks the generated code to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Tick child `.0` and report its answer with [`Event::Child`].
    Tick(usize),
    /// Halt child `.0` (nothing happens if it is not running) and report [`Event::Halted`].
    Halt(usize),
    /// End the tick with this status (at the end of a halt, the status is ignored).
    Return(Status),
}

/// What happened after a [`Step`], reported to the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Child `.0` was ticked and answered `.1`.
    Child(usize, Status),
    /// Child `.0` was halted (or was not running).
    Halted(usize),
}

#[cfg(test)]
pub(crate) mod script {
    //! Plays the generated code's loop against scripted children, for the unit tests of every
    //! rule of the [`Step`] family. It keeps each child's running flag as the generated tree does
    //! (set when the child answers `Running`, cleared when it answers anything else or is halted),
    //! records which children were ticked and halted, and checks the protocol's contract.

    use super::{Event, Step};
    use crate::Status;
    use std::vec::Vec;

    /// One tick or halt, as seen from outside the rule.
    #[derive(Debug, PartialEq, Eq)]
    pub struct Log {
        /// The node's answer (for a halt: `None`).
        pub status: Option<Status>,
        /// The children ticked, in order.
        pub ticked: Vec<usize>,
        /// The running children halted, in order (halts of idle children are not listed).
        pub halted: Vec<usize>,
    }

    /// Children with running flags.
    pub struct Harness {
        pub running: Vec<bool>,
    }

    impl Harness {
        pub fn new(children: usize) -> Self {
            Harness {
                running: vec![false; children],
            }
        }

        /// Which children are running now.
        pub fn running(&self) -> Vec<usize> {
            (0..self.running.len())
                .filter(|&i| self.running[i])
                .collect()
        }

        /// One tick: `first` is the rule's `start`, `next` its `next`, and `answer(i)` what child
        /// `i` answers when it is ticked. Checks that no child is ticked twice and that a tick
        /// that does not answer `Running` leaves no child running.
        pub fn tick(
            &mut self,
            first: Step,
            next: impl FnMut(Event) -> Step,
            answer: impl FnMut(usize) -> Status,
        ) -> Log {
            let log = self.drive(first, next, answer, true);
            let status = log.status.expect("a tick answers");
            if status != Status::Running {
                assert!(
                    self.running().is_empty(),
                    "the node answered {status:?} with children {:?} still running",
                    self.running()
                );
            }
            log
        }

        /// The node is halted: `first` is the rule's `halt`. Checks that no child is left running.
        pub fn halt(
            &mut self,
            first: Step,
            next: impl FnMut(Event) -> Step,
            answer: impl FnMut(usize) -> Status,
        ) -> Log {
            let mut log = self.drive(first, next, answer, false);
            log.status = None;
            assert!(
                self.running().is_empty(),
                "children {:?} still running after a halt",
                self.running()
            );
            log
        }

        fn drive(
            &mut self,
            first: Step,
            mut next: impl FnMut(Event) -> Step,
            mut answer: impl FnMut(usize) -> Status,
            is_tick: bool,
        ) -> Log {
            let mut log = Log {
                status: None,
                ticked: Vec::new(),
                halted: Vec::new(),
            };
            let mut step = first;
            for _ in 0..10_000 {
                let event = match step {
                    Step::Tick(child) => {
                        assert!(child < self.running.len(), "Tick({child}) out of range");
                        if is_tick {
                            assert!(
                                !log.ticked.contains(&child),
                                "child {child} ticked twice in one tick: {:?}",
                                log.ticked
                            );
                        }
                        log.ticked.push(child);
                        let status = answer(child);
                        self.running[child] = status == Status::Running;
                        Event::Child(child, status)
                    }
                    Step::Halt(child) => {
                        assert!(child < self.running.len(), "Halt({child}) out of range");
                        if self.running[child] {
                            self.running[child] = false;
                            log.halted.push(child);
                        }
                        Event::Halted(child)
                    }
                    Step::Return(status) => {
                        log.status = Some(status);
                        return log;
                    }
                };
                step = next(event);
            }
            panic!("the rule did not return within 10,000 steps: {log:?}");
        }
    }

    /// Answers from a fixed list: child `i` answers `answers[i]`.
    pub fn answers(answers: &[Status]) -> impl FnMut(usize) -> Status + '_ {
        move |child| answers[child]
    }

    /// The harness on a toy rule: tick every child in order, halt the others when one runs.
    #[test]
    fn harness_keeps_running_flags_and_logs() {
        use Status::*;
        let mut harness = Harness::new(3);
        let rule = |event: Event| match event {
            Event::Child(2, status) => Step::Return(status),
            Event::Child(child, Running) => Step::Halt(child),
            Event::Child(child, _) | Event::Halted(child) => Step::Tick(child + 1),
        };
        let log = harness.tick(Step::Tick(0), rule, answers(&[Success, Running, Success]));
        assert_eq!(
            log,
            Log {
                status: Some(Success),
                ticked: vec![0, 1, 2],
                halted: vec![1],
            }
        );
        let log = harness.tick(Step::Tick(2), rule, answers(&[Success, Success, Running]));
        assert_eq!(harness.running(), [2]);
        assert_eq!(log.status, Some(Running));
        let log = harness.halt(Step::Halt(2), |_| Step::Return(Success), answers(&[]));
        assert_eq!(log.halted, [2]);
        assert!(harness.running().is_empty());
    }

    #[test]
    #[should_panic(expected = "still running")]
    fn harness_rejects_a_completed_tick_that_leaves_a_child_running() {
        let mut harness = Harness::new(1);
        harness.tick(
            Step::Tick(0),
            |_| Step::Return(Status::Success),
            answers(&[Status::Running]),
        );
    }
}
