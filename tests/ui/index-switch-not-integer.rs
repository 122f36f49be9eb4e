use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { speed: f32 }
        IndexSwitch(|bb| bb.speed) {
            AlwaysSuccess,
            AlwaysFailure,
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
