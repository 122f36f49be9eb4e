use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            goal: u32,
        }
        SkipUnlessUpdated(goal) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
