use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        PrioritySelector(dynamic = 1) {
            #[score(2.0)] AlwaysSuccess,
            #[score(1.0)] AlwaysFailure,
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
