// A tree of the user's used as a leaf: the error says how a tree runs another.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Inner for World {
        AlwaysSuccess
    }
}

behavior_tree! {
    tree Outer for World {
        Sequence { Action(Inner) }
    }
}

fn main() {}
