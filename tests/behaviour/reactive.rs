//! ReactiveSequence and ReactiveFallback, tick by tick.
//!
//! Rules (bt-core `control/reactive.rs`, decision 9): every tick starts at the first child, so
//! completed children are ticked again (conditions re-checked, actions re-run). A child that
//! decides the result (`Failure` for the sequence, `Success` for the fallback), or an earlier
//! child that becomes `Running`, pre-empts a later child that was running: that child is halted
//! (after the deciding child was ticked, in the same tick), exactly once. Skipped children are
//! passed over; every child skipped in one tick is `Skipped`.

use crate::common;

use bt::Status::*;
use bt::{behavior_tree, TickTrace, TraceEvent};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task};

behavior_tree! {
    tree SeqGuard for Ctx {
        ReactiveSequence { Condition(Cond<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree SeqActions for Ctx {
        ReactiveSequence { Condition(Cond<0>), Action(Act<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree SeqTasks for Ctx {
        ReactiveSequence { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree FbGuard for Ctx {
        ReactiveFallback { Condition(Cond<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree FbActions for Ctx {
        ReactiveFallback { Condition(Cond<0>), Action(Act<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree FbTasks for Ctx {
        ReactiveFallback { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

// ---------------------------------------------------------------------------------------------
// ReactiveSequence

#[test]
fn sequence_all_success_in_one_tick() {
    let (mut tree, mut ctx) = (SeqActions::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), Exec(1), OnStart(2)],
    );
}

#[test]
fn sequence_re_checks_the_condition_every_tick() {
    let (mut tree, mut ctx) = (SeqGuard::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success]);
    ctx.script(1, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnRunning(1)]);
    // A new activation starts the action afresh.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

#[test]
fn sequence_re_runs_completed_actions_every_tick() {
    let (mut tree, mut ctx) = (SeqActions::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success]);
    ctx.script(1, &[Success, Success, Success]);
    ctx.script(2, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnRunning(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), Exec(1), OnRunning(2)],
    );
}

#[test]
fn sequence_condition_failure_pre_empts_the_running_action_once() {
    let (mut tree, mut ctx) = (SeqGuard::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    ctx.script(0, &[Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnHalted(1)]);
    // Nothing is running any more: no second halt, and the tree halt calls nothing.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

#[test]
fn sequence_action_failure_pre_empts_a_later_running_action() {
    let (mut tree, mut ctx) = (SeqActions::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Success, Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), Exec(1), OnHalted(2)],
    );
}

#[test]
fn sequence_running_child_failing_itself_halts_nothing() {
    let (mut tree, mut ctx) = (SeqGuard::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnRunning(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn sequence_earlier_child_becoming_running_halts_the_later_one() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    let mut trace = TickTrace::<{ SeqTasks::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    // Task<0> runs again and now answers Running: Task<1> is halted after it, in the same tick.
    ctx.script(0, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [OnStart(0), OnHalted(1)]);
    assert_eq!(trace.event(0), Some(TraceEvent::Ticked(Running)));
    assert_eq!(trace.event(1), Some(TraceEvent::Ticked(Running)));
    assert_eq!(trace.event(2), Some(TraceEvent::Halted));
    // Task<0> is the running one now; nothing is halted while it keeps running.
    ctx.script(0, &[Running, Success]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // Task<1> was halted, so it starts afresh.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnStart(1)]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
}

#[test]
fn sequence_skipped_rows() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
}

#[test]
fn sequence_skips_are_counted_per_tick() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    ctx.script(0, &[Skipped, Skipped, Success]);
    ctx.script(1, &[Running, Skipped, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    // The skipped child is re-evaluated (on_start again); both skip in this tick.
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn sequence_running_child_that_skips_completes_the_sequence() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn sequence_with_a_skipped_run_once_keeps_its_running_child() {
    behavior_tree! {
        tree OnceGuard for Ctx {
            ReactiveSequence { RunOnce { Action(Act<0>) }, StatefulAction(Task<1>) }
        }
    }
    let (mut tree, mut ctx) = (OnceGuard::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0), OnStart(1)]);
    // RunOnce now answers Skipped without calling its child; the running task is not disturbed.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1)]);
}

#[test]
fn sequence_halted_while_running() {
    let (mut tree, mut ctx) = (SeqGuard::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

// ---------------------------------------------------------------------------------------------
// ReactiveFallback

#[test]
fn fallback_first_success_wins() {
    let (mut tree, mut ctx) = (FbActions::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), Exec(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), Exec(1), OnStart(2)],
    );
}

#[test]
fn fallback_re_checks_every_tick() {
    let (mut tree, mut ctx) = (FbActions::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure, Failure]);
    ctx.script(1, &[Failure, Failure, Failure]);
    ctx.script(2, &[Running, Running, Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnRunning(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), Exec(1), OnRunning(2)],
    );
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
}

#[test]
fn fallback_higher_priority_success_pre_empts_the_running_action_once() {
    let (mut tree, mut ctx) = (FbGuard::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnHalted(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

#[test]
fn fallback_action_success_pre_empts_a_later_running_action() {
    let (mut tree, mut ctx) = (FbActions::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Failure, Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), Exec(1), OnHalted(2)],
    );
}

#[test]
fn fallback_running_child_succeeding_itself_halts_nothing() {
    let (mut tree, mut ctx) = (FbGuard::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnRunning(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn fallback_earlier_child_becoming_running_halts_the_later_one() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    let mut trace = TickTrace::<{ FbTasks::NODE_COUNT }>::new();
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [OnStart(0), OnHalted(1)]);
    assert_eq!(trace.status(1), Some(Running));
    assert!(trace.halted(2));
    // Task<0> fails: the fallback moves on and Task<1> starts afresh.
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnStart(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
}

#[test]
fn fallback_skipped_rows() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
}

#[test]
fn fallback_skips_are_counted_per_tick() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    ctx.script(0, &[Skipped, Skipped, Failure]);
    ctx.script(1, &[Running, Skipped, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
}

#[test]
fn fallback_halted_while_running() {
    let (mut tree, mut ctx) = (FbGuard::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

// ---------------------------------------------------------------------------------------------
// Pre-empting a running subtree.

behavior_tree! {
    tree Guarded for Ctx {
        ReactiveSequence {
            Condition(Cond<0>)
            Sequence {
                Action(Act<1>)
                Fallback { Condition(Cond<2>), StatefulAction(Task<3>) }
            }
        }
    }
}

#[test]
fn pre_empting_a_running_subtree_halts_its_running_leaf_once() {
    // Ids (pre-order): 0 ReactiveSequence, 1 Cond<0>, 2 Sequence, 3 Act<1>, 4 Fallback,
    // 5 Cond<2>, 6 Task<3>.
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    let mut trace = TickTrace::<{ Guarded::NODE_COUNT }>::new();
    ctx.script(0, &[Success, Success, Failure]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    ctx.script(3, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), Check(2), OnStart(3)],
    );
    // The guard is re-checked; the (non-reactive) inner nodes resume at the running action.
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(3)]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Failure);
    assert_eq!(ctx.take_log(), [Check(0), OnHalted(3)]);
    let events: Vec<_> = (0..Guarded::NODE_COUNT).map(|id| trace.event(id)).collect();
    assert_eq!(
        events,
        [
            Some(TraceEvent::Ticked(Failure)),
            Some(TraceEvent::Ticked(Failure)),
            Some(TraceEvent::Halted),
            None,
            Some(TraceEvent::Halted),
            None,
            Some(TraceEvent::Halted),
        ]
    );
    // The subtree starts afresh next time.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), Exec(1), Check(2)]);
}

behavior_tree! {
    tree Patrol for Ctx {
        ReactiveFallback {
            ReactiveSequence { Condition(Cond<0>), StatefulAction(Task<1>) }
            StatefulAction(Task<2>)
        }
    }
}

#[test]
fn nested_reactive_nodes_hand_over_the_running_action() {
    let (mut tree, mut ctx) = (Patrol::new(), Ctx::new());
    // Nothing seen: patrol.
    ctx.script(0, &[Failure, Failure]);
    ctx.script(2, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(2)]);
    // Something seen: chase, and the patrol is halted after the chase started.
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnHalted(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    // Lost it: the chase is halted by the inner sequence, the patrol starts afresh.
    ctx.script(0, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnHalted(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}
