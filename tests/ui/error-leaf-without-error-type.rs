use bt::behavior_tree;

pub struct World;

#[derive(Debug)]
pub struct Broken;

behavior_tree! {
    tree Tree for World {
        Fallback {
            AlwaysFailure,
            Error(Broken),
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
