use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Patrol for World {
        blackboard { start: u32, end: u32 }
        ScriptCondition(|bb| bb.start < bb.end)
    }
}

behavior_tree! {
    tree Robot for World {
        blackboard { home: u32 }
        SubTree(Patrol, start = {home}, end = {home})
    }
}

fn main() {
    let _ = Robot::new();
}
