use bt::behavior_tree;

pub struct Pet;

pub struct World {
    pub pet: Pet,
    pub name: String,
}

behavior_tree! {
    tree Dog for Pet {
        AlwaysSuccess
    }
}

behavior_tree! {
    tree Owner for World {
        SubTree(Dog, agent = |world| &mut world.name)
    }
}

fn main() {
    let mut tree = Owner::new();
    let _ = tree.tick(&mut World { pet: Pet, name: String::new() });
}
