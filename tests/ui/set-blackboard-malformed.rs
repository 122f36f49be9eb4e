use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            target: u32,
        }
        SetBlackboard(target 3)
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
