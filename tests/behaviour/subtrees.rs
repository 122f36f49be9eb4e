//! Subtrees: a generated tree used as a node of another (`SubTree(Child, ..)`).
//!
//! Statuses pass through; halting reaches the child's running actions; node ids continue through
//! the boundary (`NODES`, observers); remapped entries are one entry under two names (values and
//! update counts flow both ways); unmapped entries stay private to each tree; `x = value` sets a
//! child entry's initial value; `..` shares every entry by name.

use crate::common;

use bt::{
    behavior_tree, InOut, Input, NodeCategory, NodeInfo, Outcome, Output, Ports, Status,
    SyncAction, TickTrace, TraceEvent,
};
use common::{expect_halt, expect_tick, Act, Call::*, Cond, Ctx, Task};
use Status::*;

// ---------------------------------------------------------------------------------------------
// Statuses, halting and ids through the boundary.

behavior_tree! {
    /// Child: `Sequence { Cond<1>, Task<2> }`.
    pub tree Approach for Ctx {
        Sequence {
            Condition(Cond<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    /// Parent: the guard is re-checked every tick; the subtree runs under it.
    pub tree Guarded for Ctx {
        ReactiveSequence {
            Condition(Cond<0>),
            #[name = "approach"]
            SubTree(Approach),
            Action(Act<3>),
        }
    }
}

/// Node ids of `Guarded`: the child's three nodes follow the `SubTree` node.
const ROOT: usize = 0;
const GUARD: usize = 1;
const SUB: usize = 2;
const SUB_SEQ: usize = 3;
const SUB_COND: usize = 4;
const SUB_TASK: usize = 5;
const AFTER: usize = 6;

#[test]
fn nodes_continue_through_the_boundary() {
    assert_eq!(Approach::NODE_COUNT, 3);
    assert_eq!(Guarded::NODE_COUNT, 7);
    let nodes = Guarded::NODES;
    let summary: Vec<(&str, &str, Option<usize>, usize)> = nodes
        .iter()
        .map(|node| (node.name, node.kind, node.parent, node.depth))
        .collect();
    assert_eq!(
        summary,
        [
            ("ReactiveSequence", "ReactiveSequence", None, 0),
            ("Cond<0>", "Condition", Some(ROOT), 1),
            ("approach", "SubTree", Some(ROOT), 1),
            ("Sequence", "Sequence", Some(SUB), 2),
            ("Cond<1>", "Condition", Some(SUB_SEQ), 3),
            ("Task<2>", "StatefulAction", Some(SUB_SEQ), 3),
            ("Act<3>", "Action", Some(ROOT), 1),
        ]
    );
    assert_eq!(nodes[SUB].category, NodeCategory::SubTree);
    assert_eq!(NodeInfo::find(nodes, "approach"), Some(SUB));
}

#[test]
fn statuses_pass_through_and_the_observer_sees_child_ids() {
    let mut tree = Guarded::new();
    let mut ctx = Ctx::new();
    let mut trace = TickTrace::<{ Guarded::NODE_COUNT }>::new();

    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [Check(0), Check(1), OnStart(2)]);
    for (node, status) in [
        (ROOT, Running),
        (GUARD, Success),
        (SUB, Running),
        (SUB_SEQ, Running),
        (SUB_COND, Success),
        (SUB_TASK, Running),
    ] {
        assert_eq!(trace.status(node), Some(status), "node {node}");
    }
    assert_eq!(trace.event(AFTER), None);

    // The child's Sequence resumes its running task; the task succeeds, so does the subtree.
    ctx.script(0, &[Success]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnRunning(2), Exec(3)],
    );

    // A failing child fails the subtree node and the parent.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), Check(1)]);
}

#[test]
fn a_guard_failure_halts_the_running_subtree() {
    let mut tree = Guarded::new();
    let mut ctx = Ctx::new();
    let mut trace = TickTrace::<{ Guarded::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Check(1), OnStart(2)],
    );

    ctx.script(0, &[Failure]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Failure);
    assert_eq!(ctx.take_log(), [Check(0), OnHalted(2)]);
    for node in [SUB, SUB_SEQ, SUB_TASK] {
        assert_eq!(trace.event(node), Some(TraceEvent::Halted), "node {node}");
    }
    assert_eq!(trace.event(SUB_COND), None);

    // Halted means fresh: the child's Sequence starts again from its first child.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Check(1), OnStart(2)],
    );
}

#[test]
fn halting_the_parent_halts_the_child() {
    let mut tree = Guarded::new();
    let mut ctx = Ctx::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Check(1), OnStart(2)],
    );
    let mut trace = TickTrace::<{ Guarded::NODE_COUNT }>::new();
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
    for node in [ROOT, SUB, SUB_SEQ, SUB_TASK] {
        assert!(trace.halted(node), "node {node}");
    }
    // Halting an idle tree calls nothing.
    expect_halt(&mut tree, &mut ctx, &[]);
}

// ---------------------------------------------------------------------------------------------
// A subtree is its own state: two instances of one child tree are independent, and a nested
// subtree reports its ids through two boundaries.

behavior_tree! {
    pub tree Twice for Ctx {
        Fallback {
            SubTree(Approach),
            SubTree(Approach),
        }
    }
}

#[test]
fn two_instances_are_independent() {
    assert_eq!(Twice::NODE_COUNT, 1 + 2 * 4);
    let mut tree = Twice::new();
    let mut ctx = Ctx::new();
    // First instance fails at its condition, the second runs its task.
    ctx.script(1, &[Failure, Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(1), Check(1), OnStart(2)],
    );
    // The Fallback resumes the second instance only; its task is running, the first's is not.
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
}

behavior_tree! {
    pub tree Outer for Ctx {
        Sequence {
            SubTree(Guarded),
            SubTree(Approach),
        }
    }
}

#[test]
fn nested_subtrees_report_ids_through_both_boundaries() {
    assert_eq!(Outer::NODE_COUNT, 1 + 8 + 4);
    let nodes = Outer::NODES;
    // Outer: 0 Sequence, 1 SubTree(Guarded), 2..=8 Guarded's nodes, 9 SubTree(Approach), 10..=12.
    assert_eq!(nodes[1].kind, "SubTree");
    assert_eq!(nodes[2].parent, Some(1));
    assert_eq!(nodes[2 + SUB_TASK].name, "Task<2>");
    assert_eq!(nodes[2 + SUB_TASK].parent, Some(2 + SUB_SEQ));
    assert_eq!(nodes[2 + SUB_TASK].depth, 1 + 1 + 3);
    assert_eq!(nodes[9].parent, Some(0));
    assert_eq!(nodes[9].kind, "SubTree");
    assert_eq!(nodes[12].parent, Some(10));

    let mut tree = Outer::new();
    let mut ctx = Ctx::new();
    let mut trace = TickTrace::<{ Outer::NODE_COUNT }>::new();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [Check(0), Check(1), OnStart(2)]);
    assert_eq!(trace.status(2 + SUB_TASK), Some(Running));
    assert_eq!(trace.event(9), None);
    trace.clear();
    tree.halt_with(&mut ctx, &mut trace);
    assert_eq!(ctx.take_log(), [OnHalted(2)]);
    assert!(trace.halted(2 + SUB_TASK));
    assert!(trace.halted(1));
}

// ---------------------------------------------------------------------------------------------
// Loop counts: halting the SubTree node keeps the memory of the child's idle nodes, as halting an
// inline subtree would; halting the whole tree restarts them (BehaviorTree.CPP's haltTree).

behavior_tree! {
    pub tree LoopChild for Ctx {
        Sequence {
            Repeat(3) { StatefulAction(Task<0>) },
            StatefulAction(Task<1>),
        }
    }
}

behavior_tree! {
    pub tree LoopParent for Ctx {
        ReactiveSequence {
            Condition(Cond<6>),
            SubTree(LoopChild),
        }
    }
}

/// One success of `Task<0>` (count 1), then `Skipped`: the Repeat answers `Skipped` and keeps its
/// count, idle; the Sequence goes on to `Task<1>`, which runs.
fn leave_an_idle_count(tree: &mut LoopParent, ctx: &mut Ctx) {
    ctx.script(6, &[Success, Success]);
    ctx.script(0, &[Success, Skipped]);
    ctx.script(1, &[Running]);
    expect_tick(tree, ctx, Running, &[Check(6), OnStart(0)]);
    expect_tick(tree, ctx, Running, &[Check(6), OnStart(0), OnStart(1)]);
}

#[test]
fn halting_the_subtree_node_keeps_an_idle_loop_count() {
    let (mut tree, mut ctx) = (LoopParent::new(), Ctx::new());
    leave_an_idle_count(&mut tree, &mut ctx);
    // The guard fails: the SubTree node is halted, as an inline Sequence would be: only running
    // nodes are halted, so the idle Repeat keeps its count of 1.
    ctx.script(6, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(6), OnHalted(1)]);
    // Two more successes complete the Repeat.
    ctx.script(6, &[Success, Success]);
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(6), OnStart(0)]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(6), OnStart(0), OnStart(1)],
    );
}

#[test]
fn halting_the_tree_restarts_an_idle_loop_count_in_the_subtree() {
    let (mut tree, mut ctx) = (LoopParent::new(), Ctx::new());
    leave_an_idle_count(&mut tree, &mut ctx);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // A fresh activation needs three successes.
    ctx.script(6, &[Success; 3]);
    ctx.script(0, &[Success; 3]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(6), OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(6), OnStart(0)]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(6), OnStart(0), OnStart(1)],
    );
}

// ---------------------------------------------------------------------------------------------
// Data through the boundary.

/// The world for the data-flow trees: what the leaves saw and did.
#[derive(Default)]
pub struct World {
    pub seen: Vec<(&'static str, i32)>,
}

/// Reads `target`, writes `target * 10` to `command`, counts its calls in `calls`.
#[derive(Default, Ports)]
pub struct Plan {
    pub target: Input<i32>,
    pub command: Output<i32>,
    pub calls: InOut<u32>,
}

impl SyncAction<World> for Plan {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.seen.push(("plan", *self.target));
        self.command.set(*self.target * 10);
        *self.calls.get_mut() += 1;
        Outcome::Success
    }
}

/// Reports a value it is given.
#[derive(Default, Ports)]
pub struct Report {
    pub value: Input<i32>,
}

impl SyncAction<World> for Report {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.seen.push(("report", *self.value));
        Outcome::Success
    }
}

behavior_tree! {
    /// Reads `goal`, writes `cmd`; `calls` and `private` are its own.
    pub tree Planner for World {
        blackboard {
            goal: i32 = -1,
            cmd: i32 = 0,
            calls: u32 = 0,
            gain: i32 = 1,
            private: i32 = 7,
        }
        Sequence {
            Action(Plan, target = {goal}, command = {cmd}, calls = {calls}),
            Script(|bb| { bb.cmd *= bb.gain; bb.private += 1; }),
        }
    }
}

behavior_tree! {
    pub tree Mission for World {
        blackboard {
            target: i32 = 4,
            cmd: i32 = 0,
            private: i32 = 100,
            planner_calls: u32 = 0,
        }
        Sequence {
            SubTree(Planner, goal = {target}, cmd = {=}, calls = {planner_calls}, gain = 2),
            Action(Report, value = {cmd}),
            Action(Report, value = {private}),
        }
    }
}

#[test]
fn remapped_entries_flow_both_ways_and_others_stay_private() {
    let mut tree = Mission::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Success);
    // The child read the parent's `target` as `goal`, wrote `cmd` (x10, then x2 by its gain, an
    // initial value given by the parent), and the parent read it back. The child's `private` is
    // its own: the parent's `private` is untouched.
    assert_eq!(world.seen, [("plan", 4), ("report", 80), ("report", 100)]);
    assert_eq!(tree.blackboard().cmd, 80);
    assert_eq!(tree.blackboard().private, 100);
    assert_eq!(tree.blackboard().planner_calls, 1);

    // The parent changes the remapped entry between ticks; the child sees it.
    tree.blackboard_mut().target = 5;
    world.seen.clear();
    assert_eq!(tree.tick(&mut world), Success);
    assert_eq!(world.seen, [("plan", 5), ("report", 100), ("report", 100)]);
    assert_eq!(tree.blackboard().planner_calls, 2);
}

#[test]
fn an_initial_value_replaces_the_declared_one_once() {
    // `gain = 2` is the child's starting value; the child's own default is 1.
    assert_eq!(Planner::new().blackboard().gain, 1);
    let mut tree = Mission::new();
    let mut world = World::default();
    tree.tick(&mut world);
    tree.tick(&mut world);
    assert_eq!(tree.blackboard().cmd, 80);
}

// Tracked entries: the update count travels with the value.

behavior_tree! {
    pub tree Listener for World {
        blackboard {
            #[tracked] heard: i32 = 0,
            #[tracked] answer: i32 = 0,
        }
        Fallback {
            Sequence {
                WasEntryUpdated(heard),
                Script(|bb| bb.answer.set(*bb.heard + 1)),
            },
            AlwaysSuccess,
        }
    }
}

behavior_tree! {
    pub tree Speaker for World {
        blackboard {
            #[tracked] said: i32 = 0,
            #[tracked] reply: i32 = 0,
        }
        Sequence {
            SubTree(Listener, heard = {said}, answer = {reply}),
            Fallback {
                Sequence {
                    WasEntryUpdated(reply),
                    Action(|world: &mut World, bb: &mut SpeakerBlackboard| {
                        world.seen.push(("reply", *bb.reply));
                        Outcome::Success
                    }),
                },
                AlwaysSuccess,
            },
        }
    }
}

#[test]
fn tracked_entries_count_updates_on_both_sides() {
    let mut tree = Speaker::new();
    let mut world = World::default();
    // Nothing said yet: the child sees no update and does not answer.
    tree.tick(&mut world);
    assert!(world.seen.is_empty());
    assert_eq!(tree.blackboard().reply.version(), 0);

    // The parent writes `said`: the child sees the update and replies once; the parent sees the
    // reply as one update.
    tree.blackboard_mut().said.set(41);
    tree.tick(&mut world);
    assert_eq!(world.seen, [("reply", 42)]);
    assert_eq!(tree.blackboard().reply.version(), 1);
    assert_eq!(tree.blackboard().said.version(), 1);

    // No new write: nothing happens on either side.
    tree.tick(&mut world);
    assert_eq!(world.seen, [("reply", 42)]);
    assert_eq!(tree.blackboard().reply.version(), 1);
}

// `..`: every entry of the child is the parent's entry of the same name.

behavior_tree! {
    pub tree Shared for World {
        blackboard {
            goal: i32 = 3,
            cmd: i32 = 0,
            calls: u32 = 0,
            gain: i32 = 1,
            private: i32 = 0,
        }
        Sequence {
            SubTree(Planner, ..),
            Action(Report, value = {cmd}),
        }
    }
}

#[test]
fn autoremap_shares_every_entry_by_name() {
    let mut tree = Shared::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Success);
    assert_eq!(world.seen, [("plan", 3), ("report", 30)]);
    let bb = tree.blackboard();
    assert_eq!((bb.cmd, bb.calls, bb.private), (30, 1, 1));
}

// ---------------------------------------------------------------------------------------------
// Conditions on the SubTree node itself are the parent's, over the parent's blackboard.

behavior_tree! {
    pub tree Conditioned for Ctx {
        blackboard { go: bool = true, halts: u32, done: u32 }
        #[run_while(|bb| bb.go)]
        #[on_halted(|bb| bb.halts += 1)]
        #[on_success(|bb| bb.done += 1)]
        SubTree(Approach)
    }
}

#[test]
fn conditions_on_the_subtree_node_gate_and_halt_it() {
    let mut tree = Conditioned::new();
    let mut ctx = Ctx::new();
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(2)]);
    // `run_while` turns false while the subtree runs: it is halted, and the node is skipped.
    tree.blackboard_mut().go = false;
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnHalted(2)]);
    assert_eq!(tree.blackboard().halts, 1);
    // Back on: a fresh run to success.
    tree.blackboard_mut().go = true;
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnStart(2)]);
    assert_eq!((tree.blackboard().halts, tree.blackboard().done), (1, 1));
}

// A blackboard of more entries than one impl of the `..` support holds (its chunks of 32).

behavior_tree! {
    pub tree ManyEntries for Ctx {
        blackboard { e0: u32, e1: u32, e2: u32, e3: u32, e4: u32, e5: u32, e6: u32, e7: u32, e8: u32, e9: u32, e10: u32, e11: u32, e12: u32, e13: u32, e14: u32, e15: u32, e16: u32, e17: u32, e18: u32, e19: u32, e20: u32, e21: u32, e22: u32, e23: u32, e24: u32, e25: u32, e26: u32, e27: u32, e28: u32, e29: u32, e30: u32, e31: u32, e32: u32, e33: u32, e34: u32, e35: u32, e36: u32, e37: u32, e38: u32, e39: u32 }
        Script(|bb| { bb.e0 += 1; bb.e39 = bb.e0 + bb.e1 + bb.e2 + bb.e3 + bb.e4 + bb.e5 + bb.e6 + bb.e7 + bb.e8 + bb.e9 + bb.e10 + bb.e11 + bb.e12 + bb.e13 + bb.e14 + bb.e15 + bb.e16 + bb.e17 + bb.e18 + bb.e19 + bb.e20 + bb.e21 + bb.e22 + bb.e23 + bb.e24 + bb.e25 + bb.e26 + bb.e27 + bb.e28 + bb.e29 + bb.e30 + bb.e31 + bb.e32 + bb.e33 + bb.e34 + bb.e35 + bb.e36 + bb.e37 + bb.e38; })
    }
}

behavior_tree! {
    pub tree SharesMany for Ctx {
        blackboard { e0: u32, e1: u32, e2: u32, e3: u32, e4: u32, e5: u32, e6: u32, e7: u32, e8: u32, e9: u32, e10: u32, e11: u32, e12: u32, e13: u32, e14: u32, e15: u32, e16: u32, e17: u32, e18: u32, e19: u32, e20: u32, e21: u32, e22: u32, e23: u32, e24: u32, e25: u32, e26: u32, e27: u32, e28: u32, e29: u32, e30: u32, e31: u32, e32: u32, e33: u32, e34: u32, e35: u32, e36: u32, e37: u32, e38: u32, e39: u32, extra: u32 }
        Sequence { SetBlackboard(e31 = 5), SetBlackboard(e32 = 7), SubTree(ManyEntries, ..), Script(|bb| bb.extra = bb.e39) }
    }
}

#[test]
fn autoremap_shares_every_entry_of_a_large_blackboard() {
    let mut tree = SharesMany::new();
    let mut ctx = Ctx::new();
    assert_eq!(tree.tick(&mut ctx), Success);
    assert_eq!(
        (
            tree.blackboard().e0,
            tree.blackboard().e39,
            tree.blackboard().extra
        ),
        (1, 13, 13)
    );
}
