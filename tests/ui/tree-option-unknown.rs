use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World, seed = 3 {
        RandomSequence { AlwaysSuccess, AlwaysFailure }
    }
}

fn main() {}
