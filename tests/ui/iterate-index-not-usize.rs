use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { list: Vec<u8>, item: u8, at: u32 }
        Iterate(list, element = {item}, index = {at}) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
