//! TryCatch, tick by tick.
//!
//! Rules (bt-core `control/flow/try_catch.rs`, spec §2.11): the children but the last form the
//! *try* block, run like a `Sequence` (resumed at the running child); when a try child fails, the
//! last child, the *catch* block, is ticked in the same tick and the node fails whatever the catch
//! answers (a running catch is ticked again on the next ticks). All try children done: Success
//! (Skipped if all were skipped), the catch is not ticked. `catch_on_halt = true`: a halt in the
//! try block halts the running try child, then ticks the catch child once (halting it if it answers
//! Running).

use crate::common;

use bt::behavior_tree;
use bt::Status::*;
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task, TestTree};

behavior_tree! {
    tree Tc for Ctx {
        TryCatch { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree TcNoHalt for Ctx {
        TryCatch(catch_on_halt = false) {
            StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
        }
    }
}

behavior_tree! {
    tree TcOnHalt for Ctx {
        TryCatch(catch_on_halt = true) {
            StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>)
        }
    }
}

/// The tick rows, the same with and without `catch_on_halt`.
fn try_catch_rows<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    // The try block succeeds: the catch child is not ticked.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    // A running try child is resumed; the children before it are not ticked again.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
    // A try child fails: the catch child runs in the same tick, and the node fails whatever the
    // catch child answers.
    for catch in [Success, Failure, Skipped] {
        ctx.script(0, &[Failure]);
        ctx.script(2, &[catch]);
        expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(2)]);
        ctx.script(0, &[Success]);
        ctx.script(1, &[Failure]);
        ctx.script(2, &[catch]);
        expect_tick(
            &mut tree,
            &mut ctx,
            Failure,
            &[OnStart(0), OnStart(1), OnStart(2)],
        );
    }
    // A running try child that fails.
    ctx.script(0, &[Running, Failure]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0), OnStart(2)]);
    // A running catch child is ticked again (the try block is not); when it completes, the node
    // fails, and the next activation starts with the try block.
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Failure, Success]);
    ctx.script(2, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(2)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn rows_default() {
    try_catch_rows::<Tc>();
}

#[test]
fn rows_catch_on_halt_false() {
    try_catch_rows::<TcNoHalt>();
}

#[test]
fn rows_catch_on_halt_true() {
    try_catch_rows::<TcOnHalt>();
}

#[test]
fn skipped_try_children() {
    let (mut tree, mut ctx) = (Tc::new(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // The skips are counted over the activation: skip, then (next tick) skip after running.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(1)]);
}

/// Halts without `catch_on_halt`: the running child (try or catch) is halted, nothing else.
fn halt_rows<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The position was forgotten: the try block starts over.
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn halted_in_the_try_block() {
    halt_rows::<Tc>();
    halt_rows::<TcNoHalt>();
}

/// A halt in the catch block halts the catch child, also with `catch_on_halt`.
fn halt_in_catch<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure, Success]);
    ctx.script(2, &[Running]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // Out of the catch block: the try block starts over.
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn halted_in_the_catch_block() {
    halt_in_catch::<Tc>();
    halt_in_catch::<TcNoHalt>();
    halt_in_catch::<TcOnHalt>();
}

#[test]
fn catch_on_halt_ticks_the_catch_child_once() {
    let (mut tree, mut ctx) = (TcOnHalt::new(), Ctx::new());
    // The catch child completes within the halt.
    for catch in [Success, Failure, Skipped] {
        ctx.script(0, &[Running]);
        ctx.script(2, &[catch]);
        expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
        expect_halt(&mut tree, &mut ctx, &[OnHalted(0), OnStart(2)]);
        expect_halt(&mut tree, &mut ctx, &[]);
    }
    // The catch child answers Running: it is halted at once.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1), OnStart(2), OnHalted(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The next activation starts with the try block.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
    // An idle TryCatch (completed) is not halted: no catch.
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn catch_on_halt_when_pre_empted() {
    behavior_tree! {
        tree Guarded for Ctx {
            ReactiveSequence {
                Condition(Cond<3>),
                TryCatch(catch_on_halt = true) { StatefulAction(Task<0>), Action(Act<1>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    ctx.script(3, &[Success, Success, Failure]);
    ctx.script(0, &[Running, Running]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), OnRunning(0)]);
    // The guard fails: the try child is halted, then the catch child runs once.
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(3), OnHalted(0), Exec(1)],
    );
}

#[test]
fn two_children_and_many_try_children() {
    behavior_tree! {
        tree Tc2 for Ctx {
            TryCatch { Action(Act<0>), Action(Act<1>) }
        }
    }
    let (mut tree, mut ctx) = (Tc2::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0), Exec(1)]);

    behavior_tree! {
        tree Tc5 for Ctx {
            TryCatch {
                Action(Act<0>), Action(Act<1>), Action(Act<2>), Action(Act<3>), Action(Act<4>)
            }
        }
    }
    let (mut tree, mut ctx) = (Tc5::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Success, Success]);
    ctx.script(2, &[Success, Failure]);
    ctx.script(3, &[Success]);
    ctx.script(4, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Exec(0), Exec(1), Exec(2), Exec(3)],
    );
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Exec(0), Exec(1), Exec(2), Exec(4)],
    );
}
