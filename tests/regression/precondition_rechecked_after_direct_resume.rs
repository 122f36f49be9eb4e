//! Open bug: a `Precondition` on the path of a directly resumed leaf re-evaluates its condition
//! after the leaf completes, and the leaf's status is lost.
//!
//! Tree: `Sequence { Precondition(|bb| bb.go) { StatefulAction(Task<0>) }, Action(Act<1>) }`,
//! blackboard `go: bool = true`.
//!
//! * tick 1: `go` holds, `Task<0>` starts and answers Running: Running.
//! * between ticks `go` becomes false (the child is latched: spec §3 Precondition, bt-core
//!   `decorator/precondition.rs`, "while the child runs the condition is not evaluated").
//! * tick 2: `Task<0>` answers Success. Expected: the Precondition passes the Success up, the
//!   Sequence ticks `Act<1>`: Success, calls `[OnRunning(0), Exec(1)]`.
//!   Actual: Failure, calls `[OnRunning(0)]`: the tick resumes `Task<0>` directly (the
//!   Precondition is marked `passes_running` in `bt-macros/src/kinds/table.rs`), the leaf's completion
//!   clears its running flag, and the walk that follows reaches the Precondition with the flag
//!   down: it evaluates `go` (false) and answers its `else` status (Failure) without taking the
//!   handed-over status.
//! * tick 3 (`go` true again): expected Running, calls `[OnStart(0)]`. Actual: Success, calls
//!   `[Exec(1)]`: the lost status stayed in `Resume::handed`, and this walk, the next one to
//!   reach `Task<0>`, takes the stale Success instead of ticking the leaf.
//!
//! Without the Sequence (Precondition at the root, depth 1) the leaf is not resumed directly and
//! the rule holds. Likely fix: `passes_running: false` for Precondition (its rule reads the
//! child's running flag, which the direct resume has already cleared), or keep the flag until
//! the walk.

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_halt, expect_tick, Act, Ctx, Task};

behavior_tree! {
    tree Latched for Ctx {
        blackboard { go: bool = true }
        Sequence {
            Precondition(|bb| bb.go) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

#[test]

fn precondition_keeps_the_latch_through_a_direct_resume() {
    let (mut tree, mut ctx) = (Latched::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.blackboard_mut().go = false;
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0), Exec(1)]);
    tree.blackboard_mut().go = true;
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}
