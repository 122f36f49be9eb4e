//! AsyncSequence and AsyncFallback, tick by tick.
//!
//! Rules (bt-core `control/async_seq.rs`; spec §2.1, §2.4; decisions.md "the tick model"): a
//! `Sequence` / `Fallback` that *yields*: after a child that was **not** running before this tick
//! completes with the status that moves on (Success for the sequence, Failure for the fallback)
//! and children remain, the node answers `Running` with no child running, and ticks the next child
//! on the next tick. A child that was running and completes lets it move on in the same tick; a
//! skipped child never makes it yield.

use crate::common;

use bt::Status::*;
use bt::{behavior_tree, TickTrace};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task};

behavior_tree! {
    tree SeqActs for Ctx {
        AsyncSequence { Action(Act<0>), Action(Act<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree SeqTasks for Ctx {
        AsyncSequence { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree FbActs for Ctx {
        AsyncFallback { Action(Act<0>), Action(Act<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree FbTasks for Ctx {
        AsyncFallback { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

// ---------------------------------------------------------------------------------------------
// AsyncSequence

#[test]
fn sequence_yields_after_each_instant_success() {
    let (mut tree, mut ctx) = (SeqActs::new(), Ctx::new());
    let mut trace = TickTrace::<{ SeqActs::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    // RUNNING with no child running: only child 0 was ticked.
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [Exec(0)]);
    assert_eq!(trace.status(1), Some(Success));
    assert_eq!(trace.status(2), None);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(1)]);
    // No yield after the last child.
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(2)]);
    // A new activation starts at the first child.
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
}

#[test]
fn sequence_failure_ends_at_once_and_restarts() {
    let (mut tree, mut ctx) = (SeqActs::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn sequence_child_that_was_running_moves_on_in_the_same_tick() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Child 0 was running: its success moves on at once; child 1 was not: yield after it.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
    // A running child that fails.
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn sequence_skipped_children_never_yield() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    // Skipped moves on in the same tick; the instant success after it yields.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(2)]);
    // Every child skipped: SKIPPED in one tick.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Skipped]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Skipped,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // Skips are counted over the activation, across a yield: not all skipped, SUCCESS.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1), OnStart(2)]);
    // Skipped, skipped, then the last child succeeds: one tick.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
}

#[test]
fn sequence_halted_after_a_yield_or_while_a_child_runs() {
    let (mut tree, mut ctx) = (SeqTasks::new(), Ctx::new());
    // After a yield nothing runs: the halt calls nothing, but forgets the position.
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(1)]);
    // While child 1 runs: halted once; the next activation starts at child 0.
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn sequence_of_one_child_never_yields() {
    behavior_tree! {
        tree One for Ctx { AsyncSequence { Action(Act<0>) } }
    }
    let (mut tree, mut ctx) = (One::new(), Ctx::new());
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
}

#[test]
fn sequence_under_a_sequence_resumed_directly() {
    // The running task can be resumed directly (every ancestor passes Running); its success is
    // handed over to the walk, where the AsyncSequence still knows that the child was running:
    // no yield.
    behavior_tree! {
        tree Nested for Ctx {
            Sequence { AsyncSequence { StatefulAction(Task<0>), StatefulAction(Task<1>) }, Action(Act<2>) }
        }
    }
    let (mut tree, mut ctx) = (Nested::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnRunning(0), OnStart(1), Exec(2)],
    );
}

#[test]
fn sequence_under_a_reactive_parent() {
    behavior_tree! {
        tree Guarded for Ctx {
            ReactiveSequence { Condition(Cond<3>), AsyncSequence { Action(Act<0>), Action(Act<1>) } }
        }
    }
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    ctx.script(3, &[Success, Success, Success, Failure, Success]);
    ctx.script(0, &[Success, Success, Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), Exec(0)]);
    // Re-ticked by the reactive parent: resumes after the yield.
    expect_tick(&mut tree, &mut ctx, Success, &[Check(3), Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), Exec(0)]);
    // Pre-empted after a yield: nothing to halt, the position is forgotten.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(3)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), Exec(0)]);
}

// ---------------------------------------------------------------------------------------------
// AsyncFallback

#[test]
fn fallback_yields_after_each_instant_failure() {
    let (mut tree, mut ctx) = (FbActs::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(2)]);
    // A success ends it at once; the next activation starts at the first child.
    ctx.script(0, &[Failure, Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
}

#[test]
fn fallback_child_that_was_running_moves_on_in_the_same_tick() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    ctx.script(0, &[Running, Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
}

#[test]
fn fallback_skipped_children() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(2)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Skipped]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Skipped,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn fallback_halted() {
    let (mut tree, mut ctx) = (FbTasks::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}
