//! Open bug (issue 11, decision 11): after an error, the tree's halt does not reach a child of a
//! `ReactiveSequence`, `ReactiveFallback` (behavior3's `Priority`), `AsyncSequence` or
//! `AsyncFallback` that started running in the aborted tick.
//!
//! Decision 11 and the guide: an error aborts the tick and every running node is halted exactly as
//! by `tree.halt()`; each started, unfinished stateful action gets `on_halted` once; the next tick
//! starts afresh. Under these four composites, a child that was not running before the tick and
//! fails with an error below it (here a `Parallel` whose first child started running, or a
//! `Sequence` whose first child completed) is left as it was:
//!
//! * the stateful action started in the aborted tick never gets `on_halted`, and stays started:
//!   the next tick calls its `on_running` instead of `on_start`;
//! * the child's own memory is kept: a `Sequence` resumes at the child that failed with the
//!   error, without ticking the ones before it again;
//! * an observer never sees that child halted.
//!
//! The same trees under `Sequence`, `Fallback`, `SequenceWithMemory`, `Parallel`, `IfThenElse`,
//! `WhileDoElse`, `Switch`, `TryCatch` and every decorator are halted correctly
//! (`tests/behaviour/errors.rs`, `a_task_started_in_the_aborted_tick_is_halted_under_every_parent`).
//!
//! Cause (as far as the generated code shows): on an error, `tick_child` (bt-macros
//! `codegen/mod.rs`) marks each parent on the way up running, so that the tree's halt visits it;
//! but these four composites halt the child their rule remembers as running
//! (`Reactive::running` in bt-core `control/reactive.rs`: the child that answered `Running`;
//! likewise the async walk), which is not the child being ticked when the error came. That child
//! keeps its running flag and state.
//!
//! Found while writing `tests/behaviour/errors.rs`. Each test below gives the tree, the ticks, the
//! expected calls and (in the comment) the actual ones.

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_try_halt, expect_try_tick, try_trees, Ctx, Oops, Task, TryAct};

behavior_tree! {
    tree UnderReactiveSequence for Ctx, error Oops {
        ReactiveSequence { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}

behavior_tree! {
    tree UnderPriority for Ctx, error Oops {
        Priority { AlwaysFailure, Parallel { StatefulAction(Task<0>), Action(TryAct<1>) } }
    }
}

behavior_tree! {
    tree UnderAsyncSequence for Ctx, error Oops {
        AsyncSequence { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, AlwaysSuccess }
    }
}

behavior_tree! {
    tree UnderAsyncFallback for Ctx, error Oops {
        AsyncFallback { Parallel { StatefulAction(Task<0>), Action(TryAct<1>) }, AlwaysSuccess }
    }
}

try_trees!(
    UnderReactiveSequence,
    UnderPriority,
    UnderAsyncSequence,
    UnderAsyncFallback
);

/// Tick 1: task 0 starts (`Running`), then action 1 fails with `Oops(1)`. Expected: task 0 is
/// halted. Actual: `[OnStart(0), Exec(1)]`, no `OnHalted(0)`. Tick 2: expected `on_start` again;
/// actual `[OnRunning(0), Exec(1)]` (the action was never halted: still started). The final
/// `halt` then calls `OnHalted(0)` once, for the action started in tick 1.
fn started_action_is_halted<T: crate::common::TryTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Running]);
    ctx.script_err(1);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(1)),
        &[OnStart(0), Exec(1), OnHalted(0)],
    );
    ctx.script(0, &[Running]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0), Exec(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]

fn error_halts_a_task_started_under_reactive_sequence() {
    started_action_is_halted::<UnderReactiveSequence>();
}

#[test]

fn error_halts_a_task_started_under_priority() {
    started_action_is_halted::<UnderPriority>();
}

#[test]

fn error_halts_a_task_started_under_async_sequence() {
    started_action_is_halted::<UnderAsyncSequence>();
}

#[test]

fn error_halts_a_task_started_under_async_fallback() {
    started_action_is_halted::<UnderAsyncFallback>();
}

behavior_tree! {
    tree StaleSequence for Ctx, error Oops {
        ReactiveSequence {
            Sequence { StatefulAction(Task<0>), Action(TryAct<1>) },
            AlwaysSuccess,
        }
    }
}

try_trees!(StaleSequence);

/// Tick 1: task 0 succeeds at once, action 1 fails with `Oops(1)`. Tick 2 should start afresh:
/// `[OnStart(0), Exec(1)]`. Actual: `[Exec(1)]`: the inner Sequence, never halted, resumes at its
/// second child.
#[test]

fn error_restarts_a_sequence_under_reactive_sequence() {
    let (mut tree, mut ctx) = (StaleSequence::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[OnStart(0), Exec(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[OnStart(0), Exec(1)]);
}
