use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { count: u32 }
        ProbabilitySelector {
            #[weight(|bb| bb.count)] AlwaysSuccess,
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
