// A type of the user's named like the tree's blackboard (`{Tree}Blackboard`): rustc's E0428,
// reported at the tree's name, which defines the blackboard type.
use bt::behavior_tree;

pub struct World;

pub struct PatrolBlackboard;

behavior_tree! {
    tree Patrol for World {
        blackboard { laps: u32 = 0 }
        Script(|bb| bb.laps += 1)
    }
}

fn main() {
    let _ = Patrol::new().tick(&mut World);
}
