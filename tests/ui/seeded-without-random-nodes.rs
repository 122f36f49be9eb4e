use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Sequence { AlwaysSuccess }
    }
}

fn main() {
    // Only a tree with a random node holds a generator to seed.
    let mut tree = Tree::seeded(7);
    let _ = tree.tick(&mut World);
}
