use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { list: u32, item: u8 }
        Iterate(list, element = {item}) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
