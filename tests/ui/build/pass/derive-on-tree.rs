//! Derives on a tree with a blackboard (issue 14): they apply to the blackboard too.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    #[derive(Debug, Clone)]
    tree Counter for World {
        blackboard { count: u32 }
        Script(|bb| bb.count += 1)
    }
}

fn main() {
    let mut counter = Counter::new();
    counter.tick(&mut World);
    let copy = counter.clone();
    assert_eq!(copy.blackboard().count, 1);
    assert!(format!("{copy:?}").contains("count: 1"));
}
