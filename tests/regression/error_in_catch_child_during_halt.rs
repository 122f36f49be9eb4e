//! Library bug found while writing the differential test's error path (issue 11, decision 11),
//! fixed in bt-macros `codegen/step.rs`: a halt cannot fail, so a `TryCatch(catch_on_halt = true)`
//! whose catch child fails with an error while the halt ticks it counts the child as failed; but
//! what the aborted tick had started in the catch child was never halted: here task 1, started by
//! the catch child's `Parallel` before action 2 failed, got no `on_halted` and stayed started
//! (actual: `[OnHalted(0), OnStart(1), Exec(2)]`). Fixed: the aborted catch child is halted.

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_try_halt, expect_try_tick, try_trees, Ctx, Oops, Task, TryAct};

behavior_tree! {
    tree CatchHalt for Ctx, error Oops {
        TryCatch(catch_on_halt = true) {
            StatefulAction(Task<0>),
            Parallel { StatefulAction(Task<1>), Action(TryAct<2>) },
        }
    }
}

try_trees!(CatchHalt);

/// Tick 1: task 0 runs in the try block. The halt halts it and ticks the catch child once:
/// task 1 starts, action 2 fails with `Oops(2)`, task 1 is halted.
#[test]
fn an_error_in_the_catch_child_during_a_halt_halts_what_it_started() {
    let (mut tree, mut ctx) = (CatchHalt::new(), Ctx::new());
    ctx.script(0, &[Running]);
    expect_try_tick(&mut tree, &mut ctx, Ok(Running), &[OnStart(0)]);
    ctx.script(1, &[Running]);
    ctx.script_err(2);
    expect_try_halt(
        &mut tree,
        &mut ctx,
        &[OnHalted(0), OnStart(1), Exec(2), OnHalted(1)],
    );
}
