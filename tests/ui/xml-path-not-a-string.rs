// `xml = ` followed by something else than a string literal.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml = include_str!("main.xml"),
    }
}

fn main() {}
