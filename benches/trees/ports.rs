//! Workload (d): a port-heavy tree. A robot follows a moving target; every tick moves data
//! through the blackboard with ports:
//!
//! ```text
//! ReactiveSequence {
//!     SenseTarget      target -> {target}                               (Output<(f32, f32)>)
//!     InRange          {target} -> target, RANGE -> range               (Input, Input = expression)
//!     PlanGoal         {target} -> target, {goal} <-> goal              (Input, InOut of a #[tracked] entry)
//!     SkipUnlessUpdated(goal) {
//!         PublishGoal  {goal} -> goal, {published} <-> seq              (Input, InOut counter)
//!     }
//!     Steer            {goal} -> goal, MAX_SPEED -> max_speed, command -> {command}
//!     Drive            {command} -> command, {trip_steps} <-> steps     (stateful: Running until the last step)
//!     Script(|bb| bb.trip_steps = 0)                                    (after an arrival)
//! }
//! ```
//!
//! Per tick: 8 port bindings to entries (10 on the ticks that re-plan) and 2 to expressions. The
//! target walks a square of side 16 at 0.4 per tick, the robot drives at most 1.0 per tick and
//! re-plans when the target is more than 1.0 from its goal (every third tick once it has caught
//! up), so the statuses cycle through Running (driving to a new goal), Success (arrived: the last
//! step) and Success (still there).
//!
//! The leaf logic is in plain functions ([`sense_target`], [`plan_goal`], ...) that take and return
//! values; the leaf types below wrap them with ports, and the other implementations
//! (`benches/support/`) call the same functions with values from their own blackboards. So every
//! implementation runs the same leaf code and the same world changes; what differs is how values
//! reach the leaves and the entries.

use bt::{Condition, InOut, Input, Outcome, Output, Ports, StatefulAction, Status, SyncAction};

use super::Probe;

/// `InRange`'s range, bound as an expression.
pub const RANGE: f32 = 30.0;
/// `Steer`'s speed limit per tick, bound as an expression.
pub const MAX_SPEED: f32 = 1.0;
/// `PlanGoal` re-plans when the target is farther than this from the current goal.
pub const REPLAN: f32 = 1.0;
/// The target's speed per tick along its square.
pub const TARGET_SPEED: f32 = 0.4;
/// Ticks per side of the target's square (side 16 at 0.4 per tick).
pub const SIDE_TICKS: u32 = 40;

/// Where the robot is heading (a blackboard entry, written by `PlanGoal`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Goal {
    pub x: f32,
    pub y: f32,
}

/// A velocity for one tick, and whether it reaches the goal (written by `Steer`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Command {
    pub vx: f32,
    pub vy: f32,
    pub last: bool,
}

/// The robot's world.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RobotWorld {
    /// The robot's position.
    pub pose: (f32, f32),
    /// The target's position along its square, in ticks (0 .. 4 * SIDE_TICKS).
    pub phase: u32,
    /// The last goal published, with its sequence number.
    pub published: (Goal, u32),
    /// Arrivals at a goal, and the steps of the last trip.
    pub trips: u64,
    pub last_trip_steps: u32,
    /// `Drive` pre-empted while running (never in the benchmark).
    pub drive_halts: u64,
    pub probe: Probe,
}

impl RobotWorld {
    pub fn new() -> Self {
        RobotWorld::default()
    }
}

/// Leaf ids for the probe.
pub mod leaf {
    pub const SENSE: u32 = 0;
    pub const IN_RANGE: u32 = 1;
    pub const PLAN: u32 = 2;
    pub const PUBLISH: u32 = 3;
    pub const STEER: u32 = 4;
    pub const DRIVE: u32 = 5;
}

// --- the leaf logic, shared by every implementation -------------------------------------------

/// The target walks one step along its square (the world's simulation, folded into the sensor
/// for the benchmark) and the sensor reports where it is.
#[inline]
pub fn sense_target(w: &mut RobotWorld) -> (f32, f32) {
    w.probe.hit(leaf::SENSE);
    w.phase = (w.phase + 1) % (4 * SIDE_TICKS);
    let t = (w.phase % SIDE_TICKS) as f32 * TARGET_SPEED;
    let h = SIDE_TICKS as f32 * TARGET_SPEED / 2.0;
    match w.phase / SIDE_TICKS {
        0 => (-h + t, -h),
        1 => (h, -h + t),
        2 => (h - t, h),
        _ => (-h, h - t),
    }
}

/// Is the target within `range` of the robot?
#[inline]
pub fn in_range(w: &RobotWorld, target: (f32, f32), range: f32) -> bool {
    w.probe.hit(leaf::IN_RANGE);
    let (dx, dy) = (target.0 - w.pose.0, target.1 - w.pose.1);
    dx * dx + dy * dy <= range * range
}

/// A new goal at the target if it is more than [`REPLAN`] from the current one.
#[inline]
pub fn plan_goal(w: &RobotWorld, target: (f32, f32), current: Goal) -> Option<Goal> {
    w.probe.hit(leaf::PLAN);
    let (dx, dy) = (target.0 - current.x, target.1 - current.y);
    (dx * dx + dy * dy > REPLAN * REPLAN).then_some(Goal {
        x: target.0,
        y: target.1,
    })
}

/// Publishes `goal` with the next sequence number; returns that number.
#[inline]
pub fn publish_goal(w: &mut RobotWorld, goal: Goal, seq: u32) -> u32 {
    w.probe.hit(leaf::PUBLISH);
    let seq = seq.wrapping_add(1);
    w.published = (goal, seq);
    seq
}

/// The velocity towards `goal`, at most `max_speed`.
#[inline]
pub fn steer(w: &RobotWorld, goal: Goal, max_speed: f32) -> Command {
    w.probe.hit(leaf::STEER);
    let (dx, dy) = (goal.x - w.pose.0, goal.y - w.pose.1);
    let d = (dx * dx + dy * dy).sqrt();
    if d <= max_speed {
        Command {
            vx: dx,
            vy: dy,
            last: true,
        }
    } else {
        let k = max_speed / d;
        Command {
            vx: dx * k,
            vy: dy * k,
            last: false,
        }
    }
}

/// One step of `command`; `steps` counts the steps of this trip. Success after the last step.
#[inline]
pub fn drive(w: &mut RobotWorld, command: Command, steps: u32) -> (Status, u32) {
    w.probe.hit(leaf::DRIVE);
    w.pose = (w.pose.0 + command.vx, w.pose.1 + command.vy);
    let steps = steps.wrapping_add(1);
    if command.last {
        w.trips += 1;
        w.last_trip_steps = steps;
        (Status::Success, steps)
    } else {
        (Status::Running, steps)
    }
}

/// `Drive` pre-empted.
#[inline]
pub fn drive_halted(w: &mut RobotWorld) {
    w.drive_halts += 1;
}

// --- the leaves with ports ---------------------------------------------------------------------

#[derive(Default, Ports)]
pub struct SenseTarget {
    pub target: Output<(f32, f32)>,
}

impl SyncAction<RobotWorld> for SenseTarget {
    #[inline]
    fn execute(&mut self, w: &mut RobotWorld) -> Outcome {
        self.target.set(sense_target(w));
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct InRange {
    pub target: Input<(f32, f32)>,
    pub range: Input<f32>,
}

impl Condition<RobotWorld> for InRange {
    #[inline]
    fn check(&mut self, w: &RobotWorld) -> bool {
        in_range(w, *self.target, *self.range)
    }
}

#[derive(Default, Ports)]
pub struct PlanGoal {
    pub target: Input<(f32, f32)>,
    pub goal: InOut<Goal>,
}

impl SyncAction<RobotWorld> for PlanGoal {
    #[inline]
    fn execute(&mut self, w: &mut RobotWorld) -> Outcome {
        if let Some(goal) = plan_goal(w, *self.target, *self.goal) {
            self.goal.set(goal);
        }
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct PublishGoal {
    pub goal: Input<Goal>,
    pub seq: InOut<u32>,
}

impl SyncAction<RobotWorld> for PublishGoal {
    #[inline]
    fn execute(&mut self, w: &mut RobotWorld) -> Outcome {
        let seq = publish_goal(w, *self.goal, *self.seq);
        self.seq.set(seq);
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct Steer {
    pub goal: Input<Goal>,
    pub max_speed: Input<f32>,
    pub command: Output<Command>,
}

impl SyncAction<RobotWorld> for Steer {
    #[inline]
    fn execute(&mut self, w: &mut RobotWorld) -> Outcome {
        self.command.set(steer(w, *self.goal, *self.max_speed));
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct Drive {
    pub command: Input<Command>,
    pub steps: InOut<u32>,
}

impl Drive {
    #[inline]
    fn step(&mut self, w: &mut RobotWorld) -> Status {
        let (status, steps) = drive(w, *self.command, *self.steps);
        self.steps.set(steps);
        status
    }
}

impl StatefulAction<RobotWorld> for Drive {
    #[inline]
    fn on_start(&mut self, w: &mut RobotWorld) -> Status {
        self.step(w)
    }
    #[inline]
    fn on_running(&mut self, w: &mut RobotWorld) -> Status {
        self.step(w)
    }
    fn on_halted(&mut self, w: &mut RobotWorld) {
        drive_halted(w);
    }
}

bt::behavior_tree! {
    /// The follower (workload d): sense, check, plan, publish a new goal, steer, drive; every
    /// value passes through the blackboard by ports.
    pub tree Follower for RobotWorld {
        blackboard {
            target: (f32, f32),
            #[tracked]
            goal: Goal,
            command: Command,
            published: u32,
            trip_steps: u32,
        }
        ReactiveSequence {
            Action(SenseTarget, target = {target}),
            Condition(InRange, target = {target}, range = RANGE),
            Action(PlanGoal, target = {target}, goal = {goal}),
            SkipUnlessUpdated(goal) {
                Action(PublishGoal, goal = {goal}, seq = {published}),
            },
            Action(Steer, goal = {goal}, max_speed = MAX_SPEED, command = {command}),
            StatefulAction(Drive, command = {command}, steps = {trip_steps}),
            Script(|bb| bb.trip_steps = 0),
        }
    }
}
