use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            target: Option<u32>,
        }
        UnsetBlackboard(target = None)
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
