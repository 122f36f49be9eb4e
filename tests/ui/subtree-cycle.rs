use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        Sequence {
            AlwaysSuccess,
            SubTree(Search),
        }
    }
}

behavior_tree! {
    tree Search for World {
        Fallback {
            AlwaysFailure,
            SubTree(Patrol),
        }
    }
}

fn main() {
    let _ = Patrol::new();
}
