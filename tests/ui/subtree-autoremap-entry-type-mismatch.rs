// A subtree's `..` over a parent entry of another type than the subtree's: rustc points at the
// subtree's entry by name (the bound it introduces), beside the two types.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        blackboard { waypoint: u32, speed: f32 }
        ScriptCondition(|bb| bb.waypoint > 0 && bb.speed > 0.0)
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard { waypoint: u32, speed: f64 }
        SubTree(Patrol, ..)
    }
}

fn main() {
    let _ = Robot::new();
}
