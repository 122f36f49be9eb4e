use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            a: u32,
            b: u32,
        }
        SetBlackboard(a = {b c})
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
