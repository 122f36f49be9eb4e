use bt::behavior_tree;

pub struct World;

pub struct Aim {
    pub steadiness: u8,
}

impl bt::SyncAction<World> for Aim {
    fn execute(&mut self, _: &mut World) -> bt::Outcome {
        bt::Outcome::Success
    }
}

behavior_tree! {
    tree Tree for World {
        Action(Aim)
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
