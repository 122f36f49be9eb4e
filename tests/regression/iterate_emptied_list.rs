//! Fixed bug: `Iterate` answered `Failure` without halting its running child when its list
//! was emptied while the child ran (fixed in `bt-macros/src/codegen/nodecanvas.rs`, now `codegen/loops.rs`: the empty
//! list's `Failure` halts the child first; `bt_core::decorator::Iterate`'s table
//! says so).
//!
//! `Iterate(list, element = {e}) { child }`: "the list is empty | not ticked | `Failure`". The
//! node completes, so a child still running from the previous element must be halted: a node
//! that answers anything but `Running` leaves nothing below it running.
//!
//! Found by the differential test: tree `B{l0=1;b0}Itr{b0;0;1;_}(t0e)` (`Tree0029`, seed
//! 0x5eed, run 1, step 51): the task runs for element 0, `l0.clear()` from outside, the next
//! tick answers `Failure` and the task stays started without `on_halted` (the interpreter
//! agreed on the calls; the harness's stateful contract caught it).

use bt::behavior_tree;
use bt::Status::*;

use crate::common::Call::*;
use crate::common::{expect_tick, Ctx, Task};

behavior_tree! {
    tree IterateTask for Ctx {
        blackboard { list: Vec<i64> = vec![1], item: i64 }
        Iterate(list, element = {item}) { StatefulAction(Task<0>) }
    }
}

#[test]
fn iterate_halts_its_running_child_when_the_list_is_emptied() {
    let (mut tree, mut ctx) = (IterateTask::new(), Ctx::new());
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.blackboard_mut().list.clear();
    expect_tick(&mut tree, &mut ctx, Failure, &[OnHalted(0)]);
    // Nothing is left running: a new element starts the task afresh.
    tree.blackboard_mut().list.push(2);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    assert_eq!(tree.blackboard().item, 2);
}
