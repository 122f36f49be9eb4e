//! Workload (l): a navigation tree in the style of ROS 2 Nav2's "navigate with replanning and
//! recovery", made of four control nodes and decorators of the user's own (issue 43): a
//! recovery node with retries, a pipeline sequence, a rate controller on the world's clock and a
//! round robin, as a BehaviorTree.CPP project writes them, with a built-in `ReactiveFallback` and
//! `Sequence` among them.
//!
//! ```text
//! Control(RecoveryNode, number_of_retries = 6)          "NavigateRecovery"       0
//! ├── Control(PipelineSequence)                         "NavigateWithReplanning" 1
//! │   ├── Decorator(RateController, hz = 20.0)                                   2
//! │   │   └── Control(RecoveryNode, number_of_retries = 1)  "ComputePathRecovery" 3
//! │   │       ├── Action: compute the path (a4)
//! │   │       └── Action: clear the global costmap (a5)
//! │   └── Control(RecoveryNode, number_of_retries = 1)  "FollowPathRecovery"     6
//! │       ├── StatefulAction: follow the path (t7)
//! │       └── Action: clear the local costmap (a8)
//! └── ReactiveFallback                                  "RecoveryFallback"       9
//!     ├── Condition: the goal was updated (c10)
//!     └── Control(RoundRobin)                           "RecoveryActions"        11
//!         ├── Sequence { a13, a14 }  (clear both costmaps)                       12
//!         ├── StatefulAction: spin (t15)
//!         ├── StatefulAction: wait (t16)
//!         └── StatefulAction: back up (t17)
//! ```
//!
//! The world is [`FieldWorld`]: a manual clock that [`tick_nav`] moves 10 ms forward before every
//! tick (the rate controller plans every 50 ms, every fifth tick), conditions false one tick in
//! nine, actions failing one tick in eleven, tasks running 2 to 6 ticks and failing one
//! completion in four. Leaf ids are node ids. The leaves are calls out of line ([`act`],
//! [`cond`], [`NavTask`]), as a navigation stack's planner and controller are: the workload
//! measures the tree around them. (Inlined, the leaves are pure functions of the tick count, and
//! LLVM computes every leaf's answer at the top of the generated tick, on every path: 75
//! instructions per tick that depend on how LLVM hoists, not on the tree.) The user's nodes keep
//! their state in bytes, as a programmer who ticks many trees writes them;
//! `benches/support/hand_nav.rs` is the same tree as a hand-written state machine.

use bt::{Child, Children, Clock, ControlNode, DecoratorNode, Input, Ports, Status};

use bt::StatefulAction;

use crate::field::{FieldWorld, TICK_MS};

/// Synchronous action `id` ([`FieldWorld::act`]), out of line.
#[inline(never)]
pub fn act(w: &mut FieldWorld, id: u32) -> bool {
    w.act(id)
}

/// Condition `id` ([`FieldWorld::cond`]), out of line.
#[inline(never)]
pub fn cond(w: &FieldWorld, id: u32) -> bool {
    w.cond(id)
}

/// One step of task `id` ([`FieldWorld::task`]), out of line.
#[inline(never)]
pub fn task(w: &mut FieldWorld, id: u32) -> Status {
    w.task(id)
}

/// Task `id` halted ([`FieldWorld::task_halted`]), out of line.
#[inline(never)]
pub fn task_halted(w: &mut FieldWorld, id: u32) {
    w.task_halted(id)
}

/// Task `ID` through [`task`]: zero-sized, its progress is in the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NavTask<const ID: u32>;

impl<const ID: u32> StatefulAction<FieldWorld> for NavTask<ID> {
    #[inline]
    fn on_start(&mut self, w: &mut FieldWorld) -> Status {
        task(w, ID)
    }
    #[inline]
    fn on_running(&mut self, w: &mut FieldWorld) -> Status {
        task(w, ID)
    }
    #[inline]
    fn on_halted(&mut self, w: &mut FieldWorld) {
        task_halted(w, ID);
    }
}

/// Ticks like a `Sequence` but keeps the earlier children ticking while a later one runs: every
/// tick starts again from the first child; a child that answers `Running` before the furthest
/// child reached in this activation is passed over, and the node answers `Running` at the first
/// running child at or past it. A failure fails the node; all children done is success.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineSequence {
    furthest: u8,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for PipelineSequence {
    #[inline]
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        for index in 0..node.child_count() {
            match node.tick_child(ctx, index) {
                Status::Failure => {
                    node.furthest = 0;
                    return Status::Failure;
                }
                Status::Running if index >= usize::from(node.furthest) => {
                    node.furthest = index as u8;
                    return Status::Running;
                }
                _ => {}
            }
        }
        node.furthest = 0;
        Status::Success
    }

    #[inline]
    fn on_halted(&mut self, _: &mut Ctx) {
        self.furthest = 0;
    }
}

/// Two children, an action and its recovery: when the action fails the recovery runs, and when
/// the recovery succeeds the action is tried again in the same tick, up to `number_of_retries`
/// times per activation. Success when the action succeeds; failure when the recovery fails or
/// the retries are used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Ports)]
pub struct RecoveryNode {
    #[port(default)]
    pub number_of_retries: Input<u8>,
    /// 0: the action runs; 1: the recovery.
    current: u8,
    retries: u8,
}

impl Default for RecoveryNode {
    fn default() -> Self {
        RecoveryNode {
            number_of_retries: Input::new(1),
            current: 0,
            retries: 0,
        }
    }
}

impl RecoveryNode {
    #[inline]
    fn end(&mut self, status: Status) -> Status {
        self.current = 0;
        self.retries = 0;
        status
    }
}

impl<Ctx: ?Sized> ControlNode<Ctx> for RecoveryNode {
    const MIN_CHILDREN: usize = 2;
    const MAX_CHILDREN: usize = 2;

    #[inline]
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        loop {
            let current = node.current;
            match (current, node.tick_child(ctx, usize::from(current))) {
                (_, Status::Running) => return Status::Running,
                (0, Status::Success | Status::Skipped) => return node.end(Status::Success),
                (0, _) if node.retries < *node.number_of_retries => node.current = 1,
                (0, _) => return node.end(Status::Failure),
                (_, Status::Success | Status::Skipped) => {
                    node.retries += 1;
                    node.current = 0;
                }
                (_, _) => return node.end(Status::Failure),
            }
        }
    }

    #[inline]
    fn on_halted(&mut self, _: &mut Ctx) {
        self.end(Status::Failure);
    }
}

/// Ticks its child at its first tick and then once a period (`1 / hz` seconds) has passed since
/// the child last succeeded; a running child is ticked on every tick; otherwise `Running`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Ports)]
pub struct RateController {
    pub hz: Input<f64>,
    /// When the period started (ns), if it has: the first tick, then each success of the child.
    since: Option<u64>,
}

impl<Ctx: Clock + ?Sized> DecoratorNode<Ctx> for RateController {
    #[inline]
    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        let now = ctx.now_nanos();
        let period = (1e9 / *node.hz) as u64;
        let due = match node.since {
            None => {
                node.since = Some(now);
                true
            }
            Some(since) => now.saturating_sub(since) >= period,
        };
        if !(due || node.child_running()) {
            return Status::Running;
        }
        let status = node.tick_child(ctx);
        if status == Status::Success {
            node.since = Some(now);
        }
        status
    }

    #[inline]
    fn on_halted(&mut self, _: &mut Ctx) {
        self.since = None;
    }
}

/// One child per activation, in turn: the child after the one that last succeeded. A failing
/// child passes the turn to the next in the same tick; the node fails when every child has
/// failed in a row (and starts again from the first), and succeeds when one succeeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundRobin {
    current: u8,
    failures: u8,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for RoundRobin {
    #[inline]
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        let count = node.child_count() as u8;
        while node.failures < count {
            let current = usize::from(node.current);
            let status = node.tick_child(ctx, current);
            if status == Status::Running {
                return Status::Running;
            }
            node.current = (node.current + 1) % count;
            if status == Status::Success {
                node.failures = 0;
                return Status::Success;
            }
            node.failures += 1;
        }
        node.current = 0;
        node.failures = 0;
        Status::Failure
    }

    #[inline]
    fn on_halted(&mut self, _: &mut Ctx) {
        self.current = 0;
        self.failures = 0;
    }
}

bt::behavior_tree! {
    /// The navigation tree (workload l). Leaf ids are node ids.
    pub tree Nav for FieldWorld {
        #[name = "NavigateRecovery"]
        Control(RecoveryNode, number_of_retries = 6) {
            #[name = "NavigateWithReplanning"]
            Control(PipelineSequence) {
                Decorator(RateController, hz = 20.0) {
                    #[name = "ComputePathRecovery"]
                    Control(RecoveryNode, number_of_retries = 1) {
                        Action(|w| act(w, 4)),
                        Action(|w| act(w, 5)),
                    },
                },
                #[name = "FollowPathRecovery"]
                Control(RecoveryNode, number_of_retries = 1) {
                    StatefulAction(NavTask<7>),
                    Action(|w| act(w, 8)),
                },
            },
            #[name = "RecoveryFallback"]
            ReactiveFallback {
                Condition(|w| !cond(w, 10)),
                #[name = "RecoveryActions"]
                Control(RoundRobin) {
                    Sequence { Action(|w| act(w, 13)), Action(|w| act(w, 14)) },
                    StatefulAction(NavTask<15>),
                    StatefulAction(NavTask<16>),
                    StatefulAction(NavTask<17>),
                },
            },
        }
    }
}

/// Nodes of [`Nav`].
pub const NAV_NODES: usize = 18;

/// One tick of the world: the clock moves [`TICK_MS`] forward. Every implementation of the
/// workload calls it before its tick.
#[inline(always)]
pub fn advance(w: &mut FieldWorld) {
    w.now_ms += TICK_MS;
    w.ticks += 1;
}

/// Ticks the generated tree once, after [`advance`].
#[inline(never)]
pub fn tick_nav(tree: &mut Nav, w: &mut FieldWorld) -> Status {
    advance(w);
    tree.tick(w)
}
