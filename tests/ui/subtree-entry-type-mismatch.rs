use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        blackboard { waypoint: u32 }
        ScriptCondition(|bb| bb.waypoint > 0)
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard { next: i64 }
        SubTree(Patrol, waypoint = {next})
    }
}

fn main() {
    let _ = Robot::new();
}
