use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        Sequence {
            SubTree,
            SubTree(|world| true),
        }
    }
}

fn main() {
    let _ = Robot::new();
}
