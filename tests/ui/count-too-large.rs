// A count larger than a count can be.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Repeat(100000000000000000000) { AlwaysSuccess }
    }
}

fn main() {}
