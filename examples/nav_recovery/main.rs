//! # A navigation stack's tree, with control nodes of its own, from XML
//!
//! Run it with `cargo run --example nav_recovery`.
//!
//! Most BehaviorTree.CPP projects write some of their control nodes and decorators themselves.
//! This example is a robot navigation tree in the style of ROS 2 Nav2's "navigate with
//! replanning and recovery", loaded from [`trees/nav_recovery.xml`](../trees/nav_recovery.xml)
//! as BehaviorTree.CPP would load it, with five such nodes written in Rust in
//! [`nodes.rs`](nodes.rs): `PipelineSequence`, `RecoveryNode`, `RateController`, `RoundRobin`
//! and `GoalUpdater`. Each is a plain type implementing `bt::ControlNode` or
//! `bt::DecoratorNode`. The project registers its nodes once, `bt::nodes! { nav2 { RecoveryNode =
//! Control(RecoveryNode), .. } }`, and both of the example's trees name that registry
//! (`nodes = nav2`); their blackboard entries take their types from the ports bound to them, so
//! a tree writes only the initial values. The macro generates, for each node of the user's, a
//! statically dispatched handle over its children: no `dyn`, no allocation, nothing moved for a
//! call.
//!
//! ```text
//! RecoveryNode "NavigateRecovery"  number_of_retries=6
//! ├── PipelineSequence "NavigateWithReplanning"
//! │   ├── RateController  hz=1.0
//! │   │   └── GoalUpdater  input_goal={goal} output_goal={updated_goal}
//! │   │       └── RecoveryNode "ComputePathRecovery"  number_of_retries=1
//! │   │           ├── ComputePathToPose  goal={updated_goal} path={path}
//! │   │           └── ClearCostmap "ClearGlobalCostmap-Context"  costmap=global
//! │   └── RecoveryNode "FollowPathRecovery"  number_of_retries=1
//! │       ├── FollowPath  path={path}
//! │       └── ClearCostmap "ClearLocalCostmap-Context"  costmap=local
//! └── ReactiveFallback "RecoveryFallback"
//!     ├── GoalUpdated
//!     └── RoundRobin "RecoveryActions"
//!         ├── Sequence "ClearingActions"
//!         │   ├── ClearCostmap "ClearLocalCostmap-Subtree"  costmap=local
//!         │   └── ClearCostmap "ClearGlobalCostmap-Subtree"  costmap=global
//!         ├── Spin  spin_dist=1.57
//!         └── BackUp  backup_dist=0.3
//! ```
//!
//! ## What the run shows
//!
//! The robot drives along a corridor from 0 m to a goal at 6 m, half a metre per tick, a tick
//! every 250 ms of the world's clock. A person steps into the corridor at 2.5 m for eight ticks;
//! later the operator moves the goal to 5 m.
//!
//! * Ticks 1–4: the pipeline plans (tick 1) and follows the path. Between plans the
//!   `RateController` answers `Running` without ticking its child, and the `PipelineSequence`
//!   passes over it to the running `FollowPath`; the pipeline does not reset it, so its period
//!   goes on.
//! * Tick 5 (1 s): a new plan; `FollowPath` is blocked by the person and fails;
//!   `FollowPathRecovery` clears the local costmap and tries again within the tick, blocked
//!   again, so the pipeline fails. `NavigateRecovery` runs its recovery branch: the
//!   `RoundRobin`'s first turn clears both costmaps, and navigation starts again in the same
//!   tick. The pipeline's failure reset the `RateController`, whose new activation plans at once
//!   (`on_start`, where Nav2's node finds itself `IDLE`); blocked again, and the `RoundRobin`'s
//!   second turn is `Spin`, which takes four ticks.
//! * Tick 8: the spin is done; a new plan, blocked twice, and the third turn backs up; a new plan
//!   at once, and the robot drives on, to be blocked again at tick 9 (spin), until the person
//!   walks away; tick 12 plans and drives on.
//! * Tick 15: the operator sends a goal at 5 m. At the next planning time (tick 16) the
//!   `GoalUpdater` writes it to its output and then ticks its child, which plans to 5 m in the
//!   same tick: a node's outputs reach the blackboard before the children it ticks afterwards.
//!   The robot arrives on tick 17.
//!
//! At the end it prints the tree's XML export: the user's nodes appear under their own IDs, with
//! their ports in the `TreeNodesModel`, as Groot2 expects. Then a second tree of the same
//! registry, [`trees/nav_replanning.xml`](../trees/nav_replanning.xml) (replanning without
//! recovery), drives a fresh robot to 2 m.

mod nodes;

use std::time::Duration;

use bt::{
    behavior_tree, Clock, Condition, Input, ManualClock, Output, Ports, StatefulAction, Status,
    SyncAction,
};
use nodes::{GoalUpdater, GoalUpdates, PipelineSequence, RateController, RecoveryNode, RoundRobin};

/// The robot's world: a corridor, a clock, and a person who may stand in the way.
struct World {
    clock: ManualClock,
    /// The robot's position along the corridor, in metres.
    at: f64,
    /// Where the person stands, while they do.
    person: Option<f64>,
    /// Ticks left until the person walks away.
    person_leaves_in: u32,
    /// Plans made so far (a plan is a path to the goal).
    plans: u32,
    /// A goal the operator has sent and the tree has not taken yet.
    goal_update: Option<f64>,
}

impl GoalUpdates for World {
    fn take_goal_update(&mut self) -> Option<f64> {
        self.goal_update.take()
    }
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// A plan: where it leads, and which plan it is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Path {
    to: f64,
    plan: u32,
}

/// Plans a path to the goal (at once).
#[derive(Default, Ports)]
struct ComputePathToPose {
    goal: Input<f64>,
    path: Output<Path>,
}

impl SyncAction<World> for ComputePathToPose {
    fn execute(&mut self, world: &mut World) -> bt::Outcome {
        world.plans += 1;
        self.path.set(Path {
            to: *self.goal,
            plan: world.plans,
        });
        println!("  > planned path #{} to {} m", world.plans, *self.goal);
        bt::Outcome::Success
    }
}

/// Drives along the path, half a metre per tick; fails when someone is in the way.
#[derive(Default, Ports)]
struct FollowPath {
    path: Input<Path>,
}

impl StatefulAction<World> for FollowPath {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > following path #{}", self.path.plan);
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        if world.person.is_some_and(|person| person - world.at <= 0.5) {
            println!("  > blocked at {} m", world.at);
            return Status::Failure;
        }
        world.at = (world.at + 0.5).min(self.path.to);
        if world.at >= self.path.to {
            println!("  > arrived at {} m", world.at);
            return Status::Success;
        }
        Status::Running
    }

    fn on_halted(&mut self, world: &mut World) {
        println!("  > stopped at {} m", world.at);
    }
}

/// Clears a costmap (at once; it cannot clear a person).
#[derive(Default, Ports)]
struct ClearCostmap {
    costmap: Input<&'static str>,
}

impl SyncAction<World> for ClearCostmap {
    fn execute(&mut self, _: &mut World) -> bt::Outcome {
        println!("  > cleared the {} costmap", *self.costmap);
        bt::Outcome::Success
    }
}

/// Whether the operator has sent a new goal (never, in this run).
#[derive(Default)]
struct GoalUpdated;

impl Condition<World> for GoalUpdated {
    fn check(&mut self, _: &World) -> bool {
        false
    }
}

/// Turns on the spot by `spin_dist` radians, half a radian per tick.
#[derive(Default, Ports)]
struct Spin {
    spin_dist: Input<f64>,
    left: f64,
}

impl StatefulAction<World> for Spin {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > spinning {} rad", *self.spin_dist);
        self.left = *self.spin_dist;
        self.on_running(world)
    }

    fn on_running(&mut self, _: &mut World) -> Status {
        self.left -= 0.5;
        if self.left > 0.0 {
            Status::Running
        } else {
            Status::Success
        }
    }
}

/// Backs up by `backup_dist` metres (at once).
#[derive(Default, Ports)]
struct BackUp {
    backup_dist: Input<f64>,
}

impl SyncAction<World> for BackUp {
    fn execute(&mut self, world: &mut World) -> bt::Outcome {
        world.at = (world.at - *self.backup_dist).max(0.0);
        println!("  > backed up to {:.1} m", world.at);
        bt::Outcome::Success
    }
}

bt::nodes! {
    /// The project's nodes, registered once for every tree (BehaviorTree.CPP's
    /// `registerNodeType<T>("ID")`): the XML ID, what kind of node it is, and the Rust type.
    nav2 {
        PipelineSequence = Control(PipelineSequence),
        RecoveryNode = Control(RecoveryNode),
        RateController = Decorator(RateController),
        RoundRobin = Control(RoundRobin),
        GoalUpdater = Decorator(GoalUpdater),
        Action(ComputePathToPose),
        StatefulAction(FollowPath),
        Action(ClearCostmap),
        Condition(GoalUpdated),
        StatefulAction(Spin),
        Action(BackUp),
    }
}

behavior_tree! {
    /// Navigation with replanning and recovery. Its blackboard's `updated_goal` and `path` are
    /// typed by the ports bound to them (`GoalUpdater`'s `output_goal` is an `Output<f64>`,
    /// `ComputePathToPose`'s `path` an `Output<Path>`); only `goal` is written here, for its
    /// initial value.
    tree Navigate for World {
        xml = "examples/trees/nav_recovery.xml",
        nodes = nav2,
        blackboard { goal: f64 = 6.0 }
    }
}

behavior_tree! {
    /// A second tree of the same registry: replanning, no recovery.
    tree Replan for World {
        xml = "examples/trees/nav_replanning.xml",
        nodes = nav2,
        blackboard { goal: f64 = 2.0 }
    }
}

fn main() {
    let mut tree = Navigate::new();
    let mut world = World {
        clock: ManualClock::new(),
        at: 0.0,
        person: None,
        person_leaves_in: 0,
        plans: 0,
        goal_update: None,
    };
    for tick in 1..=40 {
        if tick == 15 {
            world.goal_update = Some(5.0);
            println!("(the operator moves the goal to 5 m)");
        }
        if tick == 4 {
            world.person = Some(2.5);
            world.person_leaves_in = 8;
            println!("(a person steps into the corridor at 2.5 m)");
        } else if world.person.is_some() {
            world.person_leaves_in -= 1;
            if world.person_leaves_in == 0 {
                world.person = None;
                println!("(the person walks away)");
            }
        }
        println!(
            "tick {tick} ({} ms): robot at {} m",
            world.clock.now().as_millis(),
            world.at
        );
        let status = tree.tick(&mut world);
        println!("  => {status:?}");
        if status != Status::Running {
            break;
        }
        world.clock.advance(Duration::from_millis(250));
    }
    println!(
        "\nThe tree as BehaviorTree.CPP XML (the user's nodes under their own IDs):\n{}",
        Navigate::to_xml()
    );

    // The second tree, from the same registry, in a fresh world.
    println!("\nA second tree of the same registry, `Replan`, to 2 m:");
    let mut replan = Replan::new();
    let mut world = World {
        clock: ManualClock::new(),
        at: 0.0,
        person: None,
        person_leaves_in: 0,
        plans: 0,
        goal_update: None,
    };
    for tick in 1..=10 {
        println!("tick {tick}: robot at {} m", world.at);
        let status = replan.tick(&mut world);
        println!("  => {status:?}");
        if status != Status::Running {
            break;
        }
        world.clock.advance(Duration::from_millis(250));
    }
}

#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Navigate::NODES, Navigate::to_xml())
}
