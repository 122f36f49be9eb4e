use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { count: u32 = 3, item: u32 }
        Loop(count, value = {item}) {
            AlwaysSuccess,
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
