#![deny(deprecated)]
// `SubTree(Patrol, ..)` shares `waypoint` (Patrol has it), not `battery` (it does not): only
// `battery` is unused.

use bt::behavior_tree;

pub struct World;

behavior_tree! {
    pub tree Patrol for World {
        blackboard { waypoint: u32 }
        Script(|bb| bb.waypoint += 1)
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard {
            waypoint: u32,
            battery: u32 = 100,
        }
        Sequence {
            SubTree(Patrol, ..),
            AlwaysSuccess,
        }
    }
}

fn main() {
    let mut tree = Robot::new();
    let _ = tree.tick(&mut World);
}
