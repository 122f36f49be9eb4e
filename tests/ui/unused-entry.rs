#![deny(deprecated)]

use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        blackboard {
            speed: f32 = 1.0,
            target: u32,
            #[allow(unused)]
            report: u32,
        }
        Sequence {
            SetBlackboard(target = 3),
            AlwaysSuccess,
        }
    }
}

fn main() {
    let mut tree = Robot::new();
    let _ = tree.tick(&mut World);
    let _ = tree.blackboard().report;
}
