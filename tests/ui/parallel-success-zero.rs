use bt::behavior_tree;

#[derive(Default)]
pub struct World;

behavior_tree! {
    tree Tree for World {
        Parallel(success = 0) {
            AlwaysFailure,
            AlwaysFailure,
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World::default());
}
