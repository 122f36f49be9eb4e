//! Data passed between nodes through typed ports and the tree's blackboard.
//!
//! A delivery robot: `PlanRoute` computes a goal pose and writes it to the `goal` entry through an
//! output port; the `Drive` subtree drives there over several ticks (`DriveTo` reads its `target`
//! through an input port and adds to `travelled` through an in-out port); `Report` reads both and
//! writes a message. Each blackboard is declared in its tree and compiled to a plain struct, so
//! every port access is a field access, and a port bound to an entry of the wrong type would not
//! compile. The `SubTree` node remaps the subtree's `target` and `travelled` to the parent's `goal`
//! and `odometer`; the subtree's `legs` stays its own.
//!
//! Run it with `cargo run --example robot_ports`. The trace shows, tick by tick:
//! * tick 1: `PlanRoute` writes `goal`, and the `Drive` subtree starts towards it in the same tick
//!   (its nodes follow the `Drive` node in the trace: ids continue through the boundary);
//! * tick 2: only `DriveTo` runs (both Sequences resume at it), the odometer grows;
//! * tick 3: the robot arrives, `Report` formats the summary from the entries, the root succeeds
//!   and its `#[on_success]` post-condition counts the delivery;
//! * tick 4: a `#[skip_if]` pre-condition skips the planner once a delivery is done, so the robot
//!   reuses the last goal (it is already there) and reports again.

use bt::{
    behavior_tree, InOut, Input, Outcome, Output, Ports, StatefulAction, Status, SyncAction,
    TickTrace,
};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub x: i32,
    pub y: i32,
}

/// The world: where the robot is, and the parcel's destination.
pub struct World {
    robot: Pose,
    parcel_at: Pose,
}

/// Plans a route: writes the parcel's destination to its `goal` output.
#[derive(Default, Ports)]
pub struct PlanRoute {
    pub goal: Output<Pose>,
}

impl SyncAction<World> for PlanRoute {
    fn execute(&mut self, world: &mut World) -> Outcome {
        println!("  > PlanRoute: goal is {:?}", world.parcel_at);
        self.goal.set(world.parcel_at);
        Outcome::Success
    }
}

/// Drives towards `goal` by at most `speed` cells per tick; adds the distance to `odometer`.
#[derive(Ports)]
pub struct DriveTo {
    pub goal: Input<Pose>,
    #[port(default)]
    pub speed: Input<i32>,
    pub odometer: InOut<u32>,
}

impl Default for DriveTo {
    fn default() -> Self {
        DriveTo {
            goal: Input::default(),
            speed: Input::new(1),
            odometer: InOut::default(),
        }
    }
}

impl DriveTo {
    fn drive(&mut self, world: &mut World) -> Status {
        let goal = *self.goal;
        let step = |from: i32, to: i32, speed: i32| from + (to - from).clamp(-speed, speed);
        let before = world.robot;
        world.robot = Pose {
            x: step(before.x, goal.x, *self.speed),
            y: step(before.y, goal.y, *self.speed),
        };
        let moved =
            (world.robot.x - before.x).unsigned_abs() + (world.robot.y - before.y).unsigned_abs();
        *self.odometer.get_mut() += moved;
        println!("  > DriveTo: {:?} -> {:?}", before, world.robot);
        if world.robot == goal {
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for DriveTo {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.drive(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.drive(world)
    }
}

/// Writes a summary of the delivery to `message`.
#[derive(Default, Ports)]
pub struct Report {
    pub goal: Input<Pose>,
    pub odometer: Input<u32>,
    pub message: Output<String>,
}

impl SyncAction<World> for Report {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.message.set(format!(
            "delivered at ({}, {}) after {} cells",
            self.goal.x, self.goal.y, *self.odometer
        ));
        Outcome::Success
    }
}

behavior_tree! {
    /// Drives to `target`, adding the distance to `travelled`; counts its finished `legs`.
    tree Drive for World {
        blackboard {
            target: Pose,
            travelled: u32,
            legs: u32,
        }
        Sequence {
            StatefulAction(DriveTo, goal = {target}, speed = 2, odometer = {travelled}),
            Script(|bb| bb.legs += 1),
        }
    }
}

behavior_tree! {
    /// Plan, drive, report.
    tree Delivery for World {
        blackboard {
            goal: Pose,
            odometer: u32,
            deliveries: u32,
            message: String = String::from("nothing delivered yet"),
        }
        Sequence {
            #[skip_if(|bb| bb.deliveries > 0)]
            Action(PlanRoute, goal = {goal}),
            SubTree(Drive, target = {goal}, travelled = {odometer}),
            #[on_success(|bb| bb.deliveries += 1)]
            Action(Report, goal = {=}, odometer = {=}, message = {=}),
        }
    }
}

fn main() {
    let mut world = World {
        robot: Pose { x: 0, y: 0 },
        parcel_at: Pose { x: 5, y: 3 },
    };
    let mut tree = Delivery::new();
    let mut trace = TickTrace::<{ Delivery::NODE_COUNT }>::new();
    for tick in 1..=4 {
        println!("=== tick {tick} ===");
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        print!("{}", trace.display(Delivery::NODES));
        let bb = tree.blackboard();
        println!(
            "blackboard: goal {:?}, odometer {}, deliveries {}, message \"{}\"",
            bb.goal, bb.odometer, bb.deliveries, bb.message
        );
        println!("root: {status}\n");
    }
    println!(
        "size_of::<Delivery>() = {} bytes (the String entry is 24 of them)",
        std::mem::size_of::<Delivery>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Delivery::NODES, Delivery::to_xml())
}
