//! Fixed bug: a tree halt left the count of an idle `Repeat` / `RetryUntilSuccessful` in place.
//!
//! A loop whose child answers `Skipped` answers `Skipped` and keeps its count (spec 3: "count
//! kept"); it is then idle (decision 3). `halt` only visits running nodes, so the count survives
//! the halt and the next activation does not start afresh. Expected (spec 1.3: `haltTree` halts
//! every node, and a Repeat/Retry halt sets count = 0; the halt property "after a halt the next
//! tick starts afresh, except SequenceWithMemory's position and RunOnce"): the count is 0 after
//! the halt.
//!
//! Found by the differential test: tree `MSeq(Ret4(t0),t1,Seq(Fb(c2)))`, seed 0x5eed.
//! Fix: the tree's `halt` also clears the counters of every Repeat / RetryUntilSuccessful (the
//! only per-activation memory an idle node can hold), like BehaviorTree.CPP's `haltTree`.

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_halt, expect_tick, Ctx, Task};

behavior_tree! {
    tree Retry3 for Ctx {
        RetryUntilSuccessful(3) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree Repeat3 for Ctx {
        Repeat(3) { StatefulAction(Task<0>) }
    }
}

#[test]
fn retry_count_is_cleared_by_a_halt_after_a_skip() {
    let (mut tree, mut ctx) = (Retry3::new(), Ctx::new());
    ctx.script(0, &[Failure, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]); // 1 failure
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]); // skipped: count kept, idle
    expect_halt(&mut tree, &mut ctx, &[]);
    // A fresh activation needs three failures.
    ctx.script(0, &[Failure, Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]); // (the bug: Failure, count 3)
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
}

#[test]
fn repeat_count_is_cleared_by_a_halt_after_a_skip() {
    let (mut tree, mut ctx) = (Repeat3::new(), Ctx::new());
    ctx.script(0, &[Success, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]); // 1 success
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]); // skipped: count kept, idle
    expect_halt(&mut tree, &mut ctx, &[]);
    // A fresh activation needs three successes.
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]); // (the bug: Success, count 3)
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}
