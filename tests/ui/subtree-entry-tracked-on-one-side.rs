use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        blackboard { #[tracked] waypoint: u32 }
        WasEntryUpdated(waypoint)
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard { next: u32 }
        SubTree(Patrol, waypoint = {next})
    }
}

fn main() {
    let _ = Robot::new();
}
