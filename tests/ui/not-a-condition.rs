use bt::behavior_tree;

pub struct World;

#[derive(Default)]
pub struct Shoot;

impl bt::SyncAction<World> for Shoot {
    fn execute(&mut self, _: &mut World) -> bt::Outcome {
        bt::Outcome::Success
    }
}

behavior_tree! {
    tree Tree for World {
        Sequence {
            Condition(Shoot),
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
