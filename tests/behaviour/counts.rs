//! One count grammar (issue 24): `Limiter`, `Filter` and `Iterate`'s `max` take every form a
//! loop's count takes: a literal, `forever`, a constant or an expression, or a blackboard entry
//! read when the count is compared. Tick by tick, with the scripted leaves of `common`.

use crate::common;

use bt::behavior_tree;
use bt::Status::*;
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Ctx, Task};

const TWICE: u32 = 2;

behavior_tree! {
    tree LimitEntry for Ctx {
        blackboard { budget: i64 = 2 }
        Limiter({budget}) { Action(Act<0>) }
    }
}

behavior_tree! {
    tree LimitConst for Ctx { Limiter(TWICE) { Action(Act<0>) } }
}

behavior_tree! {
    tree LimitForever for Ctx { Limiter(forever) { Action(Act<0>) } }
}

behavior_tree! {
    tree FilterEntry for Ctx {
        blackboard { times: u8 = 1 }
        Filter(times = {times}, filtered = Failure) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree FilterForever for Ctx { Filter(forever) { Action(Act<0>) } }
}

#[test]
fn a_limiter_reads_its_count_from_an_entry_each_tick() {
    let (mut tree, mut ctx) = (LimitEntry::new(), Ctx::new());
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    // Two completions: the limit is reached.
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    // A larger budget lets the child run again; the count so far is kept.
    tree.blackboard_mut().budget = 3;
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    // `-1` is no limit, as for the loops.
    tree.blackboard_mut().budget = -1;
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    assert_eq!(LimitEntry::NODES[0].params, [("maxLoop", "{budget}")]);
}

#[test]
fn a_limiter_takes_a_constant_and_forever() {
    let (mut tree, mut ctx) = (LimitConst::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    assert_eq!(LimitConst::NODES[0].params, [("maxLoop", "TWICE")]);

    let (mut tree, mut ctx) = (LimitForever::new(), Ctx::new());
    for _ in 0..300 {
        ctx.script(0, &[Failure]);
        expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    }
    assert_eq!(LimitForever::NODES[0].params, [("maxLoop", "-1")]);
}

#[test]
fn a_filter_reads_its_count_from_an_entry() {
    let (mut tree, mut ctx) = (FilterEntry::new(), Ctx::new());
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    // One completion counted: filtered, with `filtered = Failure`.
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    expect_halt(&mut tree, &mut ctx, &[]);
    tree.blackboard_mut().times = 2;
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);

    let (mut tree, mut ctx) = (FilterForever::new(), Ctx::new());
    for _ in 0..300 {
        ctx.script(0, &[Success]);
        expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    }
}

behavior_tree! {
    tree WalkAtMost for Ctx {
        blackboard {
            list: Vec<i32> = vec![10, 20, 30, 40],
            item: i32,
            most: usize = 2,
        }
        Iterate(list, element = {item}, max = {most}) { Action(Act<0>) }
    }
}

behavior_tree! {
    tree WalkForever for Ctx {
        blackboard { list: Vec<i32> = vec![1, 2, 3], item: i32 }
        Iterate(list, element = {item}, max = forever) { Action(Act<0>) }
    }
}

#[test]
fn iterate_reads_its_max_from_an_entry() {
    let (mut tree, mut ctx) = (WalkAtMost::new(), Ctx::new());
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    // The second element is the last one `max` allows: its answer is the node's.
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    assert_eq!(tree.blackboard().item, 20);
    tree.blackboard_mut().most = 3;
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    assert_eq!(tree.blackboard().item, 30);
    assert_eq!(WalkAtMost::NODES[0].params[3], ("maxIteration", "{most}"));

    // `forever` is no limit: the whole list.
    let (mut tree, mut ctx) = (WalkForever::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
}
