use bt::behavior_tree;

pub struct World;

#[derive(Default)]
pub struct MoveTo;

behavior_tree! {
    tree Robot for World {
        Sequence {
            SubTree(MoveTo),
        }
    }
}

fn main() {
    let _ = Robot::new();
}
