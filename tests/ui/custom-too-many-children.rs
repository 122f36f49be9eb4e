use bt::{behavior_tree, Children, ControlNode, Status};

pub struct World;

/// A node of exactly two children: an action and its recovery.
#[derive(Default)]
pub struct Recovery;

impl ControlNode<World> for Recovery {
    const MIN_CHILDREN: usize = 2;
    const MAX_CHILDREN: usize = 2;

    fn tick(node: &mut impl Children<World, Self>, world: &mut World) -> Status {
        match node.tick_child(world, 0) {
            Status::Failure => node.tick_child(world, 1),
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
