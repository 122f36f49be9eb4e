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
        blackboard { waypoint: u32 }
        SubTree(Patrol, ..)
    }
}

fn main() {
    let _ = Robot::new();
}
