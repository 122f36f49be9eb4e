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
    blackboard { mode: u8 = 1 }
    Switch(mode) { case 1 => AlwaysSuccess, _ => AlwaysFailure }
}

pub fn main() {
    let mut tree = Wrapped::new();
    assert_eq!(tree.tick(&mut World), Status::Success);
    tree.blackboard_mut().mode = 2;
    assert_eq!(tree.tick(&mut World), Status::Failure);
}
