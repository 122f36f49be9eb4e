use bt::behavior_tree;

pub struct World {
    pub door: bt::GuardToken,
}


behavior_tree! {
    tree Tree for World {
        Guard(door) { AlwaysSuccess }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World { door: bt::GuardToken::new() });
}
