use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Limiter(0) { AlwaysSuccess }
    }
}

fn main() {}
