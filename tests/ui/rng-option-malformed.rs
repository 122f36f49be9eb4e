use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World, rng = tree {
        RandomSequence { AlwaysSuccess, AlwaysFailure }
    }
}

fn main() {}
