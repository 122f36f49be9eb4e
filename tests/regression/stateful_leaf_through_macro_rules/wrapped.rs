use bt::{behavior_tree, StatefulAction, Status};

pub struct World;

#[derive(Default)]
pub struct Walk;

impl StatefulAction<World> for Walk {
    fn on_start(&mut self, _: &mut World) -> Status {
        Status::Running
    }
    fn on_running(&mut self, _: &mut World) -> Status {
        Status::Success
    }
}

/// Forwards a tree body to `behavior_tree!`.
macro_rules! wrap {
    ($($body:tt)*) => {
        behavior_tree! {
            pub tree Wrapped for World { $($body)* }
        }
    };
}

wrap! { StatefulAction(Walk) }

pub fn main() {
    let mut tree = Wrapped::new();
    assert_eq!(tree.tick(&mut World), Status::Running);
    assert_eq!(tree.tick(&mut World), Status::Success);
}
