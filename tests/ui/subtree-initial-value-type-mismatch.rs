use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        blackboard { speed: f32 = 1.0 }
        ScriptCondition(|bb| bb.speed > 0.0)
    }
}

behavior_tree! {
    tree Robot for World {
        SubTree(Patrol, speed = "fast")
    }
}

fn main() {
    let _ = Robot::new();
}
