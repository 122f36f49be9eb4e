//! `tree.halt()`: what it calls, what it forgets, and what the TickTrace records.
//!
//! Contract (bt-core `leaf.rs`, `tree.rs`, decision 6 and 2): halting calls `on_halted` exactly
//! once on each started, unfinished stateful action, never on one that finished; halting a tree
//! that is not running calls nothing; after a halt the next tick starts afresh, except that
//! SequenceWithMemory keeps its position and RunOnce its memory. Every halted node that was
//! running is reported to the observer as `Halted`.

use crate::common;

use bt::Status::*;
use bt::{behavior_tree, NodeCategory, NodeInfo, TickTrace, TraceEvent};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task};

behavior_tree! {
    tree Deep for Ctx {
        Sequence {
            Action(Act<0>)
            Fallback {
                Condition(Cond<1>)
                ForceSuccess {
                    #[name = "inner"] Sequence { StatefulAction(Task<2>), StatefulAction(Task<3>) }
                }
            }
        }
    }
}

/// `Deep`'s ids, in pre-order.
const SEQ: usize = 0;
const ACT0: usize = 1;
const FALLBACK: usize = 2;
const COND1: usize = 3;
const FORCE: usize = 4;
const INNER: usize = 5;
const TASK2: usize = 6;
const TASK3: usize = 7;

type DeepTrace = TickTrace<{ Deep::NODE_COUNT }>;

fn events(trace: &DeepTrace) -> Vec<Option<TraceEvent>> {
    (0..Deep::NODE_COUNT).map(|id| trace.event(id)).collect()
}

#[test]
fn node_ids_are_pre_order_positions() {
    assert_eq!(Deep::NODE_COUNT, 8);
    let parents: Vec<_> = Deep::NODES.iter().map(|node| node.parent).collect();
    assert_eq!(
        parents,
        [
            None,
            Some(SEQ),
            Some(SEQ),
            Some(FALLBACK),
            Some(FALLBACK),
            Some(FORCE),
            Some(INNER),
            Some(INNER)
        ]
    );
    let depths: Vec<_> = Deep::NODES.iter().map(|node| node.depth).collect();
    assert_eq!(depths, [0, 1, 1, 2, 2, 3, 4, 4]);
    assert_eq!(NodeInfo::find(Deep::NODES, "inner"), Some(INNER));
    assert_eq!(Deep::NODES[ACT0].name, "Act<0>");
    assert_eq!(Deep::NODES[TASK2].name, "Task<2>");
    assert_eq!(Deep::NODES[TASK2].kind, "StatefulAction");
    assert_eq!(Deep::NODES[INNER].kind, "Sequence");
    assert_eq!(Deep::NODES[FORCE].category, NodeCategory::Decorator);
    assert_eq!(Deep::NODES[COND1].category, NodeCategory::Condition);
    assert_eq!(Deep::NODES[TASK3].category, NodeCategory::Action);
}

#[test]
fn halting_a_new_tree_does_nothing() {
    let (mut tree, mut ctx) = (Deep::new(), Ctx::new());
    let mut trace = DeepTrace::new();
    assert_eq!(tree.status(), None);
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), []);
    assert_eq!(events(&trace), [None; 8]);
    assert_eq!(tree.status(), None);
    // And the tree works normally afterwards.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Check(1)]);
}

#[test]
fn halting_a_completed_tree_does_nothing() {
    let (mut tree, mut ctx) = (Deep::new(), Ctx::new());
    let mut trace = DeepTrace::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Success]);
    ctx.script(3, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    // Task<2> and Task<3> finished: neither gets on_halted.
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2), OnStart(3)]);
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), []);
    assert_eq!(events(&trace), [None; 8]);
    assert_eq!(tree.status(), None);

    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

#[test]
fn halting_at_depth_four_halts_only_the_running_action() {
    let (mut tree, mut ctx) = (Deep::new(), Ctx::new());
    let mut trace = DeepTrace::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2), OnStart(3)],
    );
    tree.halt_with(&mut ctx, &mut trace);
    // Task<2> finished: only Task<3> is halted.
    assert_eq!(ctx.take_log(), [OnHalted(3)]);
    let halted = Some(TraceEvent::Halted);
    assert_eq!(
        events(&trace),
        [halted, None, halted, None, halted, halted, None, halted]
    );
    assert_eq!(tree.status(), None);
    // A second halt finds nothing running.
    trace.clear();
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), []);
    assert_eq!(events(&trace), [None; 8]);
    // The next tick starts afresh from the root's first child.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    trace.clear();
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
    assert_eq!(
        events(&trace),
        [halted, None, halted, None, halted, halted, halted, None]
    );
}

#[test]
fn the_trace_prints_halted_nodes() {
    let (mut tree, mut ctx) = (Deep::new(), Ctx::new());
    let mut trace = DeepTrace::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
    let text = trace.display(Deep::NODES).to_string();
    let lines: Vec<_> = text
        .lines()
        .map(str::split_whitespace)
        .map(Iterator::collect::<Vec<_>>)
        .collect();
    assert_eq!(
        lines,
        [
            ["Sequence", "halted"],
            ["Fallback", "halted"],
            ["ForceSuccess", "halted"],
            ["inner", "halted"],
            ["Task<2>", "halted"],
        ]
    );
}

behavior_tree! {
    tree RootLeaf for Ctx { StatefulAction(Task<0>) }
}

#[test]
fn halting_a_running_root_leaf() {
    let (mut tree, mut ctx) = (RootLeaf::new(), Ctx::new());
    let mut trace = TickTrace::<{ RootLeaf::NODE_COUNT }>::new();
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(0)]);
    assert!(trace.halted(0));
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}

behavior_tree! {
    tree Decorated for Ctx {
        Inverter {
            ForceSuccess {
                ForceFailure {
                    KeepRunningUntilFailure {
                        RunOnce {
                            Repeat(forever) {
                                RetryUntilSuccessful(forever) { StatefulAction(Task<0>) }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn halt_passes_through_every_decorator() {
    let (mut tree, mut ctx) = (Decorated::new(), Ctx::new());
    let mut trace = TickTrace::<{ Decorated::NODE_COUNT }>::new();
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(0)]);
    for id in 0..Decorated::NODE_COUNT {
        assert!(
            trace.halted(id),
            "node {id} ({})",
            Decorated::NODES[id].name
        );
    }
    // The RunOnce's child never completed, so it runs again.
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
}

behavior_tree! {
    tree Looping for Ctx {
        Sequence {
            #[name = "repeat"] Repeat(3) { StatefulAction(Task<0>) }
            #[name = "keep"] KeepRunningUntilFailure { StatefulAction(Task<1>) }
        }
    }
}

#[test]
fn halting_a_loop_whose_child_completed_halts_no_action() {
    let (mut tree, mut ctx) = (Looping::new(), Ctx::new());
    let mut trace = TickTrace::<{ Looping::NODE_COUNT }>::new();
    // Ids: 0 Sequence, 1 repeat, 2 Task<0>, 3 keep, 4 Task<1>.
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), []);
    assert_eq!(
        (0..5).map(|id| trace.event(id)).collect::<Vec<_>>(),
        [
            Some(TraceEvent::Halted),
            Some(TraceEvent::Halted),
            None,
            None,
            None
        ]
    );
    // The repeat's count was reset by the halt: three successes again.
    ctx.script(0, &[Success, Success, Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    trace.clear();
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), []);
    assert!(trace.halted(0) && trace.halted(3));
    assert_eq!(trace.event(1), None, "the repeat completed: not halted");
    assert_eq!(trace.event(4), None);
}

behavior_tree! {
    tree Fresh for Ctx {
        Fallback {
            Condition(Cond<0>)
            ReactiveSequence {
                Action(Act<1>)
                RetryUntilSuccessful(3) { StatefulAction(Task<2>) }
            }
        }
    }
}

#[test]
fn ticking_after_a_halt_starts_afresh() {
    let (mut tree, mut ctx) = (Fresh::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success, Success]);
    ctx.script(2, &[Failure, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(1), OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    // Afresh: the fallback from its first child, the retry with three attempts.
    ctx.script(0, &[Failure]);
    ctx.script(1, &[Success, Success, Success]);
    ctx.script(2, &[Failure, Failure, Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(1), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1), OnStart(2)]);
}

behavior_tree! {
    tree Memory for Ctx {
        Sequence {
            RunOnce { Action(Act<0>) }
            SequenceWithMemory {
                Action(Act<1>)
                StatefulAction(Task<2>)
                StatefulAction(Task<3>)
            }
        }
    }
}

#[test]
fn sequence_with_memory_and_run_once_keep_their_memory_across_halts() {
    let (mut tree, mut ctx) = (Memory::new(), Ctx::new());
    let mut trace = TickTrace::<{ Memory::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Exec(1), OnStart(2), OnStart(3)],
    );
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(3)]);
    // Ids: 0 Sequence, 1 RunOnce, 2 Act<0>, 3 SequenceWithMemory, 4 Act<1>, 5 Task<2>, 6 Task<3>.
    assert!(trace.halted(0) && trace.halted(3) && trace.halted(6));
    assert_eq!(trace.event(1), None, "the RunOnce completed: not halted");
    // RunOnce is skipped; SequenceWithMemory resumes at Task<3>, which starts afresh.
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(3)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(3)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(3)]);
    // Completed: SequenceWithMemory starts over; RunOnce stays done.
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(1), OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(2)]);
}

#[test]
fn halt_with_and_halt_are_the_same() {
    let (mut tree, mut ctx) = (Memory::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Exec(1), OnStart(2)],
    );
    bt::BehaviorTree::halt(&mut tree, &mut ctx);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
    assert_eq!(tree.status(), None);
    ctx.script(2, &[Running]);
    assert_eq!(tree.tick(&mut ctx), Running);
    assert_eq!(ctx.take_log(), [OnStart(2)]);
    tree.halt(&mut ctx);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
}
