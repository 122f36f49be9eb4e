//! Decorators, tick by tick: Inverter, ForceSuccess, ForceFailure, Repeat, RetryUntilSuccessful,
//! KeepRunningUntilFailure, RunOnce.
//!
//! Rules: bt-core `decorator/*.rs`; decisions.md "the tick model", decisions 1 and 6. A looping
//! decorator never restarts a child that completed in the same tick: it answers `Running` and the
//! child starts again on the next tick (one completion per tick).

// The rules' edge cases on purpose (`Repeat(0)`, a constant leaf before a Fallback's other
// children), which the macro warns about.
#![allow(deprecated)]

use crate::common;

use bt::behavior_tree;
use bt::Status::{self, *};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Ctx, Task, TestTree};

/// Declares trees `Name { Decorator { StatefulAction(Task<0>) } }`.
macro_rules! over_task {
    ($($name:ident = $kind:ident $(($($args:tt)*))?;)*) => {$(
        behavior_tree! {
            tree $name for Ctx { $kind $(($($args)*))? { StatefulAction(Task<0>) } }
        }
    )*};
}

over_task! {
    Inv = Inverter;
    ForceS = ForceSuccess;
    ForceF = ForceFailure;
    Repeat0 = Repeat(0);
    Repeat1 = Repeat(1);
    Repeat3 = Repeat(3);
    RepeatForever = Repeat(forever);
    Retry0 = RetryUntilSuccessful(0);
    Retry1 = RetryUntilSuccessful(1);
    Retry3 = RetryUntilSuccessful(3);
    RetryForever = RetryUntilSuccessful(forever);
    Keep = KeepRunningUntilFailure;
    Once = RunOnce;
    OnceSkip = RunOnce(then_skip = true);
    OnceKeep = RunOnce(then_skip = false);
}

// ---------------------------------------------------------------------------------------------
// Inverter, ForceSuccess, ForceFailure: map completed statuses, pass Running and Skipped.

/// Every row of a status-mapping decorator: the child's `Success` and `Failure` become
/// `on_success` and `on_failure`; `Running` (over several ticks, then halted) and `Skipped` pass
/// through.
fn mapping_rows<T: TestTree>(on_success: Status, on_failure: Status) {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, on_success, &[OnStart(0)]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, on_failure, &[OnStart(0)]);
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, on_success, &[OnRunning(0)]);
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, on_failure, &[OnRunning(0)]);
    ctx.script(0, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(0)]);
    // Halted while running: the child is halted once; the next tick starts it afresh.
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
}

#[test]
fn inverter_rows() {
    mapping_rows::<Inv>(Failure, Success);
}

#[test]
fn force_success_rows() {
    mapping_rows::<ForceS>(Success, Success);
}

#[test]
fn force_failure_rows() {
    mapping_rows::<ForceF>(Failure, Failure);
}

// ---------------------------------------------------------------------------------------------
// Repeat

#[test]
fn repeat_0_succeeds_without_ticking_the_child() {
    let (mut tree, mut ctx) = (Repeat0::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn repeat_1_rows() {
    let (mut tree, mut ctx) = (Repeat1::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn repeat_3_one_success_per_tick() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    // A new activation counts from zero.
    ctx.script(0, &[Success; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_restarts_a_child_that_was_running_on_the_next_tick() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Running, Success, Running, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // The child succeeds (count 1); it is not restarted within this tick.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_failure_fails_and_restarts_the_count() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // Three more successes are needed, not one.
    ctx.script(0, &[Success; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_running_child_that_fails() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn repeat_skipped_child_is_skipped_and_keeps_the_count() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Skipped, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_forever() {
    let (mut tree, mut ctx) = (RepeatForever::new(), Ctx::new());
    ctx.script(0, &[Success; 300]);
    for _ in 0..300 {
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    }
    ctx.script(0, &[Running, Skipped, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn repeat_halt_resets_the_count() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // The repeat is running but its child completed: nothing to call on_halted on.
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_halted_while_the_child_runs() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_of_a_synchronous_child() {
    behavior_tree! {
        tree RepeatAct for Ctx { Repeat(2) { Action(Act<0>) } }
    }
    let (mut tree, mut ctx) = (RepeatAct::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
}

#[test]
fn repeat_limit_above_255() {
    behavior_tree! {
        tree Repeat300 for Ctx { Repeat(300) { Action(Act<0>) } }
    }
    let (mut tree, mut ctx) = (Repeat300::new(), Ctx::new());
    ctx.script(0, &[Success; 300]);
    for _ in 0..299 {
        expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    }
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
}

// ---------------------------------------------------------------------------------------------
// RetryUntilSuccessful

#[test]
fn retry_0_fails_without_ticking_the_child() {
    let (mut tree, mut ctx) = (Retry0::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn retry_1_rows() {
    let (mut tree, mut ctx) = (Retry1::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn retry_3_one_attempt_per_tick() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // A new activation counts from zero.
    ctx.script(0, &[Failure, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn retry_success_restarts_the_count() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    ctx.script(0, &[Failure; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn retry_restarts_a_child_that_was_running_on_the_next_tick() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Running, Failure, Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

#[test]
fn retry_skipped_child_is_skipped_and_keeps_the_count() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure, Skipped, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn retry_forever() {
    let (mut tree, mut ctx) = (RetryForever::new(), Ctx::new());
    ctx.script(0, &[Failure; 300]);
    for _ in 0..300 {
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    }
    ctx.script(0, &[Skipped, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn retry_halt_resets_the_count() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Failure; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn retry_halted_while_the_child_runs() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    ctx.script(0, &[Failure; 3]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn retry_of_a_condition() {
    behavior_tree! {
        tree RetryCheck for Ctx { RetryUntilSuccessful(2) { Condition(common::Cond<0>) } }
    }
    let (mut tree, mut ctx) = (RetryCheck::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
}

// ---------------------------------------------------------------------------------------------
// KeepRunningUntilFailure

#[test]
fn keep_running_until_failure_rows() {
    let (mut tree, mut ctx) = (Keep::new(), Ctx::new());
    // Success: Running, and the child starts again on the next tick.
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Running passes through.
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // Skipped is Running (decision 6).
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Failure ends it.
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn keep_running_until_failure_halted() {
    let (mut tree, mut ctx) = (Keep::new(), Ctx::new());
    ctx.script(0, &[Success, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Running, but its child completed: no on_halted.
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

// ---------------------------------------------------------------------------------------------
// RunOnce

/// `RunOnce` and `RunOnce(then_skip = true)`: after the child's first completion, `Skipped`
/// forever without ticking it.
fn run_once_then_skip<T: TestTree>() {
    for first in [Success, Failure] {
        let (mut tree, mut ctx) = (T::default(), Ctx::new());
        ctx.script(0, &[first]);
        expect_tick(&mut tree, &mut ctx, first, &[OnStart(0)]);
        expect_tick(&mut tree, &mut ctx, Skipped, &[]);
        expect_tick(&mut tree, &mut ctx, Skipped, &[]);
    }
    // Running and Skipped pass through and are not a completion.
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped, Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
}

#[test]
fn run_once_default_is_then_skip() {
    run_once_then_skip::<Once>();
}

#[test]
fn run_once_then_skip_true() {
    run_once_then_skip::<OnceSkip>();
}

#[test]
fn run_once_then_skip_false_repeats_the_outcome() {
    for first in [Success, Failure] {
        let (mut tree, mut ctx) = (OnceKeep::new(), Ctx::new());
        ctx.script(0, &[first]);
        expect_tick(&mut tree, &mut ctx, first, &[OnStart(0)]);
        expect_tick(&mut tree, &mut ctx, first, &[]);
        expect_tick(&mut tree, &mut ctx, first, &[]);
    }
    let (mut tree, mut ctx) = (OnceKeep::new(), Ctx::new());
    ctx.script(0, &[Skipped, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
}

#[test]
fn run_once_halted_before_completing_runs_again() {
    let (mut tree, mut ctx) = (Once::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
}

#[test]
fn run_once_memory_survives_halts() {
    let (mut tree, mut ctx) = (OnceKeep::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);

    behavior_tree! {
        tree OnceThenTask for Ctx {
            Sequence { RunOnce { Action(Act<0>) }, StatefulAction(Task<1>) }
        }
    }
    let (mut tree, mut ctx) = (OnceThenTask::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0), OnStart(1)]);
    // Halting the tree while running (with the RunOnce done) does not reset the RunOnce.
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
}

// ---------------------------------------------------------------------------------------------
// Skipped (from RunOnce) through every decorator.

behavior_tree! {
    tree SkipThrough for Ctx {
        Sequence {
            #[name = "inverter"] Inverter { RunOnce { Action(Act<0>) } }
            #[name = "force_success"] ForceSuccess { RunOnce { Action(Act<1>) } }
            Inverter { #[name = "force_failure"] ForceFailure { RunOnce { Action(Act<2>) } } }
            #[name = "repeat"] Repeat(1) { RunOnce { Action(Act<3>) } }
            #[name = "retry"] RetryUntilSuccessful(1) { RunOnce { Action(Act<4>) } }
            #[name = "keep"] KeepRunningUntilFailure { RunOnce { Action(Act<5>) } }
        }
    }
}

#[test]
fn skipped_child_through_every_decorator() {
    let (mut tree, mut ctx) = (SkipThrough::new(), Ctx::new());
    let mut trace = bt::TickTrace::<{ SkipThrough::NODE_COUNT }>::new();
    let id = |name| bt::NodeInfo::find(SkipThrough::NODES, name).unwrap();
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Success]);
    ctx.script(4, &[Success]);
    ctx.script(5, &[Success]);
    // First tick: every RunOnce completes; KeepRunningUntilFailure turns Success into Running.
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Exec(1), Exec(2), Exec(3), Exec(4), Exec(5)],
    );
    // The sequence resumes at KeepRunningUntilFailure, whose RunOnce is now Skipped: Running.
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(trace.status(id("keep")), Some(Running));
    assert_eq!(trace.status(id("keep") + 1), Some(Skipped));
    assert_eq!(trace.status(id("inverter")), None, "not re-ticked");
    // A new activation: every other decorator passes the Skipped through.
    tree.halt(&mut ctx);
    trace.clear();
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    for name in [
        "inverter",
        "force_success",
        "force_failure",
        "repeat",
        "retry",
    ] {
        assert_eq!(trace.status(id(name)), Some(Skipped), "{name}");
    }
    assert_eq!(trace.status(id("keep")), Some(Running));
    assert_eq!(ctx.take_log(), []);
}
