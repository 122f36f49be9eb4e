// `Repeat(2) {}`: the usage in the error keeps the count.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Sequence {
            Repeat(2) {},
        }
    }
}

fn main() {}
