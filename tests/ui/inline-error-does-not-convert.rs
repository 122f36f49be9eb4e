use bt::behavior_tree;

pub struct World {
    pub input: &'static str,
}

#[derive(Debug)]
pub struct TreeError;

behavior_tree! {
    tree Tree for World, error TreeError {
        Sequence {
            Condition(|world| world.input.parse::<bool>()),
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World { input: "true" });
}
