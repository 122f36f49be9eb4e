//! Parallel and ParallelAll, tick by tick.
//!
//! Rules (bt-core `control/parallel/threshold.rs`; spec §2.6, §2.7; decision 8): on every tick each
//! child that has not completed in this activation is ticked, in order; completed children are not
//! ticked again until the node completes or is halted. `Parallel(success = S, failure = F)`
//! (defaults -1 and 1; a negative threshold counts from the end, -1 = all children) decides after
//! **each** child: Success once `successes >= S` (with a negative `success`, skipped children of
//! this tick count too), Failure once success has become impossible (`len - failures < S`) or
//! `failures == F` (exact); the decision halts the running children and the later children are not
//! ticked. `ParallelAll(max_failures = N)` (default 1) never stops early: it waits until every
//! child completed (or was skipped this tick) and fails if `failures >= N`.

use crate::common;

use bt::Status::*;
use bt::{behavior_tree, TickTrace};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task, TestTree};

behavior_tree! {
    tree Default3 for Ctx {
        Parallel { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree Explicit3 for Ctx {
        Parallel(success = -1, failure = 1) {
            StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
        }
    }
}

behavior_tree! {
    tree FirstSuccess3 for Ctx {
        Parallel(success = 1) {
            StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parallel: the default thresholds (every child must succeed, the first failure fails).

/// The rows of `Parallel(success = -1, failure = 1)` over three tasks.
fn all_must_succeed<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    // Every child is ticked on the first tick, also after one has completed.
    ctx.script(0, &[Running, Success]);
    ctx.script(1, &[Running, Running, Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // Completed children are not ticked again in this activation.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
    // A new activation ticks every child again.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // The first failure decides at once: the running children are halted (once each), the later
    // ones are not ticked.
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Running, Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[OnRunning(0), OnRunning(1), OnHalted(0), OnHalted(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[]);
    // A failure of the first child on the first tick: nothing else is ticked.
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // A failure after successes in the same activation.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(1), OnHalted(2)]);
}

#[test]
fn default_thresholds_rows() {
    all_must_succeed::<Default3>();
}

#[test]
fn explicit_default_thresholds_rows() {
    all_must_succeed::<Explicit3>();
}

#[test]
fn halted_while_running_halts_each_running_child_once_and_forgets() {
    let (mut tree, mut ctx) = (Default3::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1), OnHalted(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The child that had succeeded is ticked again: no memory survives the halt.
    ctx.script(0, &[Running]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

#[test]
fn success_threshold_reached_halts_the_others_and_skips_the_rest() {
    let (mut tree, mut ctx) = (FirstSuccess3::new(), Ctx::new());
    ctx.script(0, &[Running]);
    ctx.script(1, &[Success]);
    // Child 2 is not ticked: the decision is taken right after child 1.
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnHalted(0)],
    );
    // One failure (F = 1) fails, even with S = 1 still reachable.
    ctx.script(0, &[Running]);
    ctx.script(1, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[OnStart(0), OnStart(1), OnHalted(0)],
    );
    // Running children on several ticks, then the last one succeeds.
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Running, Running]);
    ctx.script(2, &[Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[
            OnRunning(0),
            OnRunning(1),
            OnRunning(2),
            OnHalted(0),
            OnHalted(1),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// The examples of spec §2.6 and decision 8.

#[test]
fn parallel_3_2_fails_at_the_first_failure() {
    // `Parallel(3, 2)` of 3 children, [F, S, S]: 3 - 1 < 3, success is impossible: FAILURE after
    // the first child, before the failure count (2) is reached.
    behavior_tree! {
        tree P32 for Ctx {
            Parallel(success = 3, failure = 2) { Action(Act<0>), Action(Act<1>), Action(Act<2>) }
        }
    }
    let (mut tree, mut ctx) = (P32::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    // The same after a success.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0), Exec(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Exec(1), Exec(2)]);
}

behavior_tree! {
    tree NegSkip for Ctx {
        Parallel(success = -1, failure = 1) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

#[test]
fn negative_success_counts_skipped_children() {
    let (mut tree, mut ctx) = (NegSkip::new(), Ctx::new());
    // `Parallel(-1, 1)[skip, skip]` is SUCCESS (its SKIPPED answer is unreachable).
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    // `[skip, S]` is SUCCESS.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    // A skip counts in its own tick only: [skip, R] then [R, S] is still RUNNING.
    ctx.script(0, &[Skipped, Running, Success]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // A failure fails even when the others were skipped.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
}

behavior_tree! {
    tree PosSkip for Ctx {
        Parallel(success = 2, failure = 1) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

#[test]
fn positive_success_never_counts_skipped_children() {
    let (mut tree, mut ctx) = (PosSkip::new(), Ctx::new());
    // `Parallel(2, 1)[skip, S]` is RUNNING, and stays RUNNING while child 0 skips: child 1 has
    // completed and is not ticked again, although no child is running.
    ctx.script(0, &[Skipped, Skipped, Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Running with nothing running: a halt calls nothing, but forgets child 1's success.
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn every_child_skipped_with_a_positive_threshold_is_skipped() {
    behavior_tree! {
        tree OneOne for Ctx {
            Parallel(success = 1, failure = 1) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
        }
    }
    let (mut tree, mut ctx) = (OneOne::new(), Ctx::new());
    ctx.script(0, &[Skipped, Skipped]);
    ctx.script(1, &[Skipped, Running]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
}

#[test]
fn negative_failure_count_needs_that_many_failures() {
    // F = -1: all 3 must fail (S = 1 also becomes impossible then).
    behavior_tree! {
        tree AllFail for Ctx {
            Parallel(success = 1, failure = -1) {
                StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
            }
        }
    }
    let (mut tree, mut ctx) = (AllFail::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    // Two failures and a success: SUCCESS.
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
}

#[test]
fn negative_success_count_counts_from_the_end() {
    // S = -2 of 3 children: 2 successes.
    behavior_tree! {
        tree TwoOfThree for Ctx {
            Parallel(success = -2) {
                StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
            }
        }
    }
    let (mut tree, mut ctx) = (TwoOfThree::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2), OnHalted(1)],
    );
    // With a negative S, a skip counts: [S, skip] decides after child 1.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn pre_empted_by_a_reactive_parent_halts_every_running_child_once() {
    behavior_tree! {
        tree Guarded for Ctx {
            ReactiveSequence {
                Condition(Cond<3>),
                Parallel { StatefulAction(Task<0>), StatefulAction(Task<1>), Action(Act<2>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    ctx.script(3, &[Success, Success, Failure]);
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Running, Running]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(3), OnStart(0), OnStart(1), Exec(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(3), OnRunning(0), OnRunning(1)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(3), OnHalted(0), OnHalted(1)],
    );
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn trace_shows_completed_children_are_not_ticked_again() {
    let (mut tree, mut ctx) = (Default3::new(), Ctx::new());
    let mut trace = TickTrace::<{ Default3::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Success]);
    ctx.script(2, &[Running, Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    ctx.take_log();
    trace.clear();
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [OnRunning(1), OnRunning(2)]);
    // Ids: 0 Parallel, 1..=3 the tasks.
    assert_eq!(trace.status(0), Some(Running));
    assert_eq!(trace.status(1), None, "the completed child is not ticked");
    assert_eq!(trace.status(2), Some(Success));
    assert_eq!(trace.status(3), Some(Running));
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
}

behavior_tree! {
    /// 70 children: the completed set spans two 64-bit words; the task is child 64.
    tree Wide for Ctx {
        Parallel {
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
            StatefulAction(Task<0>)
            AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess AlwaysSuccess
        }
    }
}

#[test]
fn seventy_children() {
    let (mut tree, mut ctx) = (Wide::new(), Ctx::new());
    let mut trace = TickTrace::<{ Wide::NODE_COUNT }>::new();
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [OnRunning(0)]);
    // Only the task (id 65) was ticked below the Parallel.
    let ticked: Vec<usize> = (1..Wide::NODE_COUNT)
        .filter(|&id| trace.status(id).is_some())
        .collect();
    assert_eq!(ticked, [65]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

// ---------------------------------------------------------------------------------------------
// ParallelAll

behavior_tree! {
    tree All3 for Ctx {
        ParallelAll { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

#[test]
fn parallel_all_waits_for_every_child() {
    let (mut tree, mut ctx) = (All3::new(), Ctx::new());
    // A failure does not stop it: the later child is ticked, and the node runs on.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(2)]);
    // 1 failure >= max_failures 1: FAILURE, once every child has completed.
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    // The next activation starts afresh.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
}

behavior_tree! {
    tree AllTwoPositional for Ctx {
        ParallelAll(2) { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree AllTwoNamed for Ctx {
        ParallelAll(max_failures = 2) {
            StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
        }
    }
}

fn two_failures_fail<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
}

#[test]
fn parallel_all_max_failures_positional() {
    two_failures_fail::<AllTwoPositional>();
}

#[test]
fn parallel_all_max_failures_named() {
    two_failures_fail::<AllTwoNamed>();
}

#[test]
fn parallel_all_negative_max_failures_needs_all() {
    behavior_tree! {
        tree AllOrNothing for Ctx {
            ParallelAll(max_failures = -1) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
        }
    }
    let (mut tree, mut ctx) = (AllOrNothing::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
}

#[test]
fn parallel_all_skipped_children() {
    behavior_tree! {
        tree All2 for Ctx {
            ParallelAll { StatefulAction(Task<0>), StatefulAction(Task<1>) }
        }
    }
    let (mut tree, mut ctx) = (All2::new(), Ctx::new());
    // Every child skipped: SKIPPED.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    // A skip is counted for its tick only: the skipped child is ticked again next tick.
    ctx.script(0, &[Skipped, Skipped]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    // skipped + completed covers every child: decided (no failure: SUCCESS).
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(1)]);
}

#[test]
fn parallel_all_halted_while_running() {
    let (mut tree, mut ctx) = (All3::new(), Ctx::new());
    ctx.script(0, &[Running]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0), OnHalted(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The failure was forgotten.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
}
