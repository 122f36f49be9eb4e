// The XML file does not exist (paths are relative to the crate's root).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml = "trees/missing.xml",
    }
}

fn main() {}
