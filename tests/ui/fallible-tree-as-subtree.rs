use bt::behavior_tree;

pub struct World;

#[derive(Debug)]
pub struct Broken;

behavior_tree! {
    /// A tree with an error type: its `tick` returns `Result<Status, Broken>`.
    pub tree Fragile for World, error Broken {
        Fallback { AlwaysFailure, Error(Broken) }
    }
}

behavior_tree! {
    tree Robot for World, error Broken {
        Sequence {
            SubTree(Fragile),
        }
    }
}

fn main() {
    let _ = Robot::new();
}
