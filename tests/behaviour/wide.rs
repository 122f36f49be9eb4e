//! Wide composites: the macro lays them out differently from narrow ones (straight-line steps
//! beyond 128 children when the composite starts at its first child, a jump table beyond 16 when
//! it resumes at a remembered child), so their rules are checked here too.

use crate::common;

use bt::{behavior_tree, Status};
use common::{expect_halt, expect_tick, Call, Call::*, Cond, Ctx, Task};
use Status::*;

behavior_tree! {
    /// 129 checks of `Cond<0>`, then a running task: reactive, straight-line steps.
    pub tree WideReactive for Ctx {
        ReactiveSequence {
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>),
            StatefulAction(Task<1>),
        }
    }
}

behavior_tree! {
    /// 17 checks under a `Sequence`, then a task: it resumes at the running task (a jump table).
    pub tree WideSequence for Ctx {
        Sequence {
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>),
            StatefulAction(Task<1>),
        }
    }
}

behavior_tree! {
    /// A 130-child `Fallback` that cannot run (its state is a local): straight-line steps.
    pub tree WideFallback for Ctx {
        Fallback {
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>), Condition(Cond<0>),
            Condition(Cond<0>),
            Condition(Cond<2>),
        }
    }
}

const CHECKS: [Call; 129] = [Check(0); 129];

fn calls(prefix: &[Call], rest: &[Call]) -> Vec<Call> {
    prefix.iter().chain(rest).copied().collect()
}

#[test]
fn wide_reactive_sequence_rechecks_every_condition_and_halts_on_failure() {
    let (mut tree, mut ctx) = (WideReactive::new(), Ctx::new());
    ctx.script(0, &[Success; 129]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &calls(&CHECKS, &[OnStart(1)]));
    ctx.script(0, &[Success; 129]);
    ctx.script(1, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &calls(&CHECKS, &[OnRunning(1)]),
    );
    // The 100th check fails: the running task is halted.
    ctx.script(0, &[Success; 99]);
    ctx.script(0, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &calls(&CHECKS[..100], &[OnHalted(1)]),
    );
    ctx.script(0, &[Success; 129]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &calls(&CHECKS, &[OnStart(1)]));
}

#[test]
fn wide_sequence_resumes_at_the_running_child() {
    let (mut tree, mut ctx) = (WideSequence::new(), Ctx::new());
    ctx.script(0, &[Success; 17]);
    ctx.script(1, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &calls(&CHECKS[..17], &[OnStart(1)]),
    );
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // After a halt it starts from the first child; a failure in the middle fails it.
    ctx.script(0, &[Success; 4]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &CHECKS[..5]);
}

#[test]
fn wide_fallback_stops_at_the_first_success() {
    let (mut tree, mut ctx) = (WideFallback::new(), Ctx::new());
    ctx.script(0, &[Failure; 129]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &calls(&CHECKS, &[Check(2)]));
    ctx.script(0, &[Failure; 3]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &CHECKS[..4]);
    ctx.script(0, &[Failure; 129]);
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &calls(&CHECKS, &[Check(2)]));
}
