use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Control(|world| true) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
