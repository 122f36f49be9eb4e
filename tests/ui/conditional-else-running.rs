use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { open: bool }
        Conditional(|bb| bb.open, else = Running) { AlwaysSuccess }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
