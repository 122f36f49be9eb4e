//! Data flow through ports: inputs receive entries and expressions, outputs land in entries only
//! when written, in-outs round-trip, defaults apply to unbound ports, metadata lists the ports.

use bt::{
    behavior_tree, Condition, InOut, Input, NodeInfo, Outcome, Output, PortDirection, Ports,
    StatefulAction, Status, SyncAction,
};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub x: i32,
    pub y: i32,
}

#[derive(Default)]
pub struct World {
    pub robot: Pose,
    pub log: Vec<String>,
}

/// Writes a goal one step east of the robot.
#[derive(Default, Ports)]
pub struct ComputeGoal {
    pub goal: Output<Pose>,
}

impl SyncAction<World> for ComputeGoal {
    fn execute(&mut self, world: &mut World) -> Outcome {
        self.goal.set(Pose {
            x: world.robot.x + 2,
            y: world.robot.y,
        });
        Outcome::Success
    }
}

/// Moves `speed` per tick towards `goal`; reports `arrived` when there.
#[derive(Ports)]
pub struct MoveTo {
    pub goal: Input<Pose>,
    #[port(default)]
    pub speed: Input<i32>,
    pub arrived: Output<bool>,
}

impl Default for MoveTo {
    fn default() -> Self {
        MoveTo {
            goal: Input::default(),
            speed: Input::new(1),
            arrived: Output::new(),
        }
    }
}

impl MoveTo {
    fn step(&mut self, world: &mut World) -> Status {
        let goal = *self.goal;
        world
            .log
            .push(format!("move to {},{} at {}", goal.x, goal.y, *self.speed));
        world.robot.x = (world.robot.x + *self.speed).min(goal.x);
        if world.robot == goal {
            self.arrived.set(true);
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for MoveTo {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }
}

/// Counts its calls in an in-out entry.
#[derive(Default, Ports)]
pub struct Count {
    pub count: InOut<u32>,
}

impl SyncAction<World> for Count {
    fn execute(&mut self, _: &mut World) -> Outcome {
        *self.count.get_mut() += 1;
        Outcome::Success
    }
}

/// Succeeds when `limit` is above `value`.
#[derive(Default, Ports)]
pub struct Below {
    pub value: Input<u32>,
    pub limit: Input<u32>,
}

impl Condition<World> for Below {
    fn check(&mut self, _: &World) -> bool {
        *self.value < *self.limit
    }
}

behavior_tree! {
    pub tree Robot for World {
        blackboard {
            target: Pose,
            arrived: bool,
            count: u32,
        }
        Sequence {
            Action(ComputeGoal, goal = {target}),
            StatefulAction(MoveTo, goal = {target}, arrived = {arrived}),
            Action(Count, count = {=}),
            Condition(Below, value = {count}, limit = 2),
        }
    }
}

#[test]
fn values_flow_from_outputs_to_inputs_through_entries() {
    let mut tree = Robot::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.blackboard().target, Pose { x: 2, y: 0 });
    assert!(
        !tree.blackboard().arrived,
        "an output that was not written leaves its entry"
    );
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert!(tree.blackboard().arrived);
    assert_eq!(tree.blackboard().count, 1);
    assert_eq!(world.log, ["move to 2,0 at 1", "move to 2,0 at 1"]);
}

#[test]
fn in_out_round_trips_and_expressions_are_inputs() {
    let mut tree = Robot::new();
    let mut world = World::default();
    for _ in 0..2 {
        tree.tick(&mut world);
    }
    assert_eq!(tree.blackboard().count, 1);
    // Second activation: the robot is one step from the new goal.
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(
        tree.tick(&mut world),
        Status::Failure,
        "count 2 is not below the limit 2"
    );
    assert_eq!(tree.blackboard().count, 2);
}

#[test]
fn entries_changed_from_outside_reach_inputs() {
    let mut tree = Robot::new();
    let mut world = World::default();
    tree.tick(&mut world);
    // The goal is re-read on every tick.
    tree.blackboard_mut().target = Pose { x: 1, y: 0 };
    world.robot = Pose { x: 0, y: 0 };
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log.last().unwrap(), "move to 1,0 at 1");
}

behavior_tree! {
    pub tree Fast for World {
        blackboard {
            target: Pose = Pose { x: 6, y: 0 },
            speed: i32 = 3,
        }
        StatefulAction(MoveTo, goal = {target}, speed = {speed})
    }
}

#[test]
fn a_bound_default_port_takes_the_entry_and_an_unbound_output_is_dropped() {
    let mut tree = Fast::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["move to 6,0 at 3", "move to 6,0 at 3"]);
}

#[test]
fn ports_are_metadata() {
    assert_eq!(MoveTo::PORTS.len(), 3);
    let goal = &MoveTo::PORTS[0];
    assert_eq!(
        (goal.name, goal.direction, goal.type_name, goal.required),
        ("goal", PortDirection::Input, "Pose", true)
    );
    let speed = &MoveTo::PORTS[1];
    assert!(!speed.required, "#[port(default)]");
    let arrived = &MoveTo::PORTS[2];
    assert_eq!(
        (arrived.direction, arrived.required),
        (PortDirection::Output, false)
    );
    let node = NodeInfo::find(Robot::NODES, "MoveTo").unwrap();
    assert_eq!(Robot::NODES[node].ports, MoveTo::PORTS);
    assert!(Robot::NODES[0].ports.is_empty());
}
