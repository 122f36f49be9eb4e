//! Fallback (alias MemPriority), tick by tick.
//!
//! Rule (bt-core `control/fallback.rs`): a child's `Failure`/`Skipped` moves on within the same
//! tick; `Running` returns `Running` and the next tick resumes at that child; `Success` returns
//! `Success`; after the last child: `Failure`, or `Skipped` if every child of the activation was
//! skipped. The next activation (after completing, or after a halt) starts at the first child.

use crate::common;

use bt::behavior_tree;
use bt::Status::*;
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task, TestTree};

/// Declares, for each fallback kind, a tree `[Cond<0>, Task<1>, Task<2>]` and a tree
/// `[Task<0>, Task<1>]` (whose children can all be skipped).
macro_rules! trees {
    ($($kind:ident => $three:ident, $two:ident;)*) => {$(
        behavior_tree! {
            tree $three for Ctx {
                $kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
            }
        }
        behavior_tree! {
            tree $two for Ctx {
                $kind { StatefulAction(Task<0>), StatefulAction(Task<1>) }
            }
        }
    )*};
}

trees! {
    Fallback => Fb3, Fb2;
    MemPriority => MemPriority3, MemPriority2;
}

fn first_success_wins<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
}

fn failure_moves_on_in_the_same_tick<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnStart(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnStart(1), OnStart(2)],
    );
}

fn all_failing_is_failure_and_restarts<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
}

fn running_child_resumes_without_re_ticking_failed_ones<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running, Running, Failure]);
    ctx.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
    // A completed fallback starts its next activation at the first child.
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

fn running_child_that_fails_last_is_failure<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnStart(1)]);
}

fn skipped_child_is_passed<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), OnStart(1), OnStart(2)],
    );
}

fn running_child_that_skips_moves_on<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running, Skipped]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1), OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}

fn all_skipped_is_skipped_and_re_evaluated<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    // Re-evaluated from the first child; one skip of two is a plain failure.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

fn skip_count_spans_the_activation<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(1)]);
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(1)]);
}

fn halt_restarts_from_first_child<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0)]);
    // Nothing runs after a completion: the halt calls nothing.
    expect_halt(&mut tree, &mut ctx, &[]);
}

fn skip_count_restarts_after_a_halt<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
}

macro_rules! rows {
    ($module:ident, $three:ty, $two:ty) => {
        mod $module {
            use super::*;
            #[test]
            fn first_success_wins() {
                super::first_success_wins::<$three>()
            }
            #[test]
            fn failure_moves_on_in_the_same_tick() {
                super::failure_moves_on_in_the_same_tick::<$three>()
            }
            #[test]
            fn all_failing_is_failure_and_restarts() {
                super::all_failing_is_failure_and_restarts::<$three>()
            }
            #[test]
            fn running_child_resumes_without_re_ticking_failed_ones() {
                super::running_child_resumes_without_re_ticking_failed_ones::<$three>()
            }
            #[test]
            fn running_child_that_fails_last_is_failure() {
                super::running_child_that_fails_last_is_failure::<$three>()
            }
            #[test]
            fn skipped_child_is_passed() {
                super::skipped_child_is_passed::<$three>()
            }
            #[test]
            fn running_child_that_skips_moves_on() {
                super::running_child_that_skips_moves_on::<$three>()
            }
            #[test]
            fn halt_restarts_from_first_child() {
                super::halt_restarts_from_first_child::<$three>()
            }
            #[test]
            fn all_skipped_is_skipped_and_re_evaluated() {
                super::all_skipped_is_skipped_and_re_evaluated::<$two>()
            }
            #[test]
            fn skip_count_spans_the_activation() {
                super::skip_count_spans_the_activation::<$two>()
            }
            #[test]
            fn skip_count_restarts_after_a_halt() {
                super::skip_count_restarts_after_a_halt::<$two>()
            }
        }
    };
}

rows!(fallback, Fb3, Fb2);
rows!(mem_priority, MemPriority3, MemPriority2);

// ---------------------------------------------------------------------------------------------
// Skipped children produced by RunOnce.

behavior_tree! {
    tree OnceThenAction for Ctx {
        Fallback { RunOnce { Action(Act<0>) }, Action(Act<1>) }
    }
}

behavior_tree! {
    tree OnlyOnce for Ctx {
        MemPriority { RunOnce { Action(Act<0>) } }
    }
}

#[test]
fn run_once_child_is_skipped_after_its_first_completion() {
    let (mut tree, mut ctx) = (OnceThenAction::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Exec(1)]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1)]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
}

#[test]
fn fallback_of_a_skipped_run_once_is_skipped() {
    let (mut tree, mut ctx) = (OnlyOnce::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
}

// ---------------------------------------------------------------------------------------------
// A nested running child.

behavior_tree! {
    tree Nested for Ctx {
        Fallback {
            Condition(Cond<0>)
            Sequence { Condition(Cond<1>), StatefulAction(Task<2>) }
            StatefulAction(Task<3>)
        }
    }
}

#[test]
fn nested_running_sequence_resumes_inside() {
    let (mut tree, mut ctx) = (Nested::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Check(1), OnStart(2)],
    );
    // The fallback resumes at the sequence, which resumes at its running action; when that fails
    // the fallback moves on to its last child in the same tick.
    ctx.script(3, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(2), OnStart(3)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(3)]);
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Failure]);
    ctx.script(3, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), Check(1), OnStart(3)],
    );
}
