use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            target: u32 = 3,
            home: f32 = 1.0,
        }
        SetBlackboard(target = {home})
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
