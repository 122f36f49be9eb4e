//! Delay, Timeout and Sleep on a `ManualClock`, tick by tick; and AlwaysRunning.
//!
//! Rules: bt-core `decorator/time/mod.rs` and `leaves/mod.rs`; spec §3, §4.1; decision 7. The
//! context ([`common::Ctx`]) is the clock: it stands still until a test calls `advance_ms`.
//!
//! * `Delay(ms) { child }`: `Running` on the first tick of an activation without ticking the
//!   child, **even for 0 ms**; the child is ticked from the first tick at which
//!   `now - start >= ms` and its status is passed through; a completion (or skip) re-arms the
//!   delay.
//! * `Timeout(ms) { child }`: ticks the child; at the first tick at which the child is still
//!   running and `now - start >= ms`, halts it without ticking it and fails. `Timeout(0)` never
//!   times out.
//! * `Sleep(ms)`: `Running` until `now - start >= ms`, then `Success`; `Sleep(0)` is `Success` at
//!   once.
//! * `AlwaysRunning`: `Running`, always.
//!
//! A halt clears every clock: the next activation starts its wait afresh.

use crate::common;
use core::time::Duration;

use bt::Status::*;
use bt::{behavior_tree, TickTrace, TraceEvent};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task};

// ---------------------------------------------------------------------------------------------
// Delay

behavior_tree! {
    tree Delay100 for Ctx { Delay(100) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree Delay0 for Ctx { Delay(0) { StatefulAction(Task<0>) } }
}

#[test]
fn delay_waits_then_passes_the_child_through() {
    let (mut tree, mut ctx) = (Delay100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    // now - start = 100 >= 100: the child is ticked (inclusive).
    ctx.advance_ms(1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    // Re-armed: the next activation waits again, from its own first tick.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(250);
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    // A skip re-arms it too.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
}

#[test]
fn delay_is_measured_from_the_first_tick() {
    let (mut tree, mut ctx) = (Delay100::new(), Ctx::new());
    // Time passed before the first tick does not count.
    ctx.advance_ms(5_000);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(60);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(39);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn delay_0_is_running_on_its_first_tick() {
    let (mut tree, mut ctx) = (Delay0::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    // The clock has not moved: 0 >= 0, the child is ticked.
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn delay_running_child_is_ticked_on_every_tick() {
    let (mut tree, mut ctx) = (Delay100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(1_000);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

#[test]
fn delay_halted_while_waiting_starts_a_new_wait() {
    let (mut tree, mut ctx) = (Delay100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(60);
    expect_halt(&mut tree, &mut ctx, &[]);
    // 100 ms after the first tick, but the wait restarted at this tick.
    ctx.advance_ms(40);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn delay_halted_while_the_child_runs() {
    let (mut tree, mut ctx) = (Delay100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // A new activation waits again.
    ctx.advance_ms(500);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

// ---------------------------------------------------------------------------------------------
// Timeout

behavior_tree! {
    tree Timeout100 for Ctx { Timeout(100) { StatefulAction(Task<0>) } }
}

#[test]
fn timeout_child_completing_in_time_passes_through() {
    let (mut tree, mut ctx) = (Timeout100::new(), Ctx::new());
    for answer in [Success, Failure, Skipped] {
        ctx.script(0, &[answer]);
        expect_tick(&mut tree, &mut ctx, answer, &[OnStart(0)]);
    }
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(50);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(49);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

#[test]
fn timeout_fails_at_the_deadline_without_ticking_the_child() {
    let (mut tree, mut ctx) = (Timeout100::new(), Ctx::new());
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // now - start = 100 >= 100 while the child runs: halted (not ticked), FAILURE.
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The next activation starts the child and the clock afresh.
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // Long past the deadline: the same.
    ctx.advance_ms(10_000);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
}

#[test]
fn timeout_clock_starts_at_each_activation() {
    let (mut tree, mut ctx) = (Timeout100::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(80);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // Started at 80: at 179 it still runs, at 180 it times out.
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
}

#[test]
fn timeout_halted_clears_the_clock() {
    let (mut tree, mut ctx) = (Timeout100::new(), Ctx::new());
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(90);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // Started again at 90.
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
}

#[test]
fn timeout_0_never_times_out() {
    behavior_tree! {
        tree Timeout0 for Ctx { Timeout(0) { StatefulAction(Task<0>) } }
    }
    let (mut tree, mut ctx) = (Timeout0::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(1_000_000);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

#[test]
fn timeout_of_a_synchronous_child_never_fires() {
    behavior_tree! {
        tree TimeoutAct for Ctx { Timeout(10) { Action(Act<0>) } }
    }
    let (mut tree, mut ctx) = (TimeoutAct::new(), Ctx::new());
    ctx.script(0, &[Success, Failure, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    ctx.advance_ms(1_000);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    ctx.advance_ms(1_000);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
}

#[test]
fn timeout_halts_the_running_descendant() {
    behavior_tree! {
        tree Approach for Ctx {
            Timeout(50) {
                Sequence { Action(Act<0>), StatefulAction(Task<1>), Action(Act<2>) }
            }
        }
    }
    let (mut tree, mut ctx) = (Approach::new(), Ctx::new());
    let mut trace = TickTrace::<{ Approach::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0), OnStart(1)]);
    ctx.advance_ms(30);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    ctx.advance_ms(20);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Failure);
    assert_eq!(ctx.take_log(), [OnHalted(1)]);
    // Ids: 0 Timeout, 1 Sequence, 2 Act<0>, 3 Task<1>, 4 Act<2>.
    assert_eq!(trace.status(0), Some(Failure));
    assert_eq!(trace.event(1), Some(TraceEvent::Halted));
    assert_eq!(trace.event(3), Some(TraceEvent::Halted));
}

// ---------------------------------------------------------------------------------------------
// Sleep

behavior_tree! {
    tree Sleep100 for Ctx { Sleep(100) }
}

#[test]
fn sleep_runs_until_its_time_is_up() {
    let (mut tree, mut ctx) = (Sleep100::new(), Ctx::new());
    ctx.advance_ms(1_000);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // A new sleep.
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(250);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

#[test]
fn sleep_0_succeeds_at_once() {
    behavior_tree! {
        tree Sleep0 for Ctx { Sequence { Sleep(0), Action(Act<0>) } }
    }
    let (mut tree, mut ctx) = (Sleep0::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
}

#[test]
fn sleep_halted_starts_a_new_sleep() {
    let (mut tree, mut ctx) = (Sleep100::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(50);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(99);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

#[test]
fn sleep_in_a_sequence_and_pre_empted() {
    behavior_tree! {
        tree Nap for Ctx {
            ReactiveFallback {
                Condition(Cond<0>),
                Sequence { Sleep(100), Action(Act<1>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Nap::new(), Ctx::new());
    let mut trace = TickTrace::<{ Nap::NODE_COUNT }>::new();
    ctx.script(0, &[Failure, Failure, Success, Failure, Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(60);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    // Pre-empted at 60 ms: the sleep is halted.
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Success);
    assert_eq!(ctx.take_log(), [Check(0)]);
    // Ids: 0 ReactiveFallback, 1 Cond<0>, 2 Sequence, 3 Sleep, 4 Act<1>.
    assert_eq!(trace.event(3), Some(TraceEvent::Halted));
    // Started again at 60: 100 ms more.
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), Exec(1)]);
}

// ---------------------------------------------------------------------------------------------
// AlwaysRunning

#[test]
fn always_running_never_completes() {
    behavior_tree! {
        tree Forever for Ctx { AlwaysRunning }
    }
    let (mut tree, mut ctx) = (Forever::new(), Ctx::new());
    for _ in 0..5 {
        expect_tick(&mut tree, &mut ctx, Running, &[]);
    }
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
}

#[test]
fn always_running_under_a_timeout_and_a_parallel() {
    behavior_tree! {
        tree Placeholder for Ctx {
            Sequence {
                Inverter { Timeout(20) { AlwaysRunning } },
                Parallel(success = 1) { AlwaysRunning, StatefulAction(Task<0>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Placeholder::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(20);
    // The timeout fails (inverted: success); the Parallel succeeds with its task.
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
}

// ---------------------------------------------------------------------------------------------
// Units, constants, expressions and entries (the guide's "Counts and durations")

const TIMEOUT_MS: u64 = 2_000;
const TIMEOUT: core::time::Duration = core::time::Duration::from_secs(3);
const RETRIES: i32 = 3;

behavior_tree! {
    tree FiveSeconds for Ctx { Timeout(5s) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree HalfSecond for Ctx { Timeout(500ms) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree OneAndAHalf for Ctx { Delay(1.5s) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree ConstMillis for Ctx { Timeout(TIMEOUT_MS) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree ConstDuration for Ctx { Sleep(TIMEOUT) }
}

behavior_tree! {
    tree ExprDuration for Ctx {
        Sequence { Wait(core::time::Duration::from_millis(TIMEOUT_MS / 4)), Sleep(2 * 50) }
    }
}

behavior_tree! {
    tree EntryTimeout for Ctx {
        blackboard { timeout: u32 = 300 }
        Timeout({timeout}) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree EntryMaxTime for Ctx {
        blackboard { limit: u64 = 300 }
        MaxTime({limit}) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree RetryConst for Ctx {
        RetryUntilSuccessful(RETRIES) { Condition(Cond<0>) }
    }
}

behavior_tree! {
    /// The guide's own form (issue 39: rejected with "expected only a count", where `N * 2`
    /// compiled).
    tree RetryTwice for Ctx {
        RetryUntilSuccessful(2 * RETRIES) { Condition(Cond<0>) }
    }
}

behavior_tree! {
    tree RepeatEntry for Ctx {
        blackboard { cycles: i64 = 2 }
        Repeat({cycles}) { Action(Act<0>) }
    }
}

/// Runs `tree`, whose child keeps running, until it times out: the milliseconds that took, the
/// clock moving 100 ms a tick.
fn time_out_after<T: bt::BehaviorTree<Context = Ctx>>(tree: &mut T, ctx: &mut Ctx) -> u64 {
    ctx.always(0, Running);
    let mut elapsed = 0;
    while tree.tick(ctx) == Running {
        ctx.advance_ms(100);
        elapsed += 100;
        assert!(elapsed <= 10_000, "never timed out");
    }
    ctx.take_log();
    elapsed
}

#[test]
fn a_duration_keeps_its_unit() {
    // `5s` is five seconds, not 5 ms; `500ms` is half a second; a bare number is milliseconds.
    assert_eq!(
        time_out_after(&mut FiveSeconds::new(), &mut Ctx::new()),
        5_000
    );
    assert_eq!(time_out_after(&mut HalfSecond::new(), &mut Ctx::new()), 500);
    assert_eq!(
        time_out_after(&mut ConstMillis::new(), &mut Ctx::new()),
        2_000
    );
    let (mut tree, mut ctx) = (OneAndAHalf::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1_499);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn a_duration_may_be_a_constant_or_an_expression() {
    let (mut tree, mut ctx) = (ConstDuration::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(2_999);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // Wait(500 ms) answers Success once more than 500 ms have passed, then Sleep(100 ms).
    let (mut tree, mut ctx) = (ExprDuration::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(500);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(1);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

#[test]
fn a_duration_from_an_entry_is_read_when_the_node_starts() {
    let (mut tree, mut ctx) = (EntryTimeout::new(), Ctx::new());
    assert_eq!(time_out_after(&mut tree, &mut ctx), 300);
    // A new value is read by the next activation...
    tree.blackboard_mut().timeout = 700;
    assert_eq!(time_out_after(&mut tree, &mut ctx), 700);
    // ...but does not move the deadline of a running one (as BehaviorTree.CPP reads `msec`).
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.blackboard_mut().timeout = 50;
    ctx.advance_ms(100);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    ctx.advance_ms(600);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
}

#[test]
fn max_time_reads_its_entry_when_it_starts() {
    let (mut tree, mut ctx) = (EntryMaxTime::new(), Ctx::new());
    ctx.always(0, Running);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // A longer limit set while it runs does not save this activation...
    tree.blackboard_mut().limit = 10_000;
    ctx.advance_ms(301);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0), OnHalted(0)]);
    // ...the next one reads it.
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.advance_ms(9_999);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
}

#[test]
fn a_loop_count_may_be_a_constant_or_an_entry() {
    let (mut tree, mut ctx) = (RetryConst::new(), Ctx::new());
    ctx.always(0, Failure);
    for _ in 0..2 {
        expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    }
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    // An expression that starts with a literal: 2 * 3 attempts.
    let (mut tree, mut ctx) = (RetryTwice::new(), Ctx::new());
    ctx.always(0, Failure);
    for _ in 0..5 {
        expect_tick(&mut tree, &mut ctx, Running, &[Check(0)]);
    }
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    // An entry: 2 cycles, then -1 (forever, as in BehaviorTree.CPP), then 0 (no cycle).
    let (mut tree, mut ctx) = (RepeatEntry::new(), Ctx::new());
    ctx.always(0, Success);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    tree.blackboard_mut().cycles = -1;
    for _ in 0..10 {
        expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    }
    tree.blackboard_mut().cycles = 0;
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

// ---------------------------------------------------------------------------------------------
// At the edges of the clock

behavior_tree! {
    tree Timeout1000 for Ctx { Timeout(1000) { StatefulAction(Task<0>) } }
}

behavior_tree! {
    tree Wait1000 for Ctx { Wait(1000) }
}

behavior_tree! {
    tree DelaySleep for Ctx { Sequence { Delay(1000) { AlwaysSuccess }, Sleep(1000) } }
}

/// Issue 39: with a clock past 584 years (2^64 ns) or near `Duration::MAX`, every time node
/// fired on its first or second tick (`Timeout(1000)` failed after 500 ms, `Wait(1000)` succeeded
/// at once). They keep nanoseconds modulo 2^64 and compare differences now: the same ticks at
/// any clock value as at zero.
#[test]
fn time_nodes_are_exact_at_any_clock_value() {
    let wrap = Duration::from_nanos(u64::MAX) + Duration::from_nanos(1);
    for start in [
        Duration::ZERO,
        wrap - Duration::from_millis(500),
        Duration::from_secs(600 * 365 * 24 * 3600),
        Duration::MAX - Duration::from_secs(10),
    ] {
        let (mut timeout, mut ctx) = (Timeout1000::new(), Ctx::at(start));
        assert_eq!(
            time_out_after(&mut timeout, &mut ctx),
            1_000,
            "from {start:?}"
        );

        let (mut wait, mut ctx) = (Wait1000::new(), Ctx::at(start));
        for _ in 0..10 {
            expect_tick(&mut wait, &mut ctx, Running, &[]);
            ctx.advance_ms(100);
        }
        // 1,000 ms is not more than 1,000 ms (behavior3's `Wait` is strict).
        expect_tick(&mut wait, &mut ctx, Running, &[]);
        ctx.advance_ms(1);
        expect_tick(&mut wait, &mut ctx, Success, &[]);

        let (mut tree, mut ctx) = (DelaySleep::new(), Ctx::at(start));
        expect_tick(&mut tree, &mut ctx, Running, &[]);
        ctx.advance_ms(999);
        expect_tick(&mut tree, &mut ctx, Running, &[]);
        // The delay is over; the sleep starts.
        ctx.advance_ms(1);
        expect_tick(&mut tree, &mut ctx, Running, &[]);
        ctx.advance_ms(999);
        expect_tick(&mut tree, &mut ctx, Running, &[]);
        ctx.advance_ms(1);
        expect_tick(&mut tree, &mut ctx, Success, &[]);
    }
}
