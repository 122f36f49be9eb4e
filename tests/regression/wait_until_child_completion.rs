//! Fixed bug: `WaitUntil` did not pass on the status of a child that completes after its
//! condition turned false (fixed by walking `WaitUntil`, not resuming below it directly:
//! `bt-macros/src/kinds/table.rs`).
//!
//! `WaitUntil(|bb| c) { child }` (NodeCanvas `Wait Until`, `bt_core::decorator::WaitUntil`):
//! "`Running` until its condition is true, then ticks its child until the child completes"; its
//! truth table: child running → "ticks the child, answers its status (it is not stopped if the
//! condition turns false)". So once the child runs, the condition no longer matters, and the
//! child's `Success` is the node's: the `Sequence` goes on to its next child in the same tick.
//!
//! Found by the differential test: tree
//! `B{t0=1;b1}MSeq(WU{t0<1}(pt0{b0:b1;b1:t0}),pi1{t0:=},Mt{30}(Rep2(Rpt{3}(c2))))`
//! (`Tree0066`, seed 0x5eed, run 6, step 111): the task, started while `t0 < 1`, succeeds after
//! `t0` became 6; the library answers `Running` without ticking `PIo<1>`, the reference answers
//! `Running` after ticking `PIo<1>` and the rest.
//!
//! Only when the tick resumes directly at the running leaf (a `Sequence` parent): walked from the
//! root every tick (under a `ReactiveSequence`, below) the node is right. The library answers
//! `Running` and ticks nothing more, as if the node had looked at its condition again after its
//! child completed. The cause: the rule reads its child's running flag before ticking it, and
//! after a direct resume handed the child's completion over, that flag is already down.

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_tick, Act, Ctx, Task};

behavior_tree! {
    tree WaitThenAct for Ctx {
        blackboard { go: bool = true }
        Sequence {
            WaitUntil(|bb| bb.go) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

#[test]
fn wait_until_passes_on_the_completion_of_a_running_child() {
    let (mut tree, mut ctx) = (WaitThenAct::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.blackboard_mut().go = false;
    ctx.script(1, &[Success]);
    // The child completes: WaitUntil answers Success, the Sequence ticks Act<1>.
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0), Exec(1)]);
}

#[test]
fn wait_until_passes_on_the_completion_while_the_condition_holds() {
    let (mut tree, mut ctx) = (WaitThenAct::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0), Exec(1)]);
}

behavior_tree! {
    tree WaitThenActWalked for Ctx {
        blackboard { go: bool = true }
        ReactiveSequence {
            AlwaysSuccess,
            WaitUntil(|bb| bb.go) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

/// The same tree walked from the root on every tick (a ReactiveSequence does not resume
/// directly): correct, so the bug is in the direct resume through `WaitUntil`.
#[test]
fn wait_until_passes_on_the_completion_when_walked() {
    let (mut tree, mut ctx) = (WaitThenActWalked::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.blackboard_mut().go = false;
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0), Exec(1)]);
}
