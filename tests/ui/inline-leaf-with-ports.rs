// Ports after an inline leaf's closure.
use bt::behavior_tree;

pub struct World {
    ok: bool,
}

behavior_tree! {
    tree Tree for World {
        blackboard { goal: u32 }
        Condition(|w| w.ok, goal = {goal})
    }
}

fn main() {}
