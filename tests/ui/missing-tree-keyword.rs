use bt::behavior_tree;

pub struct World;

behavior_tree! {
    struct Tree for World {
        AlwaysSuccess
    }
}

fn main() {}
