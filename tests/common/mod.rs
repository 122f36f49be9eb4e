//! Scripted leaves for the behaviour tests.
//!
//! A test queues, per leaf, the answers that leaf gives on its successive calls
//! ([`Ctx::script`]), ticks the tree, and checks the status and the exact calls the leaves
//! received ([`expect_tick`], [`expect_halt`]). Leaves are generic over a const id so that one
//! tree can hold several distinct ones:
//!
//! * `Condition(Cond<ID>)` logs `Check(ID)` and answers `Success`/`Failure`;
//! * `Action(Act<ID>)` logs `Exec(ID)` and answers `Success`/`Failure`;
//! * `StatefulAction(Task<ID>)` logs `OnStart(ID)` / `OnRunning(ID)` and answers any status; a
//!   halt logs `OnHalted(ID)`. `Task` also checks the stateful contract itself: `on_running` and
//!   `on_halted` only while running, `on_start` only while not running.
//!
//! The context is also a [`bt::Clock`]: a [`ManualClock`] at 0 that only a test moves
//! ([`Ctx::advance_ms`]), for the trees with Delay, Timeout or Sleep.
//!
//! The harness is strict: a leaf called with no answer left panics, and when a `Ctx` is dropped
//! at the end of a passing test, every scripted answer must have been used and every call
//! checked.

#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::VecDeque;

use std::time::Duration;

use bt::{
    BehaviorTree, Clock, Condition, ManualClock, Outcome, StatefulAction, Status, SyncAction,
};

/// Leaf ids are `0..LEAVES`.
pub const LEAVES: usize = 8;

/// One call a leaf received.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `Condition::check` of `Cond<ID>`.
    Check(usize),
    /// `SyncAction::execute` of `Act<ID>`.
    Exec(usize),
    /// `StatefulAction::on_start` of `Task<ID>`.
    OnStart(usize),
    /// `StatefulAction::on_running` of `Task<ID>`.
    OnRunning(usize),
    /// `StatefulAction::on_halted` of `Task<ID>`.
    OnHalted(usize),
}

/// The context every test tree runs on: the leaves' scripts and the log of their calls.
/// Conditions only see `&Ctx`, hence the `RefCell`.
#[derive(Default)]
pub struct Ctx {
    inner: RefCell<Inner>,
    clock: ManualClock,
}

#[derive(Default)]
struct Inner {
    answers: [VecDeque<Status>; LEAVES],
    /// The answer once a leaf's queue is empty, if any.
    always: [Option<Status>; LEAVES],
    log: Vec<Call>,
}

impl Ctx {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `answers` for leaf `leaf`, one per call, after those already queued.
    pub fn script(&mut self, leaf: usize, answers: &[Status]) {
        self.inner.get_mut().answers[leaf].extend(answers.iter().copied());
    }

    /// Leaf `leaf` answers `status` whenever its queue is empty (not checked at the end).
    pub fn always(&mut self, leaf: usize, status: Status) {
        self.inner.get_mut().always[leaf] = Some(status);
    }

    /// What `Cond<leaf>` does: logs `Check(leaf)` and answers from the script. Usable from an
    /// inline `Condition(|ctx| ctx.check(leaf))`.
    pub fn check(&self, leaf: usize) -> bool {
        let call = Call::Check(leaf);
        outcome(call, self.answer(call, leaf))
    }

    /// What `Act<leaf>` does: logs `Exec(leaf)` and answers from the script. Usable from an
    /// inline `Action(|ctx| ctx.exec(leaf))`.
    pub fn exec(&mut self, leaf: usize) -> Outcome {
        let call = Call::Exec(leaf);
        outcome(call, self.answer(call, leaf)).into()
    }

    /// Moves the context's clock forward by `ms` milliseconds.
    pub fn advance_ms(&mut self, ms: u64) {
        self.clock.advance_ms(ms);
    }

    /// The calls received since the last `take_log`.
    pub fn take_log(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.inner.get_mut().log)
    }

    fn log(&self, call: Call) {
        self.inner.borrow_mut().log.push(call);
    }

    fn answer(&self, call: Call, leaf: usize) -> Status {
        let mut inner = self.inner.borrow_mut();
        inner.log.push(call);
        match inner.answers[leaf].pop_front().or(inner.always[leaf]) {
            Some(status) => status,
            None => panic!(
                "unexpected call {call:?}: leaf {leaf} has no scripted answer left (calls so far: {:?})",
                inner.log
            ),
        }
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let inner = self.inner.get_mut();
        for (leaf, left) in inner.answers.iter().enumerate() {
            assert!(
                left.is_empty(),
                "leaf {leaf} was never asked for its scripted answers {left:?}"
            );
        }
        assert!(
            inner.log.is_empty(),
            "calls left unchecked at the end of the test: {:?}",
            inner.log
        );
    }
}

impl Clock for Ctx {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

fn outcome(call: Call, status: Status) -> bool {
    match status {
        Status::Success => true,
        Status::Failure => false,
        other => panic!("{call:?} was scripted to answer {other:?}, which it cannot"),
    }
}

/// `Condition(Cond<ID>)`.
#[derive(Default)]
pub struct Cond<const ID: usize>;

impl<const ID: usize> Condition<Ctx> for Cond<ID> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        ctx.check(ID)
    }
}

/// `Action(Act<ID>)`.
#[derive(Default)]
pub struct Act<const ID: usize>;

impl<const ID: usize> SyncAction<Ctx> for Act<ID> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        ctx.exec(ID)
    }
}

/// `StatefulAction(Task<ID>)`.
#[derive(Default)]
pub struct Task<const ID: usize> {
    running: bool,
}

impl<const ID: usize> StatefulAction<Ctx> for Task<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) -> Status {
        assert!(!self.running, "Task<{ID}>: on_start while running");
        let status = ctx.answer(Call::OnStart(ID), ID);
        self.running = status == Status::Running;
        status
    }

    fn on_running(&mut self, ctx: &mut Ctx) -> Status {
        assert!(self.running, "Task<{ID}>: on_running while not running");
        let status = ctx.answer(Call::OnRunning(ID), ID);
        self.running = status == Status::Running;
        status
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        assert!(self.running, "Task<{ID}>: on_halted while not running");
        self.running = false;
        ctx.log(Call::OnHalted(ID));
    }
}

/// The trees of these tests: built with `Default`, run on [`Ctx`].
pub trait TestTree: BehaviorTree<Context = Ctx> + Default {}
impl<T: BehaviorTree<Context = Ctx> + Default> TestTree for T {}

/// Ticks `tree` once and checks its status (also through `status()`) and the exact leaf calls.
#[track_caller]
pub fn expect_tick<T: BehaviorTree<Context = Ctx>>(
    tree: &mut T,
    ctx: &mut Ctx,
    status: Status,
    calls: &[Call],
) {
    let got = tree.tick(ctx);
    let log = ctx.take_log();
    assert_eq!(
        (got, log.as_slice()),
        (status, calls),
        "tick: (status, calls) differ"
    );
    assert_eq!(tree.status(), Some(status), "status() after the tick");
}

/// Halts `tree` and checks the exact leaf calls (the `OnHalted`s).
#[track_caller]
pub fn expect_halt<T: BehaviorTree<Context = Ctx>>(tree: &mut T, ctx: &mut Ctx, calls: &[Call]) {
    tree.halt(ctx);
    assert_eq!(ctx.take_log(), calls, "halt: calls differ");
    assert_eq!(tree.status(), None, "status() after a halt");
}
