use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            done: bool,
        }
        #[skip_if(|world, bb| bb.done)]
        AlwaysSuccess
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
