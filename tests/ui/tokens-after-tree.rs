use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        AlwaysSuccess
    }
    tree Other for World {
        AlwaysFailure
    }
}

fn main() {}
