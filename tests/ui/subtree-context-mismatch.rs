use bt::behavior_tree;

pub struct World;
pub struct Simulation;

behavior_tree! {
    tree Patrol for Simulation {
        AlwaysSuccess
    }
}

behavior_tree! {
    tree Robot for World {
        Sequence {
            SubTree(Patrol),
        }
    }
}

fn main() {
    let _ = Robot::new();
}
