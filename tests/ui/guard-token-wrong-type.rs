use bt::behavior_tree;

pub struct World {
    pub open: bool,
}


behavior_tree! {
    tree Tree for World {
        Guard(|world| &mut world.open) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World { open: true });
}
