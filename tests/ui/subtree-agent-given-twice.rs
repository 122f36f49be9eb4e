use bt::behavior_tree;

pub struct Pet;

pub struct World {
    pub pet: Pet,
    pub other: Pet,
}

behavior_tree! {
    tree Dog for Pet {
        AlwaysSuccess
    }
}

behavior_tree! {
    tree Owner for World {
        SubTree(Dog, agent = |world| &mut world.pet, agent = |world| &mut world.other)
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Owner::new();
    let _ = tree.tick(&mut World { pet: Pet, other: Pet });
}
