//! Four control nodes and decorators of a navigation stack, written as a user of `bt` writes
//! them: plain types implementing `bt::ControlNode` / `bt::DecoratorNode`, with ports from
//! `#[derive(Ports)]`. They follow the rules of the nodes of the same names in ROS 2's Nav2
//! (`PipelineSequence`, `RecoveryNode`, `RateController`, `RoundRobin`), restated here in our
//! own words; `Skipped` children are handled as noted on each.
//!
//! The behaviour tests (`tests/behaviour/custom.rs`) tick each of them row by row.

use std::time::Duration;

use bt::{Child, Children, Clock, ControlNode, DecoratorNode, Input, Ports, Status};

/// Ticks its children in order, like a `Sequence`, but keeps the earlier ones ticking while a
/// later one runs: every tick starts again from the first child, a child that answers `Running`
/// before the furthest child reached so far is passed over (it keeps running), and the node
/// answers `Running` at the first running child at or past that furthest child. A failure
/// anywhere fails the node (the running children are halted); all children done is success.
/// `Skipped` counts as done.
#[derive(Default)]
pub struct PipelineSequence {
    /// The furthest child reached in this activation.
    furthest: usize,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for PipelineSequence {
    fn tick(&mut self, ctx: &mut Ctx, children: &mut impl Children<Ctx>) -> Status {
        for index in 0..children.len() {
            match children.tick(ctx, index) {
                Status::Failure => {
                    self.furthest = 0;
                    return Status::Failure;
                }
                Status::Running if index >= self.furthest => {
                    self.furthest = index;
                    return Status::Running;
                }
                Status::Running | Status::Success | Status::Skipped => {}
            }
        }
        self.furthest = 0;
        Status::Success
    }

    fn on_halted(&mut self, _: &mut Ctx) {
        self.furthest = 0;
    }
}

/// Two children: an action, then a recovery. When the action fails, the recovery runs; when the
/// recovery succeeds, the action is tried again, in the same tick, up to `number_of_retries`
/// times per activation (default 1). The node succeeds when the action does, and fails when the
/// recovery fails or the retries are used up. `Skipped` counts as success.
#[derive(Ports)]
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

    fn tick(&mut self, ctx: &mut Ctx, children: &mut impl Children<Ctx>) -> Status {
        // Each pass either returns or counts one retry, so the loop is bounded.
        loop {
            match (self.current, children.tick(ctx, self.current)) {
                (_, Status::Running) => return Status::Running,
                (0, Status::Success | Status::Skipped) => return self.end(Status::Success),
                (0, _) if self.retries < *self.number_of_retries => self.current = 1,
                (0, _) => return self.end(Status::Failure),
                (_, Status::Success | Status::Skipped) => {
                    self.retries += 1;
                    self.current = 0;
                }
                (_, _) => return self.end(Status::Failure),
            }
        }
    }

    fn on_halted(&mut self, _: &mut Ctx) {
        self.end(Status::Failure);
    }
}

/// Ticks its child at most `hz` times a second: at its first tick, then again once a period
/// has passed since the child last succeeded; a running child is ticked on every tick. Between
/// ticks of the child it answers `Running`. The time is the context's clock (`bt::Clock`).
///
/// Nav2's `RateController` also starts afresh when its parent resets it (BehaviorTree.CPP sets
/// a completed child's status back to `IDLE` when the parent completes, without halting it).
/// A node here is told of a halt, never of such a reset, so this one keeps its period until it
/// is halted while running.
#[derive(Default, Ports)]
pub struct RateController {
    /// Ticks of the child per second.
    pub hz: Input<f64>,
    /// When the child last succeeded (or the first tick was), if it has.
    since: Option<Duration>,
}

impl<Ctx: Clock + ?Sized> DecoratorNode<Ctx> for RateController {
    fn tick(&mut self, ctx: &mut Ctx, child: &mut impl Child<Ctx>) -> Status {
        let now = ctx.now();
        let period = Duration::from_secs_f64(1.0 / *self.hz);
        let due = match self.since {
            None => true,
            Some(since) => now.saturating_sub(since) >= period,
        };
        if self.since.is_none() {
            self.since = Some(now);
        }
        if !(due || child.is_running()) {
            return Status::Running;
        }
        let status = child.tick(ctx);
        if status == Status::Success {
            self.since = Some(now);
        }
        status
    }

    fn on_halted(&mut self, _: &mut Ctx) {
        self.since = None;
    }
}

/// Ticks one child per activation, in turn: the child after the one that last succeeded. A
/// failing child passes the turn to the next in the same tick; the node fails when every child
/// has failed in a row (and starts again from the first), and succeeds when one succeeds.
/// `Skipped` counts as a failure.
#[derive(Default)]
pub struct RoundRobin {
    current: usize,
    failures: usize,
}

impl<Ctx: ?Sized> ControlNode<Ctx> for RoundRobin {
    fn tick(&mut self, ctx: &mut Ctx, children: &mut impl Children<Ctx>) -> Status {
        let count = children.len();
        while self.failures < count {
            let status = children.tick(ctx, self.current);
            if status == Status::Running {
                return Status::Running;
            }
            self.current = (self.current + 1) % count;
            if status == Status::Success {
                self.failures = 0;
                return Status::Success;
            }
            self.failures += 1;
        }
        self.current = 0;
        self.failures = 0;
        Status::Failure
    }

    fn on_halted(&mut self, _: &mut Ctx) {
        self.current = 0;
        self.failures = 0;
    }
}
