use bt::{behavior_tree, Children, ControlNode, Status};

pub struct World;

/// A node of exactly two children: an action and its recovery.
#[derive(Default)]
pub struct Recovery;

impl ControlNode<World> for Recovery {
    const MIN_CHILDREN: usize = 2;
    const MAX_CHILDREN: usize = 2;

    fn tick(&mut self, world: &mut World, children: &mut impl Children<World>) -> Status {
        match children.tick(world, 0) {
            Status::Failure => children.tick(world, 1),
            status => status,
        }
    }
}

behavior_tree! {
    tree Tree for World {
        Control(Recovery) { AlwaysFailure, AlwaysSuccess, AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
