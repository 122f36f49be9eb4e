//! The typed error channel (`tree T for Ctx, error E`), tick by tick.
//!
//! Rule (decision 11, bt-core `behavior3` "ERROR", `leaf.rs`): an error from a leaf **aborts** the
//! tick at that leaf (no further node is ticked, no ancestor sees a status, no post-condition of
//! the failing node runs); every running node is **halted** exactly as by `tree.halt()` (each
//! started, unfinished stateful action gets `on_halted` once, hooks and observers included; the
//! failing leaf has finished and gets no `on_halted`); `tick` returns **`Err(e)`** and `status()`
//! is `None`; the **next tick starts afresh**, with the memory a halt keeps (SequenceWithMemory's
//! position, RunOnce, Limiter's count) and every write made before the error.
//!
//! Leaves: `TryCond<ID>`, `TryAct<ID>`, `TryTask<ID>` (tests/common) fail with `Oops(ID)` when
//! scripted to (`ctx.script_err(ID)`); `Minor` is a second error type that converts into `Oops`.

// `Hooked` shows that an `#[on_halted]` on an action that cannot be running never runs, which
// the macro warns about.
#![allow(deprecated)]

use crate::common;

use bt::Status::{self, *};
use bt::{
    behavior_tree, Input, Observer, Outcome, Output, Ports, TickTrace, TraceEvent, TryCondition,
    TrySyncAction,
};
use common::Call::*;
use common::{
    expect_try_halt, expect_try_tick, try_trees, Act, Cond, Ctx, Oops, Task, TryAct, TryCond,
    TryTask,
};

/// Another error type, converted into the trees' `Oops` by `From` (`Oops(100 + n)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Minor(pub u8);

impl From<Minor> for Oops {
    fn from(minor: Minor) -> Oops {
        Oops(100 + usize::from(minor.0))
    }
}

/// `Oops(n)` as `Minor(n)`: a leaf's own error type.
fn minor<T>(result: Result<T, Oops>) -> Result<T, Minor> {
    result.map_err(|Oops(n)| Minor(n as u8))
}

// ---------------------------------------------------------------------------------------------
// Every leaf form.

behavior_tree! {
    tree Typed for Ctx, error Oops {
        Sequence {
            Condition(TryCond<0>),
            Action(TryAct<1>),
            StatefulAction(TryTask<2>),
        }
    }
}

behavior_tree! {
    /// A stateful action as the root: nothing above it to halt.
    tree RootTask for Ctx, error Oops { StatefulAction(TryTask<0>) }
}

try_trees!(Typed, RootTask);

#[test]
fn typed_fallible_leaves_abort_the_tick() {
    let (mut tree, mut ctx) = (Typed::new(), Ctx::new());
    // TryCondition.
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0)]);
    // TrySyncAction.
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Check(0), Exec(1)]);
    // TryStatefulAction, in on_start: the action has finished, no on_halted.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script_err(2);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[Check(0), Exec(1), OnStart(2)],
    );
    // In on_running: no on_halted either (TryTask checks the contract).
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[Check(0), Exec(1), OnStart(2)],
    );
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[OnRunning(2)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    // The next tick starts afresh: from the first child, and the action gets on_start.
    ctx.script(0, &[Success, Failure]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Check(0)]);
}

#[test]
fn a_failing_root_leaf() {
    let (mut tree, mut ctx) = (RootTask::new(), Ctx::new());
    ctx.script(0, &[Running, Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnRunning(0)]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[OnRunning(0)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[OnStart(0)]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

behavior_tree! {
    /// Infallible leaves (of every trait) in a tree with an error type work unchanged.
    tree Infallible for Ctx, error Oops {
        Sequence {
            Condition(Cond<0>),
            Action(Act<1>),
            StatefulAction(Task<2>),
            Condition(|ctx| ctx.check(3)),
            Action(|ctx| ctx.exec(4)),
            Action(|_| true),
        }
    }
}

try_trees!(Infallible);

#[test]
fn infallible_leaves_in_a_fallible_tree() {
    let (mut tree, mut ctx) = (Infallible::new(), Ctx::new());
    for leaf in [0, 1, 3, 4] {
        ctx.script(leaf, &[Success]);
    }
    ctx.script(2, &[Running, Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[OnRunning(2), Check(3), Exec(4)],
    );
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}

behavior_tree! {
    tree Inline for Ctx, error Oops {
        blackboard { calls: u32 }
        Sequence {
            // `Result<bool, Oops>` and `Result<Outcome, Oops>`.
            Condition(|ctx| ctx.try_check(0)),
            Action(|ctx| ctx.try_exec(1)),
            // An error type that converts into the tree's (`F: Into<E>`), with the blackboard.
            Condition(|ctx, bb| {
                let _: u32 = bb.calls;
                minor(ctx.try_check(2))
            }),
            Action(|ctx, bb| {
                bb.calls += 1;
                minor(ctx.try_exec(3))
            }),
            // `?` inside a closure: `Minor` converts into `Oops`.
            Action(|ctx| -> Result<bool, Oops> {
                let outcome = minor(ctx.try_exec(4))?;
                Ok(outcome == Outcome::Success)
            }),
        }
    }
}

try_trees!(Inline);

#[test]
fn inline_closures_may_return_results() {
    let (mut tree, mut ctx) = (Inline::new(), Ctx::new());
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0)]);
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Check(0), Exec(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script_err(2);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(102)),
        &[Check(0), Exec(1), Check(2)],
    );
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    ctx.script_err(3);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(103)),
        &[Check(0), Exec(1), Check(2), Exec(3)],
    );
    // The write before the error is kept.
    assert_eq!(tree.blackboard().calls, 1);
    for leaf in 0..4 {
        ctx.script(leaf, &[Success]);
    }
    ctx.script_err(4);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(104)),
        &[Check(0), Exec(1), Check(2), Exec(3), Exec(4)],
    );
    for leaf in 0..5 {
        ctx.script(leaf, &[Success]);
    }
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[Check(0), Exec(1), Check(2), Exec(3), Exec(4)],
    );
    assert_eq!(tree.blackboard().calls, 3);
}

/// A condition whose own error type converts into the tree's through `?`.
#[derive(Default)]
pub struct Parsed<const ID: usize>;

impl<const ID: usize> TryCondition<Ctx, Oops> for Parsed<ID> {
    fn try_check(&mut self, ctx: &Ctx) -> Result<bool, Oops> {
        let answer = minor(ctx.try_check(ID))?;
        Ok(answer)
    }
}

/// An action with ports that writes its output, then fails.
#[derive(Default, Ports)]
pub struct Emit<const ID: usize> {
    pub value: Input<i32>,
    pub out: Output<i32>,
}

impl<const ID: usize> TrySyncAction<Ctx, Oops> for Emit<ID> {
    fn try_execute(&mut self, ctx: &mut Ctx) -> Result<Outcome, Oops> {
        self.out.set(*self.value * 2);
        ctx.try_exec(ID)
    }
}

behavior_tree! {
    tree Raise for Ctx, error Oops {
        ReactiveSequence {
            Condition(Parsed<0>),
            Fallback { Condition(Cond<1>), Error(Oops(7)) },
            Fallback { Condition(Cond<2>), Error(Minor(3)) },
            Error(Oops(ctx_code())),
        }
    }
}

fn ctx_code() -> usize {
    42
}

try_trees!(Raise);

#[test]
fn question_mark_conversion_and_the_error_leaf() {
    let (mut tree, mut ctx) = (Raise::new(), Ctx::new());
    // `?` in a typed leaf converts `Minor` into `Oops`.
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(100)), &[Check(0)]);
    ctx.script(0, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Check(0)]);
    // `Error(value)` with a value of the tree's error type.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(7)), &[Check(0), Check(1)]);
    // `Error(value)` converts with `Into`.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(103)),
        &[Check(0), Check(1), Check(2)],
    );
    // Any expression, evaluated when the leaf is ticked.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(42)),
        &[Check(0), Check(1), Check(2)],
    );
    assert_eq!(Raise::NODES[4].kind, "Error");
}

// ---------------------------------------------------------------------------------------------
// Every composite: the error under the composite, with running children to halt.

behavior_tree! {
    tree InSequence for Ctx, error Oops {
        Sequence { StatefulAction(Task<0>), Action(TryAct<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree InReactiveSequence for Ctx, error Oops {
        ReactiveSequence { Condition(TryCond<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree InFallback for Ctx, error Oops {
        Fallback { Action(Act<0>), StatefulAction(TryTask<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree InReactiveFallback for Ctx, error Oops {
        ReactiveFallback { Condition(TryCond<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree InAsyncSequence for Ctx, error Oops {
        AsyncSequence { Action(Act<0>), Action(TryAct<1>) }
    }
}

behavior_tree! {
    tree InAsyncFallback for Ctx, error Oops {
        AsyncFallback { Action(Act<0>), Action(TryAct<1>) }
    }
}

try_trees!(
    InSequence,
    InReactiveSequence,
    InFallback,
    InReactiveFallback,
    InAsyncSequence,
    InAsyncFallback,
);

#[test]
fn sequence_restarts_from_its_first_child() {
    let (mut tree, mut ctx) = (InSequence::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.script_err(1);
    // Aborted: the child after the failing one is not ticked.
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnRunning(0), Exec(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[OnStart(0), Exec(1), Exec(2)],
    );
}

#[test]
fn reactive_sequence_halts_its_running_child() {
    let (mut tree, mut ctx) = (InReactiveSequence::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(1)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnRunning(1)]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0), OnHalted(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Check(0), OnStart(1)]);
}

#[test]
fn fallback_restarts_from_its_first_child() {
    let (mut tree, mut ctx) = (InFallback::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0), OnStart(1)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnRunning(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[Exec(0), OnStart(1), Exec(2)],
    );
}

#[test]
fn reactive_fallback_halts_its_running_child() {
    let (mut tree, mut ctx) = (InReactiveFallback::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(1)]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0), OnHalted(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
}

#[test]
fn async_sequence_and_fallback_start_afresh() {
    let (mut tree, mut ctx) = (InAsyncSequence::new(), Ctx::new());
    ctx.script(0, &[Success]);
    // The yield after a child that completed at once.
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1)]);
    ctx.script(0, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0)]);

    let (mut tree, mut ctx) = (InAsyncFallback::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1)]);
    ctx.script(0, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0)]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(1)]);
}

// SequenceWithMemory keeps its position across an error exactly as across a halt (decision 2).

behavior_tree! {
    tree Starred for Ctx, error Oops {
        SequenceWithMemory { Action(Act<0>), StatefulAction(TryTask<1>), Action(TryAct<2>) }
    }
}

try_trees!(Starred);

#[test]
fn sequence_with_memory_keeps_its_position_as_after_a_halt() {
    // The halt first: the running child 1 is halted; the next tick resumes at it.
    let (mut tree, mut ctx) = (Starred::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0), OnStart(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[OnStart(1), Exec(2)]);

    // An error from the running child 1: the same.
    let (mut tree, mut ctx) = (Starred::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(0), OnStart(1)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnRunning(1)]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[OnStart(1), Exec(2)]);

    // An error in the tick that started the sequence: its position is the failing child.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script_err(2);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[Exec(0), OnStart(1), Exec(2)],
    );
    ctx.script(2, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(2)]);
    // Completed: the next activation starts at 0.
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(0), OnStart(1)]);
    ctx.script(1, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[OnStart(1)]);
}

// Parallel with several running children: each is halted exactly once.

behavior_tree! {
    tree InParallel for Ctx, error Oops {
        Parallel {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            Action(Act<5>),
            ReactiveSequence { Condition(TryCond<2>), StatefulAction(Task<3>) },
            StatefulAction(Task<4>),
        }
    }
}

behavior_tree! {
    tree InParallelAll for Ctx, error Oops {
        ParallelAll {
            StatefulAction(Task<0>),
            ReactiveSequence { Condition(TryCond<1>), StatefulAction(Task<2>) },
            StatefulAction(Task<3>),
        }
    }
}

try_trees!(InParallel, InParallelAll);

#[test]
fn parallel_halts_every_running_child_once() {
    let (mut tree, mut ctx) = (InParallel::new(), Ctx::new());
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Running, Running]);
    ctx.script(3, &[Running]);
    ctx.script(4, &[Running]);
    ctx.script(5, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[
            OnStart(0),
            OnStart(1),
            Exec(5),
            Check(2),
            OnStart(3),
            OnStart(4),
        ],
    );
    ctx.script_err(2);
    // Children 0 and 1 are ticked, child 5 has completed (not ticked again), child 2 fails with
    // an error: the tick stops there (task 4 is not ticked) and the four running tasks are halted.
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[
            OnRunning(0),
            OnRunning(1),
            Check(2),
            OnHalted(0),
            OnHalted(1),
            OnHalted(3),
            OnHalted(4),
        ],
    );
    expect_try_halt(&mut tree, &mut ctx, &[]);
    // Afresh: the completed child is ticked again.
    for leaf in [0, 1, 3, 4] {
        ctx.script(leaf, &[Success]);
    }
    ctx.script(5, &[Success]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Success),
        &[
            OnStart(0),
            OnStart(1),
            Exec(5),
            Check(2),
            OnStart(3),
            OnStart(4),
        ],
    );
}

#[test]
fn parallel_all_halts_every_running_child_once() {
    let (mut tree, mut ctx) = (InParallelAll::new(), Ctx::new());
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    ctx.script(3, &[Running]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[OnStart(0), Check(1), OnStart(2), OnStart(3)],
    );
    ctx.script_err(1);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(1)),
        &[
            OnRunning(0),
            Check(1),
            OnHalted(0),
            OnHalted(2),
            OnHalted(3),
        ],
    );
    expect_try_halt(&mut tree, &mut ctx, &[]);
}

// IfThenElse, WhileDoElse, Switch, TryCatch.

behavior_tree! {
    tree InIfThenElse for Ctx, error Oops {
        IfThenElse {
            Condition(Cond<0>),
            Sequence { StatefulAction(Task<1>), Action(TryAct<2>) },
            Action(Act<3>),
        }
    }
}

behavior_tree! {
    tree InWhileDoElse for Ctx, error Oops {
        WhileDoElse { Condition(TryCond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree InSwitch for Ctx, error Oops {
        blackboard { mode: u8 = 1 }
        Switch(mode) {
            case 1 => StatefulAction(Task<0>),
            _ => Sequence { StatefulAction(Task<1>), Action(TryAct<2>) },
        }
    }
}

behavior_tree! {
    tree InTryCatch for Ctx, error Oops {
        TryCatch { StatefulAction(Task<0>), Action(TryAct<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree InCatch for Ctx, error Oops {
        TryCatch { Action(Act<0>), Action(TryAct<1>) }
    }
}

behavior_tree! {
    tree CatchOnHalt for Ctx, error Oops {
        ReactiveSequence {
            Condition(TryCond<2>),
            TryCatch(catch_on_halt = true) { StatefulAction(Task<0>), Action(TryAct<1>) },
        }
    }
}

try_trees!(
    InIfThenElse,
    InWhileDoElse,
    InSwitch,
    InTryCatch,
    InCatch,
    CatchOnHalt
);

#[test]
fn if_then_else_checks_its_condition_again() {
    let (mut tree, mut ctx) = (InIfThenElse::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(1)]);
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[OnRunning(1), Exec(2)]);
    ctx.script(0, &[Failure]);
    ctx.script(3, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Check(0), Exec(3)]);
}

#[test]
fn while_do_else_halts_the_running_branch() {
    let (mut tree, mut ctx) = (InWhileDoElse::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(1)]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0), OnHalted(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(2, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(2)]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0), OnHalted(2)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn switch_halts_and_starts_afresh() {
    let (mut tree, mut ctx) = (InSwitch::new(), Ctx::new());
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    tree.blackboard_mut().mode = 2;
    ctx.script(1, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnHalted(0), OnStart(1)]);
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[OnRunning(1), Exec(2)]);
    tree.blackboard_mut().mode = 1;
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn try_catch_does_not_catch_an_error() {
    let (mut tree, mut ctx) = (InTryCatch::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.script_err(1);
    // An error is not a failure: the catch child is not ticked.
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnRunning(0), Exec(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Failure),
        &[OnStart(0), Exec(1), Exec(2)],
    );

    // An error from the catch child itself.
    let (mut tree, mut ctx) = (InCatch::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(0), Exec(1)]);
}

#[test]
fn try_catch_catch_on_halt_runs_in_the_halt_after_an_error() {
    let (mut tree, mut ctx) = (CatchOnHalt::new(), Ctx::new());
    ctx.script(2, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(2), OnStart(0)]);
    // The error halts the TryCatch, which halts its try child and ticks its catch child.
    ctx.script_err(2);
    ctx.script(1, &[Success]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[Check(2), OnHalted(0), Exec(1)],
    );
    // A catch child that fails with an error during a halt: a halt cannot fail, the error is
    // dropped (the child counts as failed).
    ctx.script(2, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(2), OnStart(0)]);
    ctx.script_err(1);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(0), Exec(1)]);
    ctx.script(2, &[Success]);
    ctx.script(0, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Check(2), OnStart(0)]);
}

// ---------------------------------------------------------------------------------------------
// Every decorator: `Decorator { ReactiveSequence { Action(TryAct<1>), StatefulAction(Task<0>) } }`
// runs the task; an error from the action halts it through the decorator; the next tick starts
// afresh.

macro_rules! over_reactive {
    ($($name:ident = $kind:ident $(($($args:tt)*))?;)*) => {
        $(
            behavior_tree! {
                tree $name for Ctx, error Oops {
                    $kind $(($($args)*))? {
                        ReactiveSequence { Action(TryAct<1>), StatefulAction(Task<0>) }
                    }
                }
            }
            try_trees!($name);
        )*
        #[test]
        fn every_decorator_halts_its_running_child_on_an_error() {
            $(halted_through_decorator::<$name>(stringify!($name));)*
        }
    };
}

over_reactive! {
    DInverter = Inverter;
    DForceSuccess = ForceSuccess;
    DForceFailure = ForceFailure;
    DRepeat = Repeat(3);
    DRetry = RetryUntilSuccessful(3);
    DKeepRunning = KeepRunningUntilFailure;
    DRunOnce = RunOnce;
    DRunOnceKeep = RunOnce(then_skip = false);
    DTimeout = Timeout(100);
    DLimiter = Limiter(3);
    DMaxTime = MaxTime(100);
    DRepeater = Repeater(3);
    DRepeaterForever = Repeater(forever);
    DRepeatUntilFailure = RepeatUntilFailure(3);
    DRepeatUntilSuccess = RepeatUntilSuccess(3);
}

fn halted_through_decorator<T: common::TryTree>(name: &str) {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(1, &[Success, Success]);
    ctx.script(0, &[Running, Running]);
    let check = |tree: &mut T, ctx: &mut Ctx, answer, calls: &[common::Call]| {
        let got = tree.try_tick(ctx);
        assert_eq!((got, ctx.take_log().as_slice()), (answer, calls), "{name}");
        assert_eq!(tree.try_status(), answer.ok(), "{name}");
    };
    check(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    check(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnRunning(0)]);
    ctx.script_err(1);
    check(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    tree.try_halt(&mut ctx);
    assert_eq!(ctx.take_log(), [], "{name}: halted twice");
    ctx.script(1, &[Success]);
    ctx.script(0, &[Running]);
    check(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    tree.try_halt(&mut ctx);
    assert_eq!(ctx.take_log(), [OnHalted(0)], "{name}");
}

behavior_tree! {
    tree InDelay for Ctx, error Oops {
        Delay(50) { StatefulAction(TryTask<0>) }
    }
}

behavior_tree! {
    tree InTimeout for Ctx, error Oops {
        Timeout(100) { Sequence { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}

try_trees!(InDelay, InTimeout);

#[test]
fn delay_waits_again_after_an_error() {
    let (mut tree, mut ctx) = (InDelay::new(), Ctx::new());
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[]);
    ctx.advance_ms(50);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.advance_ms(10);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[OnRunning(0)]);
    // A new activation: the delay again, before the child.
    ctx.advance_ms(10);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[]);
    ctx.advance_ms(49);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[]);
    ctx.advance_ms(1);
    ctx.script(0, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[OnStart(0)]);
}

#[test]
fn timeout_restarts_its_clock_after_an_error() {
    let (mut tree, mut ctx) = (InTimeout::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.advance_ms(90);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnRunning(0), Exec(1)]);
    ctx.advance_ms(60);
    // 150 ms after the first start: a timeout had it not restarted.
    ctx.script(0, &[Running, Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.advance_ms(90);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnRunning(0)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

// Precondition, Loop and the update nodes, on a blackboard.

behavior_tree! {
    tree InPrecondition for Ctx, error Oops {
        blackboard { checks: std::cell::Cell<u32>, go: bool = true }
        Precondition(|bb| { bb.checks.set(bb.checks.get() + 1); bb.go }) {
            ReactiveSequence { Action(TryAct<1>), StatefulAction(Task<0>) }
        }
    }
}

behavior_tree! {
    tree InLoop for Ctx, error Oops {
        blackboard {
            queue: std::collections::VecDeque<u32> = [10, 20, 30].into(),
            item: u32,
        }
        Loop(queue, value = {item}) {
            ReactiveSequence { Action(TryAct<1>), StatefulAction(Task<0>) }
        }
    }
}

behavior_tree! {
    tree InUpdates for Ctx, error Oops {
        blackboard { #[tracked] seen: u32 }
        Sequence {
            Script(|bb| *bb.seen += 1),
            WaitValueUpdate(seen) {
                ReactiveSequence { Action(TryAct<1>), StatefulAction(Task<0>) }
            },
            SkipUnlessUpdated(seen) { StatefulAction(TryTask<2>) },
        }
    }
}

try_trees!(InPrecondition, InLoop, InUpdates);

#[test]
fn precondition_checks_again_after_an_error() {
    let (mut tree, mut ctx) = (InPrecondition::new(), Ctx::new());
    ctx.script(1, &[Success, Success]);
    ctx.script(0, &[Running, Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    // The child runs: the condition is not checked again.
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnRunning(0)]);
    assert_eq!(tree.blackboard().checks.get(), 1);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    // The halt cleared the "child running" latch (decision 5): checked again.
    tree.blackboard_mut().go = false;
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[]);
    assert_eq!(tree.blackboard().checks.get(), 2);
}

#[test]
fn loop_pops_the_next_item_after_an_error() {
    let (mut tree, mut ctx) = (InLoop::new(), Ctx::new());
    ctx.script(1, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    assert_eq!(tree.blackboard().item, 10);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    // The popped item is consumed, as after a halt.
    ctx.script(1, &[Success]);
    ctx.script(0, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    assert_eq!(tree.blackboard().item, 20);
    assert_eq!(tree.blackboard().queue, [30]);
}

#[test]
fn update_nodes_after_an_error() {
    let (mut tree, mut ctx) = (InUpdates::new(), Ctx::new());
    ctx.script(1, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    assert_eq!(tree.blackboard().seen.version(), 1);
    // Afresh: the script writes again, the WaitValueUpdate sees it.
    ctx.script(1, &[Success]);
    ctx.script(0, &[Success]);
    ctx.script_err(2);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[Exec(1), OnStart(0), OnStart(2)],
    );
    assert_eq!(tree.blackboard().seen.version(), 2);
}

// ---------------------------------------------------------------------------------------------
// SubTree: an infallible child tree inside a fallible parent.

behavior_tree! {
    pub tree Errand for Ctx {
        blackboard { steps: u32 }
        Sequence {
            Script(|bb| bb.steps += 1),
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
        }
    }
}

behavior_tree! {
    tree Boss for Ctx, error Oops {
        blackboard { steps: u32 }
        ReactiveSequence {
            Action(TryAct<2>),
            SubTree(Errand, steps = {steps}),
        }
    }
}

try_trees!(Boss);

#[test]
fn an_error_halts_the_running_nodes_of_a_subtree() {
    let (mut tree, mut ctx) = (Boss::new(), Ctx::new());
    ctx.script(2, &[Success, Success]);
    ctx.script(0, &[Running, Success]);
    ctx.script(1, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(2), OnStart(0)]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[Exec(2), OnRunning(0), OnStart(1)],
    );
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[Exec(2), OnHalted(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    // The subtree starts over (its Sequence was halted); its blackboard writes were kept.
    assert_eq!(tree.blackboard().steps, 1);
    ctx.script(2, &[Success]);
    ctx.script(0, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Exec(2), OnStart(0)]);
    assert_eq!(tree.blackboard().steps, 2);
}

// ---------------------------------------------------------------------------------------------
// Observers: the failing leaf and its ancestors report no status but their abort; the halts
// reach the observer; the root's abort ends the tick.

/// Every event, in order: `(node, Some(status))` or `(node, None)` for a halt.
#[derive(Default)]
struct Events(Vec<(usize, Option<Status>)>);

impl Observer for Events {
    fn on_status(&mut self, node: usize, status: Status) {
        self.0.push((node, Some(status)));
    }

    fn on_halted(&mut self, node: usize) {
        self.0.push((node, None));
    }
}

/// [`Events`], with the aborts: `(node, "ABORTED")`, else the event's name.
#[derive(Default)]
struct Named(Vec<(usize, &'static str)>);

impl Observer for Named {
    fn on_status(&mut self, node: usize, status: Status) {
        self.0.push((node, status.name()));
    }

    fn on_halted(&mut self, node: usize) {
        self.0.push((node, "HALTED"));
    }

    fn on_aborted(&mut self, node: usize) {
        self.0.push((node, "ABORTED"));
    }
}

behavior_tree! {
    tree Watched for Ctx, error Oops {
        Sequence {                                      // 0
            StatefulAction(Task<0>),                    // 1
            Parallel {                                  // 2
                StatefulAction(Task<2>),                // 3
                Sequence {                              // 4
                    Condition(TryCond<1>),              // 5
                    StatefulAction(TryTask<3>),         // 6
                },
            },
        }
    }
}

#[test]
fn the_halts_after_an_error_reach_the_observer() {
    let (mut tree, mut ctx) = (Watched::new(), Ctx::new());
    let mut events = Events::default();
    ctx.script(0, &[Running, Success]);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Ok(Running));
    assert_eq!(events.0, [(1, Some(Running)), (0, Some(Running))]);
    assert_eq!(ctx.take_log(), [OnStart(0)]);
    events.0.clear();
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Running]);
    ctx.script(3, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Ok(Running));
    assert_eq!(
        ctx.take_log(),
        [OnRunning(0), OnStart(2), Check(1), OnStart(3)]
    );
    events.0.clear();
    // Task 3 fails with an error: it reports nothing; the running nodes are halted, children
    // first, and every halt is reported.
    ctx.script_err(3);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Err(Oops(3)));
    assert_eq!(ctx.take_log(), [OnRunning(2), OnRunning(3), OnHalted(2)]);
    assert_eq!(
        events.0,
        [
            (3, Some(Running)),
            (3, None),
            (4, None),
            (2, None),
            (0, None)
        ]
    );
    assert_eq!(tree.status(), None);
    // A halt afterwards reports nothing: everything was halted once.
    events.0.clear();
    tree.halt_with(&mut ctx, &mut events);
    assert_eq!(events.0, []);
    assert_eq!(ctx.take_log(), []);

    // An error in the tick that started the inner Sequence: it had not answered yet; the halt
    // visits it, and the observer sees it halted, like the nodes above it.
    ctx.script(0, &[Success]);
    ctx.script(2, &[Running]);
    ctx.script_err(1);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Err(Oops(1)));
    assert_eq!(
        ctx.take_log(),
        [OnStart(0), OnStart(2), Check(1), OnHalted(2)]
    );
    assert_eq!(
        events.0,
        [
            (1, Some(Success)),
            (3, Some(Running)),
            (3, None),
            (4, None),
            (2, None),
            (0, None),
        ]
    );
}

#[test]
fn a_tick_trace_shows_the_halted_nodes() {
    let (mut tree, mut ctx) = (Watched::new(), Ctx::new());
    let mut trace = TickTrace::<{ Watched::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(2, &[Running, Running]);
    ctx.script(1, &[Success]);
    ctx.script(3, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Ok(Running));
    ctx.take_log();
    trace.clear();
    ctx.script_err(3);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Err(Oops(3)));
    assert_eq!(ctx.take_log(), [OnRunning(2), OnRunning(3), OnHalted(2)]);
    assert_eq!(trace.status(6), None, "the failing leaf answered no status");
    // The failing leaf's path is aborted (its nodes, which can run, were also halted); Task<2>
    // was halted.
    for node in [0, 2, 4, 6] {
        assert_eq!(trace.event(node), Some(TraceEvent::Aborted), "node {node}");
    }
    assert_eq!(trace.event(3), Some(TraceEvent::Halted));
    assert_eq!(
        trace.display(Watched::NODES).to_string(),
        "Sequence          aborted
  Parallel        aborted
    Task<2>       halted
    Sequence      aborted
      TryTask<3>  aborted
",
    );
}

#[test]
fn the_aborts_come_before_the_halts_and_the_root_s_ends_the_tick() {
    let (mut tree, mut ctx) = (Watched::new(), Ctx::new());
    let mut events = Named::default();
    ctx.script(0, &[Success]);
    ctx.script(2, &[Running, Running]);
    ctx.script(1, &[Success]);
    ctx.script(3, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Ok(Running));
    ctx.take_log();
    events.0.clear();
    ctx.script_err(3);
    assert_eq!(tree.tick_with(&mut ctx, &mut events), Err(Oops(3)));
    assert_eq!(ctx.take_log(), [OnRunning(2), OnRunning(3), OnHalted(2)]);
    assert_eq!(
        events.0,
        [
            (3, "RUNNING"),
            (6, "ABORTED"),
            (4, "ABORTED"),
            (2, "ABORTED"),
            (3, "HALTED"),
            (4, "HALTED"),
            (2, "HALTED"),
            (0, "HALTED"),
            (0, "ABORTED"),
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Blackboard writes before the error are kept; RunOnce keeps its memory.

behavior_tree! {
    tree Writes for Ctx, error Oops {
        blackboard { count: i32, flag: bool, out: i32, #[tracked] seen: u32, done: u32 }
        Sequence {
            Script(|bb| bb.count += 1),
            SetBlackboard(flag = true),
            SetBlackboard(seen = 5),
            #[on_success(|bb| bb.done += 1)]
            Action(Act<0>),
            Action(Emit<1>, value = {count}, out = {out}),
            Script(|bb| bb.count += 100),
        }
    }
}

try_trees!(Writes);

#[test]
fn writes_before_the_error_are_kept() {
    let (mut tree, mut ctx) = (Writes::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(0), Exec(1)]);
    let bb = tree.blackboard();
    assert_eq!((bb.count, bb.flag, bb.done), (1, true, 1));
    assert_eq!((*bb.seen, bb.seen.version()), (5, 1));
    // The failing leaf set its output before failing: written, as by any output it set.
    assert_eq!(bb.out, 2);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(0), Exec(1)]);
    let bb = tree.blackboard();
    assert_eq!(
        (bb.count, bb.out, bb.done, bb.seen.version()),
        (102, 4, 2, 2)
    );
}

behavior_tree! {
    tree Once for Ctx, error Oops {
        Sequence {
            RunOnce { Action(Act<0>) },
            RunOnce(then_skip = false) { Action(TryAct<1>) },
            Action(TryAct<2>),
        }
    }
}

try_trees!(Once);

#[test]
fn run_once_keeps_its_memory_across_errors() {
    let (mut tree, mut ctx) = (Once::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(0), Exec(1)]);
    // The first RunOnce completed before the error: skipped for the tree's life. The second
    // did not complete (its child failed with an error): ticked again.
    ctx.script(1, &[Success]);
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[Exec(1), Exec(2)]);
    // Both are done, and remember it across the second error: the first is skipped, the second
    // answers its remembered Success.
    ctx.script(2, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(2)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    ctx.script(2, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Exec(2)]);
}

// ---------------------------------------------------------------------------------------------
// Pre- and post-conditions: halted nodes run `on_halted` and `post`; the failing node runs none
// of its post-conditions.

behavior_tree! {
    tree Hooked for Ctx, error Oops {
        blackboard { log: Vec<&'static str>, skip: bool }
        #[on_halted(|bb| bb.log.push("root halted"))]
        #[post(|bb| bb.log.push("root post"))]
        #[on_failure(|bb| bb.log.push("root failure"))]
        ReactiveSequence {
            #[on_success(|bb| bb.log.push("cond success"))]
            #[on_failure(|bb| bb.log.push("cond failure"))]
            #[post(|bb| bb.log.push("cond post"))]
            Condition(TryCond<0>),
            #[skip_if(|bb| bb.skip)]
            #[on_success(|bb| bb.log.push("act success"))]
            #[on_failure(|bb| bb.log.push("act failure"))]
            #[on_halted(|bb| bb.log.push("act halted"))]
            #[post(|bb| bb.log.push("act post"))]
            Action(TryAct<1>),
            #[on_halted(|bb| bb.log.push("task halted"))]
            #[post(|bb| bb.log.push("task post"))]
            StatefulAction(TryTask<2>),
        }
    }
}

try_trees!(Hooked);

fn take(tree: &mut Hooked) -> Vec<&'static str> {
    std::mem::take(&mut tree.blackboard_mut().log)
}

#[test]
fn hooks_of_halted_nodes_run_and_the_failing_node_runs_none() {
    let (mut tree, mut ctx) = (Hooked::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[Check(0), Exec(1), OnStart(2)],
    );
    assert_eq!(
        take(&mut tree),
        ["cond success", "cond post", "act success", "act post"]
    );
    // The condition fails with an error: none of its post-conditions; the task and the root
    // were running: halted, with their hooks (on_halted, then post; children first).
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Check(0), OnHalted(2)]);
    assert_eq!(
        take(&mut tree),
        ["task halted", "task post", "root halted", "root post"]
    );
    // The action fails with an error: its post-conditions do not run (nor its on_halted: it
    // finished). The root had not answered yet in this tick: it is halted, with its hooks
    // (the current rule: every node on the failing leaf's path that can run at all counts as
    // running; a node that can never run, such as a Sequence of synchronous actions, is not
    // halted and runs no hook).
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Check(0), Exec(1)]);
    assert_eq!(
        take(&mut tree),
        ["cond success", "cond post", "root halted", "root post"]
    );
    // A pre-condition that skips the node: no error.
    tree.blackboard_mut().skip = true;
    ctx.script(0, &[Success]);
    ctx.script(2, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Check(0), OnStart(2)]);
    assert_eq!(take(&mut tree), ["cond success", "cond post"]);
    // The running task fails with an error: no hook of its own.
    ctx.script(0, &[Success]);
    ctx.script_err(2);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(2)), &[Check(0), OnRunning(2)]);
    assert_eq!(
        take(&mut tree),
        ["cond success", "cond post", "root halted", "root post"]
    );
    expect_try_halt(&mut tree, &mut ctx, &[]);
    assert_eq!(take(&mut tree), Vec::<&str>::new());
}

// ---------------------------------------------------------------------------------------------
// A stateful action that starts in the aborted tick is halted, under every parent: the child
// `Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }` starts task 0, then action 1 fails
// with an error. (Under ReactiveSequence, ReactiveFallback/Priority, AsyncSequence and
// AsyncFallback it is not: tests/regression/error_under_reactive_composite.rs.)
behavior_tree! {
    tree PSequence for Ctx, error Oops {
        Sequence { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>) }
    }
}
behavior_tree! {
    tree PStarred for Ctx, error Oops {
        SequenceWithMemory { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>) }
    }
}
behavior_tree! {
    tree PFallback for Ctx, error Oops {
        Fallback { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>) }
    }
}
behavior_tree! {
    tree PParallel for Ctx, error Oops {
        Parallel { Action(Act<3>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PParallelAll for Ctx, error Oops {
        ParallelAll { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PIfCondition for Ctx, error Oops {
        IfThenElse { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>), Action(Act<2>) }
    }
}
behavior_tree! {
    tree PIfThen for Ctx, error Oops {
        IfThenElse { Action(Act<3>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<2>) }
    }
}
behavior_tree! {
    tree PIfElse for Ctx, error Oops {
        IfThenElse { Action(Act<2>), Action(Act<3>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PWhileCondition for Ctx, error Oops {
        WhileDoElse { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>), Action(Act<2>) }
    }
}
behavior_tree! {
    tree PWhileDo for Ctx, error Oops {
        WhileDoElse { Action(Act<3>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<2>) }
    }
}
behavior_tree! {
    tree PWhileElse for Ctx, error Oops {
        WhileDoElse { Action(Act<2>), Action(Act<3>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PSwitchCase for Ctx, error Oops {
        blackboard { mode: u8 = 1 }
        Switch(mode) { case 1 => Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, _ => Action(Act<3>) }
    }
}
behavior_tree! {
    tree PSwitchDefault for Ctx, error Oops {
        blackboard { mode: u8 = 2 }
        Switch(mode) { case 1 => Action(Act<3>), _ => Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PTry for Ctx, error Oops {
        TryCatch { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, Action(Act<3>) }
    }
}
behavior_tree! {
    tree PCatch for Ctx, error Oops {
        TryCatch { Action(Act<2>), Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PInverter for Ctx, error Oops {
        Inverter { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PForceSuccess for Ctx, error Oops {
        ForceSuccess { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PForceFailure for Ctx, error Oops {
        ForceFailure { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRepeat for Ctx, error Oops {
        Repeat(3) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRetry for Ctx, error Oops {
        RetryUntilSuccessful(3) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PKeepRunning for Ctx, error Oops {
        KeepRunningUntilFailure { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRunOnce for Ctx, error Oops {
        RunOnce { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PTimeout for Ctx, error Oops {
        Timeout(100) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PPrecondition for Ctx, error Oops {
        blackboard { go: bool = true }
        Precondition(|bb| bb.go) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PLimiter for Ctx, error Oops {
        Limiter(3) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PMaxTime for Ctx, error Oops {
        MaxTime(100) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRepeater for Ctx, error Oops {
        Repeater(3) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRepeatUntilFailure for Ctx, error Oops {
        RepeatUntilFailure(3) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PRepeatUntilSuccess for Ctx, error Oops {
        RepeatUntilSuccess(forever) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PSkipUnlessUpdated for Ctx, error Oops {
        blackboard { #[tracked] seen: u8 }
        Sequence { SetBlackboard(seen = 1), SkipUnlessUpdated(seen) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } } }
    }
}
behavior_tree! {
    tree PWaitValueUpdate for Ctx, error Oops {
        blackboard { #[tracked] seen: u8 }
        Sequence { SetBlackboard(seen = 1), WaitValueUpdate(seen) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } } }
    }
}
behavior_tree! {
    tree PLoop for Ctx, error Oops {
        blackboard { queue: std::collections::VecDeque<u8> = [1, 2, 3].into(), item: u8 }
        Loop(queue, value = {item}) { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}
behavior_tree! {
    tree PHooked for Ctx, error Oops {
        blackboard { hooks: u8 }
        #[on_halted(|bb| bb.hooks += 1)]
        Sequence {
            #[post(|bb| bb.hooks += 1)]
            Parallel { StatefulAction(Task<0>), Action(TryAct<1>) },
        }
    }
}
try_trees!(
    PSequence,
    PStarred,
    PFallback,
    PParallel,
    PParallelAll,
    PIfCondition,
    PIfThen,
    PIfElse,
    PWhileCondition,
    PWhileDo,
    PWhileElse,
    PSwitchCase,
    PSwitchDefault,
    PTry,
    PCatch,
    PInverter,
    PForceSuccess,
    PForceFailure,
    PRepeat,
    PRetry,
    PKeepRunning,
    PRunOnce,
    PTimeout,
    PPrecondition,
    PLimiter,
    PMaxTime,
    PRepeater,
    PRepeatUntilFailure,
    PRepeatUntilSuccess,
    PSkipUnlessUpdated,
    PWaitValueUpdate,
    PLoop,
    PHooked,
);

/// Tick 1: task 0 starts, action 1 fails: task 0 is halted. Tick 2 starts afresh (`on_start`);
/// a halt halts the task once. `before` are the calls the parent makes before the child.
fn started_task_is_halted<T: common::TryTree>(name: &str, before: &[common::Call]) {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    let calls = |rest: &[common::Call]| [before, rest].concat();
    for leaf in before {
        match leaf {
            Exec(2) => ctx.script(2, &[Failure, Failure]),
            Exec(3) => ctx.script(3, &[Success, Success]),
            other => unreachable!("{other:?}"),
        }
    }
    ctx.script(0, &[Running]);
    ctx.script_err(1);
    let got = tree.try_tick(&mut ctx);
    let expected = calls(&[OnStart(0), Exec(1), OnHalted(0)]);
    assert_eq!(
        (got, ctx.take_log()),
        (Err(Oops(1)), expected),
        "{name}: the error"
    );
    assert_eq!(tree.try_status(), None, "{name}");
    ctx.script(0, &[Running]);
    ctx.script(1, &[Success]);
    let got = tree.try_tick(&mut ctx);
    let expected = calls(&[OnStart(0), Exec(1)]);
    assert_eq!(
        (got, ctx.take_log()),
        (Ok(Running), expected),
        "{name}: afresh"
    );
    tree.try_halt(&mut ctx);
    assert_eq!(ctx.take_log(), [OnHalted(0)], "{name}: the halt");
}

#[test]
fn a_task_started_in_the_aborted_tick_is_halted_under_every_parent() {
    started_task_is_halted::<PSequence>("PSequence", &[]);
    started_task_is_halted::<PStarred>("PStarred", &[]);
    started_task_is_halted::<PFallback>("PFallback", &[]);
    started_task_is_halted::<PParallel>("PParallel", &[Exec(3)]);
    started_task_is_halted::<PParallelAll>("PParallelAll", &[]);
    started_task_is_halted::<PIfCondition>("PIfCondition", &[]);
    started_task_is_halted::<PIfThen>("PIfThen", &[Exec(3)]);
    started_task_is_halted::<PIfElse>("PIfElse", &[Exec(2)]);
    started_task_is_halted::<PWhileCondition>("PWhileCondition", &[]);
    started_task_is_halted::<PWhileDo>("PWhileDo", &[Exec(3)]);
    started_task_is_halted::<PWhileElse>("PWhileElse", &[Exec(2)]);
    started_task_is_halted::<PSwitchCase>("PSwitchCase", &[]);
    started_task_is_halted::<PSwitchDefault>("PSwitchDefault", &[]);
    started_task_is_halted::<PTry>("PTry", &[]);
    started_task_is_halted::<PCatch>("PCatch", &[Exec(2)]);
    started_task_is_halted::<PInverter>("PInverter", &[]);
    started_task_is_halted::<PForceSuccess>("PForceSuccess", &[]);
    started_task_is_halted::<PForceFailure>("PForceFailure", &[]);
    started_task_is_halted::<PRepeat>("PRepeat", &[]);
    started_task_is_halted::<PRetry>("PRetry", &[]);
    started_task_is_halted::<PKeepRunning>("PKeepRunning", &[]);
    started_task_is_halted::<PRunOnce>("PRunOnce", &[]);
    started_task_is_halted::<PTimeout>("PTimeout", &[]);
    started_task_is_halted::<PPrecondition>("PPrecondition", &[]);
    started_task_is_halted::<PLimiter>("PLimiter", &[]);
    started_task_is_halted::<PMaxTime>("PMaxTime", &[]);
    started_task_is_halted::<PRepeater>("PRepeater", &[]);
    started_task_is_halted::<PRepeatUntilFailure>("PRepeatUntilFailure", &[]);
    started_task_is_halted::<PRepeatUntilSuccess>("PRepeatUntilSuccess", &[]);
    started_task_is_halted::<PSkipUnlessUpdated>("PSkipUnlessUpdated", &[]);
    started_task_is_halted::<PWaitValueUpdate>("PWaitValueUpdate", &[]);
    started_task_is_halted::<PLoop>("PLoop", &[]);
    started_task_is_halted::<PHooked>("PHooked", &[]);
}
