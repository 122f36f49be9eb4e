use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Salvo<const N: usize> for World {
        Repeat(N) { AlwaysSuccess }
    }
}

fn main() {}
