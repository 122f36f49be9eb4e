//! Five control nodes and decorators of a navigation stack, written as a user of `bt` writes
//! them: plain types implementing `bt::ControlNode` / `bt::DecoratorNode`, with ports from
//! `#[derive(Ports)]`. They follow the rules of the nodes of the same names in ROS 2's Nav2
//! (`PipelineSequence`, `RecoveryNode`, `RateController`, `RoundRobin`, `GoalUpdater`), restated
//! here in our own words; `Skipped` children are handled as noted on each.
//!
//! Each node's `tick` receives its handle, `node`: it reads and writes the node's own fields
//! (`node.retries`) and ticks its children (`node.tick_child(ctx, i)`). `on_start` runs on the
//! first tick of each activation, where Nav2's nodes test for `IDLE`.
//!
//! The behaviour tests (`tests/behaviour/custom.rs`) tick each of them row by row.

use std::time::Duration;

use bt::{Child, Children, Clock, ControlNode, DecoratorNode, Input, Output, Ports, Status};

/// Ticks its children in order, like a `Sequence`, but keeps the earlier ones ticking while a
/// later one runs: every tick starts again from the first child, a child that answers `Running`
/// before the furthest child reached so far is passed over (it keeps running), and the node
/// answers `Running` at the first running child at or past that furthest child. A failure
/// anywhere fails the node (the tree halts the running children); all children done is success.
/// `Skipped` counts as done.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct PipelineSequence {
    /// The furthest child reached in this activation.
    furthest: usize,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for PipelineSequence {
    fn on_start(&mut self, _: &mut Ctx) {
        self.furthest = 0;
    }

    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        for index in 0..node.child_count() {
            match node.tick_child(ctx, index) {
                Status::Failure => {
                    node.furthest = 0;
                    return Status::Failure;
                }
                Status::Running if index >= node.furthest => {
                    node.furthest = index;
                    return Status::Running;
                }
                Status::Running | Status::Success | Status::Skipped => {}
            }
        }
        // Completed: a parent of ours that ticks it again without resetting it starts over.
        node.furthest = 0;
        Status::Success
    }
}

/// Two children: an action, then a recovery. When the action fails, the recovery runs; when the
/// recovery succeeds, the action is tried again, in the same tick, up to `number_of_retries`
/// times (default 1). The node succeeds when the action does, and fails when the recovery fails
/// or the retries are used up; either way it starts over (as Nav2's does, so that a parent that
/// ticks it again without resetting it gets a fresh count). `Skipped` counts as success.
#[derive(Ports, serde::Serialize, serde::Deserialize)]
pub struct RecoveryNode {
    /// How many times the action is retried after a successful recovery.
    #[port(default)]
    pub number_of_retries: Input<u32>,
    /// The child being ticked: 0, the action; 1, the recovery.
    current: usize,
    retries: u32,
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
    fn end(&mut self, status: Status) -> Status {
        self.current = 0;
        self.retries = 0;
        status
    }
}

impl<Ctx: ?Sized> ControlNode<Ctx> for RecoveryNode {
    const MIN_CHILDREN: usize = 2;
    const MAX_CHILDREN: usize = 2;

    fn on_start(&mut self, _: &mut Ctx) {
        self.end(Status::Running);
    }

    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        // Each pass either returns or counts one retry, so the loop is bounded.
        loop {
            let current = node.current;
            match (current, node.tick_child(ctx, current)) {
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
}

/// Ticks its child at most `hz` times a second: at the first tick of its activation, then again
/// once a period has passed since the child last succeeded; a running child is ticked on every
/// tick. Between ticks of the child it answers `Running`. The time is the context's clock
/// (`bt::Clock`).
///
/// Each activation starts a new period and ticks the child at once (Nav2's node does so when it
/// finds itself `IDLE`). Under a `PipelineSequence`, which ticks it again after it succeeded
/// without resetting it, the period goes on; when the pipeline completes, it is reset, and the
/// next activation plans at once.
#[derive(Default, Ports, serde::Serialize, serde::Deserialize)]
pub struct RateController {
    /// Ticks of the child per second.
    pub hz: Input<f64>,
    /// When the period started: the activation's first tick, then each success of the child.
    start: Duration,
    /// Whether the child has not been ticked yet in this activation.
    first_time: bool,
}

impl<Ctx: Clock + ?Sized> DecoratorNode<Ctx> for RateController {
    fn on_start(&mut self, ctx: &mut Ctx) {
        self.start = ctx.now();
        self.first_time = true;
    }

    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        let now = ctx.now();
        let period = Duration::from_secs_f64(1.0 / *node.hz);
        let due = now.saturating_sub(node.start) >= period;
        if !(node.first_time || node.child_running() || due) {
            return Status::Running;
        }
        node.first_time = false;
        let status = node.tick_child(ctx);
        if status == Status::Success {
            node.start = now;
        }
        status
    }
}

/// Ticks one child per activation, in turn: the child after the one that last succeeded. A
/// failing child passes the turn to the next in the same tick; the node fails when every child
/// has failed in a row (and starts again from the first), and succeeds when one succeeds.
/// `Skipped` counts as a failure. A halt gives the turn back to the first child.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct RoundRobin {
    current: usize,
    failures: usize,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for RoundRobin {
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        let count = node.child_count();
        while node.failures < count {
            let current = node.current;
            let status = node.tick_child(ctx, current);
            if status == Status::Running {
                return Status::Running;
            }
            node.current = (current + 1) % count;
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

    fn on_halted(&mut self, _: &mut Ctx) {
        self.current = 0;
        self.failures = 0;
    }
}

/// Where an operator's new goals come from: the context (Nav2 subscribes to a topic).
pub trait GoalUpdates {
    /// The newest goal received since the last call, if any.
    fn take_goal_update(&mut self) -> Option<f64>;
}

/// Passes its child the newest goal: the goal the operator sent last (the context's
/// [`GoalUpdates`]), or else the goal of its input, written to its output before the child's
/// tick, so that the child plans to it in the same tick. Answers what the child answers.
#[derive(Default, Ports, serde::Serialize, serde::Deserialize)]
pub struct GoalUpdater {
    /// The goal the tree is navigating to.
    pub input_goal: Input<f64>,
    /// The goal to plan to.
    pub output_goal: Output<f64>,
    /// The last goal the operator sent, if any.
    received: Option<f64>,
}

impl<Ctx: GoalUpdates + ?Sized> DecoratorNode<Ctx> for GoalUpdater {
    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        if let Some(goal) = ctx.take_goal_update() {
            node.received = Some(goal);
        }
        let goal = node.received.unwrap_or(*node.input_goal);
        node.output_goal.set(goal);
        node.tick_child(ctx)
    }
}
