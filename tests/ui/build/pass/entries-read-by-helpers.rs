// Entries read only by a helper function or a method on the blackboard are used: no
// "unused blackboard entry" warning (which `deny(warnings)` would turn into an error).
#![deny(warnings)]

use bt::{behavior_tree, Status};

pub struct World {
    pub fuel: u32,
}

fn fast_enough(board: &RobotBlackboard) -> bool {
    board.speed > 1.0
}

impl RobotBlackboard {
    fn arrived(&self) -> bool {
        self.distance == 0
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard { speed: f32 = 2.0, distance: u32 = 10 }
        Sequence {
            ScriptCondition(|bb| fast_enough(bb)),
            #[skip_if(|bb| bb.arrived())]
            Action(|world| { world.fuel -= 1; true }),
        }
    }
}

behavior_tree! {
    tree Leaf for World {
        blackboard { goal: u32 = 3 }
        Action(|world, bb| { world.fuel = goal_of(bb); true })
    }
}

fn goal_of(board: &LeafBlackboard) -> u32 {
    board.goal
}

fn main() {
    let mut world = World { fuel: 5 };
    assert_eq!(Robot::new().tick(&mut world), Status::Success);
    assert_eq!(world.fuel, 4);
    assert_eq!(Leaf::new().tick(&mut world), Status::Success);
    assert_eq!(world.fuel, 3);
}
