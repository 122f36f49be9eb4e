use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Counter for World {
        blackboard { count: u32 }
        Sequnce { Script(|bb| bb.count += 1) }
    }
}

fn main() {
    // Only the typo above is reported: the tree keeps its blackboard after an error.
    let counter = Counter::new();
    let _: u32 = counter.blackboard().count;
}
