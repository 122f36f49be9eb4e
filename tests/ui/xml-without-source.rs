// `nodes` and `tree` but no XML.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        tree = "Main",
    }
}

fn main() {}
