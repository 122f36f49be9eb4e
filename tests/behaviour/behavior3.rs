//! behavior3's nodes through the macro, tick by tick: `Wait(ms)`, `Limiter(max_loop)`,
//! `MaxTime(ms)`, `Repeater(n | forever)`, `RepeatUntilFailure`, `RepeatUntilSuccess`, and the
//! aliases `Priority`, `Succeeder`, `Failer`, `Runner`.
//!
//! Rules: bt-core `decorator/limiter.rs`, `decorator/time/max_time.rs`,
//! `decorator/loops/repeater.rs`, `leaves/` (one test per row of each truth table); decisions.md 1
//! (one completion per tick), 7 (Wait and MaxTime are strict: *more than* the duration), 10
//! (Limiter counts for the tree's life; Priority halts a pre-empted child) and 11 (an error is a
//! halt: the Limiter's count survives it, the clocks and loop counts restart). Time comes from the
//! context's `ManualClock`, moved only by the tests.

// The rules' edge cases on purpose (`Repeat(0)`, a constant leaf before a Fallback's other
// children), which the macro warns about.
#![allow(deprecated)]

use crate::common;

use std::time::Duration;

use bt::behavior_tree;
use bt::Status::{self, *};
use common::Call::{self, *};
use common::{
    expect_halt, expect_tick, expect_try_halt, expect_try_tick, try_trees, Act, Cond, Ctx, Oops,
    Task, TestTree, TryAct, TryTask,
};

// ---------------------------------------------------------------------------------------------
// Wait(ms): a leaf, Running until strictly more than `ms` has passed since its activation began.

behavior_tree! { tree Wait100 for Ctx { Wait(100) } }
behavior_tree! { tree Wait0 for Ctx { Wait(0) } }
behavior_tree! { tree WaitNamed for Ctx { Wait(ms = 100) } }

#[test]
fn wait_runs_until_strictly_more_than_its_duration() {
    let (mut tree, mut ctx) = (Wait100::new(), Ctx::new());
    // Time before the first tick does not count: the activation starts at its first tick.
    ctx.advance_ms(1000);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(60);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(40);
    // Exactly 100 ms have passed: not more (decision 7).
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance(Duration::from_micros(1));
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // Success ends the activation: the next tick starts a new one, whatever the clock says.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(101);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    ctx.advance_ms(500);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
}

#[test]
fn wait_with_a_named_duration_is_the_same_node() {
    let (mut tree, mut ctx) = (WaitNamed::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    assert_eq!(WaitNamed::NODES[0].kind, "Wait");
    assert_eq!(WaitNamed::NODES[0].params, [("milliseconds", "100")]);
}

#[test]
fn wait_0_runs_once_then_succeeds_when_the_clock_moved() {
    let (mut tree, mut ctx) = (Wait0::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    // The clock did not move: 0 ms is not more than 0 ms.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance(Duration::from_nanos(1));
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // A new activation is Running on its first tick again, even for 0 ms.
    ctx.advance_ms(5);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(5);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

#[test]
fn halting_a_wait_restarts_its_clock() {
    let (mut tree, mut ctx) = (Wait100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(90);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.advance_ms(20);
    // 110 ms after the first start, but the halt ended that activation.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // Halting an idle Wait does nothing.
    expect_halt(&mut tree, &mut ctx, &[]);
}

behavior_tree! {
    tree WaitThenTask for Ctx {
        Sequence { Wait(50), StatefulAction(Task<0>) }
    }
}

#[test]
fn wait_in_a_sequence_holds_the_next_child_back() {
    let (mut tree, mut ctx) = (WaitThenTask::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(50);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    // The Wait succeeds and the task starts in the same tick (a tick is synchronous).
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(1000);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // The sequence starts over: a new Wait.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
}

behavior_tree! {
    tree WaitPreempted for Ctx {
        Priority { Condition(Cond<0>), Wait(100) }
    }
}

#[test]
fn a_wait_pre_empted_by_priority_starts_again_afterwards() {
    let (mut tree, mut ctx) = (WaitPreempted::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure, Success, Failure, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(60);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(20);
    // The higher-priority child succeeds: the Wait is halted.
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    ctx.advance_ms(30);
    // 110 ms after the Wait first started, but this is a new activation.
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
}

// ---------------------------------------------------------------------------------------------
// Limiter(max_loop): counts the child's completions over the tree's life (decision 10).

behavior_tree! { tree Limit3 for Ctx { Limiter(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Limit1Named for Ctx { Limiter(max_loop = 1) { Action(Act<0>) } } }
behavior_tree! { tree Limit300 for Ctx { Limiter(300) { Action(Act<0>) } } }

#[test]
fn limiter_rows() {
    let (mut tree, mut ctx) = (Limit3::new(), Ctx::new());
    // `< max`, child Running: Running, not counted (a running child is never cut off).
    ctx.script(0, &[Running, Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // `< max`, child Success: Success, counted (1).
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // `< max`, child Skipped: Skipped, not counted.
    ctx.script(0, &[Skipped, Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    // `< max`, child Failure: Failure, counted (2).
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // An activation that ends in a halt is not counted.
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    // The third completion is still allowed, and is counted (3).
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // `>= max`: Failure, the child is not ticked, for the tree's life.
    for _ in 0..3 {
        expect_tick(&mut tree, &mut ctx, Failure, &[]);
    }
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
}

#[test]
fn limiter_with_a_named_count() {
    let (mut tree, mut ctx) = (Limit1Named::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    assert_eq!(Limit1Named::NODES[0].params, [("maxLoop", "1")]);
}

// `Limiter(0)` is a compile error (tests/ui/limiter-zero.rs).

#[test]
fn limiter_counts_past_255() {
    let (mut tree, mut ctx) = (Limit300::new(), Ctx::new());
    for round in 0..300 {
        let status = if round % 2 == 0 { Success } else { Failure };
        ctx.script(0, &[status]);
        expect_tick(&mut tree, &mut ctx, status, &[Exec(0)]);
    }
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
}

behavior_tree! {
    tree LimitPreempted for Ctx {
        Priority {
            Condition(Cond<1>),
            Limiter(2) { StatefulAction(Task<0>) },
        }
    }
}

#[test]
fn a_limiter_pre_empted_by_priority_does_not_count_the_halted_activation() {
    let (mut tree, mut ctx) = (LimitPreempted::new(), Ctx::new());
    ctx.script(1, &[Failure, Success]);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnHalted(0)]);
    // Two completions are still allowed.
    ctx.script(1, &[Failure, Failure, Failure, Failure]);
    ctx.script(0, &[Success, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(1), OnRunning(0)]);
    // Limit reached: the Limiter fails at once, and so does the Priority.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(1)]);
}

behavior_tree! {
    tree TwoLimiters for Ctx {
        Fallback {
            Limiter(1) { Action(Act<0>) },
            Limiter(2) { Sequence { Action(Act<1>), Action(Act<2>) } },
        }
    }
}

#[test]
fn each_limiter_counts_its_own_child_completions() {
    let (mut tree, mut ctx) = (TwoLimiters::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    // The first Limiter is spent; the second counts its Sequence's completions, not the
    // Sequence's children.
    ctx.script(1, &[Failure, Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1), Exec(2)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
}

// The Limiter's count survives an error, like a halt (decision 11); a completion before the error
// in the same tick has been counted.

behavior_tree! {
    tree LimitErr for Ctx, error Oops {
        ReactiveSequence {
            Action(TryAct<1>),
            Limiter(2) { StatefulAction(TryTask<0>) },
            Action(TryAct<2>),
        }
    }
}

try_trees!(LimitErr);

#[test]
fn the_limiter_count_survives_errors() {
    let (mut tree, mut ctx) = (LimitErr::new(), Ctx::new());
    // The child itself fails with an error: it did not complete, nothing is counted.
    ctx.script(1, &[Success]);
    ctx.script_err(0);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(0)), &[Exec(1), OnStart(0)]);
    // The child runs; an error before the Limiter halts it: not counted either.
    ctx.script(1, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    // The child completes, then an error after the Limiter: that completion was counted (1).
    ctx.script(1, &[Success]);
    ctx.script(0, &[Success]);
    ctx.script_err(2);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(2)),
        &[Exec(1), OnStart(0), Exec(2)],
    );
    // One completion left (2), then the limit holds for the tree's life, across halts.
    ctx.script(1, &[Success; 3]);
    ctx.script(0, &[Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Exec(1), OnStart(0)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Exec(1)]);
    expect_try_halt(&mut tree, &mut ctx, &[]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Failure), &[Exec(1)]);
}

// ---------------------------------------------------------------------------------------------
// MaxTime(ms): the clock is read before the child's tick; over `ms` (strictly) the node fails,
// whatever the child answered, halting a child still running (decision 7).

behavior_tree! { tree Max100 for Ctx { MaxTime(100) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Max0 for Ctx { MaxTime(0) { StatefulAction(Task<0>) } } }

#[test]
fn max_time_within_time_answers_the_child() {
    let (mut tree, mut ctx) = (Max100::new(), Ctx::new());
    // First tick of an activation: `now - start = 0`; every completed status passes.
    for status in [Success, Failure, Skipped] {
        ctx.script(0, &[status]);
        expect_tick(&mut tree, &mut ctx, status, &[OnStart(0)]);
        ctx.advance_ms(500);
    }
    // Running passes while `now - start <= max`, and a completion at exactly `max` passes.
    for last in [Success, Failure, Skipped] {
        ctx.script(0, &[Running, Running, Running, last]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
        ctx.advance_ms(50);
        expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
        ctx.advance_ms(50);
        expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
        expect_tick(&mut tree, &mut ctx, last, &[OnRunning(0)]);
        ctx.advance_ms(1000);
    }
}

#[test]
fn max_time_over_time_fails_whatever_the_child_answers() {
    let (mut tree, mut ctx) = (Max100::new(), Ctx::new());
    for last in [Success, Failure, Skipped] {
        ctx.script(0, &[Running, last]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
        ctx.advance_ms(100);
        ctx.advance(Duration::from_micros(1));
        // The child is ticked (non-preemptive), then the verdict: over time.
        expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
        // The next tick is a new activation with a new start.
        ctx.script(0, &[Running, Success]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
        ctx.advance_ms(100);
        expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    }
}

#[test]
fn max_time_over_time_halts_a_running_child() {
    let (mut tree, mut ctx) = (Max100::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(101);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0), OnHalted(0)]);
    // Nothing is left running: a halt calls nothing, and the next tick starts the child afresh.
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
}

#[test]
fn max_time_0_passes_the_first_tick_only() {
    let (mut tree, mut ctx) = (Max0::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // The clock did not move: 0 ms is not more than 0 ms.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance(Duration::from_nanos(1));
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn halting_max_time_halts_the_child_and_restarts_the_clock() {
    let (mut tree, mut ctx) = (Max100::new(), Ctx::new());
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(90);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    ctx.advance_ms(50);
    // 140 ms after the first start, but a new activation starts now.
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

behavior_tree! {
    tree MaxSampledBefore for Ctx {
        MaxTime(10) {
            Sequence {
                StatefulAction(Task<0>),
                // The child itself takes 50 ms (the context's clock moves during the tick).
                Action(|ctx| { ctx.advance_ms(50); true }),
            }
        }
    }
}

#[test]
fn max_time_reads_the_clock_before_the_child_tick() {
    let (mut tree, mut ctx) = (MaxSampledBefore::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(5);
    // Sampled before the child: 5 ms, within 10, although the tick ends 55 ms after the start.
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

behavior_tree! {
    tree MaxPreempted for Ctx {
        Priority {
            Condition(Cond<1>),
            MaxTime(100) { StatefulAction(Task<0>) },
        }
    }
}

#[test]
fn max_time_pre_empted_by_priority_restarts_its_clock() {
    let (mut tree, mut ctx) = (MaxPreempted::new(), Ctx::new());
    ctx.script(1, &[Failure, Success, Failure, Failure]);
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(0)]);
    ctx.advance_ms(80);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnHalted(0)]);
    ctx.advance_ms(80);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(0)]);
    ctx.advance_ms(80);
    // 160 ms after the first start, 80 after this activation's: within time.
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnRunning(0)]);
}

// ---------------------------------------------------------------------------------------------
// Repeater(n | forever): counts every completion, one per tick (decision 1); answers the n-th.

behavior_tree! { tree Repeater3 for Ctx { Repeater(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Repeater1 for Ctx { Repeater(1) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Repeater0 for Ctx { Repeater(0) { StatefulAction(Task<0>) } } }
behavior_tree! { tree RepeaterForever for Ctx { Repeater(forever) { StatefulAction(Task<0>) } } }

#[test]
fn repeater_counts_successes_and_failures_and_answers_the_last() {
    let (mut tree, mut ctx) = (Repeater3::new(), Ctx::new());
    // An earlier completion, Success or Failure: counted, Running; the child restarts next tick.
    ctx.script(0, &[Success, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // The third completion: its status; the count restarts.
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    ctx.script(0, &[Failure, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeater_passes_running_and_counts_the_completion_that_follows() {
    let (mut tree, mut ctx) = (Repeater3::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Success, Running, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // Completes (1): not restarted in this tick.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeater_skipped_child_is_skipped_and_keeps_the_count() {
    let (mut tree, mut ctx) = (Repeater3::new(), Ctx::new());
    ctx.script(0, &[Success, Skipped, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeater_1_and_0() {
    let (mut tree, mut ctx) = (Repeater1::new(), Ctx::new());
    ctx.script(0, &[Success, Failure, Skipped, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);

    // Repeater(0): Success without ticking the child (behavior3js).
    let (mut tree, mut ctx) = (Repeater0::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn repeater_forever_never_completes() {
    let (mut tree, mut ctx) = (RepeaterForever::new(), Ctx::new());
    for _ in 0..300 {
        ctx.script(0, &[Success, Failure]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    }
    ctx.script(0, &[Running, Skipped, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

#[test]
fn halting_a_repeater_resets_its_count() {
    let (mut tree, mut ctx) = (Repeater3::new(), Ctx::new());
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Running, but its child completed: nothing to call on_halted on.
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success, Success, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn halting_the_tree_clears_a_count_kept_across_a_skip() {
    let (mut tree, mut ctx) = (Repeater3::new(), Ctx::new());
    ctx.script(0, &[Success, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Idle (Skipped) with a count of 1.
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // Three completions again, not two.
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

// ---------------------------------------------------------------------------------------------
// RepeatUntilFailure (= Repeat) and RepeatUntilSuccess (= RetryUntilSuccessful).

behavior_tree! { tree Ruf3 for Ctx { RepeatUntilFailure(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree RufForever for Ctx { RepeatUntilFailure(forever) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Rus3 for Ctx { RepeatUntilSuccess(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree RusForever for Ctx { RepeatUntilSuccess(forever) { StatefulAction(Task<0>) } } }

#[test]
fn repeat_until_failure_rows() {
    let (mut tree, mut ctx) = (Ruf3::new(), Ctx::new());
    // Success: counted; the third is Success (exhausted), earlier ones Running.
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    // Failure: Failure at once; the count restarts.
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // Running: Running; Skipped: Skipped with the count kept.
    ctx.script(0, &[Success, Running, Success, Skipped, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    // Halted: the count restarts.
    ctx.script(0, &[Success, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn repeat_until_failure_forever_stops_at_the_first_failure() {
    let (mut tree, mut ctx) = (RufForever::new(), Ctx::new());
    ctx.script(0, &[Success; 300]);
    for _ in 0..300 {
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    }
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn repeat_until_success_rows() {
    let (mut tree, mut ctx) = (Rus3::new(), Ctx::new());
    // Failure: counted; the third is Failure (exhausted), earlier ones Running.
    ctx.script(0, &[Failure, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // Success: Success at once; the count restarts.
    ctx.script(0, &[Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    // Running: Running; Skipped: Skipped with the count kept.
    ctx.script(0, &[Failure, Running, Failure, Skipped, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    // Halted: the count restarts.
    ctx.script(0, &[Failure, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    ctx.script(0, &[Failure, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn repeat_until_success_forever_stops_at_the_first_success() {
    let (mut tree, mut ctx) = (RusForever::new(), Ctx::new());
    ctx.script(0, &[Failure; 300]);
    for _ in 0..300 {
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    }
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

// ---------------------------------------------------------------------------------------------
// Same rule, other name: each behavior3 kind against its BehaviorTree.CPP twin on pseudo-random
// scripts (answers drawn per tick, random halts). Metadata keeps the kind as written.

behavior_tree! { tree Rep3 for Ctx { Repeat(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree RepForever for Ctx { Repeat(forever) { StatefulAction(Task<0>) } } }
behavior_tree! { tree Retry3 for Ctx { RetryUntilSuccessful(3) { StatefulAction(Task<0>) } } }
behavior_tree! { tree RetryForever for Ctx { RetryUntilSuccessful(forever) { StatefulAction(Task<0>) } } }

/// Declares `Name { Kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) } }`.
macro_rules! composites {
    ($($name:ident = $kind:ident;)*) => {$(
        behavior_tree! {
            tree $name for Ctx {
                $kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
            }
        }
    )*};
}

composites! {
    Prio = Priority;
    RFb = ReactiveFallback;
    MemPrio = MemPriority;
    Fb = Fallback;
    MemSeq = MemSequence;
    Seq = Sequence;
    RSeq = ReactiveSequence;
}

/// Declares `Name { Fallback { Kind, StatefulAction(Task<1>) } }` for a constant leaf `Kind`.
macro_rules! constants {
    ($($name:ident = $kind:ident;)*) => {$(
        behavior_tree! {
            tree $name for Ctx { Sequence { Condition(Cond<0>), Fallback { $kind, StatefulAction(Task<1>) } } }
        }
    )*};
}

constants! {
    Succ = Succeeder;
    AlwaysS = AlwaysSuccess;
    Fail = Failer;
    AlwaysF = AlwaysFailure;
    Run = Runner;
    AlwaysR = AlwaysRunning;
}

/// One step: the root status (`None` for a halt) and the calls.
type Step = (Option<Status>, Vec<Call>);

/// Plays 400 steps on leaves 0 (a condition), 1 and 2 (stateful actions) with answers drawn from
/// `seed`; a leaf that is not called keeps its answer for the next call.
fn play<T: TestTree>(seed: u32) -> Vec<Step> {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    let mut x = seed | 1;
    let mut draw = move |n: u32| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x % n
    };
    let statuses = [Running, Success, Failure, Skipped];
    let mut steps = Vec::new();
    for _ in 0..400 {
        if draw(10) == 0 {
            tree.halt(&mut ctx);
            steps.push((None, ctx.take_log()));
            continue;
        }
        ctx.always(0, [Success, Failure][draw(2) as usize]);
        ctx.always(1, statuses[draw(4) as usize]);
        ctx.always(2, statuses[draw(4) as usize]);
        let status = tree.tick(&mut ctx);
        steps.push((Some(status), ctx.take_log()));
    }
    tree.halt(&mut ctx);
    steps.push((None, ctx.take_log()));
    steps
}

/// Plays the same script on a one-task tree (leaf 0).
fn play_one<T: TestTree>(seed: u32) -> Vec<Step> {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    let mut x = seed | 1;
    let mut draw = move |n: u32| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x % n
    };
    let mut steps = Vec::new();
    for _ in 0..400 {
        if draw(12) == 0 {
            tree.halt(&mut ctx);
            steps.push((None, ctx.take_log()));
            continue;
        }
        // Mostly completions, so that the counts reach their limits.
        ctx.always(
            0,
            [Running, Success, Success, Failure, Failure, Skipped][draw(6) as usize],
        );
        let status = tree.tick(&mut ctx);
        steps.push((Some(status), ctx.take_log()));
    }
    steps
}

#[track_caller]
fn same(play_a: fn(u32) -> Vec<Step>, play_b: fn(u32) -> Vec<Step>) {
    for seed in [1, 7, 0xbeef, 0x5eed_1234] {
        let (a, b) = (play_a(seed), play_b(seed));
        for (step, (a, b)) in a.iter().zip(&b).enumerate() {
            assert_eq!(a, b, "seed {seed:#x}, step {step}");
        }
        assert_eq!(a.len(), b.len());
    }
}

#[track_caller]
fn differ(a: Vec<Step>, b: Vec<Step>) {
    assert_ne!(a, b, "the script cannot tell these kinds apart");
}

#[test]
fn behavior3_names_play_like_their_twins() {
    same(play::<Prio>, play::<RFb>);
    same(play::<MemPrio>, play::<Fb>);
    same(play::<MemSeq>, play::<Seq>);
    same(play_one::<Ruf3>, play_one::<Rep3>);
    same(play_one::<RufForever>, play_one::<RepForever>);
    same(play_one::<Rus3>, play_one::<Retry3>);
    same(play_one::<RusForever>, play_one::<RetryForever>);
    same(play::<Succ>, play::<AlwaysS>);
    same(play::<Fail>, play::<AlwaysF>);
    same(play::<Run>, play::<AlwaysR>);
    // The comparisons can tell kinds apart.
    differ(play::<Prio>(1), play::<Fb>(1));
    differ(play::<Seq>(1), play::<RSeq>(1));
    differ(play_one::<Ruf3>(1), play_one::<Rus3>(1));
    differ(play_one::<Ruf3>(1), play_one::<Repeater3>(1));
    differ(play::<Succ>(1), play::<Fail>(1));
    differ(play::<Run>(1), play::<Fail>(1));
}

#[test]
fn the_metadata_keeps_the_behavior3_names() {
    assert_eq!(Prio::NODES[0].kind, "Priority");
    assert_eq!(MemSeq::NODES[0].kind, "MemSequence");
    assert_eq!(Succ::NODES[3].kind, "Succeeder");
    assert_eq!(Fail::NODES[3].kind, "Failer");
    assert_eq!(Run::NODES[3].kind, "Runner");
    assert_eq!(Ruf3::NODES[0].kind, "RepeatUntilFailure");
    assert_eq!(Rus3::NODES[0].kind, "RepeatUntilSuccess");
    assert_eq!(Repeater3::NODES[0].kind, "Repeater");
    assert_eq!(Max100::NODES[0].kind, "MaxTime");
    assert_eq!(Limit3::NODES[0].kind, "Limiter");
}

// ---------------------------------------------------------------------------------------------
// The aliases, row by row.

#[test]
fn priority_re_checks_higher_children_and_halts_the_pre_empted_one() {
    let (mut tree, mut ctx) = (Prio::new(), Ctx::new());
    ctx.script(0, &[Failure, Failure, Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    // decision 10: the pre-empted lower-priority child is halted (behavior3js leaks it).
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnHalted(1)]);
    // Task 1 fails, Task 2 runs; then Task 1 runs again: Task 2 is halted.
    ctx.script(0, &[Failure, Failure]);
    ctx.script(1, &[Failure, Running]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnHalted(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
}

#[test]
fn succeeder_failer_runner() {
    let (mut tree, mut ctx) = (Succ::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);

    let (mut tree, mut ctx) = (Fail::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnStart(1)]);

    // Runner is Running forever (the Sequence resumes at it without re-checking the
    // condition); a halt has nothing to call; the next tick starts from the condition again.
    let (mut tree, mut ctx) = (Run::new(), Ctx::new());
    ctx.script(0, &[Success, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

// ---------------------------------------------------------------------------------------------
// Errors reset the activations of the time and loop rules (decision 11: an aborted tick is a
// halt), unlike the Limiter's count above.

behavior_tree! {
    tree WaitErr for Ctx, error Oops {
        ReactiveSequence { Action(TryAct<1>), Wait(100) }
    }
}

behavior_tree! {
    tree MaxTimeErr for Ctx, error Oops {
        ReactiveSequence { Action(TryAct<1>), MaxTime(100) { StatefulAction(Task<0>) } }
    }
}

behavior_tree! {
    tree RepeaterErr for Ctx, error Oops {
        ReactiveSequence { Action(TryAct<1>), Repeater(3) { Action(Act<2>) } }
    }
}

try_trees!(WaitErr, MaxTimeErr, RepeaterErr);

#[test]
fn an_error_restarts_a_wait() {
    let (mut tree, mut ctx) = (WaitErr::new(), Ctx::new());
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1)]);
    ctx.advance_ms(90);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1)]);
    ctx.advance_ms(20);
    // 110 ms after the first start: without the restart the Wait would succeed now.
    ctx.script(1, &[Success; 3]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1)]);
    ctx.advance_ms(100);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1)]);
    ctx.advance_ms(1);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(1)]);
}

#[test]
fn an_error_restarts_a_max_time() {
    let (mut tree, mut ctx) = (MaxTimeErr::new(), Ctx::new());
    ctx.script(1, &[Success]);
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    ctx.advance_ms(90);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1), OnHalted(0)]);
    ctx.advance_ms(20);
    // 110 ms after the first start: without the restart the MaxTime would fail now.
    ctx.script(1, &[Success; 2]);
    ctx.script(0, &[Running, Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), OnStart(0)]);
    ctx.advance_ms(100);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(1), OnRunning(0)]);
}

#[test]
fn an_error_restarts_a_repeater_count() {
    let (mut tree, mut ctx) = (RepeaterErr::new(), Ctx::new());
    ctx.script(1, &[Success, Success]);
    ctx.script(2, &[Success, Failure]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), Exec(2)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), Exec(2)]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Exec(1)]);
    // Three completions again, not one.
    ctx.script(1, &[Success; 3]);
    ctx.script(2, &[Success; 3]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), Exec(2)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[Exec(1), Exec(2)]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Exec(1), Exec(2)]);
}
