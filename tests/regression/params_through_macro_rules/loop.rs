use std::collections::VecDeque;

use bt::{behavior_tree, Status};

pub struct World;

/// Forwards a tree body to `behavior_tree!`.
macro_rules! wrap {
    ($($body:tt)*) => {
        behavior_tree! {
            pub tree Wrapped for World { $($body)* }
        }
    };
}

wrap! {
    blackboard { queue: VecDeque<u8> = [1].into(), item: u8 }
    Loop(queue, value = {item}) { AlwaysSuccess }
}

pub fn main() {
    let mut tree = Wrapped::new();
    assert_eq!(tree.tick(&mut World), Status::Running);
    assert_eq!(tree.blackboard().item, 1);
    assert_eq!(tree.tick(&mut World), Status::Success);
}
