use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Cooldown(500) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
