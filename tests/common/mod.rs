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
//! Trees with an error type (`tree T for Ctx, error Oops`) use the fallible leaves `TryCond<ID>`,
//! `TryAct<ID>` and `TryTask<ID>` (the `Try*` traits; the same calls are logged), or inline
//! closures over [`Ctx::try_check`] / [`Ctx::try_exec`]. [`Ctx::script_err`] queues an answer
//! `Err(Oops(ID))` among the statuses; an infallible leaf given one panics. Those trees implement
//! no `BehaviorTree`: [`try_trees!`] gives them [`TryTree`], for [`expect_try_tick`] and
//! [`expect_try_halt`].
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
use bt::{TryCondition, TryStatefulAction, TrySyncAction};

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
    answers: [VecDeque<Result<Status, Oops>>; LEAVES],
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
        self.inner.get_mut().answers[leaf].extend(answers.iter().copied().map(Ok));
    }

    /// Queues one answer `Err(Oops(leaf))` for leaf `leaf` (a fallible leaf only), after those
    /// already queued.
    pub fn script_err(&mut self, leaf: usize) {
        self.inner.get_mut().answers[leaf].push_back(Err(Oops(leaf)));
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

    /// A context whose clock starts at `now` instead of zero.
    pub fn at(now: Duration) -> Self {
        let mut ctx = Self::default();
        ctx.clock = ManualClock::at(now);
        ctx
    }

    /// What `TryCond<leaf>` does: logs `Check(leaf)` and answers from the script, which may be an
    /// error. Usable from an inline `Condition(|ctx| ctx.try_check(leaf))`.
    pub fn try_check(&self, leaf: usize) -> Result<bool, Oops> {
        let call = Call::Check(leaf);
        self.reply(call, leaf).map(|status| outcome(call, status))
    }

    /// What `TryAct<leaf>` does: logs `Exec(leaf)` and answers from the script, which may be an
    /// error. Usable from an inline `Action(|ctx| ctx.try_exec(leaf))`.
    pub fn try_exec(&mut self, leaf: usize) -> Result<Outcome, Oops> {
        let call = Call::Exec(leaf);
        self.reply(call, leaf)
            .map(|status| outcome(call, status).into())
    }

    /// Moves the context's clock forward by `by`.
    pub fn advance(&mut self, by: Duration) {
        self.clock.advance(by);
    }

    /// The calls received since the last `take_log`.
    pub fn take_log(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.inner.get_mut().log)
    }

    fn log(&self, call: Call) {
        self.inner.borrow_mut().log.push(call);
    }

    fn answer(&self, call: Call, leaf: usize) -> Status {
        match self.reply(call, leaf) {
            Ok(status) => status,
            Err(error) => {
                panic!("{call:?} was scripted to fail with {error:?}, but it is an infallible leaf")
            }
        }
    }

    fn reply(&self, call: Call, leaf: usize) -> Result<Status, Oops> {
        let mut inner = self.inner.borrow_mut();
        inner.log.push(call);
        match (inner.answers[leaf].pop_front()).or(inner.always[leaf].map(Ok)) {
            Some(reply) => reply,
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

/// The error of the fallible leaves: the id of the leaf that raised it (or any code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Oops(pub usize);

/// `Condition(TryCond<ID>)`: like [`Cond`], but may answer an error.
#[derive(Default)]
pub struct TryCond<const ID: usize>;

impl<const ID: usize> TryCondition<Ctx, Oops> for TryCond<ID> {
    fn try_check(&mut self, ctx: &Ctx) -> Result<bool, Oops> {
        ctx.try_check(ID)
    }
}

/// `Action(TryAct<ID>)`: like [`Act`], but may answer an error.
#[derive(Default)]
pub struct TryAct<const ID: usize>;

impl<const ID: usize> TrySyncAction<Ctx, Oops> for TryAct<ID> {
    fn try_execute(&mut self, ctx: &mut Ctx) -> Result<Outcome, Oops> {
        ctx.try_exec(ID)
    }
}

/// `StatefulAction(TryTask<ID>)`: like [`Task`] (with the same contract checks), but
/// `on_start` and `on_running` may answer an error, which ends the activation.
#[derive(Default)]
pub struct TryTask<const ID: usize> {
    running: bool,
}

impl<const ID: usize> TryStatefulAction<Ctx, Oops> for TryTask<ID> {
    fn try_on_start(&mut self, ctx: &mut Ctx) -> Result<Status, Oops> {
        assert!(!self.running, "TryTask<{ID}>: on_start while running");
        let reply = ctx.reply(Call::OnStart(ID), ID);
        self.running = reply == Ok(Status::Running);
        reply
    }

    fn try_on_running(&mut self, ctx: &mut Ctx) -> Result<Status, Oops> {
        assert!(self.running, "TryTask<{ID}>: on_running while not running");
        let reply = ctx.reply(Call::OnRunning(ID), ID);
        self.running = reply == Ok(Status::Running);
        reply
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        assert!(self.running, "TryTask<{ID}>: on_halted while not running");
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

/// A tree with the error type [`Oops`] over [`Ctx`] (such trees implement no `BehaviorTree`);
/// [`try_trees!`] implements it for generated trees.
pub trait TryTree: Default {
    fn try_tick(&mut self, ctx: &mut Ctx) -> Result<Status, Oops>;
    fn try_halt(&mut self, ctx: &mut Ctx);
    fn try_status(&self) -> Option<Status>;
}

/// `try_trees!(A, B, ..)`: [`TryTree`] for generated trees `tree A for Ctx, error Oops`.
#[allow(unused_macros)] // not every test binary has a tree with an error type
macro_rules! try_trees {
    ($($tree:ty),* $(,)?) => {$(
        impl $crate::common::TryTree for $tree {
            fn try_tick(
                &mut self,
                ctx: &mut $crate::common::Ctx,
            ) -> ::core::result::Result<::bt::Status, $crate::common::Oops> {
                self.tick(ctx)
            }
            fn try_halt(&mut self, ctx: &mut $crate::common::Ctx) {
                self.halt(ctx)
            }
            fn try_status(&self) -> ::core::option::Option<::bt::Status> {
                self.status()
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use try_trees;

/// Ticks a fallible tree once and checks its answer (a status or an error), `status()` (the
/// status, or `None` after an error) and the exact leaf calls.
#[track_caller]
pub fn expect_try_tick<T: TryTree>(
    tree: &mut T,
    ctx: &mut Ctx,
    answer: Result<Status, Oops>,
    calls: &[Call],
) {
    let got = tree.try_tick(ctx);
    let log = ctx.take_log();
    assert_eq!(
        (got, log.as_slice()),
        (answer, calls),
        "tick: (answer, calls) differ"
    );
    assert_eq!(tree.try_status(), answer.ok(), "status() after the tick");
}

/// Halts a fallible tree and checks the exact leaf calls (the `OnHalted`s).
#[track_caller]
pub fn expect_try_halt<T: TryTree>(tree: &mut T, ctx: &mut Ctx, calls: &[Call]) {
    tree.try_halt(ctx);
    assert_eq!(ctx.take_log(), calls, "halt: calls differ");
    assert_eq!(tree.try_status(), None, "status() after a halt");
}
