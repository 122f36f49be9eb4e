//! Two library bugs the differential test found in trees with an error type (decision 11; the
//! guide's "Errors": an error halts every running node exactly as by `halt`, and the next tick
//! starts afresh). Both fixed in bt-macros `codegen/mod.rs`.
//!
//! 1. A `FlipSelector` that cannot run (no child can answer `Running`) is not halted after an
//!    error below it, and kept its position within the aborted activation: the next tick resumed
//!    at the child that failed with the error instead of the first child of its order
//!    (differential test `Tree0980`: `FlipSelector { Action(TAct<0>), Condition(Cond<1>), .. }`
//!    with order `[1, .., 0]`; after `[c1?F, a0!E]`, the next tick was `[a0!S]` instead of
//!    `[c1?F, a0!S]`). Fixed: the error rewinds it (`tick_child`).
//! 2. After an error, a node whose rule did not know a running child (a `ReactiveSequence`
//!    whose earlier child started running in the aborted tick, while a later one ran from before)
//!    ran its own halt (and its `on_halted`/`post` hooks) before that child was halted, and the
//!    children were halted out of child order (differential test `Tree0123`: `[.., t5x, t1x]`
//!    where `halt` gives `[t1x, t5x]`). Fixed: after an error every node is halted after its
//!    children, in child order, as a halt does (`halt_after_error`).

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_try_tick, try_trees, Act, Cond, Ctx, Oops, Task, TryAct};

behavior_tree! {
    tree Flip for Ctx, error Oops {
        FlipSelector { Condition(Cond<0>), Action(TryAct<1>), Action(Act<2>) }
    }
}

behavior_tree! {
    tree Order for Ctx, error Oops {
        ReactiveSequence {
            Parallel { StatefulAction(Task<0>), Action(TryAct<1>) },
            StatefulAction(Task<2>),
        }
    }
}

try_trees!(Flip, Order);

/// Tick 1: condition 0 fails, action 1 fails with `Oops(1)`. Tick 2 starts afresh, at the first
/// child of the order (actual before the fix: `[Exec(1)]`).
#[test]
fn error_restarts_a_flip_selector_that_cannot_run() {
    let (mut tree, mut ctx) = (Flip::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script_err(1);
    expect_try_tick(&mut tree, &mut ctx, Err(Oops(1)), &[Check(0), Exec(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Success), &[Check(0), Exec(1)]);
}

/// Tick 1: task 0 fails, task 2 runs. Tick 2: task 0 starts (`Running`), action 1 fails with
/// `Oops(1)`: both tasks are halted, in child order, as `halt` would (actual before the fix:
/// `OnHalted(2)` before `OnHalted(0)`).
#[test]
fn error_halts_in_child_order() {
    let (mut tree, mut ctx) = (Order::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Ok(Running),
        &[OnStart(0), Exec(1), OnStart(2)],
    );
    ctx.script(0, &[Running]);
    ctx.script_err(1);
    expect_try_tick(
        &mut tree,
        &mut ctx,
        Err(Oops(1)),
        &[OnStart(0), Exec(1), OnHalted(0), OnHalted(2)],
    );
}
