// A value of another type than its entry's: reported at the value, the entry's type as the one
// expected (not the value's type as the entry's).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            target: u32 = 3,
        }
        SetBlackboard(target = "near")
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
